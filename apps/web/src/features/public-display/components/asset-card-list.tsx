import { useState } from 'react';
import { Button, Empty, Input, Radio, Spin, Tag } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ASSET_RESOURCE, ASSET_STATUS_ITEMS, type AssetStats, type PublicAsset } from '@district/shared';
import { firstImageUrl } from '@/components/map/image-paths';
import { fetchPublicList, formatArea, publicDetailPath, type PublicListQuery } from '../api/public-api';
import { Panel } from './panel';

const F = ASSET_RESOURCE.fields;

export const CARD_TEXT = { noImage: '暂无图片' } as const;

const PAGE_SIZE = 12;
const ALL = '';
// Disposed assets are never on the public display.
const STATUSES = ASSET_STATUS_ITEMS.filter((s) => s.value !== 'disposed');

function AssetCard({ asset }: { asset: PublicAsset }) {
  const cover = firstImageUrl(asset.images);
  const status = ASSET_STATUS_ITEMS.find((s) => s.value === asset.status);
  return (
    <Link to={publicDetailPath(asset.id)} className="public-asset-card-link" aria-label={asset.name}>
      <article className="public-asset-card">
        {cover ? (
          <img className="public-asset-card-cover" src={cover} alt={asset.name} loading="lazy" />
        ) : (
          <div className="public-asset-card-cover public-asset-card-nocover" data-testid="card-no-image">
            <PictureOutlined className="public-asset-card-nocover-icon" aria-hidden />
            <span>{CARD_TEXT.noImage}</span>
          </div>
        )}
        <div className="public-asset-card-body">
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
        </div>
      </article>
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
  const pages = page ? Math.max(1, Math.ceil(page.total / q.pageSize)) : 1;
  const set = (patch: Partial<PublicListQuery>) => setQ((old) => ({ ...old, ...patch, pageNo: patch.pageNo ?? 1 }));
  return (
    <Panel title="资产列表">
      <div className="public-filters">
        <Input.Search
          allowClear
          placeholder="资产名称、编号或地址"
          aria-label="关键字"
          maxLength={50}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          style={{ width: 260 }}
        />
        <div role="group" aria-label={F.categoryId.title}>
          <span className="public-filter-label">分类</span>
          <Radio.Group
            size="small"
            optionType="button"
            value={q.categoryId ?? ALL}
            onChange={(e) => set({ categoryId: (e.target.value as string) || undefined })}
            options={[
              { value: ALL, label: '全部' },
              ...categories.map((c) => ({ value: c.categoryId, label: c.name })),
            ]}
          />
        </div>
        <div role="group" aria-label={F.status.title}>
          <span className="public-filter-label">状态</span>
          <Radio.Group
            size="small"
            optionType="button"
            value={q.status ?? ALL}
            onChange={(e) => set({ status: (e.target.value as string) || undefined })}
            options={[{ value: ALL, label: '全部' }, ...STATUSES.map((s) => ({ value: s.value, label: s.text }))]}
          />
        </div>
      </div>
      {/* Holds the room of a page of cards while the first one loads, so what follows does not start high. */}
      <Spin spinning={query.isFetching} className={query.isPending ? 'public-asset-list-loading' : undefined}>
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
        // A plain pager: antd's Pagination brings its page-size select along, too heavy for this page.
        <nav className="public-pager" aria-label="分页">
          <span>共 {page.total} 项</span>
          <Button size="small" disabled={q.pageNo <= 1} onClick={() => set({ pageNo: q.pageNo - 1 })}>
            上一页
          </Button>
          <span>
            第 {q.pageNo} / {pages} 页
          </span>
          <Button size="small" disabled={q.pageNo >= pages} onClick={() => set({ pageNo: q.pageNo + 1 })}>
            下一页
          </Button>
        </nav>
      )}
    </Panel>
  );
}
