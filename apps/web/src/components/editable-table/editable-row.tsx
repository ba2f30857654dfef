import { memo, useCallback, useState, useSyncExternalStore, type CSSProperties, type DragEvent } from 'react';
import { Tooltip } from 'antd';
import { CellEditor, displayText } from './cell-editors';
import { SIZE_STYLE, TABLE_LIMITS } from './editable-table-constants';
import type { EditableColumn, TableRow } from './editable-table-types';
import { RowIcon } from './row-icons';
import { useTableContext } from './table-context';

/** A column placed by the horizontal virtualizer. */
export interface PlacedColumn {
  column: EditableColumn;
  left: number;
  width: number;
}

export interface LeadingColumns {
  selection: boolean;
  order: boolean;
  drag: boolean;
  subTable: boolean;
}

export interface RowActions {
  insert: (afterId: string) => void;
  moveUp: (id: string) => void;
  moveDown: (id: string) => void;
  remove: (id: string) => void;
  openSubTable: (id: string) => void;
  dragStart: (index: number) => void;
  drop: (index: number) => void;
}

/** Types whose widget is shown all the time, since a click on it is the edit itself. */
const ALWAYS_LIVE = new Set(['checkbox', 'checkbox_meta', 'upload', 'file', 'image', 'slot']);

interface CellProps {
  rowId: string;
  rowIndex: number;
  row: TableRow;
  placed: PlacedColumn;
  error: string | undefined;
  active: boolean;
}

function Cell({ rowId, rowIndex, row, placed, error, active }: CellProps) {
  const ctx = useTableContext();
  const [hover, setHover] = useState(false);
  const { column, left, width } = placed;
  const value = row[column.key];
  const options = ctx.options[column.key] ?? [];
  const disabled = ctx.disabled || column.disabled === true;
  const editable = column.type !== 'normal' && !disabled;
  const live = ALWAYS_LIVE.has(column.type) || (editable && (ctx.alwaysEdit || active));
  const control = SIZE_STYLE[ctx.size].control;

  let content: React.ReactNode;
  if (column.type === 'slot') {
    const render = column.slot ?? ctx.slots[column.slotName ?? column.key];
    content = render?.({
      row,
      rowId,
      rowIndex,
      column,
      value,
      setValue: (v) => ctx.changeCell(rowId, column.key, v),
    });
  } else if (live) {
    content = (
      <CellEditor
        column={column}
        row={row}
        rowId={rowId}
        value={value}
        options={options}
        control={control}
        disabled={disabled}
        autoFocus={!ctx.alwaysEdit && active}
        onChange={(v) => ctx.changeCell(rowId, column.key, v)}
        onChangeMany={(values) => {
          for (const [key, v] of Object.entries(values)) ctx.changeCell(rowId, key, v);
        }}
        onBlur={() => ctx.blurCell(rowId, column.key)}
      />
    );
  } else {
    // Text straight in the cell: one element per cell for the many cells that are only read.
    content = displayText(column, value, options);
  }
  const text = column.type !== 'slot' && !live;

  const cell = (
    <div
      className={`et-cell${text ? ' et-cell--text' : ''}${error ? ' et-cell--invalid' : ''}${active ? ' et-cell--active' : ''}`}
      style={{ left, width }}
      role="gridcell"
      aria-invalid={error ? true : undefined}
      data-key={column.key}
      onMouseEnter={error ? () => setHover(true) : undefined}
      onMouseLeave={error ? () => setHover(false) : undefined}
      onClick={() => {
        if (editable && !ctx.alwaysEdit && !ALWAYS_LIVE.has(column.type)) ctx.activateCell(rowId, column.key);
      }}
    >
      {content}
    </div>
  );
  if (!error) return cell;
  return (
    <Tooltip title={error} open={hover || active} placement="topLeft" color="#ff4d4f">
      {cell}
    </Tooltip>
  );
}

interface RowProps {
  id: string;
  index: number;
  top: number;
  height: number;
  width: number;
  columns: PlacedColumn[];
  leading: LeadingColumns;
  leadingWidth: number;
  actionsLeft: number | null;
  isLast: boolean;
  actions: RowActions;
}

