import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Button, Checkbox, Empty, Space, Spin } from 'antd';
import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useVirtualizer, observeElementRect, type Virtualizer } from '@tanstack/react-virtual';
import { feedback } from '@/lib/feedback';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { SIZE_STYLE, TABLE_LIMITS, TABLE_MESSAGES } from './editable-table-constants';
import type {
  ColumnOption,
  EditableColumn,
  EditableTableApi,
  RowValues,
  SlotProps,
  TableRow,
  TableSize,
} from './editable-table-types';
import type { LeadingColumns, PlacedColumn, RowActions } from './editable-row';
import { StatisticsRow, hasStatistics } from './statistics-row';
import { TableContext, loadColumnOptions, staticOptions, type TableContextValue } from './table-context';
import { columnWidth, fitColumnWidths } from './table-data';
import { TableStore } from './table-store';
import { RowIconSource } from './row-icons';
import { VirtualRows } from './virtual-rows';
import './editable-table.css';

export interface EditableTableProps {
  columns: EditableColumn[];
  /** Rows: a list, a page ({records}) or an answer ({result}); anything else throws 返回数据类型不识别. */
  dataSource?: unknown;
  rowKey?: string;
  /** Every visible cell shows its editor; otherwise a cell is edited after a click. */
  alwaysEdit?: boolean;
  rowSelection?: boolean;
  rowNumber?: boolean;
  dragSort?: boolean;
  dragSortKey?: string;
  /** Toolbar with add, remove and clear-selection buttons. */
  actionButton?: boolean;
  /** Per-row insert below, move up/down and delete buttons. */
  rowActions?: boolean;
  maxHeight?: number;
  rowHeight?: number;
  size?: TableSize;
  disabled?: boolean;
  /** Rows that cannot be selected: a predicate, or column values a row must match. */
  disabledRows?: ((row: TableRow) => boolean) | RowValues;
  /** Permission prefix (e.g. 'demo:order:') for the add and batch_delete toolbar buttons. */
  authPre?: string;
  slots?: Record<string, (props: SlotProps) => ReactNode>;
  /** Content of a row's sub-table popup; shows an expand button on each row. */
  subTable?: (row: TableRow) => ReactNode;
  loading?: boolean;
  toolbarExtra?: ReactNode;
  onValueChange?: (event: { rowId: string; key: string; value: unknown; row: TableRow }) => void;
  onSelectionChange?: (ids: string[]) => void;
  ref?: Ref<EditableTableApi>;
}

/** Popups rendered outside the table: a click inside them is not a click outside the cell. */
const POPUP_SELECTOR =
  '.ant-select-dropdown, .ant-picker-dropdown, .ant-picker-panel-container, .ant-popover, .ant-modal, .ant-tooltip, .ant-message';

function toArray(rows: RowValues | RowValues[] | undefined): RowValues[] {
  if (rows === undefined) return [{}];
  return Array.isArray(rows) ? rows : [rows];
}

function disabledPredicate(disabledRows: EditableTableProps['disabledRows']): (row: TableRow) => boolean {
  if (!disabledRows) return () => false;
  if (typeof disabledRows === 'function') return disabledRows;
  const entries = Object.entries(disabledRows);
  return (row) => entries.every(([k, v]) => row[k] === v);
}

/** A throttle that reports the refused click, so the caller can warn. */
function useClickGate() {
  const last = useRef(new Map<string, number>());
  return useCallback((name: string, ms: number) => {
    const now = Date.now();
    const previous = last.current.get(name);
    if (previous !== undefined && now - previous < ms) return false;
    last.current.set(name, now);
    return true;
  }, []);
}

interface SubTableState {
  rowId: string;
  top: number;
  left: number;
  width: number;
  placement: 'below' | 'above';
}

/**
 * The editable table of widgets-spec §3–§5, §9: virtual rows and columns, per-row subscriptions,
 * validation with tooltips, selection, insert/move/drag/delete and an imperative API through `ref`.
 */
