import { lazy, Suspense } from 'react';
import { Col, Row, Skeleton, Statistic } from 'antd';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { ASSET_STATUS_ITEMS } from '@district/shared';
import { AssetCardList } from '../components/asset-card-list';
import { Panel, useNearView } from '../components/panel';
import { PublicShell } from '../components/public-shell';
import { queryClient } from '@/lib/query-client';
import { fetchPublicPoints, fetchPublicStats, formatCompact } from '../api/public-api';
import '../components/public-display.css';

// Leaflet and echarts are the heavy parts: loaded after the figures, in their own chunks.
const loadMap = () => import('../components/public-asset-map');
const PublicAssetMap = lazy(loadMap);
const StatCharts = lazy(() => import('../components/stat-charts'));

const statusColor = (s: string) => ASSET_STATUS_ITEMS.find((i) => i.value === s)?.color;

// Fresh for a minute, so the page's own queries use what the prefetch brought instead of asking again.
const STATS_QUERY = { queryKey: ['public-stats'], queryFn: fetchPublicStats, staleTime: 60_000 };
const POINTS_QUERY = { queryKey: ['public-points'], queryFn: fetchPublicPoints, staleTime: 60_000 };

/** 资产一览: the guest's landing page with the published assets' figures, map and searchable cards. */
export function AssetAllocationAllPage() {
  // The figures, the points and the map's code are asked for while the page renders, not after its first
  // commit (a few hundred ms later on a cold browser): the guest's first points come sooner.
  usePrefetchQuery(STATS_QUERY, queryClient);
  usePrefetchQuery(POINTS_QUERY, queryClient);
  void loadMap();
  return (
    <PublicShell>
      <AssetAllocationAll />
    </PublicShell>
  );
}

function AssetAllocationAll() {
  const stats = useQuery(STATS_QUERY);
  const points = useQuery(POINTS_QUERY);
  const s = stats.data;
  const mapped = points.data?.length;
  // Figures are compact (12.35万) so they fit a card on a 390 px phone; the exact one is the card's tooltip.
  const compact = (v: number | string | undefined) => formatCompact(Number(v ?? 0));
  // echarts is the heaviest part of the page: fetched only when the charts come near the view.
  const [chartsRef, chartsNear] = useNearView<HTMLDivElement>();
  return (
    <>
      <Row gutter={[16, 16]} className="public-figures">
        <Col xs={12} md={8} lg={4}>
          <div className="public-figure">
            <Statistic
              title="已发布资产"
              value={s?.total ?? 0}
              formatter={compact}
              suffix="个"
              loading={stats.isPending}
            />
            {/* The map can draw only assets with coordinates: say how many, so its count is not a contradiction. */}
            {s && mapped !== undefined && mapped < s.total && (
              <div className="public-figure-sub">地图上 {mapped.toLocaleString('zh-CN')} 项</div>
            )}
          </div>
        </Col>
        <Col xs={12} md={8} lg={4}>
          <div className="public-figure" title={s ? `${s.totalArea.toLocaleString('zh-CN')} m²` : undefined}>
            <Statistic
              title="总面积"
              value={s?.totalArea ?? 0}
              formatter={compact}
              suffix="m²"
              loading={stats.isPending}
            />
          </div>
        </Col>
        {(s?.byStatus ?? []).map((item) => (
          <Col xs={12} md={8} lg={4} key={item.status}>
            <div className="public-figure" title={`面积 ${item.area.toLocaleString('zh-CN')} m²`}>
              <Statistic
                title={item.text}
                value={item.count}
                formatter={compact}
                suffix="个"
                styles={{ content: { color: statusColor(item.status) } }}
              />
              <div className="public-figure-sub">面积 {formatCompact(item.area)} m²</div>
            </div>
          </Col>
        ))}
      </Row>

      <Row gutter={[16, 0]}>
        <Col xs={24} lg={16}>
          <Panel title="资产分布">
            {/* As tall as the map, so nothing below jumps (and the charts' near-view watch is not fooled). */}
            <Suspense fallback={<div className="public-map-fallback" />}>
              <PublicAssetMap points={points.data ?? []} loading={points.isPending} published={s?.total} />
            </Suspense>
          </Panel>
        </Col>
        <Col xs={24} lg={8}>
          <Panel title="按分类统计">
            <ul className="public-category-list" aria-label="按分类统计">
              {(s?.byCategory ?? []).map((c) => (
                <li key={c.categoryId}>
                  <span>{c.name}</span>
                  <span>{c.count} 个</span>
                  <span>{c.area.toLocaleString('zh-CN')} m²</span>
                </li>
              ))}
            </ul>
          </Panel>
        </Col>
      </Row>

      <AssetCardList categories={s?.byCategory ?? []} />

      {/* Last on the page: echarts alone is ~170 KB gzip, more than the page's budget has left, so it is
          fetched only when the reader scrolls down to the charts. */}
      <Panel title="统计图表">
        {s && s.total > 0 ? (
          <div ref={chartsRef} className="public-charts-placeholder">
            {chartsNear && (
              <Suspense fallback={<Skeleton active />}>
                <StatCharts stats={s} />
              </Suspense>
            )}
          </div>
        ) : (
          <div className="public-figure-sub">
            {stats.isPending ? '正在加载…' : stats.isError ? '统计数据读取失败' : '暂无统计数据'}
          </div>
        )}
      </Panel>
    </>
  );
}
