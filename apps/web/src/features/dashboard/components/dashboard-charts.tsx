import { useEffect, useMemo, useRef } from 'react';
import { Card, Col, Row } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { LEDGER_RESOURCE, type DashboardAnalysis } from '@district/shared';
import { useSettingsStore } from '@/lib/settings-store';

// Only what these four charts need (tree-shaken): all of echarts would be several times the size.
echarts.use([PieChart, BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** How long the sidebar takes to open or close (antd's Sider transition), before the chart measures again. */
const SIDEBAR_TRANSITION_MS = 250;
/** The net value's colour next to the theme colour (original value). */
const NET_COLOR = '#52c41a';

type Option = echarts.EChartsCoreOption;

/**
 * One chart: drawn on mount, redrawn when its option changes (data or theme colour), resized with its box
 * (window resize, sidebar collapse, theme change) and disposed on unmount.
 */
function Chart({ option, label }: { option: Option; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const sidebarOpened = useSettingsStore((s) => s.sidebarOpened);
  const theme = useSettingsStore((s) => s.theme);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el);
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(el);
    return () => {
      window.removeEventListener('resize', resize);
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  // The content area changes width when the sidebar opens or closes, and the layout when the theme changes.
  useEffect(() => {
    const timer = window.setTimeout(() => chart.current?.resize(), SIDEBAR_TRANSITION_MS);
    return () => window.clearTimeout(timer);
  }, [sidebarOpened, theme]);

  return <div ref={ref} className="dashboard-chart" role="img" aria-label={label} />;
}

const wan = (yuan: number) => Math.round(yuan / 100) / 100;

/** The dashboard's charts (a lazily loaded chunk: echarts comes after the cards). */
export function DashboardCharts({ data }: { data: DashboardAnalysis }) {
  const color = useSettingsStore((s) => s.color);
  const { assets, projects } = data;

  const options = useMemo(() => {
    const grid = { left: 56, right: 16, top: 36, bottom: 32, containLabel: false };
    const result: { key: string; title: string; option: Option }[] = [];
    if (assets) {
      result.push({
        key: 'category',
        title: '资产分类分布',
        option: {
          tooltip: { trigger: 'item', formatter: '{b}：{c} 个（{d}%）' },
          legend: { type: 'scroll', bottom: 0 },
          series: [
            {
              type: 'pie',
              name: '资产数',
              radius: ['40%', '66%'],
              center: ['50%', '44%'],
              label: { show: false },
              data: assets.byCategory.map((c) => ({ name: c.name, value: c.count })),
            },
          ],
        },
      });
      result.push({
        key: 'depart',
        title: '各部门资产价值',
        option: {
          color: [color, NET_COLOR],
          tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)} 万元` },
          legend: { top: 0 },
          grid: { ...grid, bottom: 48 },
          xAxis: {
            type: 'category',
            data: assets.byDepart.map((d) => d.name),
            axisLabel: { interval: 0, rotate: assets.byDepart.length > 4 ? 30 : 0 },
          },
          yAxis: { type: 'value', name: '万元' },
          series: [
            { type: 'bar', name: '原值', barMaxWidth: 28, data: assets.byDepart.map((d) => wan(d.originalValue)) },
            { type: 'bar', name: '净值', barMaxWidth: 28, data: assets.byDepart.map((d) => wan(d.netValue)) },
          ],
        },
      });
      result.push({
        key: 'ledger',
        title: `近12个月${LEDGER_RESOURCE.title}`,
        option: {
          color: [color],
          tooltip: { trigger: 'axis' },
          grid,
          xAxis: { type: 'category', boundaryGap: false, data: assets.ledgerByMonth.map((m) => m.month) },
          yAxis: { type: 'value', name: '件', minInterval: 1 },
          series: [
            {
              type: 'line',
              name: LEDGER_RESOURCE.title,
              smooth: true,
              areaStyle: { opacity: 0.15 },
              data: assets.ledgerByMonth.map((m) => m.count),
            },
          ],
        },
      });
    }
    if (projects) {
      result.push({
        key: 'project',
        title: '项目进度',
        option: {
          color: [color],
          tooltip: {
            trigger: 'axis',
            formatter: (items: { dataIndex: number }[]) => {
              const s = projects.byStatus[items[0]?.dataIndex ?? 0];
              return s ? `${s.text}<br/>项目数：${s.count} 个<br/>平均进度：${s.avgProgress}%` : '';
            },
          },
          grid,
          xAxis: { type: 'category', data: projects.byStatus.map((s) => s.text) },
          yAxis: { type: 'value', name: '平均进度(%)', max: 100 },
          series: [
            {
              type: 'bar',
              name: '平均进度',
              barMaxWidth: 36,
              label: { show: true, position: 'top', formatter: '{c}%' },
              data: projects.byStatus.map((s) => s.avgProgress),
            },
          ],
        },
      });
    }
    return result;
  }, [assets, projects, color]);

  return (
    <Row gutter={[16, 16]} className="dashboard-charts">
      {options.map((o) => (
        <Col xs={24} xl={12} key={o.key}>
          <Card title={o.title} size="small">
            <Chart option={o.option} label={o.title} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export default DashboardCharts;
