import { useEffect, useMemo, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { ASSET_STATUS_ITEMS, type AssetStats } from '@district/shared';

// Only what these two charts need: the page's JavaScript budget (≤ 350 KB gzip) has no room for all of echarts.
echarts.use([PieChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

function Chart({ option, label }: { option: echarts.EChartsCoreOption; label: string }) {
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
  }, [option]);
  return <div ref={ref} role="img" aria-label={label} style={{ height: 240, width: '100%' }} />;
}

const statusColor = (s: string) => ASSET_STATUS_ITEMS.find((i) => i.value === s)?.color ?? '#8c8c8c';

/** The headline charts: count by category (pie) and count and area by status (bars). Loaded lazily. */
export function StatCharts({ stats }: { stats: AssetStats }) {
  const byCategory = useMemo<echarts.EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}：{c} 个（{d}%）' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: stats.byCategory.map((c) => ({ name: c.name, value: c.count })),
        },
      ],
    }),
    [stats],
  );
  const byStatus = useMemo<echarts.EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 24, bottom: 28 },
      xAxis: { type: 'category', data: stats.byStatus.map((s) => s.text) },
      yAxis: { type: 'value', name: '个', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: '资产数',
          barMaxWidth: 36,
          data: stats.byStatus.map((s) => ({ value: s.count, itemStyle: { color: statusColor(s.status) } })),
        },
      ],
    }),
    [stats],
  );
  return (
    <div className="public-charts">
      <Chart option={byCategory} label="按分类统计的资产数" />
      <Chart option={byStatus} label="按状态统计的资产数" />
    </div>
  );
}

export default StatCharts;
