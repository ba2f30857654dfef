import { lazy, Suspense } from 'react';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ASSET_STATUS_ITEMS } from '@district/shared';
import { AssetCardList } from '../components/asset-card-list';
import { PublicShell } from '../components/public-shell';
import { fetchPublicPoints, fetchPublicStats } from '../api/public-api';
import '../components/public-display.css';

// Leaflet and echarts are the heavy parts: loaded after the figures, in their own chunks.
const PublicAssetMap = lazy(() => import('../components/public-asset-map'));
const StatCharts = lazy(() => import('../components/stat-charts'));

const statusColor = (s: string) => ASSET_STATUS_ITEMS.find((i) => i.value === s)?.color;

/** 资产一览: the guest's landing page with the published assets' figures, map and searchable cards. */
export function AssetAllocationAllPage() {
  const stats = useQuery({ queryKey: ['public-stats'], queryFn: fetchPublicStats });
  const points = useQuery({ queryKey: ['public-points'], queryFn: fetchPublicPoints });
  const s = stats.data;
  return (
    <PublicShell>
      <Row gutter={[16, 16]} className="public-figures">
        <Col xs={12} md={8} lg={4}>
          <Card size="small" loading={stats.isPending}>
            <Statistic title="已发布资产" value={s?.total ?? 0} suffix="个" />
          </Card>
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Card size="small" loading={stats.isPending}>
            <Statistic title="总面积" value={s?.totalArea ?? 0} precision={2} suffix="m²" />
          </Card>
        </Col>
        {(s?.byStatus ?? []).map((item) => (
          <Col xs={12} md={8} lg={4} key={item.status}>
            <Card size="small">
              <Statistic
                title={item.text}
                value={item.count}
                suffix="个"
                styles={{ content: { color: statusColor(item.status) } }}
              />
              <div className="public-figure-sub">面积 {item.area.toLocaleString('zh-CN')} m²</div>
            </Card>
          </Col>
        ))}
      </Row>

      <Card title="资产分布" className="public-section">
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 460 }} />}>
          <PublicAssetMap points={points.data ?? []} loading={points.isPending} />
        </Suspense>
      </Card>

      <Row gutter={[16, 16]} className="public-section">
        <Col xs={24} lg={10}>
          <Card title="按分类统计" size="small" loading={stats.isPending}>
            <ul className="public-category-list" aria-label="按分类统计">
              {(s?.byCategory ?? []).map((c) => (
                <li key={c.categoryId}>
                  <span>{c.name}</span>
                  <span>{c.count} 个</span>
                  <span>{c.area.toLocaleString('zh-CN')} m²</span>
                </li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="统计图表" size="small">
            {s && s.total > 0 ? (
              <Suspense fallback={<Skeleton active />}>
                <StatCharts stats={s} />
              </Suspense>
            ) : (
              <div className="public-figure-sub">
                {stats.isPending ? '正在加载…' : stats.isError ? '统计数据读取失败' : '暂无统计数据'}
              </div>
            )}
          </Card>
        </Col>
      </Row>

      <AssetCardList categories={s?.byCategory ?? []} />
    </PublicShell>
  );
}
