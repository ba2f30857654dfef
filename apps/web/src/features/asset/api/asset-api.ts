import {
  ASSET_API,
  ASSET_MESSAGES,
  ASSET_RESOURCE,
  ASSET_STATUS_ITEMS,
  LEDGER_TYPE_ITEMS,
  type Asset,
  type AssetDetail,
  type LedgerEntry,
  type PageResult,
  resourceUrls,
} from '@district/shared';
import type { LedgerAddInput } from '@district/shared/schemas';
import { getAction, postAction, putAction } from '@/lib/request';

/** The standard resource URLs of the asset declaration. */
export const ASSET_URLS = resourceUrls(ASSET_RESOURCE.path);

/** The data-log table name of the asset resource (its declared `name`). */
export const ASSET_DATA_TABLE = ASSET_RESOURCE.name;

/** One asset as the details answer it, and its ledger: shared by the pages and the forms that change them. */
export const assetQueryKey = (id: string) => ['asset-detail', id] as const;
export const ledgerQueryKey = (id: string) => ['asset-ledger', id] as const;

/** Labels the server adds to a row: `<field>_dictText` (dictionaries, category, department, custodian). */
type Labels<T> = { [K in keyof T as `${K & string}_dictText`]?: string | null };

/** A row of the asset list, and the detail answer (the same fields with their labels). */
export type AssetRecord = Asset &
  Labels<Asset> & {
    categoryName?: string | null;
    ownerDepartName?: string | null;
    /** Original names of uploaded attachments by stored path (from the detail answer). */
    attachmentNames?: Record<string, string>;
  };
export type LedgerRecord = LedgerEntry & Labels<LedgerEntry>;

export type AssetPayload = Partial<Omit<Asset, 'published' | 'publishTime'>> & { id?: string };

/** Saves an asset; a warning (coordinates outside the district) comes back with the saved answer. */
export async function saveAsset(payload: AssetPayload): Promise<{ message: string; warning: string | null }> {
  const res = payload.id
    ? await putAction<{ warning?: string } | null>(ASSET_URLS.edit, payload)
    : await postAction<{ id: string; warning?: string }>(ASSET_URLS.add, payload);
  // Saved, but worth a second look: the answer names it, or says it in its message.
  const warning =
    res.result?.warning ??
    (res.message.includes(ASSET_MESSAGES.outsideDistrict) ? ASSET_MESSAGES.outsideDistrict : null);
  return { message: res.message, warning };
}

/**
 * GET detail answers images and attachments as arrays and the labels as categoryName, statusText…; the
 * screens work on the list's row shape (comma-joined paths, `<field>_dictText`), so it is mapped onto it.
 */
export function fromDetail(d: AssetDetail | AssetRecord): AssetRecord {
  const raw = d as Partial<AssetDetail> & Partial<AssetRecord>;
  const images = raw.images as unknown;
  const attachments = raw.attachments as unknown;
  const attachmentNames: Record<string, string> = {};
  const attachmentPaths = Array.isArray(attachments)
    ? (attachments as ({ path: string; name?: string } | string)[]).map((a) => {
        if (typeof a === 'string') return a;
        if (a.name) attachmentNames[a.path] = a.name;
        return a.path;
      })
    : pathsOf(attachments as string | null);
  return {
    ...(d as AssetRecord),
    images: Array.isArray(images) ? images.join(',') : ((images as string | null) ?? null),
    attachments: attachmentPaths.join(',') || null,
    attachmentNames,
    categoryId_dictText: raw.categoryId_dictText ?? raw.categoryName ?? null,
    ownerDepartId_dictText: raw.ownerDepartId_dictText ?? raw.ownerDepartName ?? null,
    custodian_dictText: raw.custodian_dictText ?? raw.custodianName ?? null,
    status_dictText: raw.status_dictText ?? raw.statusText ?? null,
    useNature_dictText: raw.useNature_dictText ?? raw.useNatureText ?? null,
  };
}

export async function fetchAssetDetail(id: string): Promise<AssetRecord> {
  const res = await getAction<AssetDetail>(ASSET_API.detail, { id });
  if (!res.success || !res.result) throw new Error(res.message);
  return fromDetail(res.result);
}

export function publishAssets(ids: string[], published: boolean) {
  return putAction(ASSET_API.publish, { ids, published });
}

/** The ledger's largest page; an asset's history is tens of events. */
const LEDGER_PAGE = 200;

/** Every ledger event of an asset, newest first as the server orders them (by asset version). */
export async function fetchLedger(assetId: string): Promise<LedgerRecord[]> {
  const res = await getAction<LedgerRecord[] | PageResult<LedgerRecord>>(ASSET_API.ledgerList, {
    assetId,
    pageNo: 1,
    pageSize: LEDGER_PAGE,
  });
  return Array.isArray(res.result) ? res.result : (res.result?.records ?? []);
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
