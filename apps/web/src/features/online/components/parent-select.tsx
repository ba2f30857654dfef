import { useMemo } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fieldKey, type PageResult } from '@district/shared';
import { getAction } from '@/lib/request';
import { dataUrls, onlineKeys } from '../api/online-api';

type Row = Record<string, unknown> & { id: string };

const SYSTEM_KEYS = new Set(['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode', 'tenantId']);

function labelOf(row: Row, textField?: string): string {
  if (textField) return String(row[fieldKey(textField)] ?? row.id);
  const first = Object.entries(row).find(([k, v]) => !SYSTEM_KEYS.has(k) && typeof v === 'string' && v);
  return String(first?.[1] ?? row.id);
}

/** The parent of a tree row: any other row of the table, by its tree text field (empty: top level). */
export function ParentSelect({
  table,
  textField,
  exclude,
  value,
  onChange,
  id,
}: {
  table: string;
  /** The column shown; without it, the row's first text other than its id. */
  textField?: string;
  exclude?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) {
  const params = { pageSize: 1000 };
  const { data: rows } = useQuery({
    // Asked again for each record edited (as the form opens on it), so rows added meanwhile are offered.
    queryKey: [...onlineKeys.rows(table, params), exclude ?? null],
    queryFn: async () => (await getAction<PageResult<Row>>(dataUrls(table).list, params)).result.records,
  });
  const options = useMemo(
    () => (rows ?? []).filter((r) => r.id !== exclude).map((r) => ({ value: r.id, label: labelOf(r, textField) })),
    [rows, exclude, textField],
  );
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder="顶级"
      value={value ?? undefined}
      options={options}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
    />
  );
}
