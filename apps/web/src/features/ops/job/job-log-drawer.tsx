import { useState } from 'react';
import { Drawer, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { JOB_RESULT_LABELS, JOB_TRIGGER_LABELS, type QuartzJob, type QuartzJobLog } from '@district/shared';
import { fetchJobLog } from '../api/ops-api';

/** 执行日志: a job's runs, newest first, with paging. */
export function JobLogDrawer({ job, onClose }: { job: QuartzJob | null; onClose: () => void }) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: ['ops', 'job-log', job?.id, page],
    queryFn: () => fetchJobLog(job!.id, page.pageNo, page.pageSize),
    enabled: job !== null,
    refetchInterval: 5000,
  });
  return (
    <Drawer
      open={job !== null}
      onClose={() => {
        setPage({ pageNo: 1, pageSize: 10 });
        onClose();
      }}
      title={`执行日志：${job?.jobName ?? ''}`}
      size="large"
      destroyOnHidden
    >
      <Table<QuartzJobLog>
        size="small"
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.records ?? []}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: '开始时间', dataIndex: 'startTime', width: 190 },
          { title: '结束时间', dataIndex: 'endTime', width: 190 },
          { title: '耗时(ms)', dataIndex: 'durationMs', width: 90, align: 'right' },
          {
            title: '结果',
            dataIndex: 'result',
            width: 70,
            render: (v: string) => <Tag color={v === '1' ? 'green' : 'red'}>{JOB_RESULT_LABELS[v] ?? v}</Tag>,
          },
          { title: '触发', dataIndex: 'triggerType', width: 70, render: (v: string) => JOB_TRIGGER_LABELS[v] ?? v },
          { title: '信息', dataIndex: 'message', ellipsis: true },
          { title: '实例', dataIndex: 'instance', width: 140, ellipsis: true },
        ]}
      />
    </Drawer>
  );
}
