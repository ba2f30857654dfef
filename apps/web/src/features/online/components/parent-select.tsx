import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { fieldKey, type PageResult } from '@district/shared';
import { getAction } from '../../../lib/request';
import { dataUrls } from '../api/online-api';

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
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    void getAction<PageResult<Row>>(dataUrls(table).list, { pageSize: 1000 }).then((res) => {
      if (!live) return;
      setOptions(
        res.result.records.filter((r) => r.id !== exclude).map((r) => ({ value: r.id, label: labelOf(r, textField) })),
      );
    });
    return () => {
      live = false;
    };
  }, [table, textField, exclude]);
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
