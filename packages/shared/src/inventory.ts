/*
 * 资产清查盘点 (issue 26 part 1): a campaign's scope becomes its list when it opens (a snapshot); checkers record
 * findings on the phone (idempotent by a client-generated id, so the phone's offline queue never records twice);
 * the desk settles each difference through the ledger and closes the campaign when none is open.
 */

/** Permission codes; spread into PERM (keys start with asset: the asset office's work). */
export const INVENTORY_PERM = {
  /** 盘点任务: the list, progress, differences, report and its export. */
  assetInventoryList: 'asset:inventory:list',
  /** Create, edit and delete a draft; open and close a campaign. */
  assetInventoryEdit: 'asset:inventory:edit',
  /** 差异处理: settle a difference into a ledger event or a new asset. */
  assetInventorySettle: 'asset:inventory:settle',
  /** 盘点录入 (the phone): a checker's campaigns, items, lookup and findings (only campaigns naming them). */
  assetInventoryCheck: 'asset:inventory:check',
} as const;

/** Route paths below the API base. */
export const INVENTORY_API = {
  /** GET ?pageNo&pageSize&status&name: campaigns of the tenant, newest first. */
  campaignList: '/asset/inventory/campaign/list',
  /** GET ?id: one campaign with its checkers' names and counts. */
  campaignQuery: '/asset/inventory/campaign/queryById',
  /** POST InventoryCampaignInput: a draft. */
  campaignAdd: '/asset/inventory/campaign/add',
  /** PUT InventoryCampaignInput & { id }: drafts only. */
  campaignEdit: '/asset/inventory/campaign/edit',
  /** DELETE ?id: drafts only. */
  campaignDelete: '/asset/inventory/campaign/delete',
  /** POST { id }: draft → open; snapshots the scope's assets into the list. */
  campaignOpen: '/asset/inventory/campaign/open',
  /** POST { id }: open → closed; refused while a difference is open. */
  campaignClose: '/asset/inventory/campaign/close',
  /** GET ?id: InventoryProgress (by department and by checker). */
  progress: '/asset/inventory/campaign/progress',
  /** GET ?campaignId&pageNo&pageSize&result&checked&departId&code: the desk's list of items. */
  itemList: '/asset/inventory/item/list',
  /** GET ?campaignId&settled=0|1: the differences (盘亏 includes the unchecked). */
  differenceList: '/asset/inventory/difference/list',
  /** POST InventorySettleInput. */
  settle: '/asset/inventory/difference/settle',
  /** GET ?id: InventoryReport (data for the printed report). */
  report: '/asset/inventory/campaign/report',
  /** GET ?id: the report as .xlsx (items and differences). */
  exportXls: '/asset/inventory/campaign/exportXls',
  /** GET: open campaigns naming the caller as a checker. */
  myCampaigns: '/asset/inventory/check/campaigns',
  /** GET ?campaignId&checked=0|1&pageNo&pageSize: the campaign's items for a checker. */
  myItems: '/asset/inventory/check/items',
  /** GET ?campaignId&code: an item by asset code or by the text of the card's QR code. */
  lookup: '/asset/inventory/check/lookup',
  /** POST InventoryFindingInput: records (or, for a known clientId, answers) a finding. */
  finding: '/asset/inventory/check/finding',
} as const;

/** Web routes (menu urls) for the next session's pages. */
export const INVENTORY_ROUTES = {
  campaigns: '/asset/inventory',
  campaign: '/asset/inventory/detail',
  check: '/m/inventory',
} as const;

export const INVENTORY_STATUS = { draft: 'draft', open: 'open', closed: 'closed' } as const;
export type InventoryStatus = (typeof INVENTORY_STATUS)[keyof typeof INVENTORY_STATUS];
export const INVENTORY_STATUS_ITEMS: readonly { value: InventoryStatus; text: string; color: string }[] = [
  { value: 'draft', text: '草稿', color: '#8c8c8c' },
  { value: 'open', text: '进行中', color: '#1677ff' },
  { value: 'closed', text: '已结束', color: '#52c41a' },
];

/** What a checker records for an item (missing = 盘亏, surplus = 盘盈: a thing not on the list). */
export const INVENTORY_RESULT = {
  normal: 'normal',
  misplaced: 'misplaced',
  wrongKeeper: 'wrong_keeper',
  damaged: 'damaged',
  missing: 'missing',
  surplus: 'surplus',
} as const;
export type InventoryResult = (typeof INVENTORY_RESULT)[keyof typeof INVENTORY_RESULT];
export const INVENTORY_RESULT_ITEMS: readonly { value: InventoryResult; text: string; color: string }[] = [
  { value: 'normal', text: '正常', color: '#52c41a' },
  { value: 'misplaced', text: '位置不符', color: '#fa8c16' },
  { value: 'wrong_keeper', text: '保管人不符', color: '#faad14' },
  { value: 'damaged', text: '损坏', color: '#eb2f96' },
  { value: 'missing', text: '盘亏', color: '#f5222d' },
  { value: 'surplus', text: '盘盈', color: '#722ed1' },
];
/** Results that are differences to settle (an item still unchecked is a 盘亏 too). */
export const INVENTORY_DIFFERENCES: readonly InventoryResult[] = [
  'misplaced',
  'wrong_keeper',
  'damaged',
  'missing',
  'surplus',
];

