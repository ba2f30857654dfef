import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { INVENTORY_RESULT_ITEMS, type InventoryProgress, type InventoryProgressRow } from '@district/shared';

// Bars and a pie only: the detail page loads this chunk when progress is shown.
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export const PROGRESS_CHART_TEXT = {
  byDepart: '按部门进度',
  byChecker: '按盘点人',
  byResult: '盘点结果',
  checked: '已盘',
  unchecked: '未盘',
  recorded: '已录入',
} as const;

const T = PROGRESS_CHART_TEXT;

function useChart(option: echarts.EChartsCoreOption) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
    // The option is plain data: redraw when it changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(option)]);
  return ref;
}

function Bars({ rows, label, stacked }: { rows: InventoryProgressRow[]; label: string; stacked: boolean }) {
  const ref = useChart({
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 48, right: 16, top: 36, bottom: 48 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: stacked
      ? [
          {
            name: T.checked,
            type: 'bar',
            stack: 'n',
            data: rows.map((r) => r.checked),
            itemStyle: { color: '#52c41a' },
          },
          {
            name: T.unchecked,
            type: 'bar',
            stack: 'n',
            data: rows.map((r) => r.unchecked),
            itemStyle: { color: '#d9d9d9' },
          },
        ]
      : [{ name: T.recorded, type: 'bar', data: rows.map((r) => r.checked), itemStyle: { color: '#1677ff' } }],
  });
  return <div ref={ref} role="img" aria-label={label} style={{ height: 260, width: '100%' }} />;
}

function Pie({ progress }: { progress: InventoryProgress }) {
  const colors: Record<string, string> = Object.fromEntries(INVENTORY_RESULT_ITEMS.map((i) => [i.value, i.color]));
  const ref = useChart({
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        data: progress.byResult
          .filter((r) => r.count > 0)
          .map((r) => ({ name: r.text, value: r.count, itemStyle: { color: colors[r.result] ?? '#d9d9d9' } })),
      },
    ],
  });
  return <div ref={ref} role="img" aria-label={T.byResult} style={{ height: 260, width: '100%' }} />;
}

/** Progress by department (checked/unchecked stacked), by checker (recorded) and a pie by result. */
export function ProgressCharts({ progress }: { progress: InventoryProgress }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: 16 }}>
      <div>
        <h4>{T.byDepart}</h4>
        <Bars rows={progress.byDepart} label={T.byDepart} stacked />
      </div>
      <div>
        <h4>{T.byChecker}</h4>
        <Bars rows={progress.byChecker} label={T.byChecker} stacked={false} />
      </div>
      <div>
        <h4>{T.byResult}</h4>
        <Pie progress={progress} />
      </div>
    </div>
  );
}
