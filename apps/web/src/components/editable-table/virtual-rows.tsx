import { memo, useCallback, type RefObject } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { TABLE_LIMITS } from './editable-table-constants';
import { EditableRow, type LeadingColumns, type PlacedColumn, type RowActions } from './editable-row';
import type { TableStore } from './table-store';

type RectObserver = (
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
) => void | (() => void);

interface Props {
  store: TableStore;
  /** Changes when rows are added, removed, moved or replaced: the row keys are read again. */
  structureVersion: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Filled with the virtualizer, for scrolling a row into view. */
  virtualizerRef: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  observeRect: RectObserver;
  initialRect: { width: number; height: number };
  rowHeight: number;
  headerHeight: number;
  width: number;
  columns: PlacedColumn[];
  leading: LeadingColumns;
  leadingWidth: number;
  actionsLeft: number | null;
  actions: RowActions;
}

/**
 * The window of rows on screen. It owns the row virtualizer, so scrolling re-renders this list only
 * (not the toolbar, header or statistics around it), and rows already shown are kept as they are.
 */
export const VirtualRows = memo(function VirtualRows(props: Props) {
  const { store, structureVersion, scrollRef, virtualizerRef, observeRect, initialRect, rowHeight, headerHeight } =
    props;
  const { width, columns, leading, leadingWidth, actionsLeft, actions } = props;

  // A stable key reader: a new one makes the virtualizer rebuild all its measurements (100,000 rows).
  const getItemKey = useCallback(
    (index: number) => store.idAt(index) ?? index,
    // The structure version stands for the row order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, structureVersion],
  );
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getScrollElement = useCallback(() => scrollRef.current, [scrollRef]);

  const rows = useVirtualizer({
    count: store.size,
    getScrollElement,
    estimateSize,
    overscan: TABLE_LIMITS.overscan,
    paddingStart: headerHeight,
    getItemKey,
    observeElementRect: observeRect,
    initialRect,
  });
  virtualizerRef.current = rows;

  const last = store.size - 1;
  return rows.getVirtualItems().map((item) => {
    const id = store.idAt(item.index);
    if (id === undefined) return null;
    return (
      <EditableRow
        key={id}
        id={id}
        index={item.index}
        top={item.start}
        height={rowHeight}
        width={width}
        columns={columns}
        leading={leading}
        leadingWidth={leadingWidth}
        actionsLeft={actionsLeft}
        isLast={item.index === last}
        actions={actions}
      />
    );
  });
});
