/**
 * Assets (资产) and their ledger (台账): the contract both sides use (shared/design/domain.md, issue 9).
 * Money is exchanged in yuan with at most 2 decimals and stored as integer fen; areas in m² with at most
 * 2 decimals, stored in hundredths.
 */

/** Route paths of the asset API, below the API base. */
export const ASSET_API = {
  /** The resource: list, add, edit, delete, deleteBatch, queryById, exportXls, importExcel below it. */
  base: '/asset/asset',
  /** PUT { ids: string[] | 'a,b', published: boolean }: publish or withdraw. */
  publish: '/asset/asset/publish',
  /** GET: compact points of the assets with coordinates, with the list's filters and a bbox. */
  mapPoints: '/asset/asset/mapPoints',
  /** GET ?id: one asset with labels, for the details page and the point-details panel. */
  detail: '/asset/asset/detail',
  /** The ledger's prefix (its declaration's path): list, add and exportXls below it. */
  ledgerBase: '/asset/ledger',
  /** The ledger (台账): GET list?assetId=…, POST add. */
  ledgerList: '/asset/ledger/list',
  ledgerAdd: '/asset/ledger/add',
  /** GET ?assetId=…&type=…: the asset's ledger as .xlsx (who may list it may export it). */
  ledgerExport: '/asset/ledger/exportXls',
  /** The public display (the guest may read these, published assets only, public fields only). */
  publicPoints: '/asset/public/points',
  publicStats: '/asset/public/stats',
  publicList: '/asset/public/list',
  publicDetail: '/asset/public/detail',
} as const;

/** Web routes of the asset screens (menu urls) and the public pages. */
export const ASSET_ROUTES = {
  index: '/asset/index',
  details: '/asset/details',
  ledger: '/asset/ledger',
  map: '/asset/map',
  publicAll: '/assetAllocationAll',
  publicDetail: '/infoDetails',
} as const;

/** The category tree of assets (资产分类) starts below this code (the seeded root). */
export const ASSET_CATEGORY_ROOT = 'A01';

/** Dictionary codes seeded for assets; their labels are editable by administrators. */
export const ASSET_DICT = {
  status: 'asset_status',
  useNature: 'asset_use_nature',
  ledgerType: 'ledger_type',
} as const;

export const ASSET_STATUS = {
  idle: 'idle',
  inUse: 'in_use',
  leased: 'leased',
  repair: 'repair',
  disposed: 'disposed',
} as const;
export type AssetStatus = (typeof ASSET_STATUS)[keyof typeof ASSET_STATUS];

/** Labels of the seeded asset_status items, and the map's colour of each status. */
export const ASSET_STATUS_ITEMS: readonly { value: AssetStatus; text: string; color: string }[] = [
  { value: 'idle', text: '闲置', color: '#52c41a' },
  { value: 'in_use', text: '在用', color: '#1677ff' },
  { value: 'leased', text: '出租', color: '#fa8c16' },
  { value: 'repair', text: '维修', color: '#eb2f96' },
  { value: 'disposed', text: '处置', color: '#8c8c8c' },
];

export const ASSET_USE_NATURE_ITEMS: readonly { value: string; text: string }[] = [
  { value: 'office', text: '办公用房' },
  { value: 'business', text: '经营用房' },
  { value: 'residential', text: '住宅' },
  { value: 'public_service', text: '公共服务' },
  { value: 'infrastructure', text: '基础设施' },
  { value: 'other', text: '其他' },
];

export const LEDGER_TYPE = {
  acquire: 'acquire',
  transfer: 'transfer',
  lease: 'lease',
  leaseEnd: 'lease_end',
  repair: 'repair',
  inventory: 'inventory',
  disposal: 'disposal',
  revaluation: 'revaluation',
} as const;
export type LedgerType = (typeof LEDGER_TYPE)[keyof typeof LEDGER_TYPE];

export const LEDGER_TYPE_ITEMS: readonly { value: LedgerType; text: string }[] = [
  { value: 'acquire', text: '入账' },
  { value: 'transfer', text: '调拨' },
  { value: 'lease', text: '出租' },
  { value: 'lease_end', text: '退租' },
  { value: 'repair', text: '维修' },
  { value: 'inventory', text: '盘点' },
  { value: 'disposal', text: '处置' },
  { value: 'revaluation', text: '价值变动' },
];

