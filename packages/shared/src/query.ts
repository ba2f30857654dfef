/**
 * The list contract shared by the generic list pages and the server's resource pattern
 * (widgets-spec §5, §7, §9; architecture.md "The API contract").
 */

/** Generic list pages (widgets-spec §9): page size 20 with options 20, 30, 50, newest first. */
export const LIST_PAGE = {
  pageSize: 20,
  pageSizeOptions: [20, 30, 50] as const,
  defaultColumn: 'createTime',
  defaultOrder: 'desc' as const,
};
/** Picker tables (user, department, …): 10 with options 10, 20, 30. */
export const PICKER_PAGE = { pageSize: 10, pageSizeOptions: [10, 20, 30] as const };
/** The business select modal: 5 with options 5, 10, 20, 30. */
export const BIZ_SELECT_PAGE = { pageSize: 5, pageSizeOptions: [5, 10, 20, 30] as const };
/** The server never returns more rows than this in one page, whatever pageSize asks for. */
export const MAX_PAGE_SIZE = 1000;
/**
 * The deepest page a list serves. Offsets stay exact integers far below every dialect's bigint, while no
 * real list is paged this deep; `pageNo=1e300` is the caller's mistake (400), not a 500 from the driver.
 */
export const MAX_PAGE_NO = 100_000_000;

/**
 * Reads a paging parameter (pageNo, pageSize): absent or empty gives the fallback; anything but an integer
 * from 1 to `max` is answered with the message to send as a 400.
 */
export function parsePagingParam(
  raw: string | undefined,
  fallback: number,
  name: string,
  max: number = MAX_PAGE_NO,
): { value: number } | { error: string } {
  if (raw === undefined || raw === '') return { value: fallback };
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) return { error: `参数 ${name} 必须是正整数` };
  if (n > max) return { error: `参数 ${name} 不能大于 ${max}` };
  return { value: n };
}

export type SortOrder = 'asc' | 'desc';

/** Advanced-query rules (widgets-spec §5). */
export const SUPER_QUERY_RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];
export const SUPER_QUERY_RULE_LABELS: Record<SuperQueryRule, string> = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
};
export type SuperQueryMatchType = 'and' | 'or';

/** One condition as superQueryParams carries it (URL-encoded JSON array of these). */
export interface SuperQueryCondition {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type?: string;
  dbType?: string;
}

/** A field the advanced query builder offers (the resource's filterable fields). */
export interface SuperQueryFieldDef {
  field: string;
  title: string;
  /** string | int | number | date | datetime | select (dictionary) */
  type: 'string' | 'int' | 'number' | 'date' | 'datetime' | 'select';
  dictCode?: string;
}

/** A saved advanced query (widgets-spec §3). */
export interface SavedSuperQuery {
  title: string;
  matchType: SuperQueryMatchType;
  records: SuperQueryCondition[];
}

/** Local-storage key prefix of saved queries: prefix + save code (or the route path). */
export const SUPER_QUERY_STORAGE_PREFIX = 'JEECG_SUPER_QUERY_';

export const SUPER_QUERY_MESSAGES = {
  emptyQuery: '不能查询空条件',
  emptySave: '空条件不能保存',
  emptyName: '保存名称不能为空',
  overwrite: (name: string) => `${name} 已存在，是否覆盖？`,
  saved: '保存成功',
  deleteSaved: '是否删除当前查询？',
} as const;

export const LIST_MESSAGES = {
  selectOne: '请选择一条记录！',
  deleteTitle: '确认删除',
  deleteContent: '是否删除选中数据?',
  batchDelete: (n: number) => `确定要删除这 ${n} 项吗?`,
  missingUrl: '请设置url.list属性!',
  /** The same error for another missing URL setting (delete, deleteBatch, …). */
  missingUrlOf: (name: string) => `请设置url.${name}属性!`,
  exportFailed: '文件下载失败',
  deleteFile: '确认删除当前文件',
} as const;

