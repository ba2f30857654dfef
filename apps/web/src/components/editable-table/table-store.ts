import { TABLE_LIMITS, TABLE_MESSAGES } from './editable-table-constants';
import { comparableValue, isEmptyValue, validateCell } from './cell-validation';
import type { CellPosition, EditableColumn, RowValues, TableRow, ValidateResult } from './editable-table-types';
import { defaultValueOf, isTempId, newTempId, normalizeRowKey, stripTempId, toRowList } from './table-data';

type Listener = () => void;
export type Topic = 'structure' | 'selection' | 'values' | 'errors';

export interface StoreOptions {
  rowKey?: string;
  columns: EditableColumn[];
  /** Rows this answers true for cannot be selected. */
  isRowDisabled?: (row: TableRow) => boolean;
  dragSortKey?: string;
  dragSort?: boolean;
}

/**
 * The table's state outside React. Rows are immutable objects replaced on change; every row has a
 * version its mounted component subscribes to, so an edit re-renders one row, not the table. Topics
 * (structure, selection, values, errors) serve the header, toolbar and statistics row.
 */
export class TableStore {
  rowKey: string;
  columns: EditableColumn[];
  isRowDisabled: (row: TableRow) => boolean;
  dragSort: boolean;
  dragSortKey: string;

  private rows: TableRow[] = [];
  private index: Map<string, number> | null = null;
  private readonly errors = new Map<string, Map<string, string>>();
  private readonly selection = new Set<string>();
  private deleted: string[] = [];
  private active: CellPosition | null = null;
  private readonly versions = new Map<string, number>();
  private readonly rowListeners = new Map<string, Set<Listener>>();
  private readonly topicListeners = new Map<Topic, Set<Listener>>();
  private readonly topicVersions: Record<Topic, number> = { structure: 0, selection: 0, values: 0, errors: 0 };
  /** Latest validation per cell, so a slow custom handler's answer does not overwrite a newer one. */
  private readonly pendingChecks = new Map<string, number>();
  private checkSeq = 0;
  private selectableCache: { version: number; rule: (row: TableRow) => boolean; count: number } | null = null;

  constructor(options: StoreOptions) {
    this.rowKey = options.rowKey ?? TABLE_LIMITS.rowKey;
    this.columns = options.columns;
    this.isRowDisabled = options.isRowDisabled ?? (() => false);
    this.dragSort = options.dragSort ?? false;
    this.dragSortKey = options.dragSortKey ?? TABLE_LIMITS.dragSortKey;
  }

  // ---- subscriptions -------------------------------------------------------------------------

  subscribeRow = (id: string, listener: Listener): (() => void) => {
    let set = this.rowListeners.get(id);
    if (!set) {
      set = new Set();
      this.rowListeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.rowListeners.delete(id);
    };
  };

  rowVersion(id: string): number {
    return this.versions.get(id) ?? 0;
  }