/**
 * The ledger's state machine: which events an asset in a status may take, and what each does.
 * `acquire` is written by the server when an asset is registered (its first event) and never by hand.
 */
export const LEDGER_RULES: Record<
  Exclude<LedgerType, 'acquire'>,
  { from: readonly AssetStatus[]; to?: AssetStatus; refused: string }
> = {
  transfer: { from: ['idle', 'in_use', 'repair'], refused: '只有闲置、在用或维修中的资产可以调拨' },
  lease: { from: ['idle'], to: 'leased', refused: '只有闲置资产可以出租' },
  lease_end: { from: ['leased'], to: 'idle', refused: '该资产不在出租中，不能退租' },
  repair: { from: ['idle', 'in_use', 'leased', 'repair'], refused: '已处置的资产不能登记维修' },
  inventory: { from: ['idle', 'in_use', 'leased', 'repair'], refused: '已处置的资产不能盘点' },
  disposal: {
    from: ['idle', 'in_use', 'repair'],
    to: 'disposed',
    refused: '出租中的资产须先退租，已处置的资产不能再处置',
  },
  revaluation: { from: ['idle', 'in_use', 'leased', 'repair'], refused: '已处置的资产不能变动价值' },
};

/**
 * The status an event leaves an asset in. A repair of an idle or in-use asset starts it (→ 维修); a repair
 * recorded while the asset is in 维修 ends it (→ `toStatus`, else `repairEndDefault`: the status it had
 * before). A leased asset is repaired under its lease and stays 出租. A transfer keeps the status unless
 * `toStatus` is given; the other events follow `LEDGER_RULES[type].to`.
 */
export function ledgerNextStatus(
  type: Exclude<LedgerType, 'acquire'>,
  status: AssetStatus,
  toStatus?: AssetStatus | null,
  repairEndDefault: AssetStatus = 'idle',
): AssetStatus {
  if (type === 'transfer') return toStatus ?? status;
  if (type === 'repair') {
    if (status === 'repair') return toStatus ?? repairEndDefault;
    return status === 'leased' ? status : 'repair';
  }
  return LEDGER_RULES[type].to ?? status;
}

/** Ledger event types a person may record (acquire is the server's). */
export const MANUAL_LEDGER_TYPES = Object.keys(LEDGER_RULES) as Exclude<LedgerType, 'acquire'>[];

/**
 * Fields of an asset the public display may show. Values, custodian, certificate numbers, departments and
 * remarks never leave the server for the guest: the server projects rows onto exactly these.
 */
export const PUBLIC_ASSET_FIELDS = [
  'id',
  'code',
  'name',
  'categoryId',
  'categoryName',
  'address',
  'regionCode',
  'longitude',
  'latitude',
  'area',
  'status',
  'statusText',
  'useNature',
  'useNatureText',
  'images',
  'description',
  'publishTime',
] as const;
export type PublicAsset = {
  [K in (typeof PUBLIC_ASSET_FIELDS)[number]]: K extends 'longitude' | 'latitude' | 'area'
    ? number | null
    : string | null;
} & { id: string; name: string };

/** A map point, compact: [id, longitude, latitude, status, categoryId]. */
export type AssetPoint = [id: string, lng: number, lat: number, status: string, categoryId: string];

/** Headline figures of the public display. */
export interface AssetStats {
  total: number;
  totalArea: number;
  byCategory: { categoryId: string; name: string; count: number; area: number }[];
  byStatus: { status: string; text: string; count: number; area: number }[];
}

/** An asset as the back office reads it (list rows add `<field>_dictText` labels). */
export interface Asset {
  id: string;
  code: string;
  name: string;
  categoryId: string;
  ownerDepartId: string | null;
  custodian: string | null;
  address: string | null;
  regionCode: string | null;
  longitude: number | null;
  latitude: number | null;
  area: number | null;
  originalValue: number | null;
  netValue: number | null;
  acquiredDate: string | null;
  status: AssetStatus;
  useNature: string | null;
  certificateNo: string | null;
  /** Comma-separated stored paths of uploaded images, in order. */
  images: string | null;
  attachments: string | null;
  description: string | null;
  published: 0 | 1;
  publishTime: string | null;
  remark: string | null;
  version: number;
}