export const IMPORT_MESSAGES = {
  title: '导入EXCEL',
  choose: '选择导入文件',
  close: '关闭',
  start: '开始上传',
  uploading: '上传中...',
  uploaded: (file: string) => `${file} 文件上传成功`,
  failed: (file: string, message: string) => `${file} ${message}.`,
  /** The server reads the uploaded file (counting its rows) before the first row goes in. */
  reading: '正在读取文件...',
  processing: (done: number, total: number) => `正在导入：已处理 ${done} / ${total} 行`,
  /** The answer was lost (the instance died, the connection broke): the dialog asks the server how far it got. */
  checking: '连接中断，正在确认导入结果...',
  /** An import that stopped after some rows were committed; they stay in. */
  interrupted: (imported: number) => `导入中断：已导入 ${imported} 行，其余未导入`,
  resume: (imported: number) => `继续导入（跳过已导入的 ${imported} 行）`,
  restart: '全部重新导入',
  /** The server finished while the dialog had lost its answer. */
  finished: (success: number, failed: number) => `导入已完成：成功 ${success} 条，失败 ${failed} 条`,
  /** Server: the same file (user, tenant, list) has a stopped import with committed rows. */
  unfinished: (imported: number) =>
    `该文件上次导入未完成，已导入 ${imported} 行：请选择继续导入（跳过已导入的行）或全部重新导入`,
  /** Server: an import of the same file is still running. */
  running: '该文件正在导入中，请等待其完成后再试',
  badResume: '参数 resume 只能是 continue 或 restart',
  /** Server: a multipart body that cannot be read to its end (cut short, a wrong boundary). */
  badUpload: '上传的文件不完整或格式有误，请重新上传',
  /** Appended to the answer of a resumed import. */
  resumed: (skipped: number) => `（其中 ${skipped} 条为上次已导入）`,
} as const;

/** Plain filter values (the text filter input's encodings, app-spec §5). */
export type FilterOperator = 'eq' | 'like' | 'ne' | 'ge' | 'le' | 'in';

export function encodeFilter(value: string, op: FilterOperator, trim = false): string {
  const v = trim ? value.trim() : value;
  if (v === '') return '';
  switch (op) {
    case 'like':
      return `*${v}*`;
    case 'ne':
      return `!${v}`;
    case 'ge':
      return `>=${v}`;
    case 'le':
      return `<=${v}`;
    default:
      return v;
  }
}

/** Reads one plain filter value back into an operator and operand(s); the server's side of encodeFilter. */
export function decodeFilter(raw: string): {
  op: FilterOperator | 'left_like' | 'right_like';
  value: string | string[];
} {
  if (raw.length > 1 && raw.startsWith('*') && raw.endsWith('*')) return { op: 'like', value: raw.slice(1, -1) };
  if (raw.length > 1 && raw.startsWith('*')) return { op: 'left_like', value: raw.slice(1) };
  if (raw.length > 1 && raw.endsWith('*')) return { op: 'right_like', value: raw.slice(0, -1) };
  if (raw.startsWith('!') && raw.length > 1) return { op: 'ne', value: raw.slice(1) };
  if (raw.startsWith('>=')) return { op: 'ge', value: raw.slice(2) };
  if (raw.startsWith('<=')) return { op: 'le', value: raw.slice(2) };
  if (raw.includes(',')) return { op: 'in', value: raw.split(',').filter((s) => s !== '') };
  return { op: 'eq', value: raw };
}

/** A condition row lacking field, rule or value is empty (widgets-spec §5). */
export function isEmptyCondition(c: Partial<SuperQueryCondition>): boolean {
  return !c.field || !c.rule || c.val === undefined || c.val === null || String(c.val) === '';
}

export function encodeSuperQuery(conditions: readonly SuperQueryCondition[]): string {
  return encodeURIComponent(JSON.stringify(conditions));
}

/** Import answers code 201 when some rows failed; the message carries the error report link. */
export interface ImportResult {
  total: number;
  success: number;
  failed: number;
  /** Path below the API base of the per-row error report (.xlsx), when rows failed. */
  errorReportUrl?: string;
  /** A resumed import: rows an earlier, interrupted run of the same file had committed (counted in success). */
  skipped?: number;
}

/**
 * How far an import is, while its request runs and after: the client sends its own `importId` (query parameter of
 * the importExcel POST, 8–64 of `A-Za-z0-9_-`) and polls `importProgressUrl(importId)` (null until the upload has
 * arrived). `total` is the file's data rows, known once the server has counted them. Kept in the database, so it
 * can be read after the importing instance died (the run is then `failed`).
 */
export interface ImportProgress {
  phase: 'reading' | 'importing' | 'done' | 'failed';
  total: number;
  processed: number;
  /** Rows committed (they stay in when the import stops). */
  success: number;
  failed: number;
  /** A stopped import with committed rows: the same file can be sent again with `resume=continue` (skips them). */
  resumable?: true;
  /** A finished import's per-row error report, as in ImportResult. */
  errorReportUrl?: string;
}

/** `resume` of the importExcel POST, for a file whose earlier import stopped with rows committed. */
export type ImportResumeMode = 'continue' | 'restart';

export const importProgressUrl = (importId: string) => `/sys/common/importProgress/${encodeURIComponent(importId)}`;
