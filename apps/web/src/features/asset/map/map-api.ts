import { ASSET_API, ASSET_STATUS_ITEMS, type AssetDetail, type AssetPoint } from '@district/shared';
import { getAction } from '@/lib/request';

/** The map's filters as the page keeps them. */
export interface MapFilters {
  categoryId?: string;
  /** Chosen statuses (sent comma-separated). */
  status: string[];
  ownerDepartId?: string;
  /** [minLng, minLat, maxLng, maxLat] GCJ-02, from the 框选 tool. */
  bbox?: [number, number, number, number];
}

/** The query string of ASSET_API.mapPoints: only the filters that are set. */
export function mapPointsParams(f: MapFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (f.categoryId) params.categoryId = f.categoryId;
  if (f.status.length) params.status = f.status.join(',');
  if (f.ownerDepartId) params.ownerDepartId = f.ownerDepartId;
  if (f.bbox) params.bbox = f.bbox.join(',');
  return params;
}

export async function fetchMapPoints(f: MapFilters): Promise<AssetPoint[]> {
  const res = await getAction<AssetPoint[]>(ASSET_API.mapPoints, mapPointsParams(f));
  return Array.isArray(res.result) ? res.result : [];
}

/** The point panel's asset (labels included); `_dictText` labels are read when the named ones are absent. */
export type PointAsset = Partial<AssetDetail> & Record<string, unknown> & { id: string; name: string };

export async function fetchPointAsset(id: string): Promise<PointAsset> {
  const res = await getAction<PointAsset>(ASSET_API.detail, { id });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

export const STATUS_OPTIONS = ASSET_STATUS_ITEMS.map((s) => ({ value: s.value, label: s.text }));
