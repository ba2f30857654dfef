import type { ReactNode } from 'react';

/** Column types of widgets-spec §3 (plus `tags`, the semicolon-separated tags cell of §5). */
export type ColumnType =
  | 'normal'
  | 'input'
  | 'inputNumber'
  | 'checkbox'
  | 'checkbox_meta'
  | 'select'
  | 'sel_depart'
  | 'sel_user'
  | 'date'
  | 'datetime'
  | 'input_pop'
  | 'upload'
  | 'popup'
  | 'file'
  | 'image'
  | 'radio'
  | 'list_multi'
  | 'sel_search'
  | 'slot'
  | 'hidden'
  | 'tags';

export type TableSize = 'medium' | 'small' | 'mini' | 'tiny';

export interface ColumnOption {
  value: string | number;
  text?: string;
  title?: string;
  label?: string;
  disabled?: boolean;
}

export type RowValues = Record<string, unknown>;

/** A row as the table holds it: its id under the row key plus one value per column. */
export type TableRow = RowValues;

export interface ValidateContext {
  value: unknown;
  row: TableRow;
  column: EditableColumn;
}

/**
 * One validation rule; the rules of a column are checked in order and the first failure wins (§5):
 * required, then unique (`unique: true` or `pattern: 'only'`), then pattern (named code or regex, only
 * for non-empty values), then a custom handler answering through its callback.
 */
export interface ValidateRule {
  required?: boolean;
  unique?: boolean;
  pattern?: string | RegExp;
  handler?: (ctx: ValidateContext, callback: (valid: boolean, message?: string) => void) => void;
  /** May use ${title}, ${key} and ${defaultValue}. */
  message?: string;
}

/** Value of an upload/file/image cell (§3). */
export interface UploadCellValue {
  name: string;
  type?: string;
  size?: number;
  status: 'uploading' | 'done' | 'error';
  percent?: number;
  path?: string;
  message?: string;
  responseName?: string;
}

export interface SlotProps {
  row: TableRow;
  rowId: string;
  rowIndex: number;
  column: EditableColumn;
  value: unknown;
  setValue: (value: unknown) => void;
}

/** The column definition of widgets-spec §3. */
export interface EditableColumn {
  key: string;
  title: string;
  type: ColumnType;
  width?: number;
  placeholder?: string;
  defaultValue?: unknown;
  defaultChecked?: boolean;
  /** [checked value, unchecked value] of a checkbox column. */
  customValue?: [unknown, unknown];
  options?: ColumnOption[];
  dictCode?: string;
  validateRules?: ValidateRule[];
  /** Passed to the editor component. */
  props?: Record<string, unknown>;
  disabled?: boolean;
  allowInput?: boolean;
  allowSearch?: boolean;
  allowDownload?: boolean;
  allowRemove?: boolean;
  isOrder?: boolean;
  statistics?: 'sum' | 'average';
  showDetails?: boolean;
  /** Upload URL of upload/file/image cells. */
  action?: string;
  /** Business path (sub-folder) of upload/file/image cells' files, e.g. `online`; images default to `temp`. */
  bizPath?: string;
  /** Upload cells send the access token header when set. */
  token?: boolean;
  responseName?: string;
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  field?: string;
  number?: number;
  btnText?: string;
  fieldExtendJson?: string;
  slot?: (props: SlotProps) => ReactNode;
  slotName?: string;
  authPre?: string;
}

export interface CellPosition {
  rowId: string;
  key: string;
}

/** setValues item: the row and the columns to change. */
export interface RowValuesUpdate {
  rowKey: string;
  values: RowValues;
}

export interface ValidateResult {
  /** Number of failing cells. */
  error: number;
  values: TableRow[];
}

export interface AddOptions {
  /** Start editing the first editable cell of the first added row. */
  setActive?: boolean;
}

/** The imperative API of <EditableTable ref>. */
export interface EditableTableApi {
  /** Appends rows (default one empty row with the column defaults); returns their ids. */
  add(rows?: RowValues | RowValues[], options?: AddOptions): string[];
  /** Inserts rows below the row with this id (or at this index when a number); returns their ids. */
  insert(after: string | number, rows?: RowValues | RowValues[], options?: AddOptions): string[];
  /** Removes rows by id; persisted ids are tracked as deleted. Throws on a wrong argument type. */
  remove(ids: string[]): void;
  moveUp(id: string): boolean;
  moveDown(id: string): boolean;
  /** Validates every cell and answers the error count and the rows (temporary id prefixes stripped). */
  getValues(): Promise<ValidateResult>;
  /** Same as getValues: validates everything and shows the failures. */
  validate(): Promise<ValidateResult>;
  /** Rows as they are, without validation (temporary id prefixes stripped). */
  getData(): TableRow[];
  /** Replaces all rows (a list, or a page object with records). */
  setData(data: unknown): void;
  setValues(updates: RowValuesUpdate[]): void;
  getSelection(): string[];
  setSelection(ids: string[]): void;
  clearSelection(): void;
  getDeleteIds(): string[];
  /** Applies a row changed elsewhere (a peer's saved change): updated when present. */
  applyRemoteRow(rowId: string, row: RowValues): boolean;
  /** Scrolls the row into view. */
  scrollToRow(id: string): void;
  /** Opens (or closes) a row's sub-table popup; 打开子表失败 when the row cannot be shown. */
  openSubTable(id: string): void;
}
