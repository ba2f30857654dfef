import {
  ASSET_API,
  ASSET_STATUS_ITEMS,
  LEDGER_TYPE_ITEMS,
  type Asset,
  type LedgerEntry,
  type PageResult,
} from '@district/shared';
import type { LedgerAddInput } from '@district/shared/schemas';
import { getAction, postAction, putAction } from '../../../lib/request';

/** The standard resource URLs below ASSET_API.base. */
export const ASSET_URLS = {
  list: `${ASSET_API.base}/list`,
  add: `${ASSET_API.base}/add`,
  edit: `${ASSET_API.base}/edit`,
  delete: `${ASSET_API.base}/delete`,
  deleteBatch: `${ASSET_API.base}/deleteBatch`,
  queryById: `${ASSET_API.base}/queryById`,
  exportXls: `${ASSET_API.base}/exportXls`,
  importExcel: `${ASSET_API.base}/importExcel`,
} as const;

/** The data-log table name of the asset resource (its `name` on the server). */
export const ASSET_DATA_TABLE = 'biz_asset';

/** Labels the server adds to a row: `<field>_dictText` (dictionaries, category, department, custodian). */
type Labels<T> = { [K in keyof T as `${K & string}_dictText`]?: string | null };

/** A row of the asset list, and the detail answer (the same fields with their labels). */
export type AssetRecord = Asset & Labels<Asset> & { categoryName?: string | null; ownerDepartName?: string | null };
export type LedgerRecord = LedgerEntry & Labels<LedgerEntry>;

export type AssetPayload = Partial<Omit<Asset, 'published' | 'publishTime'>> & { id?: string };

export function saveAsset(payload: AssetPayload) {
  return payload.id ? putAction(ASSET_URLS.edit, payload) : postAction<{ id: string }>(ASSET_URLS.add, payload);
}

export async function fetchAssetDetail(id: string): Promise<AssetRecord> {
  const res = await getAction<AssetRecord>(ASSET_API.detail, { id });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

export function publishAssets(ids: string[], published: boolean) {
  return putAction(ASSET_API.publish, { ids, published });
}

/** Every ledger event of an asset, newest first (the server may answer a page or a plain list). */
export async function fetchLedger(assetId: string): Promise<LedgerRecord[]> {
  const res = await getAction<LedgerRecord[] | PageResult<LedgerRecord>>(ASSET_API.ledgerList, {
    assetId,
    pageNo: 1,
    pageSize: 1000,
  });
  const rows = Array.isArray(res.result) ? res.result : (res.result?.records ?? []);
  return [...rows].sort(
    (a, b) =>
      b.eventDate.localeCompare(a.eventDate) || String(b.createTime ?? '').localeCompare(String(a.createTime ?? '')),
  );
}

export function addLedgerEvent(input: LedgerAddInput) {
  return postAction(ASSET_API.ledgerAdd, input);
}

export const statusItem = (status: string | null | undefined) => ASSET_STATUS_ITEMS.find((s) => s.value === status);
export const ledgerTypeText = (type: string) => LEDGER_TYPE_ITEMS.find((t) => t.value === type)?.text ?? type;

const YUAN = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const AREA = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** Yuan with thousands separators and 2 decimals (1,234,567.80); empty for no value. */
export function formatYuan(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(Number(value)) ? '' : YUAN.format(Number(value));
}

export function formatArea(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(Number(value)) ? '' : AREA.format(Number(value));
}

/** Comma-separated stored paths to a list. */
export const pathsOf = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
