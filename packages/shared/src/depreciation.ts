/*
 * 折旧 (issue 26 part 2): government fixed assets are depreciated monthly, straight line, by the life their category
 * carries (折旧年限, 残值率 on sys_category; a child without a life of its own takes its parent's). One row per asset
 * and month (biz_asset_depreciation); money is exchanged in yuan and stored in fen.
 */

/** Permission codes; spread into PERM. */
export const DEPRECIATION_PERM = {
  /** 折旧报表, an asset's 折旧 schedule and the report's Excel export. */
  assetDepreciationList: 'asset:depreciation:list',
  /** 计提折旧: book a month for the tenant the caller acts in. */
  assetDepreciationBook: 'asset:depreciation:book',
} as const;

export const DEPRECIATION_API = {
  /** POST { period: 'YYYY-MM' }: books the month for the caller's tenant. */
  book: '/asset/depreciation/book',
  /** GET ?assetId: the booked rows and the projected remainder of the life. */
  schedule: '/asset/depreciation/schedule',
  /** GET ?period: the month by category and department, with totals. */
  report: '/asset/depreciation/report',
  /** GET ?period: the report as .xlsx. */
  exportXls: '/asset/depreciation/exportXls',
} as const;

/** The 折旧报表 page (menu url). */
export const DEPRECIATION_ROUTE = '/asset/depreciation';

/** The scheduled job's handler key: books the previous month for every tenant. */
export const DEPRECIATION_JOB_HANDLER = 'monthlyDepreciation';

/** Assets read, booked and written per transaction. */
export const DEPRECIATION_BATCH = 1000;

export const DEPRECIATION_LIMITS = {
  /** 折旧年限 in whole years; 0 or empty = not depreciated. */
  maxYears: 100,
  /** 残值率 in whole percent. */
  maxResidualRate: 99,
} as const;

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const DEPRECIATION_MESSAGES = {
  periodRequired: '请选择计提月份',
  periodFormat: '月份格式应为 YYYY-MM',
  futurePeriod: '不能计提未来月份的折旧',
  assetRequired: '参数 assetId 不能为空',
  yearsRange: `折旧年限须为 0 到 ${DEPRECIATION_LIMITS.maxYears} 之间的整数`,
  residualRange: `残值率须为 0 到 ${DEPRECIATION_LIMITS.maxResidualRate} 之间的整数`,
  booked: (period: string, count: number, amountYuan: string) =>
    count > 0 ? `已计提 ${period} 折旧：${count} 项资产，共 ${amountYuan} 元` : `${period} 没有需要计提的折旧`,
  /** Why an asset has no schedule (shown on 资产详情). */
  notDepreciated: '该资产所属分类不计提折旧',
  noValue: '该资产未登记原值或净值，不计提折旧',
  noAcquiredDate: '该资产未登记取得日期，不计提折旧',
  disposed: '该资产已处置，不再计提折旧',
} as const;

/** One month of an asset's schedule; money in yuan. */
export interface DepreciationEntry {
  period: string;
  amount: number;
  /** 累计折旧: the original value less the net value after this month. */
  accumulated: number;
  netAfter: number;
  /** false: booked; true: the projection of the remaining life from the current net value. */
  projected: boolean;
}

export interface DepreciationSchedule {
  assetId: string;
  /** 折旧年限 in years as the category (or its parent) gives it; null or 0: not depreciated. */
  lifeYears: number | null;
  residualRate: number;
  /** 残值 in yuan. */
  residual: number | null;
  /** The first month depreciated (the month after acquisition). */
  startPeriod: string | null;
  originalValue: number | null;
  netValue: number | null;
  /** Chinese reason when nothing is depreciated. */
  note: string | null;
  entries: DepreciationEntry[];
}

/** A row of 折旧报表: one category and department in the month; money in yuan. */
export interface DepreciationReportRow {
  categoryId: string;
  categoryName: string;
  departId: string | null;
  departName: string;
  count: number;
  amount: number;
  /** Net values after the month's booking, summed. */
  netAfter: number;
}

export interface DepreciationReport {
  period: string;
  rows: DepreciationReportRow[];
  total: { count: number; amount: number; netAfter: number };
}

export interface DepreciationBookResult {
  period: string;
  count: number;
  /** Yuan. */
  amount: number;
}

/** 'YYYY-MM' of a 'YYYY-MM-DD…' date. */
export const periodOf = (date: string): string => date.slice(0, 7);

/** Months from a to b ('YYYY-MM'): 0 when equal, negative when b is earlier. */
export function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return (by - ay) * 12 + (bm - am);
}

/** The period n months after p (n may be negative). */
export function addMonths(p: string, n: number): string {
  const [y, m] = p.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The current month in local time. */
export function currentPeriod(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}
