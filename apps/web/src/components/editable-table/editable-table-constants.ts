import type { ColumnType, TableSize } from './editable-table-types';

/** Business constants of widgets-spec §9 for the editable table. */
export const TABLE_LIMITS = {
  rowHeight: 61,
  maxHeight: 400,
  /** Rows kept rendered beyond the visible ones; with 400 px that makes a window of about 9 rows. */
  overscan: 2,
  headerHeight: 48,
  rowKey: 'id',
  rowKeyMaxLength: 50,
  dragSortKey: 'orderNum',
  insertThrottleMs: 1500,
  clickThrottleMs: 300,
  blurValidateDelayMs: 100,
  /** Retries before a sub-table popup gives up (打开子表失败). */
  subTableRetries: 3,
  subTableRetryDelayMs: 50,
  /** Space needed under a row to open its sub-table below; otherwise above. */
  subTableSpaceBelow: 350,
  /** Width of the selection, order and action columns. */
  checkboxWidth: 48,
  orderWidth: 56,
  dragWidth: 36,
  actionWidth: 150,
} as const;

export const TABLE_MESSAGES = {
  clickTooFast: '你点击的太快了，请慢点点击!',
  unknownShape: '返回数据类型不识别',
  subTableFailed: '打开子表失败',
  imageOnly: '请上传图片格式的文件',
  unknownFile: '未知的文件',
  uploadUnknownError: '未知错误',
  uploadErrorTitle: '上传出错',
  uploadErrorLabel: '错误信息：',
  removeArgument: 'remove 的参数必须是行 id 组成的字符串数组',
  searchEmpty: '没有查询到任何数据',
  searchHint: '请输入搜索内容',
} as const;

/** Default column widths (px) by type; 120 otherwise. */
export const COLUMN_WIDTH: Partial<Record<ColumnType, number>> = {
  datetime: 200,
  sel_user: 220,
  sel_depart: 160,
};
export const DEFAULT_COLUMN_WIDTH = 120;

/** Minimum column widths (px) by type. */
export const COLUMN_MIN_WIDTH: Partial<Record<ColumnType, number>> = {
  date: 135,
  datetime: 190,
  sel_user: 190,
  sel_depart: 190,
};

export const TABLE_SIZES: readonly TableSize[] = ['medium', 'small', 'mini', 'tiny'];

/** Font size and antd control size per table size. */
export const SIZE_STYLE: Record<TableSize, { fontSize: number; control: 'middle' | 'small' }> = {
  medium: { fontSize: 14, control: 'middle' },
  small: { fontSize: 14, control: 'small' },
  mini: { fontSize: 13, control: 'small' },
  tiny: { fontSize: 12, control: 'small' },
};