/** GET ASSET_API.detail: one asset with its labels, images and attachments as arrays. */
export interface AssetDetail extends Omit<Asset, 'images' | 'attachments'> {
  /** Stored paths of the images, in order. */
  images: string[];
  /** Stored paths with the uploaded file's original name. */
  attachments: { path: string; name: string }[];
  categoryName: string | null;
  ownerDepartName: string | null;
  /** The custodian's real name when the custodian is a user (username), else the text as stored. */
  custodianName: string | null;
  statusText: string;
  useNatureText: string | null;
  sysOrgCode: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface LedgerEntry {
  id: string;
  assetId: string;
  type: LedgerType;
  eventDate: string;
  fromDepartId: string | null;
  toDepartId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  counterparty: string | null;
  amount: number | null;
  netValueBefore: number | null;
  netValueAfter: number | null;
  documents: string | null;
  remark: string | null;
  createBy: string | null;
  createTime: string | null;
}

/** A calendar date as the forms send it. */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const ASSET_LIMITS = {
  /** Largest money amount accepted, in yuan (below the currency-to-Chinese limit of 1e15). */
  maxYuan: 1e13,
  maxArea: 1e10,
  maxImages: 20,
  maxAttachments: 20,
} as const;

export const ASSET_MESSAGES = {
  nameRequired: '请输入资产名称',
  categoryRequired: '请选择资产分类',
  statusRequired: '请选择资产状态',
  money: (field: string) => `${field}须为不小于0的金额，最多两位小数`,
  area: '面积须为不小于0的数值，最多两位小数',
  longitude: '经度须在 -180 到 180 之间',
  latitude: '纬度须在 -90 到 90 之间',
  coordinatePair: '经度和纬度须同时填写',
  netAboveOriginal: '净值不能大于原值',
  futureDate: (field: string) => `${field}不能晚于今天`,
  unknownDict: (field: string, value: string) => `${field}“${value}”不是有效的选项`,
  unknownCategory: '资产分类不存在',
  unknownDepart: '所属部门不存在',
  notImage: (path: string) => `“${path}”不是已上传的图片`,
  notFile: (path: string) => `“${path}”不是已上传的文件`,
  outsideDistrict: '坐标不在本区范围内，请确认',
  notFound: '资产不存在或已删除',
  publicNotFound: '该资产不存在或未公开发布',
  statusByLedger: '资产状态只能通过台账事件变更',
  ledgerTypeRequired: '请选择台账事件类型',
  eventDateRequired: '请选择事件日期',
  acquireIsAutomatic: '入账事件在登记资产时自动生成，不能手工添加',
  sameDepart: '调入部门与资产当前所属部门相同，无需调拨',
  toDepartRequired: '请选择调入部门',
  unknownToDepart: '调入部门不存在',
  counterpartyRequired: '请输入承租方',
  revaluationAmount: '请输入变动后的净值',
  eventBeforeAcquired: '事件日期不能早于资产取得日期',
  concurrentChange: '资产刚被其他人修改，请刷新后重试',
  publishIdsRequired: '请选择要发布或撤回的资产',
  disposedNotPublishable: '已处置的资产不能发布',
  departByLedger: '所属部门只能通过台账调拨变更',
  codeFixed: '资产编号不能修改',
  codeTaken: (code: string) => `资产编号“${code}”已存在`,
  bbox: '范围参数 bbox 须为 最小经度,最小纬度,最大经度,最大纬度',
} as const;

/** Parses yuan (number or numeric string, ≤ 2 decimals, ≥ 0) to integer fen exactly, or null when invalid. */
export function yuanToFen(value: unknown, max: number = ASSET_LIMITS.maxYuan): number | null {
  return toHundredths(value, max);
}

/** m² with ≤ 2 decimals to integer hundredths, or null when invalid. */
export function areaToHundredths(value: unknown): number | null {
  return toHundredths(value, ASSET_LIMITS.maxArea);
}

function toHundredths(value: unknown, max: number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '').trim();
  // Exponent forms (1e-7) are not what a person types: refused.
  const m = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  if (whole > max) return null;
  return whole * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Integer hundredths (fen, 0.01 m²) to the number shown and exchanged. */
export function fromHundredths(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(Number(value)) / 100;
}