  subscribe = (topic: Topic, listener: Listener): (() => void) => {
    let set = this.topicListeners.get(topic);
    if (!set) {
      set = new Set();
      this.topicListeners.set(topic, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  };

  version(topic: Topic): number {
    return this.topicVersions[topic];
  }

  private touch(id: string): void {
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    this.rowListeners.get(id)?.forEach((l) => l());
  }

  /** Re-renders every mounted row (the only ones that have listeners). */
  private touchMounted(): void {
    for (const id of [...this.rowListeners.keys()]) this.touch(id);
  }

  private emit(...topics: Topic[]): void {
    for (const topic of topics) {
      this.topicVersions[topic] += 1;
      this.topicListeners.get(topic)?.forEach((l) => l());
    }
  }

  // ---- reading ---------------------------------------------------------------------------------

  get size(): number {
    return this.rows.length;
  }

  rowAt(index: number): TableRow | undefined {
    return this.rows[index];
  }

  idAt(index: number): string | undefined {
    const row = this.rows[index];
    return row ? String(row[this.rowKey]) : undefined;
  }

  indexOf(id: string): number {
    if (!this.index) {
      this.index = new Map();
      this.rows.forEach((row, i) => this.index!.set(String(row[this.rowKey]), i));
    }
    return this.index.get(id) ?? -1;
  }

  getRow(id: string): TableRow | undefined {
    const i = this.indexOf(id);
    return i >= 0 ? this.rows[i] : undefined;
  }

  allRows(): readonly TableRow[] {
    return this.rows;
  }

  errorOf(id: string, key: string): string | undefined {
    return this.errors.get(id)?.get(key);
  }

  errorCount(): number {
    let count = 0;
    for (const m of this.errors.values()) count += m.size;
    return count;
  }

  isSelected(id: string): boolean {
    return this.selection.has(id);
  }

  selectedIds(): string[] {
    // In table order, so callers get a stable list.
    if (this.selection.size === 0) return [];
    return this.rows.map((r) => String(r[this.rowKey])).filter((id) => this.selection.has(id));
  }

  selectedCount(): number {
    return this.selection.size;
  }

  /** Number of rows that can be selected; counted again only after rows, values or the rule change. */
  selectableCount(): number {
    const cache = this.selectableCache;
    const version = this.topicVersions.structure + this.topicVersions.values;
    if (cache && cache.version === version && cache.rule === this.isRowDisabled) return cache.count;
    let count = 0;
    for (const row of this.rows) if (!this.isRowDisabled(row)) count += 1;
    this.selectableCache = { version, rule: this.isRowDisabled, count };
    return count;
  }

  getActive(): CellPosition | null {
    return this.active;
  }

  deletedIds(): string[] {
    return [...this.deleted];
  }

  /** Rows as they are read out: temporary id prefixes stripped, sort numbers from 1. */
  readRows(): TableRow[] {
    return this.rows.map((row, i) => {
      const id = String(row[this.rowKey]);
      const out: TableRow = { ...row, [this.rowKey]: stripTempId(id) };
      if (this.dragSort) out[this.dragSortKey] = i + 1;
      return out;
    });
  }

  // ---- writing ---------------------------------------------------------------------------------

  private makeRow(values: RowValues = {}): TableRow {
    const row: TableRow = {};
    for (const column of this.columns) row[column.key] = defaultValueOf(column);
    Object.assign(row, values);
    const given = values[this.rowKey];
    row[this.rowKey] = given === undefined || given === null || given === '' ? newTempId() : normalizeRowKey(given);
    return row;
  }

  setData(data: unknown): void {
    const list = toRowList(data);
    const seen = new Set<string>();
    this.rows = list.map((values) => {
      const row = { ...values } as TableRow;
      const given = values[this.rowKey];
      let id = given === undefined || given === null || given === '' ? newTempId() : normalizeRowKey(given);
      // Two rows must never share a key, even when the source repeats one.
      if (seen.has(id)) id = newTempId();
      seen.add(id);
      row[this.rowKey] = id;
      return row;
    });
    this.index = null;
    this.errors.clear();
    this.selection.clear();
    this.deleted = [];
    this.active = null;
    this.touchMounted();
    this.emit('structure', 'selection', 'values', 'errors');
  }

  /** Inserts new rows at a position (default: the end); returns their ids. */
  insertAt(position: number, values: RowValues[]): string[] {
    const rows = values.map((v) => this.makeRow(v));
    const at = Math.max(0, Math.min(position, this.rows.length));
    const next = this.rows.slice();
    next.splice(at, 0, ...rows);
    this.rows = next;
    this.index = null;
    this.emit('structure', 'values', 'selection');
    return rows.map((r) => String(r[this.rowKey]));
  }

  remove(ids: unknown): void {
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      throw new TypeError(TABLE_MESSAGES.removeArgument);
    }
    if (ids.length === 0) return;
    const gone = new Set(ids as string[]);
    const kept: TableRow[] = [];
    for (const row of this.rows) {
      const id = String(row[this.rowKey]);
      if (!gone.has(id)) {
        kept.push(row);
        continue;
      }
      if (!isTempId(id) && !this.deleted.includes(id)) this.deleted.push(id);
      this.errors.delete(id);
      this.selection.delete(id);
      if (this.active?.rowId === id) this.active = null;
    }
    if (kept.length === this.rows.length) return;
    this.rows = kept;
    this.index = null;
    this.emit('structure', 'values', 'selection', 'errors');
  }

  /** Moves a row from one index to another (drag sort). */
  moveTo(from: number, to: number): boolean {
    if (from === to || from < 0 || to < 0 || from >= this.rows.length || to >= this.rows.length) return false;
    const next = this.rows.slice();
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row!);
    this.rows = next;
    this.index = null;
    this.touchMounted();
    this.emit('structure', 'values');
    return true;
  }

  moveUp(id: string): boolean {
    const i = this.indexOf(id);
    return i > 0 ? this.moveTo(i, i - 1) : false;
  }

  moveDown(id: string): boolean {
    const i = this.indexOf(id);
    return i >= 0 && i < this.rows.length - 1 ? this.moveTo(i, i + 1) : false;
  }

  /** Changes some values of a row; returns false when the row is unknown. */
  updateRow(id: string, values: RowValues): boolean {
    const i = this.indexOf(id);
    if (i < 0) return false;
    const next = { ...this.rows[i], ...values, [this.rowKey]: id };
    this.rows[i] = next;
    this.touch(id);
    this.emit('values');
    return true;
  }

  setCell(id: string, key: string, value: unknown): boolean {
    return this.updateRow(id, { [key]: value });
  }

  setError(id: string, key: string, message: string | null): void {
    const current = this.errors.get(id)?.get(key) ?? null;
    if (current === message) return;
    if (message) {
      let m = this.errors.get(id);
      if (!m) {
        m = new Map();
        this.errors.set(id, m);
      }
      m.set(key, message);
    } else {
      const m = this.errors.get(id);
      m?.delete(key);
      if (m && m.size === 0) this.errors.delete(id);
    }
    this.touch(id);
    this.emit('errors');
  }

