import { useRef, useState, type ReactNode } from 'react';
import { Tooltip, type TableColumnsType } from 'antd';
import type { ListValueType } from '@district/shared';

/**
 * What a column shows (declared in the shared contract), which decides its default width: a short dictionary text,
 * a date, a time, a code, a long text… Without one, names ending in Time/Date (and birthday) are times/dates and
 * the rest is text.
 */
export type { ListValueType };

/** A list column: an antd column plus the kind of value it shows. */
export type ListColumn<T> = TableColumnsType<T>[number] & { valueType?: ListValueType };

/**
 * Default widths in px per value type, measured at antd's 14 px with the middle table size: a full
 * `YYYY-MM-DD HH:mm:ss` needs 170, a date 110; texts get room for about ten characters and are cut with a
 * tooltip beyond that.
 */
export const COLUMN_WIDTHS: Record<ListValueType, number> = {
  text: 140,
  longText: 220,
  code: 140,
  date: 110,
  datetime: 170,
  dict: 90,
  number: 100,
  image: 80,
};

/** The checkbox column; fixed on the left. */
export const SELECTION_COLUMN_WIDTH = 48;

/** Room per character of a header (bold 14 px), its cell padding and the sort/filter icons. */
const HEADER = { wide: 15, narrow: 9, padding: 20, sorter: 24, filter: 28 } as const;

const isWide = (ch: string) => /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u.test(ch);

/** Width a header needs to stay on one line; 0 when the title is not plain text. */
export function headerWidth(column: ListColumn<unknown>): number {
  const title = column.title;
  if (typeof title !== 'string' && typeof title !== 'number') return 0;
  const text = [...String(title)].reduce((sum, ch) => sum + (isWide(ch) ? HEADER.wide : HEADER.narrow), 0);
  const sorter = column.sorter ? HEADER.sorter : 0;
  const filter = 'filters' in column && column.filters ? HEADER.filter : 0;
  return Math.ceil((text + HEADER.padding + sorter + filter) / 10) * 10;
}

function dataIndexOf(column: ListColumn<unknown>): string | undefined {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  return typeof dataIndex === 'string' && dataIndex !== '' ? dataIndex : undefined;
}

export function valueTypeOf(column: ListColumn<unknown>): ListValueType {
  if (column.valueType) return column.valueType;
  const field = dataIndexOf(column) ?? '';
  if (/time$/i.test(field)) return 'datetime';
  if (/date$/i.test(field) || field === 'birthday') return 'date';
  return 'text';
}

/** The width a column gets: its own (never narrower than its header), else the default of its type. */
export function columnWidth(column: ListColumn<unknown>): number {
  const own = typeof column.width === 'number' ? column.width : undefined;
  return Math.max(own ?? COLUMN_WIDTHS[valueTypeOf(column)], headerWidth(column));
}

/** Whether the cell around a text cuts it (the cell, not the text, carries the ellipsis). */
function isCut(el: HTMLElement | null): boolean {
  const box = el?.closest('td') ?? el?.parentElement;
  return !!box && box.scrollWidth > box.clientWidth;
}

function TextCell({ text }: { text: string | number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    // Only a text that is really cut gets the tooltip: a whole one needs none.
    <Tooltip placement="topLeft" title={text} open={open} onOpenChange={(next) => setOpen(next && isCut(ref.current))}>
      <span ref={ref}>{text}</span>
    </Tooltip>
  );
}

/** A cell cut to one line, its whole text in a tooltip when it is cut (antd's custom-tooltip ellipsis). */
export function EllipsisCell({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  if (typeof children !== 'string' && typeof children !== 'number') return <>{children}</>;
  return <TextCell text={children} />;
}

/**
 * Gives every column of a list a width (so headers and cells never wrap one character per line) and cuts
 * long texts with a tooltip. Columns with their own render keep it; only those asking for ellipsis get it.
 * Answers the columns and the sum of their widths, the table's horizontal scroll width.
 */
export function withColumnDefaults<T>(columns: readonly ListColumn<T>[]): {
  columns: TableColumnsType<T>;
  width: number;
} {
  let total = 0;
  const out = columns.map((column) => {
    const { valueType: _valueType, ...rest } = column;
    if ('children' in rest && rest.children) return rest;
    const width = columnWidth(column as ListColumn<unknown>);
    total += width;
    const type = valueTypeOf(column as ListColumn<unknown>);
    const next: TableColumnsType<T>[number] = { ...rest, width };
    if (type === 'image') return next;
    if (!rest.render) {
      return {
        ...next,
        ellipsis: { showTitle: false },
        render: (value: unknown) => <EllipsisCell>{value as ReactNode}</EllipsisCell>,
      };
    }
    if (rest.ellipsis) {
      const render = rest.render;
      return {
        ...next,
        ellipsis: { showTitle: false },
        render: (value: unknown, record: T, index: number) => (
          <EllipsisCell>{render(value, record, index) as ReactNode}</EllipsisCell>
        ),
      };
    }
    return next;
  });
  return { columns: out, width: total };
}