/**
 * How a difference is settled. transfer: new department (the ledger's 调拨) and/or new place or keeper (an edit of
 * the asset with a 盘点 ledger event); repair: the ledger's 维修; dispose: the ledger's 处置 (the ledger has no
 * proposal state: settling a 盘亏 is the approved write-off); register: a new asset (盘盈) through the asset
 * register with its code rule; confirm: no change needed (e.g. the item turned up), the reason recorded.
 */
export const INVENTORY_SETTLE = {
  transfer: 'transfer',
  repair: 'repair',
  dispose: 'dispose',
  register: 'register',
  confirm: 'confirm',
} as const;
export type InventorySettleAction = (typeof INVENTORY_SETTLE)[keyof typeof INVENTORY_SETTLE];
export const INVENTORY_SETTLE_ITEMS: readonly { value: InventorySettleAction; text: string }[] = [
  { value: 'transfer', text: '调整位置/保管人/部门' },
  { value: 'repair', text: '登记维修' },
  { value: 'dispose', text: '报损处置' },
  { value: 'register', text: '登记入账' },
  { value: 'confirm', text: '核实无需调整' },
];
/** Which settlements fit which difference ('missing' also covers an unchecked item). */
export const INVENTORY_SETTLE_FOR: Record<Exclude<InventoryResult, 'normal'>, readonly InventorySettleAction[]> = {
  misplaced: ['transfer', 'confirm'],
  wrong_keeper: ['transfer', 'confirm'],
  damaged: ['repair', 'dispose', 'confirm'],
  missing: ['dispose', 'confirm'],
  surplus: ['register', 'confirm'],
};

export const INVENTORY_LIMITS = {
  maxCheckers: 200,
  maxScopeEntries: 200,
  maxPhotos: 9,
  nameMax: 100,
  noteMax: 500,
  reasonMax: 500,
  clientIdMax: 64,
} as const;

/**
 * The QR code on the printed 资产卡片 carries the asset's code as plain text (what any scanner shows and a person can
 * type). A URL with `?code=` (or `&code=`) is read as well, so a card printed with a link to the product works too.
 */
