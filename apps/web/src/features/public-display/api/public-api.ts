import { AxiosError } from 'axios';
import { ASSET_API, type AssetPoint, type AssetStats, type PageResult, type PublicAsset } from '@district/shared';
import { getAction } from '@/lib/request';

/**
 * The public display's calls: only ASSET_API.public* (and the platform info the shell reads). The guest may
 * reach nothing else, so nothing on these pages may call a back-office route, dictionaries included: labels
 * come with the answers.
 */
export async function fetchPublicStats(): Promise<AssetStats> {
  const res = await getAction<AssetStats>(ASSET_API.publicStats);
  return res.result ?? { total: 0, totalArea: 0, byCategory: [], byStatus: [] };
}

export async function fetchPublicPoints(): Promise<AssetPoint[]> {
  const res = await getAction<AssetPoint[]>(ASSET_API.publicPoints);
  return Array.isArray(res.result) ? res.result : [];
}

export interface PublicListQuery {
  keyword?: string;
  categoryId?: string;
  status?: string;
  pageNo: number;
  pageSize: number;
}

export async function fetchPublicList(q: PublicListQuery): Promise<PageResult<PublicAsset>> {
  const params: Record<string, string | number> = { pageNo: q.pageNo, pageSize: q.pageSize };
  if (q.keyword) params.keyword = q.keyword;
  if (q.categoryId) params.categoryId = q.categoryId;
  if (q.status) params.status = q.status;
  const res = await getAction<PageResult<PublicAsset>>(ASSET_API.publicList, params);
  return res.result ?? { records: [], total: 0, size: q.pageSize, current: q.pageNo, pages: 0 };
}

/** One published asset; an unpublished or unknown id rejects with a 404 (shown as the page's own state). */
export async function fetchPublicDetail(id: string): Promise<PublicAsset> {
  const res = await getAction<PublicAsset>(ASSET_API.publicDetail, { id }, { silent: true });
  if (!res.result) throw new Error(res.message);
  return res.result;
}

export const isNotFound = (error: unknown): boolean => error instanceof AxiosError && error.response?.status === 404;

export const publicDetailPath = (id: string) => `/infoDetails?id=${encodeURIComponent(id)}`;

const AREA = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
/** m² with separators: 1,234.5 m²; empty for none. */
export const formatArea = (v: number | null | undefined): string =>
  v === null || v === undefined || !Number.isFinite(Number(v)) ? '' : `${AREA.format(Number(v))} m²`;

const COMPACT = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
/**
 * A figure short enough for a stat card on a 390 px phone: below 10,000 as it is (12,345 would already be
 * 1.23万), then in 万 and 亿 with at most two decimals: 1,234.5 → 1,234.5; 123,456.78 → 12.35万; 3.2e8 → 3.2亿.
 */
export function formatCompact(v: number | null | undefined): string {
  const n = Number(v ?? 0);
  if (!Number.isFinite(n)) return '0';
  const abs = Math.abs(n);
  if (abs < 1e4) return COMPACT.format(n);
  if (abs < 1e8) return `${COMPACT.format(n / 1e4)}万`;
  return `${COMPACT.format(n / 1e8)}亿`;
}

/** What the public map's corner says: how many published assets are on the map and how many lack coordinates. */
export function mapCountText(mapped: number, published: number | undefined): string {
  const text = `地图上 ${mapped.toLocaleString('zh-CN')} 项`;
  const missing = published === undefined ? 0 : published - mapped;
  return missing > 0 ? `${text}（另有 ${missing.toLocaleString('zh-CN')} 项未标注坐标）` : text;
}
