import { useState } from 'react';
import { Button, Skeleton, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ASSET_STATUS_ITEMS, type AssetPoint } from '@district/shared';
import { AssetMap } from '@/components/map/asset-map';
import { firstImageUrl } from '@/components/map/image-paths';
import { errorMessage } from '@/lib/errors';
import { fetchPublicDetail, formatArea, mapCountText, publicDetailPath } from '../api/public-api';

/** The small card of a clicked public point: the public fields only, and the way to its page. */
function PointCard({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery({ queryKey: ['public-asset', id], queryFn: () => fetchPublicDetail(id), retry: false });
  const a = query.data;
  const cover = a ? firstImageUrl(a.images) : '';
  return (
    <section className="public-point-card" aria-label="资产卡片">
      <header className="public-point-card-head">
        <strong>{a?.name ?? '资产'}</strong>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label="关闭" onClick={onClose} />
      </header>
      {query.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {query.isError && <span>{errorMessage(query.error, '该资产不存在或未公开发布')}</span>}
      {a && (
        <>
          {cover && <img className="public-point-card-cover" src={cover} alt={a.name} loading="lazy" />}
          <div>
            {a.categoryName}{' '}
            <Tag color={ASSET_STATUS_ITEMS.find((s) => s.value === a.status)?.color}>{a.statusText}</Tag>
          </div>
          <div>{a.address}</div>
          <div>{formatArea(a.area)}</div>
          <Link to={publicDetailPath(a.id)}>查看详情</Link>
        </>
      )}
    </section>
  );
}

/**
 * The public map of published assets (loaded lazily with Leaflet); a click shows the point's card. Only assets
 * with coordinates can be drawn: the corner says how many are on the map and how many of the `published` (the
 * figure of the 已发布资产 card) are not, and the legend counts the points on the map.
 */
export function PublicAssetMap({
  points,
  loading,
  published,
}: {
  points: AssetPoint[];
  loading: boolean;
  /** How many assets are published (the stats' total); unknown while it loads. */
  published?: number;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="public-map">
      <AssetMap
        points={points}
        loading={loading}
        height={460}
        onPointClick={setSelected}
        legendTitle="地图上的资产"
        overlay={<span>{loading ? '正在加载点位…' : mapCountText(points.length, published)}</span>}
      />
      {selected && <PointCard id={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

export default PublicAssetMap;
