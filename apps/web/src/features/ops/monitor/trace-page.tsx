import { Table, Tag } from 'antd';
import type { TraceEntry } from '@district/shared';
import { fetchTrace } from '../api/ops-api';
import { MonitorCard } from '../components/monitor-card';
import { useSamples } from '../components/use-samples';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };
const statusColor = (s: number) => (s >= 500 ? 'red' : s >= 400 ? 'orange' : s >= 300 ? 'blue' : 'green');

/** 请求追踪: the last requests this instance answered; tokens, passwords and captchas in the query masked. */
export function TracePage() {
  const { data, error, isPending } = useSamples('trace', fetchTrace);
  return (
    <MonitorCard
      title="请求追踪"
      note="最近 200 个请求（本实例）；地址中的令牌、密码、验证码等参数已隐藏，不记录 Cookie 与请求头。"
      error={error}
    >
      <Table<TraceEntry>
        size="small"
        rowKey={(r, i) => `${r.time}-${i}`}
        loading={isPending}
        dataSource={data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: '时间', dataIndex: 'time', width: 170 },
          {
            title: '方法',
            dataIndex: 'method',
            width: 90,
            render: (m: string) => <Tag color={METHOD_COLORS[m] ?? 'default'}>{m}</Tag>,
          },
          { title: '地址', dataIndex: 'path', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (s: number) => <Tag color={statusColor(s)}>{s}</Tag>,
          },
          { title: '耗时(ms)', dataIndex: 'durationMs', width: 100, align: 'right' },
          { title: '用户', dataIndex: 'user', width: 120, render: (u: string | null) => u ?? '-' },
          { title: '来源地址', dataIndex: 'ip', width: 140 },
        ]}
      />
    </MonitorCard>
  );
}