export function assetCodeFromQr(text: string): string {
  const value = text.trim();
  const m = /[?&]code=([^&#]+)/.exec(value);
  if (m) {
    try {
      return decodeURIComponent(m[1]!).trim();
    } catch {
      return m[1]!.trim();
    }
  }
  return value;
}

export const INVENTORY_MESSAGES = {
  notFound: '盘点任务不存在或已删除',
  itemNotFound: '盘点明细不存在',
  nameRequired: '请输入盘点任务名称',
  deadlineRequired: '请选择截止日期',
  deadlineFormat: '截止日期格式应为 YYYY-MM-DD',
  checkersRequired: '请选择盘点人',
  unknownChecker: '所选盘点人不是本租户的用户',
  unknownDepart: '所选部门不存在',
  unknownCategory: '所选资产分类不存在',
  onlyDraftEditable: '只有草稿状态的盘点任务可以修改或删除',
  onlyDraftOpenable: '只有草稿状态的盘点任务可以开始',
  notOpen: '盘点任务未在进行中',
  emptyScope: '盘点范围内没有资产，请调整范围',
  openDifferences: (n: number) => `还有 ${n} 项差异未处理，不能结束盘点`,
  notChecker: '您不是该盘点任务的盘点人',
  noTenant: '请先选择租户',
  codeRequired: '请输入或扫描资产编号',
  codeNotInList: (code: string) => `资产“${code}”不在本次盘点清单中，如确有此物请登记盘盈`,
  clientIdRequired: '缺少客户端记录编号',
  clientIdTaken: '客户端记录编号已被其他记录使用',
  resultRequired: '请选择盘点结果',
  itemRequired: '请指定盘点的资产',
  surplusName: '请输入盘盈物品的名称',
  latitude: '纬度须在 -90 到 90 之间',
  longitude: '经度须在 -180 到 180 之间',
  coordinatePair: '经度和纬度须同时填写',
  recordedAt: '记录时间格式应为 YYYY-MM-DD HH:mm:ss',
  notFile: (path: string) => `“${path}”不是已上传的文件`,
  alreadySettled: '该差异已处理',
  notDifference: '该明细不是待处理的差异',
  actionRequired: '请选择处理方式',
  actionNotFit: (action: string, result: string) => `“${result}”不能按“${action}”处理`,
  reasonRequired: '请填写处理原因',
  transferNothing: '请至少填写新的部门、存放地点或保管人之一',
  categoryRequired: '请选择资产分类',
  settled: '处理成功！',
  recorded: '已记录',
} as const;

/** A campaign's scope: departments (with their sub-departments), categories (with their subtrees), address text. */
export interface InventoryScope {
  departIds: string[];
  categoryIds: string[];
  /** Assets whose address contains this text (empty: any). */
  address: string;
}

/** POST campaignAdd / PUT campaignEdit (with id). */
export interface InventoryCampaignInput {
  name: string;
  scope: InventoryScope;
  /** User ids of the checkers. */
  checkerIds: string[];
  deadline: string;
  remark?: string | null;
}

export interface InventoryCampaign {
  id: string;
  name: string;
  scope: InventoryScope;
  checkerIds: string[];
  /** The checkers' real names, in the order of checkerIds. */
  checkerNames: string[];
  deadline: string;
  status: InventoryStatus;
  status_dictText: string;
  remark: string | null;
  openTime: string | null;
  openBy: string | null;
  closeTime: string | null;
  closeBy: string | null;
  createBy: string | null;
  createTime: string | null;
  /** Items listed at opening (盘盈 not counted), checked, and open differences. */
  total: number;
  checked: number;
  openDifferences: number;
}

/** A finding as sent by the phone (queued offline, resent with the same clientId). */
export interface InventoryFindingInput {
  /** Generated on the phone (a UUID); a resend with it answers the stored finding. */
  clientId: string;
  campaignId: string;
  /** The item (from lookup or the list); absent for 盘盈. */
  itemId?: string | null;
  result: InventoryResult;
  /** 盘盈 only: what was found and where. */
  name?: string | null;
  address?: string | null;
  /** Stored paths from the file upload. */
  photos?: string[];
  latitude?: number | null;
  longitude?: number | null;
  /** Metres, as the phone's geolocation reports it. */
  accuracy?: number | null;
  note?: string | null;
  /** The time on the phone when recorded, YYYY-MM-DD HH:mm:ss. */
  recordedAt?: string | null;
}

export interface InventoryFinding {
  id: string;
  clientId: string;
  campaignId: string;
  itemId: string;
  result: InventoryResult;
  result_dictText: string;
  photos: string[];
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  note: string | null;
  recordedAt: string | null;
  createBy: string;
  createTime: string;
}

/** One line of the campaign's list: the asset as it was at opening, and its current finding and settlement. */
export interface InventoryItem {
  id: string;
  campaignId: string;
  /** null for 盘盈. */
  assetId: string | null;
  assetCode: string | null;
  assetName: string;
  categoryId: string | null;
  categoryName: string | null;
  departId: string | null;
  departName: string | null;
  custodian: string | null;
  custodianName: string | null;
  address: string | null;
  assetStatus: string | null;
  assetStatus_dictText: string | null;
  surplus: boolean;
  /** null: not checked yet. */
  result: InventoryResult | null;
  result_dictText: string;
  /** The difference the item stands for: its result, or 盘亏 (missing) while unchecked; null when normal. */
  difference: Exclude<InventoryResult, 'normal'> | null;
  photos: string[];
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  note: string | null;
  recordedAt: string | null;
  checkedBy: string | null;
  checkedByName: string | null;
  checkedTime: string | null;
  settleAction: InventorySettleAction | null;
  settleAction_dictText: string | null;
  settleReason: string | null;
  settleBy: string | null;
  settleByName: string | null;
  settleTime: string | null;
  /** The ledger event or the new asset the settlement made. */
  settleRef: string | null;
}

export interface InventoryProgressRow {
  key: string;
  name: string;
  total: number;
  checked: number;
  unchecked: number;
}

export interface InventoryProgress {
  total: number;
  checked: number;
  unchecked: number;
  surplus: number;
  /** Counts by department of the snapshot. */
  byDepart: InventoryProgressRow[];
  /** Items each checker recorded (total = checked; unchecked is the campaign's, not a checker's). */
  byChecker: InventoryProgressRow[];
  /** Counts by result (unchecked under the key 'unchecked'). */
  byResult: { result: InventoryResult | 'unchecked'; text: string; count: number }[];
}

/** POST settle. */
export interface InventorySettleInput {
  itemId: string;
  action: InventorySettleAction;
  reason: string;
  /** transfer: any of the three. */
  toDepartId?: string | null;
  toCustodian?: string | null;
  toAddress?: string | null;
  /** register: the new asset's category and department (name and address come from the finding). */
  categoryId?: string | null;
  ownerDepartId?: string | null;
  originalValue?: number | null;
}

export interface InventoryReport {
  campaign: InventoryCampaign;
  progress: InventoryProgress;
  /** Every difference with its settlement. */
  differences: InventoryItem[];
}