/**
 * One table row. It subscribes to its own version, so edits elsewhere do not render it again. Rows
 * mount and unmount several times a frame while scrolling, so the leading cells and the row actions
 * are plain elements (antd widgets cost far more to mount); cells mount their antd editor only while
 * edited (see Cell).
 */
export const EditableRow = memo(function EditableRow(props: RowProps) {
  const { id, index, top, height, width, columns, leading, leadingWidth, actionsLeft, isLast, actions } = props;
  const { store, disabled } = useTableContext();
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(id, listener), [store, id]);
  useSyncExternalStore(subscribe, () => store.rowVersion(id));
  const row = store.getRow(id);
  const [dragOver, setDragOver] = useState(false);
  if (!row) return null;
  const active = store.getActive();
  const selected = store.isSelected(id);
  const rowDisabled = store.isRowDisabled(row);

  let x = 0;
  const lead = (w: number): CSSProperties => {
    const style = { left: x, width: w };
    x += w;
    return style;
  };

  return (
    <div
      className={`et-row${selected ? ' et-row--selected' : ''}${dragOver ? ' et-row--drag-over' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-row-id={id}
      style={{ top, height, width }}
      onDragOver={
        leading.drag
          ? (e: DragEvent) => {
              e.preventDefault();
              setDragOver(true);
            }
          : undefined
      }
      onDragLeave={leading.drag ? () => setDragOver(false) : undefined}
      onDrop={
        leading.drag
          ? (e: DragEvent) => {
              e.preventDefault();
              setDragOver(false);
              actions.drop(index);
            }
          : undefined
      }
    >
      {leading.selection && (
        <div className="et-cell et-cell--fixed" style={lead(TABLE_LIMITS.checkboxWidth)}>
          <input
            type="checkbox"
            className="et-check"
            aria-label={`选择第${index + 1}行`}
            checked={selected}
            disabled={rowDisabled}
            onChange={(e) => store.toggleSelect(id, e.target.checked)}
          />
        </div>
      )}
      {leading.order && (
        <div className="et-cell et-cell--fixed et-cell--order" style={lead(TABLE_LIMITS.orderWidth)}>
          {index + 1}
        </div>
      )}
      {leading.drag && (
        <div className="et-cell et-cell--fixed" style={lead(TABLE_LIMITS.dragWidth)}>
          <span
            className="et-drag-handle"
            draggable={!disabled}
            role="button"
            aria-label={`拖动第${index + 1}行`}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(index));
              actions.dragStart(index);
            }}
          >
            <RowIcon name="drag" />
          </span>
        </div>
      )}
      {leading.subTable && (
        <div className="et-cell et-cell--fixed" style={lead(TABLE_LIMITS.dragWidth)}>
          <button type="button" className="et-icon-btn" aria-label="展开子表" onClick={() => actions.openSubTable(id)}>
            <RowIcon name="subtable" />
          </button>
        </div>
      )}
      {columns.map((placed) => (
        <Cell
          key={placed.column.key}
          rowId={id}
          rowIndex={index}
          row={row}
          placed={{ ...placed, left: placed.left + leadingWidth }}
          error={store.errorOf(id, placed.column.key)}
          active={active?.rowId === id && active.key === placed.column.key}
        />
      ))}
      {actionsLeft !== null && (
        <div className="et-cell et-cell--actions" style={{ left: actionsLeft, width: TABLE_LIMITS.actionWidth }}>
          <button
            type="button"
            className="et-icon-btn"
            aria-label="在下方插入"
            title="在下方插入"
            disabled={disabled}
            onClick={() => actions.insert(id)}
          >
            <RowIcon name="insert" />
          </button>
          <button
            type="button"
            className="et-icon-btn"
            aria-label="上移"
            title="上移"
            disabled={disabled || index === 0}
            onClick={() => actions.moveUp(id)}
          >
            <RowIcon name="up" />
          </button>
          <button
            type="button"
            className="et-icon-btn"
            aria-label="下移"
            title="下移"
            disabled={disabled || isLast}
            onClick={() => actions.moveDown(id)}
          >
            <RowIcon name="down" />
          </button>
          <button
            type="button"
            className="et-icon-btn et-icon-btn--danger"
            aria-label="删除"
            title="删除"
            disabled={disabled}
            onClick={() => actions.remove(id)}
          >
            <RowIcon name="remove" />
          </button>
        </div>
      )}
    </div>
  );
});
