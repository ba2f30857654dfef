import { useCallback, useRef, useState } from 'react';
import { App, Button, Card, Divider, Space, Tag } from 'antd';
import { JOB_STATUS, JOB_STATUS_LABELS, PERM, type QuartzJob } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import type { ListPageApi } from '../../../components/list-page/use-list-page';
import { JOB_URLS, jobAction, type JobAction } from '../api/ops-api';
import { JobFormModal } from './job-form-modal';
import { JobLogDrawer } from './job-log-drawer';

export const JOB_LIST_TEXT = {
  add: '新增',
  edit: '编辑',
  start: '启动',
  pause: '暂停',
  resume: '恢复',
  execute: '立即执行',
  log: '日志',
  executeConfirm: (name: string) => `确定立即执行一次“${name}”吗？`,
} as const;

const COLUMNS: ListColumn<QuartzJob>[] = [
  { title: '任务名称', dataIndex: 'jobName', key: 'jobName', sorter: true, width: 180 },
  {
    title: '任务处理器',
    dataIndex: 'handler',
    key: 'handler',
    width: 150,
    render: (v: string, r: QuartzJob) => r.handler_dictText ?? v,
  },
  { title: 'Cron 表达式', dataIndex: 'cronExpression', key: 'cronExpression', width: 160, valueType: 'code' },
  { title: '参数', dataIndex: 'parameter', key: 'parameter', width: 160 },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    sorter: true,
    width: 90,
    render: (v: QuartzJob['status']) => (
      <Tag color={v === JOB_STATUS.running ? 'green' : 'default'}>{JOB_STATUS_LABELS[v] ?? v}</Tag>
    ),
  },
  { title: '描述', dataIndex: 'description', key: 'description', width: 220 },
];

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'jobName', label: '任务名称', op: 'like', trim: true },
  {
    kind: 'select',
    field: 'status',
    label: '状态',
    options: [JOB_STATUS.running, JOB_STATUS.paused].map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] })),
  },
];

/** 定时任务: jobs with their handler, cron and status; start/pause/resume, run now, the run log. */
export function JobListPage() {
  const { modal, message } = App.useApp();
  const allowed = useHasPermission();
  const listRef = useRef<ListPageApi<QuartzJob>>(null);
  const [logOf, setLogOf] = useState<QuartzJob | null>(null);
  const canRun = allowed(PERM.jobRun);

  const act = useCallback(
    async (action: JobAction, job: QuartzJob) => {
      try {
        const res = await jobAction(action, job.id);
        void message.success(res.message);
        listRef.current?.reload();
        if (action === 'execute') setLogOf(job);
      } catch {
        // The request layer shows the refusal.
      }
    },
    [message],
  );

  const rowActions = useCallback(
    (record: QuartzJob) => (
      <Space size={0} separator={<Divider orientation="vertical" />} style={{ whiteSpace: 'nowrap' }}>
        {canRun && record.status === JOB_STATUS.paused && (
          <a onClick={() => void act('resume', record)}>{JOB_LIST_TEXT.resume}</a>
        )}
        {canRun && record.status === JOB_STATUS.running && (
          <a onClick={() => void act('pause', record)}>{JOB_LIST_TEXT.pause}</a>
        )}
        {canRun && (
          <a
            onClick={() =>
              modal.confirm({
                title: JOB_LIST_TEXT.execute,
                content: JOB_LIST_TEXT.executeConfirm(record.jobName),
                onOk: () => act('execute', record),
              })
            }
          >
            {JOB_LIST_TEXT.execute}
          </a>
        )}
        {allowed(PERM.jobLog) && <a onClick={() => setLogOf(record)}>{JOB_LIST_TEXT.log}</a>}
      </Space>
    ),
    [act, allowed, canRun, modal],
  );

  return (
    <Card size="small">
      <ListPage<QuartzJob>
        ref={listRef}
        url={{ list: JOB_URLS.list, delete: JOB_URLS.delete, deleteBatch: JOB_URLS.deleteBatch }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{ add: PERM.jobAdd, edit: PERM.jobEdit, delete: PERM.jobDelete, batchDelete: PERM.jobDelete }}
        rowActions={rowActions}
        actionColumnWidth={300}
        renderEditor={({ open, record, onClose, onSaved }) => (
          <JobFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
        )}
        toolbarExtra={
          <Button
            onClick={() => listRef.current?.reload()}
            // The list itself does not poll; statuses change only through this page or another administrator.
          >
            刷新
          </Button>
        }
      />
      <JobLogDrawer job={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}
