import {
  COLUMN_MIN_WIDTH,
  COLUMN_WIDTH,
  DEFAULT_COLUMN_WIDTH,
  TABLE_LIMITS,
  TABLE_MESSAGES,
} from './editable-table-constants';
import { fillTemplate } from './cell-validation';
import type { ColumnOption, EditableColumn, RowValues, TableRow } from './editable-table-types';

/**
 * Temporary ids of rows added in the browser: a marker prefix plus a generated 32-hex suffix. The
 * prefix is stripped when rows are read out, so the server gets an id in its own format.
 */
export const TEMP_ID_PREFIX = 'tmp_';

function hex32(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function newTempId(): string {
  return `${TEMP_ID_PREFIX}${hex32()}`;
}

export const isTempId = (id: string) => id.startsWith(TEMP_ID_PREFIX);

export function stripTempId(id: string): string {
  return isTempId(id) ? id.slice(TEMP_ID_PREFIX.length) : id;
}

/** A row key as the table keeps it: text, at most 50 characters. */
export function normalizeRowKey(value: unknown): string {
  return String(value).slice(0, TABLE_LIMITS.rowKeyMaxLength);
}

/**
 * Accepts the data shapes a table may be given: a row list, a page (`records`), or a whole answer
 * (`result` holding either). Anything else is refused with 返回数据类型不识别.
 */
export function toRowList(data: unknown): RowValues[] {
  if (data === null || data === undefined) return [];
  if (Array.isArray(data)) {
    if (data.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) return data as RowValues[];
    throw new Error(TABLE_MESSAGES.unknownShape);
  }
  if (typeof data === 'object') {
    const obj = data as Record<string, unknown>;
    if (Array.isArray(obj.records)) return toRowList(obj.records);
    if ('result' in obj) return toRowList(obj.result);
  }
  throw new Error(TABLE_MESSAGES.unknownShape);
}

/** Rendered width: the column's own or the type's default, never below the type's minimum. */
export function columnWidth(column: Pick<EditableColumn, 'type' | 'width'>): number {
  const width = column.width ?? COLUMN_WIDTH[column.type] ?? DEFAULT_COLUMN_WIDTH;
  return Math.max(width, COLUMN_MIN_WIDTH[column.type] ?? 0);
}

/**
 * Widths that fill the space the grid is given: a table of three narrow columns in a wide dialog would otherwise end
 * in the middle of it. Extra space goes to the data columns in proportion to their own widths; never narrower.
 */
export function fitColumnWidths(widths: readonly number[], fixedWidth: number, available: number): number[] {
  const data = widths.reduce((a, b) => a + b, 0);
  const spare = Math.floor(available) - fixedWidth - data;
  if (spare <= 0 || data <= 0) return [...widths];
  const fitted = widths.map((w) => w + Math.floor((spare * w) / data));
  // Rounding leaves a few pixels: the last column takes them so the grid ends exactly at the edge.
  fitted[fitted.length - 1]! += spare - (fitted.reduce((a, b) => a + b, 0) - data);
  return fitted;
}

const SELECT_TYPES = new Set([
  'select',
  'sel_depart',
  'sel_user',
  'date',
  'datetime',
  'radio',
  'list_multi',
  'sel_search',
]);

export function placeholderOf(column: EditableColumn): string {
  const template = column.placeholder ?? (SELECT_TYPES.has(column.type) ? '请选择${title}' : '请输入${title}');
  return fillTemplate(template, column);
}

export function checkboxValues(column: EditableColumn): [unknown, unknown] {
  return column.customValue ?? [true, false];
}

/** The value a new row gets in this column. */
export function defaultValueOf(column: EditableColumn): unknown {
  if (column.type === 'checkbox' || column.type === 'checkbox_meta') {
    const [on, off] = checkboxValues(column);
    if (column.defaultValue !== undefined) return column.defaultValue;
    return column.defaultChecked ? on : off;
  }
  if (column.defaultValue === undefined) return '';
  // Fresh copies, so rows never share one array or object.
  return typeof column.defaultValue === 'object' && column.defaultValue !== null
    ? structuredClone(column.defaultValue)
    : column.defaultValue;
}

export function optionLabel(option: ColumnOption): string {
  return option.text ?? option.title ?? option.label ?? String(option.value);
}

/** Multi-value cells keep a comma-joined string. */
export function splitMulti(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .filter((v) => v !== '');
}

export function rowIdOf(row: TableRow, rowKey: string): string {
  return String(row[rowKey]);
}
