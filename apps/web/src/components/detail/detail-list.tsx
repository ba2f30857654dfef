import type { ReactNode } from 'react';
import { Descriptions } from 'antd';

export const DETAIL_LIST_COLUMNS = { default: 3, max: 4 } as const;

export interface DetailListItem {
  key?: string;
  label: ReactNode;
  value: ReactNode;
  /** Columns the item spans. */
  span?: number;
}

export interface DetailListProps {
  title?: ReactNode;
  items: DetailListItem[];
  /** Columns per row: 3 by default, at most 4. */
  col?: number;
  bordered?: boolean;
}

export function detailColumns(col: number | undefined): number {
  if (!col || !Number.isFinite(col)) return DETAIL_LIST_COLUMNS.default;
  return Math.min(DETAIL_LIST_COLUMNS.max, Math.max(1, Math.floor(col)));
}

/** Label / value pairs laid out in columns (3 by default, at most 4). Empty values show "-". */
export function DetailList({ title, items, col, bordered }: DetailListProps) {
  return (
    <Descriptions
      title={title}
      column={detailColumns(col)}
      bordered={bordered}
      items={items.map((item, index) => ({
        key: item.key ?? String(index),
        label: item.label,
        children: item.value === null || item.value === undefined || item.value === '' ? '-' : item.value,
        span: item.span,
      }))}
    />
  );
}
