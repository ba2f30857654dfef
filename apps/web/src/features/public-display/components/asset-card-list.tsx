import { useState } from 'react';
import { Card, Empty, Input, Pagination, Select, Space, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ASSET_STATUS_ITEMS, type AssetStats, type PublicAsset } from '@district/shared';
import { firstImageUrl } from '../../../components/map/asset-images';
import { fetchPublicList, formatArea, publicDetailPath, type PublicListQuery } from '../api/public-api';

const PAGE_SIZE = 12;

function AssetCard({ asset }: { asset: PublicAsset }) {
  const cover = firstImageUrl(asset.images);
  const status = ASSET_STATUS_ITEMS.find((s) => s.value === asset.status);
  return (
    <Link to={publicDetailPath(asset.id)} className="public-asset-card-link" aria-label={asset.name}>
      <Card
        hoverable
        size="small"
        cover={
          cover ? (
            <img className="public-asset-card-cover" src={cover} alt={asset.name} loading="lazy" />
          ) : (
            <div className="public-asset-card-cover public-asset-card-nocover">暂无图片</div>
          )
        }
      >
        <div className="public-asset-card-title" title={asset.name}>
          {asset.name}
        </div>
        <div className="public-asset-card-meta">
          <span>{asset.categoryName}</span>
          <Tag color={status?.color}>{asset.statusText ?? status?.text}</Tag>
        </div>
        <div className="public-asset-card-line" title={asset.address ?? ''}>
          {asset.address || '—'}
        </div>
        <div className="public-asset-card-line">{formatArea(asset.area) || '—'}</div>
      </Card>
    </Link>
  );
}

/** The searchable card list of published assets: keyword, category and status, paged on the server. */
export function AssetCardList({ categories }: { categories: AssetStats['byCategory'] }) {
  const [q, setQ] = useState<PublicListQuery>({ pageNo: 1, pageSize: PAGE_SIZE });
  const query = useQuery({
    queryKey: ['public-assets', q],
    queryFn: () => fetchPublicList(q),
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  const set = (patch: Partial<PublicListQuery>) => setQ((old) => ({ ...old, ...patch, pageNo: patch.pageNo ?? 1 }));
  return (
    <Card title="资产列表" className="public-section">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="资产名称、编号或地址"
          aria-label="关键字"
          maxLength={50}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          placeholder="全部分类"
          aria-label="资产分类"
          style={{ width: 160 }}
          options={categories.map((c) => ({ value: c.categoryId, label: c.name }))}
          value={q.categoryId}
          onChange={(v?: string) => set({ categoryId: v })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="资产状态"
          style={{ width: 140 }}
          options={ASSET_STATUS_ITEMS.filter((s) => s.value !== 'disposed').map((s) => ({
            value: s.value,
            label: s.text,
          }))}
          value={q.status}
          onChange={(v?: string) => set({ status: v })}
        />
      </Space>
      <Spin spinning={query.isFetching}>
        {page && page.records.length > 0 ? (
          <div className="public-asset-grid">
            {page.records.map((a) => (
              <AssetCard key={a.id} asset={a} />
            ))}
          </div>
        ) : (
          <Empty
            description={
              query.isPending ? '正在加载…' : query.isError ? '资产列表读取失败，请稍后重试' : '暂无已发布的资产'
            }
          />
        )}
      </Spin>
      {page && page.total > 0 && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={q.pageNo}
          pageSize={q.pageSize}
          total={page.total}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 项`}
          onChange={(pageNo) => set({ pageNo })}
        />
      )}
    </Card>
  );
}
