import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Alert, Button, Card, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  LOG_KINDS,
  LOG_KIND_TEXT,
  LOG_MESSAGES,
  PERM,
  type LogChainProblem,
  type LogChainReport,
  type LogKind,
} from '@district/shared';
import { HasPermission } from '@/components/has-permission/has-permission';
import { errorMessage } from '@/lib/errors';
import { useSessionStore } from '@/lib/session-store';
import { verifyLog } from '../api/log-api';

export const LOG_VERIFY_TEXT = {
  button: '完整性校验',
  title: '日志完整性校验',
  intro: '每条日志写入时都带有与上一条相连的校验值（哈希链）。在系统之外修改、删除或插入日志，都会在这里被发现。',
  intact: '完整',
  broken: '未通过',
  intactCount: (n: number) => `共校验 ${n} 条记录，未发现篡改`,
  noTenant: '无租户的记录（登录前的请求等）',
  currentTenant: '当前租户',
  more: '问题较多，仅列出最早的部分',
  cut: (seq: number, time: string | null) =>
    `第 ${seq} 条之前的记录已按日志保留策略清理${time ? `（${time} 之前）` : ''}`,
  head: (seq: number, hash: string) => `最新记录：第 ${seq} 条，校验值 ${hash}`,
  again: '重新校验',
} as const;

const PROBLEM_TEXT: Record<LogChainProblem['type'], { label: string; color: string }> = {
  changed: { label: '被修改', color: 'error' },
  removed: { label: '被删除', color: 'warning' },
  inserted: { label: '非系统写入', color: 'magenta' },
};

function ChainView({ chain, tenantName }: { chain: LogChainReport; tenantName: (id: number | null) => string }) {
  const scope = chain.scope === 'none' ? LOG_VERIFY_TEXT.noTenant : tenantName(chain.tenantId);
  return (
    <div style={{ marginBottom: 12 }}>
      <Space wrap>
        <Typography.Text strong>{scope}</Typography.Text>
        {chain.intact ? (
          <Tag color="success">{LOG_VERIFY_TEXT.intact}</Tag>
        ) : (
          <Tag color="error">{LOG_VERIFY_TEXT.broken}</Tag>
        )}
        {chain.intact && <Typography.Text>{LOG_VERIFY_TEXT.intactCount(chain.checked)}</Typography.Text>}
      </Space>
      {chain.cutSeq > 1 && (
        <div>
          <Typography.Text type="secondary">{LOG_VERIFY_TEXT.cut(chain.cutSeq, chain.cutTime)}</Typography.Text>
        </div>
      )}
      {chain.headSeq > 0 && (
        <div>
          <Typography.Text type="secondary" copyable={{ text: chain.headHash }} style={{ fontSize: 12 }}>
            {LOG_VERIFY_TEXT.head(chain.headSeq, chain.headHash)}（{chain.algorithm.toUpperCase()}）
          </Typography.Text>
        </div>
      )}
      {!chain.intact && (
        <Table<LogChainProblem & { key: number }>
          size="small"
          style={{ marginTop: 8 }}
          pagination={false}
          dataSource={chain.problems.map((p, key) => ({ ...p, key }))}
          columns={[
            {
              title: '问题',
              dataIndex: 'type',
              width: 100,
              render: (t: LogChainProblem['type']) => <Tag color={PROBLEM_TEXT[t].color}>{PROBLEM_TEXT[t].label}</Tag>,
            },
            { title: '记录时间', dataIndex: 'createTime', width: 170, render: (v: string | null) => v ?? '—' },
            { title: '说明', dataIndex: 'message' },
          ]}
          footer={chain.more ? () => LOG_VERIFY_TEXT.more : undefined}
        />
      )}
    </div>
  );
}

/** The result of every log: each is verified on its own, so one slow log does not hide the others. */
function LogVerifyResults({ round }: { round: number }) {
  const tenantList = useSessionStore((s) => s.tenantList);
  const tenantName = (id: number | null) => tenantList.find((t) => t.id === id)?.name ?? LOG_VERIFY_TEXT.currentTenant;
  const results = useQueries({
    queries: LOG_KINDS.map((kind) => ({
      // Each round is a new check: no earlier answer is shown as the new one.
      queryKey: ['log-verify', kind, round],
      queryFn: () => verifyLog(kind),
      gcTime: 0,
      retry: false,
    })),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {LOG_VERIFY_TEXT.intro}
      </Typography.Paragraph>
      {LOG_KINDS.map((kind: LogKind, i) => {
        const q = results[i]!;
        const r = q.data;
        return (
          <Card key={kind} size="small" title={LOG_KIND_TEXT[kind]}>
            {q.isError ? (
              <Alert type="warning" showIcon title={errorMessage(q.error)} />
            ) : !r ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <>
                <Alert
                  type={r.intact ? 'success' : 'error'}
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={
                    r.intact
                      ? LOG_MESSAGES.verifyIntact(
                          kind,
                          r.chains.reduce((n, c) => n + c.checked, 0),
                        )
                      : LOG_MESSAGES.verifyBroken(
                          kind,
                          r.chains.reduce((n, c) => n + c.problems.length, 0),
                        )
                  }
                  description={`校验时间：${r.checkedAt}`}
                />
                {r.chains.map((chain) => (
                  <ChainView key={`${chain.scope}-${chain.tenantId ?? ''}`} chain={chain} tenantName={tenantName} />
                ))}
              </>
            )}
          </Card>
        );
      })}
    </Space>
  );
}

/** 完整性校验: a button (the audit officer's right) and the modal with the result of the three logs. */
export function LogVerifyButton() {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  return (
    <HasPermission action={PERM.logVerify}>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)}>
        {LOG_VERIFY_TEXT.button}
      </Button>
      {open && (
        <Modal
          open
          title={LOG_VERIFY_TEXT.title}
          width={860}
          onCancel={() => setOpen(false)}
          footer={
            <Space>
              <Button onClick={() => setRound((n) => n + 1)}>{LOG_VERIFY_TEXT.again}</Button>
              <Button type="primary" onClick={() => setOpen(false)}>
                关闭
              </Button>
            </Space>
          }
        >
          <LogVerifyResults round={round} />
        </Modal>
      )}
    </HasPermission>
  );
}
