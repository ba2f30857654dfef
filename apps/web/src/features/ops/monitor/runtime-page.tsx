import { Col, Descriptions, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { fetchRuntime, formatBytes, formatDuration } from '../api/ops-api';
import { OpsChart, lineOption } from '../components/ops-chart';
import { MonitorCard } from '../components/monitor-card';
import { seriesOf, useSamples } from '../components/use-samples';

const MB = 1024 * 1024;

/** JVM信息: this server runs on Node.js, so the page shows the Node runtime in the JVM's place. */
export function RuntimePage() {
  const { data, error, samples } = useSamples('runtime', fetchRuntime, (r) => ({
    heapUsed: Math.round((r.heapUsed / MB) * 10) / 10,
    heapTotal: Math.round((r.heapTotal / MB) * 10) / 10,
    rss: Math.round((r.rss / MB) * 10) / 10,
    p50: r.eventLoopDelayP50Ms,
    p99: r.eventLoopDelayP99Ms,
  }));
  const labels = samples.map((s) => s.time);
  const memory = useMemo(
    () =>
      lineOption(
        labels,
        [
          { name: '堆已用', data: seriesOf(samples, 'heapUsed') },
          { name: '堆总量', data: seriesOf(samples, 'heapTotal') },
          { name: 'RSS', data: seriesOf(samples, 'rss') },
        ],
        ' MB',
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels derive from samples
    [samples],
  );
  const delay = useMemo(
    () =>
      lineOption(
        labels,
        [
          { name: 'p50', data: seriesOf(samples, 'p50') },
          { name: 'p99', data: seriesOf(samples, 'p99') },
        ],
        ' ms',
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels derive from samples
    [samples],
  );
  return (
    <MonitorCard
      title="JVM信息"
      note="本系统服务端运行在 Node.js 上（不是 JVM），此页显示 Node.js 运行时的对应指标：堆内存、事件循环延迟、垃圾回收与句柄。"
      error={error}
    >
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title="堆已用" value={data ? formatBytes(data.heapUsed) : '-'} />
        </Col>
        <Col span={6}>
          <Statistic title="RSS" value={data ? formatBytes(data.rss) : '-'} />
        </Col>
        <Col span={6}>
          <Statistic title="事件循环延迟 p99" value={data?.eventLoopDelayP99Ms ?? '-'} suffix="ms" />
        </Col>
        <Col span={6}>
          <Statistic title="运行时长" value={data ? formatDuration(data.uptimeSeconds) : '-'} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <OpsChart label="内存" option={memory} />
        </Col>
        <Col xs={24} lg={12}>
          <OpsChart label="事件循环延迟" option={delay} />
        </Col>
      </Row>
      {data && (
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label="Node.js 版本">{data.nodeVersion}</Descriptions.Item>
          <Descriptions.Item label="V8 版本">{data.v8Version}</Descriptions.Item>
          <Descriptions.Item label="进程号">{data.pid}</Descriptions.Item>
          <Descriptions.Item label="平台">{data.platform}</Descriptions.Item>
          <Descriptions.Item label="堆总量">{formatBytes(data.heapTotal)}</Descriptions.Item>
          <Descriptions.Item label="堆外内存">{formatBytes(data.external)}</Descriptions.Item>
          <Descriptions.Item label="事件循环延迟 p50">{data.eventLoopDelayP50Ms} ms</Descriptions.Item>
          <Descriptions.Item label="事件循环利用率">{(data.eventLoopUtilization * 100).toFixed(1)}%</Descriptions.Item>
          <Descriptions.Item label="垃圾回收次数">{data.gcCount}</Descriptions.Item>
          <Descriptions.Item label="垃圾回收总耗时">{data.gcTotalMs} ms</Descriptions.Item>
          <Descriptions.Item label="活动句柄">{data.activeHandles}</Descriptions.Item>
          <Descriptions.Item label="活动请求">{data.activeRequests}</Descriptions.Item>
        </Descriptions>
      )}
    </MonitorCard>
  );
}
