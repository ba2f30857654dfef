import { Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { fetchHttpServer, formatDuration } from '../api/ops-api';
import { OpsChart, type ChartOption } from '../components/ops-chart';
import { MonitorCard } from '../components/monitor-card';
import { useSamples } from '../components/use-samples';

/** Tomcat信息: our HTTP server (Fastify on Node.js) in Tomcat's place: requests/s, statuses, latency. */
export function HttpServerPage() {
  const { data, error } = useSamples('http', fetchHttpServer);
  const perSecond = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 20, top: 20, bottom: 30 },
      xAxis: { type: 'category', data: (data?.perSecond ?? []).map((_, i) => `${i - 59}s`) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: '请求数', data: data?.perSecond ?? [] }],
    }),
    [data],
  );
  const statuses = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: Object.entries(data?.statusCounts ?? {}).map(([name, value]) => ({ name, value })),
        },
      ],
    }),
    [data],
  );
  return (
    <MonitorCard
      title="Tomcat信息"
      note="本系统不使用 Tomcat，服务端是 Node.js 上的 Fastify HTTP 服务；此页显示本实例自启动以来的请求统计。"
      error={error}
    >
      <Row gutter={16}>
        <Col span={4}>
          <Statistic title="每秒请求" value={data?.requestsPerSecond ?? '-'} />
        </Col>
        <Col span={4}>
          <Statistic title="请求总数" value={data?.totalRequests ?? '-'} />
        </Col>
        <Col span={4}>
          <Statistic title="处理中" value={data?.inFlight ?? '-'} />
        </Col>
        <Col span={4}>
          <Statistic title="延迟 p50" value={data?.latencyP50Ms ?? '-'} suffix="ms" />
        </Col>
        <Col span={4}>
          <Statistic title="延迟 p99" value={data?.latencyP99Ms ?? '-'} suffix="ms" />
        </Col>
        <Col span={4}>
          <Statistic title="已运行" value={data ? formatDuration(data.uptimeSeconds) : '-'} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <OpsChart label="最近 60 秒每秒请求数" option={perSecond} />
        </Col>
        <Col xs={24} lg={8}>
          <OpsChart label="响应状态分布" option={statuses} />
        </Col>
      </Row>
    </MonitorCard>
  );
}
