import { useCallback, useRef, useState } from 'react';
import { App, Button, Card, Divider, Space, Tag } from 'antd';
import { JOB_RESOURCE as R, JOB_STATUS, JOB_STATUS_LABELS, PERM, type QuartzJob } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import type { ListPageApi } from '@/components/list-page/use-list-page';
import { jobAction, type JobAction } from '../api/ops-api';
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
  resumeConfirm: (name: string) => `确定恢复“${name}”吗？恢复后按执行表达式继续运行。`,
} as const;

// The handler column shows handler_dictText, the handler's title.
const COLUMNS: ColumnPick<QuartzJob, typeof R>[] = [
  'jobName',
  'handler',
  'cronExpression',
  'parameter',
  {
    ...columnOf<QuartzJob>(R, 'status'),
    render: (v: QuartzJob['status']) => (
      <Tag color={v === JOB_STATUS.running ? 'green' : 'default'}>{JOB_STATUS_LABELS[v] ?? v}</Tag>
    ),
  },
  'description',
];

const STATUS_OPTIONS = [JOB_STATUS.running, JOB_STATUS.paused].map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }));
const QUERY_FIELDS: QueryPick<typeof R>[] = [
  'jobName',
  { kind: 'select', field: 'status', label: R.fields.status.title, options: STATUS_OPTIONS },
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
          <a
            onClick={() =>
              // Resuming starts the job firing again, so it is confirmed like 立即执行.
              modal.confirm({
                title: JOB_LIST_TEXT.resume,
                content: JOB_LIST_TEXT.resumeConfirm(record.jobName),
                onOk: () => act('resume', record),
              })
            }
          >
            {JOB_LIST_TEXT.resume}
          </a>
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
      <ListPage<QuartzJob, typeof R>
        ref={listRef}
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
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
