import { memo, useCallback, useMemo, useSyncExternalStore } from 'react';
import type { EditableColumn, TableRow } from './editable-table-types';
import type { PlacedColumn } from './editable-row';
import { useTableContext } from './table-context';

export const STATISTICS_LABEL = { sum: '合计', average: '平均值' } as const;

/** Statistics apply to number columns only (widgets-spec §4). */
export function hasStatistics(columns: EditableColumn[]): boolean {
  return columns.some((c) => c.type === 'inputNumber' && c.statistics);
}

/**
 * Sum or average of a column. Values are summed as integers (widgets-spec §4); an entry that is not a
 * number makes the sum fail, shown as -. Empty cells count as nothing.
 */
export function columnStatistic(rows: readonly TableRow[], key: string, kind: 'sum' | 'average'): string {
  let sum = 0;
  for (const row of rows) {
    const value = row[key];
    if (value === null || value === undefined || value === '') continue;
    const n = Number.parseInt(String(value), 10);
    if (Number.isNaN(n)) return '-';
    sum += n;
  }
  if (!Number.isFinite(sum)) return '-';
  if (kind === 'sum') return String(sum);
  if (rows.length === 0) return '-';
  return String(Math.round((sum / rows.length) * 100) / 100);
}

interface Props {
  columns: PlacedColumn[];
  leadingWidth: number;
  width: number;
  height: number;
}

/**
 * One line per statistic in use, kept at the bottom of the table. The figures are worked out once per
 * change of the values, not on every render (scrolling re-renders the table around it).
 */
export const StatisticsRow = memo(function StatisticsRow({ columns, leadingWidth, width, height }: Props) {
  const { store } = useTableContext();
  const subscribe = useCallback((l: () => void) => store.subscribe('values', l), [store]);
  const version = useSyncExternalStore(subscribe, () => store.version('values'));
  const statColumns = store.columns;
  const figures = useMemo(() => {
    const rows = store.allRows();
    const out = new Map<string, string>();
    for (const c of statColumns) {
      if (c.type === 'inputNumber' && c.statistics) {
        out.set(`${c.statistics}-${c.key}`, columnStatistic(rows, c.key, c.statistics));
      }
    }
    return out;
    // The version stands for the rows' values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, statColumns, version]);
  const kinds = (['sum', 'average'] as const).filter((kind) =>
    statColumns.some((c) => c.type === 'inputNumber' && c.statistics === kind),
  );
  return (
    <div className="et-statistics" style={{ width }}>
      {kinds.map((kind) => (
        <div
          key={kind}
          className="et-row et-row--statistics"
          role="row"
          style={{ height, width, position: 'relative' }}
        >
          <div className="et-cell et-cell--fixed" style={{ left: 0, width: Math.max(leadingWidth, 56) }}>
            {STATISTICS_LABEL[kind]}
          </div>
          {columns.map(({ column, left, width: w }) =>
            column.type === 'inputNumber' && column.statistics === kind ? (
              <div
                key={column.key}
                className="et-cell"
                role="gridcell"
                data-statistic={`${kind}-${column.key}`}
                style={{ left: left + leadingWidth, width: w }}
              >
                {figures.get(`${kind}-${column.key}`)}
              </div>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
});
