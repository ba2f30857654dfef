import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the chart kinds the monitoring pages draw (tree-shaken; this chunk loads with those pages only).
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GaugeChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/** One chart: drawn on mount, updated in place as figures move (no flicker), resized with its box. */
export function OpsChart({ option, label, height = 260 }: { option: ChartOption; label: string; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el);
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option);
  }, [option]);

  return <div ref={ref} role="img" aria-label={label} data-testid="ops-chart" style={{ width: '100%', height }} />;
}

/** A line over the recent samples (time labels on x). */
export function lineOption(labels: string[], series: { name: string; data: number[] }[], unit = ''): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 50, right: 20, top: 30, bottom: 30 },
    xAxis: { type: 'category', data: labels, boundaryGap: false },
    yAxis: { type: 'value', axisLabel: { formatter: `{value}${unit}` } },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.data, showSymbol: false, smooth: true })),
  };
}

/** A gauge of a percentage. */
export function gaugeOption(name: string, percent: number): ChartOption {
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        progress: { show: true },
        detail: { formatter: '{value}%', fontSize: 20 },
        data: [{ value: Math.round(percent * 10) / 10, name }],
      },
    ],
  };
}
