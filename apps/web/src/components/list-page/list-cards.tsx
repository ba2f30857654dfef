import type { Key, ReactNode } from 'react';
import { Card, Checkbox, Empty, Pagination, Spin, type TablePaginationConfig } from 'antd';
import type { ListColumn } from './list-columns';

/**
 * What a record's card shows on a phone, by field (column key): a title (the record's name), a line under it (its
 * code), a tag beside it (its status) and a few fields as 标签：值. Columns render as in the table (dictionary
 * labels, yuan, tags, progress).
 */
export interface ListCardFields {
  /** Default: the first column. */
  title?: string;
  subtitle?: string;
  tag?: string;
  /** Default: the three columns after the title. */
  fields?: readonly string[];
}

/** How many columns a card shows without a chosen list. */
export const CARD_DEFAULT_FIELDS = 3;

export const LIST_CARD_TEXT = {
  /** The accessible name of the card list. */
  list: '记录',
  select: (title: string) => `选择 ${title}`,
} as const;

export function columnKeyOf(column: ListColumn<never>): string {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  return typeof dataIndex === 'string' ? dataIndex : '';
}

interface ResolvedCard<T> {
  title?: ListColumn<T>;
  subtitle?: ListColumn<T>;
  tag?: ListColumn<T>;
  fields: ListColumn<T>[];
}

/** The card's columns: those the page chose, else the first columns. */
export function resolveCard<T>(columns: readonly ListColumn<T>[], card: ListCardFields | undefined): ResolvedCard<T> {
  const byKey = (key: string | undefined) =>
    key === undefined ? undefined : columns.find((c) => columnKeyOf(c as ListColumn<never>) === key);
  const title = byKey(card?.title) ?? columns[0];
  const taken = new Set([title, byKey(card?.subtitle), byKey(card?.tag)]);
  const fields = card?.fields
    ? card.fields.map(byKey).filter((c): c is ListColumn<T> => Boolean(c))
    : columns.filter((c) => !taken.has(c)).slice(0, CARD_DEFAULT_FIELDS);
  return { title, subtitle: byKey(card?.subtitle), tag: byKey(card?.tag), fields };
}

function cellOf<T>(column: ListColumn<T> | undefined, record: T, index: number): ReactNode {
  if (!column) return null;
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  const value = typeof dataIndex === 'string' ? (record as Record<string, unknown>)[dataIndex] : undefined;
  return column.render ? (column.render(value, record, index) as ReactNode) : (value as ReactNode);
}

const textOf = <T,>(column: ListColumn<T> | undefined, record: T): string => {
  const dataIndex = column && 'dataIndex' in column ? column.dataIndex : undefined;
  const value = typeof dataIndex === 'string' ? (record as Record<string, unknown>)[dataIndex] : undefined;
  return value === null || value === undefined ? '' : String(value);
};

export interface ListCardsProps<T> {
  records: readonly T[];
  columns: readonly ListColumn<T>[];
  card?: ListCardFields;
  rowKey: string;
  loading: boolean;
  /** The row's links (edit, delete, the page's own), as in the table's 操作 column. */
  actions?: (record: T) => ReactNode;
  /** Absent when the list has no checkboxes. */
  selection?: { keys: readonly Key[]; toggle: (record: T, checked: boolean) => void };
  pagination: TablePaginationConfig;
  onPage: (current: number, pageSize: number) => void;
}

/** The records of a list as cards, one under the other, with a simple pager: a phone's list. */
export function ListCards<T extends object>({
  records,
  columns,
  card,
  rowKey,
  loading,
  actions,
  selection,
  pagination,
  onPage,
}: ListCardsProps<T>) {
  const look = resolveCard(columns, card);
  const { total = 0, current = 1, pageSize = 20, showTotal } = pagination;
  const range: [number, number] = [Math.min(total, (current - 1) * pageSize + 1), Math.min(total, current * pageSize)];
  return (
    <Spin spinning={loading}>
      {records.length === 0 ? (
        loading ? (
          <div style={{ minHeight: 120 }} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )
      ) : (
        <div
          className="list-page-cards"
          role="list"
          aria-label={LIST_CARD_TEXT.list}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {records.map((record, index) => {
            const key = (record as Record<string, unknown>)[rowKey] as Key;
            const links = actions?.(record);
            const title = textOf(look.title, record);
            return (
              <Card
                key={key}
                role="listitem"
                aria-label={title}
                size="small"
                title={cellOf(look.title, record, index)}
                extra={
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                    {cellOf(look.tag, record, index)}
                    {selection && (
                      <Checkbox
                        aria-label={LIST_CARD_TEXT.select(title)}
                        checked={selection.keys.includes(key)}
                        onChange={(e) => selection.toggle(record, e.target.checked)}
                      />
                    )}
                  </span>
                }
                styles={{ title: { whiteSpace: 'normal' }, body: { paddingTop: 8, paddingBottom: 8 } }}
              >
                {look.subtitle && (
                  <div style={{ color: 'rgba(0, 0, 0, 0.45)', marginBottom: 4 }}>
                    {cellOf(look.subtitle, record, index)}
                  </div>
                )}
                {look.fields.map((column) => (
                  <div
                    key={columnKeyOf(column as ListColumn<never>)}
                    style={{ display: 'flex', gap: 8, lineHeight: '24px', minWidth: 0 }}
                  >
                    <span style={{ color: 'rgba(0, 0, 0, 0.45)', flex: 'none' }}>
                      {typeof column.title === 'function' ? null : column.title}：
                    </span>
                    <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {cellOf(column, record, index)}
                    </span>
                  </div>
                ))}
                {links && (
                  <div style={{ marginTop: 8, paddingTop: 8, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>{links}</div>
                )}
              </Card>
            );
          })}
        </div>
      )}
      {total > 0 && (
        <div style={{ marginTop: 12, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          <Pagination simple size="small" current={current} pageSize={pageSize} total={total} onChange={onPage} />
          {showTotal && <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{showTotal(total, range)}</span>}
        </div>
      )}
    </Spin>
  );
}