  setActive(cell: CellPosition | null): void {
    const previous = this.active;
    if (previous?.rowId === cell?.rowId && previous?.key === cell?.key) return;
    this.active = cell;
    if (previous) this.touch(previous.rowId);
    if (cell && cell.rowId !== previous?.rowId) this.touch(cell.rowId);
  }

  // ---- selection -------------------------------------------------------------------------------

  toggleSelect(id: string, checked?: boolean): void {
    const row = this.getRow(id);
    if (!row || this.isRowDisabled(row)) return;
    const on = checked ?? !this.selection.has(id);
    if (on === this.selection.has(id)) return;
    if (on) this.selection.add(id);
    else this.selection.delete(id);
    this.touch(id);
    this.emit('selection');
  }

  /** Selects the given rows (disabled rows are skipped) in one update. */
  select(ids: Iterable<string>): void {
    for (const id of ids) {
      const row = this.getRow(id);
      if (row && !this.isRowDisabled(row)) this.selection.add(id);
    }
    this.touchMounted();
    this.emit('selection');
  }

  selectAll(checked: boolean): void {
    this.selection.clear();
    if (checked) {
      for (const row of this.rows) if (!this.isRowDisabled(row)) this.selection.add(String(row[this.rowKey]));
    }
    this.touchMounted();
    this.emit('selection');
  }

  clearSelection(): void {
    if (this.selection.size === 0) return;
    this.selection.clear();
    this.touchMounted();
    this.emit('selection');
  }

  // ---- validation ------------------------------------------------------------------------------

  private isDuplicateFor(id: string) {
    return (key: string, value: unknown) => {
      const target = comparableValue(value);
      for (const row of this.rows) {
        if (String(row[this.rowKey]) === id) continue;
        const other = row[key];
        if (!isEmptyValue(other) && comparableValue(other) === target) return true;
      }
      return false;
    };
  }

  columnOf(key: string): EditableColumn | undefined {
    return this.columns.find((c) => c.key === key);
  }

  /** Validates one cell and records the answer; resolves to the message or null. */
  async validateCellAt(id: string, key: string): Promise<string | null> {
    const column = this.columnOf(key);
    const row = this.getRow(id);
    if (!column || !row) return null;
    const cellKey = `${id}\u0000${key}`;
    const seq = ++this.checkSeq;
    this.pendingChecks.set(cellKey, seq);
    const result = await validateCell(column, row[key], row, this.isDuplicateFor(id));
    if (this.pendingChecks.get(cellKey) !== seq) return result;
    this.pendingChecks.delete(cellKey);
    if (this.getRow(id)) this.setError(id, key, result);
    // Other rows flagged as duplicates in this column may be fine now.
    if (column.validateRules?.some((r) => r.unique || r.pattern === 'only')) {
      for (const [otherId, m] of [...this.errors]) {
        if (otherId !== id && m.has(key)) void this.validateCellAt(otherId, key);
      }
    }
    return result;
  }

  /** Validates every cell of every row, records the failures and answers the count and the rows. */
  async validateAll(): Promise<ValidateResult> {
    const columns = this.columns.filter((c) => c.validateRules && c.validateRules.length > 0);
    // Value counts per unique column make the duplicate check linear.
    const counts = new Map<string, Map<string, number>>();
    for (const column of columns) {
      if (!column.validateRules!.some((r) => r.unique || r.pattern === 'only')) continue;
      const m = new Map<string, number>();
      for (const row of this.rows) {
        const v = row[column.key];
        if (isEmptyValue(v)) continue;
        const c = comparableValue(v);
        m.set(c, (m.get(c) ?? 0) + 1);
      }
      counts.set(column.key, m);
    }
    const isDuplicate = (key: string, value: unknown) => (counts.get(key)?.get(comparableValue(value)) ?? 0) > 1;
    const next = new Map<string, Map<string, string>>();
    const pending: Promise<void>[] = [];
    const record = (id: string, key: string, message: string | null) => {
      if (!message) return;
      let m = next.get(id);
      if (!m) {
        m = new Map();
        next.set(id, m);
      }
      m.set(key, message);
    };
    for (const row of this.rows) {
      const id = String(row[this.rowKey]);
      for (const column of columns) {
        const result = validateCell(column, row[column.key], row, isDuplicate);
        if (result instanceof Promise) pending.push(result.then((m) => record(id, column.key, m)));
        else record(id, column.key, result);
      }
    }
    await Promise.all(pending);
    this.errors.clear();
    // Keep table order, so the first error is the topmost one.
    for (const row of this.rows) {
      const id = String(row[this.rowKey]);
      const m = next.get(id);
      if (m) this.errors.set(id, m);
    }
    this.touchMounted();
    this.emit('errors');
    return { error: this.errorCount(), values: this.readRows() };
  }

  firstErrorCell(): CellPosition | null {
    const first = this.errors.entries().next();
    if (first.done) return null;
    const [rowId, m] = first.value;
    const key = this.columns.find((c) => m.has(c.key))?.key ?? m.keys().next().value;
    return key ? { rowId, key } : null;
  }
}
