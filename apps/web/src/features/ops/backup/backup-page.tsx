import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import {
  BACKUP_API,
  BACKUP_METHOD_LABELS,
  BACKUP_STATUS,
  BACKUP_STATUS_LABELS,
  BACKUP_TRIGGER_LABELS,
  PERM,
  type BackupOverview,
  type BackupRecord,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { getAction, postAction } from '@/lib/request';
import { formatBytes } from '../api/ops-api';

export const BACKUP_TEXT = {
  title: '数据备份',
  run: '立即备份',
  running: '正在备份…',
  verifiedYes: '已校验',
  verifiedNo: '未通过',
  note: (dir: string, days: number) =>
    `备份数据库和上传文件到 ${dir}，保留 ${days > 0 ? `${days} 天` : '全部'}；定时任务“数据备份”默认每天 02:00 执行。恢复请在停止服务后运行 npm run restore -- <备份名称>。`,
  loadFailed: '读取备份记录失败',
  inProgress: '备份进行中…',
} as const;

const backupQueryKey = ['ops', 'backup'] as const;

async function fetchBackups(): Promise<BackupOverview> {
  const res = await getAction<BackupOverview>(BACKUP_API.list);
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

/** 系统监控 → 数据备份: the recent backups (time, size, result, whether the checksums were verified), 立即备份. */
export function BackupPage() {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const client = useQueryClient();
  const { data, error, isPending } = useQuery({
    queryKey: backupQueryKey,
    queryFn: fetchBackups,
    // While a backup is being taken (a long one answers 立即备份 before it ends), the list follows it.
    refetchInterval: (query) => (query.state.data?.running ? 3_000 : false),
  });
  const run = useMutation({
    mutationFn: () => postAction<BackupRecord>(BACKUP_API.run),
    onSuccess: (res) => {
      if (res.success) void (res.result ? message.success(res.message) : message.info(res.message));
    },
    // The request layer shows the refusal; the list shows the failed run either way.
    onSettled: () => client.invalidateQueries({ queryKey: backupQueryKey }),
  });
  const last = data?.records[0];

  return (
    <Card
      size="small"
      title={BACKUP_TEXT.title}
      extra={
        allowed(PERM.backupRun) && (
          <Button type="primary" loading={run.isPending || data?.running} onClick={() => run.mutate()}>
            {run.isPending ? BACKUP_TEXT.running : BACKUP_TEXT.run}
          </Button>
        )
      }
    >
      <Flex vertical gap="middle">
        {data && <Alert type="info" showIcon title={BACKUP_TEXT.note(data.dir, data.keepDays)} />}
        {error ? <Alert type="error" showIcon title={BACKUP_TEXT.loadFailed} /> : null}
        {data?.running && <Alert type="warning" showIcon title={BACKUP_TEXT.inProgress} />}
        {last && (
          <Alert
            type={last.status === BACKUP_STATUS.success ? 'success' : 'error'}
            showIcon
            title={`最近一次备份：${last.startTime}，${BACKUP_STATUS_LABELS[last.status]}${
              last.status === BACKUP_STATUS.success ? '' : `（${last.message ?? ''}）`
            }`}
          />
        )}
        <Table<BackupRecord>
          size="small"
          rowKey="id"
          loading={isPending}
          pagination={false}
          dataSource={data?.records ?? []}
          scroll={{ x: 1100 }}
          columns={[
            { title: '开始时间', dataIndex: 'startTime', width: 170 },
            { title: '名称', dataIndex: 'name', width: 240 },
            {
              title: '方式',
              key: 'how',
              width: 200,
              render: (_: unknown, r: BackupRecord) =>
                `${BACKUP_TRIGGER_LABELS[r.trigger] ?? r.trigger} · ${r.method ? (BACKUP_METHOD_LABELS[r.method] ?? r.method) : '-'}`,
            },
            {
              title: '结果',
              dataIndex: 'status',
              width: 80,
              render: (s: BackupRecord['status']) => (
                <Tag color={s === BACKUP_STATUS.success ? 'green' : 'red'}>{BACKUP_STATUS_LABELS[s]}</Tag>
              ),
            },
            {
              title: '校验',
              dataIndex: 'verified',
              width: 90,
              render: (v: boolean, r: BackupRecord) => (
                <Tooltip title={r.checksum ? `清单 SHA-256：${r.checksum}` : undefined}>
                  <Tag color={v ? 'green' : 'default'}>{v ? BACKUP_TEXT.verifiedYes : BACKUP_TEXT.verifiedNo}</Tag>
                </Tooltip>
              ),
            },
            { title: '数据库', dataIndex: 'dbBytes', width: 100, render: (b: number) => formatBytes(b) },
            {
              title: '上传文件',
              key: 'files',
              width: 140,
              render: (_: unknown, r: BackupRecord) => `${r.fileCount} 个 / ${formatBytes(r.fileBytes)}`,
            },
            {
              title: '说明',
              dataIndex: 'message',
              render: (m: string | null) => <Typography.Text type="secondary">{m ?? ''}</Typography.Text>,
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
