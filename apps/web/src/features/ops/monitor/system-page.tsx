import { Col, Descriptions, Row } from 'antd';
import { useMemo } from 'react';
import { fetchSystem, formatBytes, formatDuration } from '../api/ops-api';
import { OpsChart, gaugeOption, lineOption } from '../components/ops-chart';
import { MonitorCard } from '../components/monitor-card';
import { seriesOf, useSamples } from '../components/use-samples';

/** 服务器信息: CPU, load, memory, OS and processes of the machine this instance runs on. */
export function SystemPage() {
  const { data, error, samples } = useSamples('system', fetchSystem, (s) => ({
    cpu: s.cpuUsage,
    memory: Math.round(((s.totalMemory - s.freeMemory) / s.totalMemory) * 1000) / 10,
    load: s.loadAverage[0] ?? 0,
  }));
  const memoryPercent = data ? ((data.totalMemory - data.freeMemory) / data.totalMemory) * 100 : 0;
  const cpuGauge = useMemo(() => gaugeOption('CPU', data?.cpuUsage ?? 0), [data]);
  const memoryGauge = useMemo(() => gaugeOption('内存', memoryPercent), [memoryPercent]);
  const trend = useMemo(
    () =>
      lineOption(
        samples.map((s) => s.time),
        [
          { name: 'CPU %', data: seriesOf(samples, 'cpu') },
          { name: '内存 %', data: seriesOf(samples, 'memory') },
        ],
      ),
    [samples],
  );
  return (
    <MonitorCard title="服务器信息" error={error}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <OpsChart label="CPU 使用率" option={cpuGauge} height={220} />
        </Col>
        <Col xs={24} md={8}>
          <OpsChart label="内存使用率" option={memoryGauge} height={220} />
        </Col>
        <Col xs={24} md={8}>
          <OpsChart label="CPU 与内存趋势" option={trend} height={220} />
        </Col>
      </Row>
      {data && (
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label="主机名">{data.hostname}</Descriptions.Item>
          <Descriptions.Item label="操作系统">{data.os}</Descriptions.Item>
          <Descriptions.Item label="架构">{data.arch}</Descriptions.Item>
          <Descriptions.Item label="CPU">{`${data.cpuModel}（${data.cpuCount} 核）`}</Descriptions.Item>
          <Descriptions.Item label="CPU 使用率">{data.cpuUsage}%</Descriptions.Item>
          <Descriptions.Item label="系统负载（1/5/15 分钟）">{data.loadAverage.join(' / ')}</Descriptions.Item>
          <Descriptions.Item label="内存总量">{formatBytes(data.totalMemory)}</Descriptions.Item>
          <Descriptions.Item label="可用内存">{formatBytes(data.freeMemory)}</Descriptions.Item>
          <Descriptions.Item label="进程数">{data.processCount ?? '未知'}</Descriptions.Item>
          <Descriptions.Item label="系统运行时长">{formatDuration(data.uptimeSeconds)}</Descriptions.Item>
        </Descriptions>
      )}
    </MonitorCard>
  );
}
