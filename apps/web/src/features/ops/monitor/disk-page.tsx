import { Progress, Table } from 'antd';
import { useMemo } from 'react';
import type { DiskInfo } from '@district/shared';
import { fetchDisks, formatBytes } from '../api/ops-api';
import { OpsChart, type ChartOption } from '../components/ops-chart';
import { MonitorCard } from '../components/monitor-card';
import { useSamples } from '../components/use-samples';

const percent = (d: DiskInfo) => (d.size ? Math.round((d.used / d.size) * 1000) / 10 : 0);

/** 磁盘监控: each mounted file system with its size, used and free space. */
export function DiskPage() {
  const { data, error, isPending } = useSamples('disk', fetchDisks);
  const chart = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 120, right: 30, top: 30, bottom: 20 },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatBytes(v) } },
      yAxis: { type: 'category', data: (data ?? []).map((d) => d.mount) },
      series: [
        { type: 'bar', stack: 'disk', name: '已用', data: (data ?? []).map((d) => d.used) },
        { type: 'bar', stack: 'disk', name: '可用', data: (data ?? []).map((d) => d.free) },
      ],
    }),
    [data],
  );
  return (
    <MonitorCard title="磁盘监控" error={error}>
      <OpsChart label="磁盘用量" option={chart} height={Math.max(180, (data?.length ?? 1) * 40 + 60)} />
      <Table<DiskInfo>
        size="small"
        rowKey="mount"
        loading={isPending}
        pagination={false}
        dataSource={data ?? []}
        columns={[
          { title: '挂载点', dataIndex: 'mount' },
          { title: '文件系统', dataIndex: 'filesystem', width: 120 },
          { title: '总大小', dataIndex: 'size', width: 110, render: formatBytes },
          { title: '已用', dataIndex: 'used', width: 110, render: formatBytes },
          { title: '可用', dataIndex: 'free', width: 110, render: formatBytes },
          {
            title: '使用率',
            key: 'percent',
            width: 220,
            render: (_: unknown, d: DiskInfo) => (
              <Progress percent={percent(d)} size="small" status={percent(d) > 90 ? 'exception' : 'normal'} />
            ),
          },
        ]}
      />
    </MonitorCard>
  );
}