export function EditableTable(props: EditableTableProps) {
  const {
    columns,
    dataSource,
    rowKey = TABLE_LIMITS.rowKey,
    alwaysEdit = false,
    rowSelection = false,
    rowNumber = false,
    dragSort = false,
    dragSortKey = TABLE_LIMITS.dragSortKey,
    actionButton = false,
    rowActions = false,
    maxHeight = TABLE_LIMITS.maxHeight,
    rowHeight = TABLE_LIMITS.rowHeight,
    size = 'medium',
    disabled = false,
    disabledRows,
    authPre,
    slots,
    subTable,
    loading,
    toolbarExtra,
    onValueChange,
    onSelectionChange,
    ref,
  } = props;

  // One predicate per disabledRows value, so the store's count of selectable rows stays cached.
  const isRowDisabled = useMemo(() => disabledPredicate(disabledRows), [disabledRows]);
  const [store] = useState(
    () =>
      new TableStore({
        rowKey,
        columns,
        isRowDisabled,
        dragSort,
        dragSortKey,
      }),
  );
  store.columns = columns;
  store.isRowDisabled = isRowDisabled;
  store.dragSort = dragSort;
  store.dragSortKey = dragSortKey;

  // A new data source replaces the rows (an unknown shape throws 返回数据类型不识别). The first one is
  // read during the first render, later ones after it, so no row is told to update mid-render.
  const loadedSource = useRef<unknown>(Symbol('none'));
  if (loadedSource.current !== dataSource && store.size === 0 && store.version('structure') === 0) {
    loadedSource.current = dataSource;
    store.setData(dataSource);
  }
  useLayoutEffect(() => {
    if (loadedSource.current === dataSource) return;
    loadedSource.current = dataSource;
    store.setData(dataSource);
  }, [store, dataSource]);

  const subscribeStructure = useCallback((l: () => void) => store.subscribe('structure', l), [store]);
  const structureVersion = useSyncExternalStore(subscribeStructure, () => store.version('structure'));
  const subscribeSelection = useCallback((l: () => void) => store.subscribe('selection', l), [store]);
  useSyncExternalStore(subscribeSelection, () => store.version('selection'));

  // Options: static ones at once, dictionaries when loaded.
  const [dictOptions, setDictOptions] = useState<Record<string, ColumnOption[]>>({});
  const dictKey = columns.map((c) => (c.dictCode && !c.options ? `${c.key}=${c.dictCode}` : '')).join('|');
  useEffect(() => {
    let alive = true;
    const wanted = columns.filter((c) => c.dictCode && !c.options);
    void Promise.all(wanted.map(async (c) => [c.key, await loadColumnOptions(c.dictCode!)] as const)).then((pairs) => {
      if (alive && pairs.length > 0) setDictOptions(Object.fromEntries(pairs));
    });
    return () => {
      alive = false;
    };
    // The key string stands for the dictionary columns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dictKey]);
  const options = useMemo(() => ({ ...dictOptions, ...staticOptions(columns) }), [dictOptions, columns]);

  const hasPermission = useHasPermission();
  const prefix = authPre ? (authPre.endsWith(':') ? authPre : `${authPre}:`) : '';
  const canAdd = !prefix || hasPermission(`${prefix}add`);
  const canBatchDelete = !prefix || hasPermission(`${prefix}batch_delete`);

  const gate = useClickGate();
  const blurTimers = useRef(new Map<string, number>());
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowVirtualizer = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const onValueChangeRef = useRef(onValueChange);
  onValueChangeRef.current = onValueChange;
  const onSelectionChangeRef = useRef(onSelectionChange);
  onSelectionChangeRef.current = onSelectionChange;

  useEffect(() => store.subscribe('selection', () => onSelectionChangeRef.current?.(store.selectedIds())), [store]);

  const changeCell = useCallback(
    (rowId: string, key: string, value: unknown) => {
      if (!store.setCell(rowId, key, value)) return;
      void store.validateCellAt(rowId, key);
      onValueChangeRef.current?.({ rowId, key, value, row: store.getRow(rowId)! });
    },
    [store],
  );

  const blurCell = useCallback(
    (rowId: string, key: string) => {
      const cell = `${rowId}\u0000${key}`;
      window.clearTimeout(blurTimers.current.get(cell));
      blurTimers.current.set(
        cell,
        window.setTimeout(() => {
          blurTimers.current.delete(cell);
          void store.validateCellAt(rowId, key);
        }, TABLE_LIMITS.blurValidateDelayMs),
      );
    },
    [store],
  );

  useEffect(() => {
    const timers = blurTimers.current;
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, []);

  const activateCell = useCallback((rowId: string, key: string) => store.setActive({ rowId, key }), [store]);

  // A click outside the active cell (and outside its popups) turns it back into text.
  useEffect(() => {
    if (alwaysEdit) return;
    const onDown = (event: MouseEvent) => {
      const active = store.getActive();
      if (!active) return;
      const target = event.target as Element | null;
      if (!target || !target.closest) return;
      const cell = target.closest('.et-cell');
      const row = target.closest('.et-row');
      if (cell && row?.getAttribute('data-row-id') === active.rowId && cell.getAttribute('data-key') === active.key) {
        return;
      }
      if (target.closest(POPUP_SELECTOR)) return;
      store.setActive(null);
    };
    document.addEventListener('mousedown', onDown, true);
    return () => document.removeEventListener('mousedown', onDown, true);
  }, [store, alwaysEdit]);

  const firstEditableKey = useCallback(
    () => columns.find((c) => c.type !== 'normal' && c.type !== 'hidden' && !c.disabled)?.key,
    [columns],
  );

  const scrollToRow = useCallback(
    (id: string) => {
      const index = store.indexOf(id);
      if (index >= 0) rowVirtualizer.current?.scrollToIndex(index, { align: 'auto' });
    },
    [store],
  );

  const afterAdd = useCallback(
    (ids: string[], setActive?: boolean) => {
      if (ids.length === 0) return;
      scrollToRow(ids[0]!);
      const key = firstEditableKey();
      if (setActive && key && !alwaysEdit) store.setActive({ rowId: ids[0]!, key });
    },
    [store, scrollToRow, firstEditableKey, alwaysEdit],
  );

  const add = useCallback(
    (rows?: RowValues | RowValues[], options?: { setActive?: boolean }) => {
      const ids = store.insertAt(store.size, toArray(rows));
      afterAdd(ids, options?.setActive);
      return ids;
    },
    [store, afterAdd],
  );

  const insert = useCallback(
    (after: string | number, rows?: RowValues | RowValues[], options?: { setActive?: boolean }) => {
      const index = typeof after === 'number' ? after : store.indexOf(after) + 1;
      const ids = store.insertAt(index < 0 ? store.size : index, toArray(rows));
      afterAdd(ids, options?.setActive);
      return ids;
    },
    [store, afterAdd],
  );

  // ---- sub-table popup --------------------------------------------------------------------------
  const [subTableState, setSubTableState] = useState<SubTableState | null>(null);
  const openSubTable = useCallback(
    (rowId: string) => {
      if (!subTable) return;
      if (subTableState?.rowId === rowId) {
        setSubTableState(null);
        return;
      }
      scrollToRow(rowId);
      // The row may not be on screen yet (virtual rendering): look again a few times.
      const attempt = (retry: number) => {
        const element = scrollRef.current?.querySelector(`[data-row-id="${CSS.escape(rowId)}"]`);
        if (!element || !store.getRow(rowId)) {
          if (retry >= TABLE_LIMITS.subTableRetries) {
            feedback.message.error(TABLE_MESSAGES.subTableFailed);
            return;
          }
          window.setTimeout(() => attempt(retry + 1), TABLE_LIMITS.subTableRetryDelayMs);
          return;
        }
        const rect = element.getBoundingClientRect();
        const below = window.innerHeight - rect.bottom > TABLE_LIMITS.subTableSpaceBelow;
        setSubTableState({
          rowId,
          left: rect.left,
          width: rect.width || scrollRef.current?.clientWidth || 600,
          top: below ? rect.bottom : rect.top,
          placement: below ? 'below' : 'above',
        });
      };
      attempt(0);
    },
    [store, subTable, subTableState, scrollToRow],
  );

  // ---- imperative API ---------------------------------------------------------------------------
  const api = useMemo<EditableTableApi>(
    () => ({
      add,
      insert,
      remove: (ids) => store.remove(ids),
      moveUp: (id) => store.moveUp(id),
      moveDown: (id) => store.moveDown(id),
      getValues: async () => {
        const result = await store.validateAll();
        const first = store.firstErrorCell();
        if (first) scrollToRow(first.rowId);
        return result;
      },
      validate: async () => {
        const result = await store.validateAll();
        const first = store.firstErrorCell();
        if (first) scrollToRow(first.rowId);
        return result;
      },
      getData: () => store.readRows(),
      setData: (data) => store.setData(data),
      setValues: (updates) => {
        for (const { rowKey: id, values } of updates) {
          if (!store.updateRow(id, values)) continue;
          for (const key of Object.keys(values)) if (store.errorOf(id, key)) void store.validateCellAt(id, key);
        }
      },
      getSelection: () => store.selectedIds(),
      setSelection: (ids) => {
        store.selectAll(false);
        store.select(ids);
      },
      clearSelection: () => store.clearSelection(),
      getDeleteIds: () => store.deletedIds(),
      applyRemoteRow: (rowId, row) => {
        const { [rowKey]: _ignored, ...values } = row;
        return store.updateRow(rowId, values);
      },
      scrollToRow,
      openSubTable,
    }),
    [store, add, insert, scrollToRow, rowKey, openSubTable],
  );
  useImperativeHandle(ref, () => api, [api]);

  // ---- layout -----------------------------------------------------------------------------------
  const visibleColumns = useMemo(() => columns.filter((c) => c.type !== 'hidden'), [columns]);
  const baseWidths = useMemo(() => visibleColumns.map((c) => columnWidth(c)), [visibleColumns]);
  const leading: LeadingColumns = useMemo(
    () => ({ selection: rowSelection, order: rowNumber, drag: dragSort, subTable: Boolean(subTable) }),
    [rowSelection, rowNumber, dragSort, subTable],
  );
  const leadingWidth =
    (rowSelection ? TABLE_LIMITS.checkboxWidth : 0) +
    (rowNumber ? TABLE_LIMITS.orderWidth : 0) +
    (dragSort ? TABLE_LIMITS.dragWidth : 0) +
    (subTable ? TABLE_LIMITS.dragWidth : 0);
  const actionsWidth = rowActions ? TABLE_LIMITS.actionWidth : 0;
  const viewWidth = useElementWidth(scrollRef);
  const widths = useMemo(
    () => fitColumnWidths(baseWidths, leadingWidth + actionsWidth, viewWidth),
    [baseWidths, leadingWidth, actionsWidth, viewWidth],
  );
  const dataWidth = widths.reduce((a, b) => a + b, 0);
  const totalWidth = leadingWidth + dataWidth + actionsWidth;
  const headerHeight = TABLE_LIMITS.headerHeight;
  const showStatistics = hasStatistics(columns) && store.size > 0;
  const contentHeight = headerHeight + store.size * rowHeight + (showStatistics ? rowHeight : 0);
  const viewportHeight = Math.min(maxHeight, Math.max(contentHeight, headerHeight + rowHeight));

  // The viewport size is known from the props; the measured width is used once the browser has one.
  const observeRect = useCallback(
    (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
      observeElementRect(instance, (rect) =>
        cb({ width: rect.width || totalWidth, height: rect.height || viewportHeight }),
      ),
    [totalWidth, viewportHeight],
  );

  const initialRect = useMemo(() => ({ width: totalWidth, height: viewportHeight }), [totalWidth, viewportHeight]);

  const cols = useVirtualizer({
    horizontal: true,
    count: visibleColumns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? 120,
    overscan: 2,
    observeElementRect: observeRect,
    initialRect,
  });

  // Stretched widths (the dialog resized, a column hidden) move every column after the first changed one.
  useEffect(() => cols.measure(), [cols, widths]);

  const colItems = cols.getVirtualItems();
  const colRange = colItems.map((c) => `${c.index}:${c.start}`).join(',');
  const placedColumns: PlacedColumn[] = useMemo(
    () =>
      colItems.map((item) => ({
        column: visibleColumns[item.index]!,
        left: item.start,
        width: widths[item.index]!,
      })),
    // colRange stands for the virtual items.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [colRange, visibleColumns, widths],
  );

  const dragFrom = useRef<number | null>(null);
  const rowActionsApi: RowActions = useMemo(
    () => ({
      insert: (afterId) => {
        if (!gate('insert', TABLE_LIMITS.insertThrottleMs)) {
          feedback.message.warning(TABLE_MESSAGES.clickTooFast);
          return;
        }
        insert(afterId, undefined, { setActive: true });
      },
      moveUp: (id) => {
        if (gate('move', TABLE_LIMITS.clickThrottleMs)) store.moveUp(id);
      },
      moveDown: (id) => {
        if (gate('move', TABLE_LIMITS.clickThrottleMs)) store.moveDown(id);
      },
      remove: (id) => {
        if (gate('remove', TABLE_LIMITS.clickThrottleMs)) store.remove([id]);
      },
      openSubTable,
      dragStart: (index) => {
        dragFrom.current = index;
      },
      drop: (index) => {
        const from = dragFrom.current;
        dragFrom.current = null;
        if (from !== null) store.moveTo(from, index);
      },
    }),
    [store, gate, insert, openSubTable],
  );

  const ctx: TableContextValue = useMemo(
    () => ({
      store,
      size,
      alwaysEdit,
      disabled,
      options,
      slots: slots ?? {},
      changeCell,
      blurCell,
      activateCell,
    }),
    [store, size, alwaysEdit, disabled, options, slots, changeCell, blurCell, activateCell],
  );

  const selectedCount = store.selectedCount();
  const selectableCount = store.selectableCount();
  const allChecked = selectedCount > 0 && selectedCount >= selectableCount;
  const actionsLeft = rowActions ? leadingWidth + dataWidth : null;

  const onAddClick = () => {
    if (!gate('insert', TABLE_LIMITS.insertThrottleMs)) {
      feedback.message.warning(TABLE_MESSAGES.clickTooFast);
      return;
    }
    add(undefined, { setActive: true });
  };

  let x = 0;
  const lead = (w: number) => {
    const style = { left: x, width: w };
    x += w;
    return style;
  };

  const subTableRow = subTableState ? store.getRow(subTableState.rowId) : undefined;

  return (
    <TableContext.Provider value={ctx}>
      <div
        className={`et et--${size}`}
        style={{ fontSize: SIZE_STYLE[size].fontSize, '--et-cell-height': `${rowHeight - 1}px` } as CSSProperties}
      >
        <RowIconSource />
        {actionButton && (
          <div className="et-toolbar">
            <Space wrap>
              {canAdd && (
                <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={onAddClick}>
                  新增
                </Button>
              )}
              {selectedCount > 0 && (
                <>
                  {canBatchDelete && (
                    <Button
                      icon={<DeleteOutlined />}
                      disabled={disabled}
                      onClick={() => {
                        if (gate('remove', TABLE_LIMITS.clickThrottleMs)) store.remove(store.selectedIds());
                      }}
                    >
                      删除
                    </Button>
                  )}
                  <Button icon={<CloseOutlined />} onClick={() => store.clearSelection()}>
                    清空选择
                  </Button>
                  <span className="et-toolbar-count">已选择 {selectedCount} 项</span>
                </>
              )}
              {toolbarExtra}
            </Space>
          </div>
        )}
        <Spin spinning={Boolean(loading)}>
          <div
            ref={scrollRef}
            className="et-scroll"
            role="grid"
            aria-rowcount={store.size + 1}
            style={{ maxHeight, height: viewportHeight }}
          >
            <div className="et-canvas" style={{ height: headerHeight + store.size * rowHeight, width: totalWidth }}>
              <div className="et-header" role="row" style={{ height: headerHeight, width: totalWidth }}>
                {rowSelection && (
                  <div className="et-cell et-cell--fixed" style={lead(TABLE_LIMITS.checkboxWidth)}>
                    <Checkbox
                      aria-label="全选"
                      checked={allChecked}
                      indeterminate={selectedCount > 0 && !allChecked}
                      disabled={selectableCount === 0}
                      onChange={(e) => store.selectAll(e.target.checked)}
                    />
                  </div>
                )}
                {rowNumber && (
                  <div className="et-cell et-cell--fixed" style={lead(TABLE_LIMITS.orderWidth)}>
                    #
                  </div>
                )}
                {dragSort && <div className="et-cell et-cell--fixed" style={lead(TABLE_LIMITS.dragWidth)} />}
                {subTable && <div className="et-cell et-cell--fixed" style={lead(TABLE_LIMITS.dragWidth)} />}
                {placedColumns.map(({ column, left, width }) => (
                  <div
                    key={column.key}
                    className="et-cell et-header-cell"
                    role="columnheader"
                    style={{ left: left + leadingWidth, width }}
                  >
                    {column.validateRules?.some((r) => r.required) && <span className="et-required">*</span>}
                    {column.title}
                  </div>
                ))}
                {actionsLeft !== null && (
                  <div
                    className="et-cell et-header-cell"
                    role="columnheader"
                    style={{ left: actionsLeft, width: TABLE_LIMITS.actionWidth }}
                  >
                    操作
                  </div>
                )}
              </div>
              <VirtualRows
                store={store}
                structureVersion={structureVersion}
                scrollRef={scrollRef}
                virtualizerRef={rowVirtualizer}
                observeRect={observeRect}
                initialRect={initialRect}
                rowHeight={rowHeight}
                headerHeight={headerHeight}
                width={totalWidth}
                columns={placedColumns}
                leading={leading}
                leadingWidth={leadingWidth}
                actionsLeft={actionsLeft}
                actions={rowActionsApi}
              />
            </div>
            {store.size === 0 && (
              <div className="et-empty" style={{ width: Math.max(totalWidth, 0) }}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              </div>
            )}
            {showStatistics && (
              <StatisticsRow
                columns={placedColumns}
                leadingWidth={leadingWidth}
                width={totalWidth}
                height={rowHeight}
              />
            )}
          </div>
        </Spin>
        {subTableState &&
          subTable &&
          subTableRow &&
          createPortal(
            <div
              className={`et-subtable et-subtable--${subTableState.placement}`}
              role="dialog"
              aria-label="子表"
              style={{
                left: subTableState.left,
                width: subTableState.width,
                ...(subTableState.placement === 'below'
                  ? { top: subTableState.top }
                  : { bottom: window.innerHeight - subTableState.top }),
              }}
            >
              <Button
                className="et-subtable-close"
                size="small"
                type="text"
                aria-label="关闭子表"
                icon={<CloseOutlined />}
                onClick={() => setSubTableState(null)}
              />
              {subTable(subTableRow)}
            </div>,
            document.body,
          )}
      </div>
    </TableContext.Provider>
  );
}

/** The element's inner width, followed while it resizes (0 before layout and where nothing lays out, as in jsdom). */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
