import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { DepreciationEntry } from '@district/shared';

// Only the line chart: the details page loads this chunk when a schedule is shown.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export const NET_VALUE_CHART_TEXT = { label: '净值变化', booked: '已计提', projected: '预计' } as const;

/** Net value over time: the booked months solid, the projection dashed. */
export function NetValueChart({ entries }: { entries: DepreciationEntry[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    const lastBooked = entries.findLastIndex((e) => !e.projected);
    chart.setOption({
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${Number(v).toFixed(2)} 元` },
      legend: { data: [NET_VALUE_CHART_TEXT.booked, NET_VALUE_CHART_TEXT.projected] },
      grid: { left: 80, right: 24, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: entries.map((e) => e.period) },
      yAxis: { type: 'value', name: '元' },
      series: [
        {
          name: NET_VALUE_CHART_TEXT.booked,
          type: 'line',
          showSymbol: false,
          data: entries.map((e, i) => (i <= lastBooked ? e.netAfter : null)),
        },
        {
          name: NET_VALUE_CHART_TEXT.projected,
          type: 'line',
          showSymbol: false,
          lineStyle: { type: 'dashed' },
          // Joined to the last booked month so the line is continuous.
          data: entries.map((e, i) =>
            i >= Math.max(lastBooked, 0) && (e.projected || i === lastBooked) ? e.netAfter : null,
          ),
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [entries]);
  return <div ref={ref} role="img" aria-label={NET_VALUE_CHART_TEXT.label} style={{ height: 240, width: '100%' }} />;
}
