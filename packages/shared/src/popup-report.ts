/**
 * Popup reports and the category tree (widgets-spec §3, §5, §7, §9): the calls, their answers and the
 * pickers' messages, shared by the report module of the server and the popup/category widgets.
 */
import type { DictItem } from './session.js';

export const POPUP_REPORT_API = {
  /** + '/{code}' → PopupReportColumns */
  columns: '/online/cgreport/api/getRpColumns',
  /** + '/{configId}' → PopupReportQueryItem[] */
  queryInfo: '/online/cgreport/api/getQueryInfo',
  /** + '/{configId}' with pageNo, pageSize, column, order, self_<param>, query fields → PageResult of rows */
  data: '/online/cgreport/api/getData',
} as const;

/** Dynamic parameters of a report travel with this prefix, so they never collide with query fields. */
export const POPUP_PARAM_PREFIX = 'self_';

/** Popup report: page size 10 (10, 20, 30), its configuration cached 30 s, modal width 1200. */
export const POPUP_REPORT = {
  pageSize: 10,
  pageSizeOptions: [10, 20, 30] as const,
  cacheMs: 30_000,
  modalWidth: 1200,
} as const;

export interface PopupReportColumn {
  /** The row field the column shows. */
  field: string;
  title: string;
  /** Values are shown through this dictionary (options in dictOptions[field]). */
  dictCode?: string;
  sortable?: boolean;
}

/** Answer of getRpColumns. */
export interface PopupReportColumns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: PopupReportColumn[];
  /** field → options of its dictionary */
  dictOptions: Record<string, DictItem[]>;
}

/** One item of getQueryInfo. */
export interface PopupReportQueryItem {
  field: string;
  title: string;
  mode: 'single';
  /** '1': hidden until the query form is expanded. */
  hidden?: '1';
  dictCode?: string;
}

export type PopupReportRow = Record<string, unknown> & { id: string };

export const POPUP_MESSAGES = {
  badConfig: 'popup参数未正确配置!',
  countMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
  selectOne: '请选择一条记录',
} as const;

/** Category tree calls (the category screen's API). */
export const CATEGORY_API = {
  /** pcode → root nodes */
  loadTreeRoot: '/sys/category/loadTreeRoot',
  /** pid → child nodes */
  loadTreeChildren: '/sys/category/loadTreeChildren',
  /** field, val → one category */
  loadOne: '/sys/category/loadOne',
  /** pid, pcode, condition → nodes */
  loadTreeData: '/sys/category/loadTreeData',
  /** ids → names, comma-joined in the ids' order */
  loadDictItem: '/sys/category/loadDictItem/',
} as const;

export interface CategoryNode {
  key: string;
  title: string;
  value: string;
  /** true / 1 / '1' for a node without children */
  leaf: boolean | number | string;
  code: string;
  parentId: string;
}

export const CATEGORY_MESSAGES = {
  /** The tree-select condition must be a JSON object string (widgets-spec §5). */
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
} as const;
