import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { fieldKey, type PageResult } from '@district/shared';
import { getAction } from '../../../lib/request';
import { dataUrls } from '../api/online-api';

type Row = Record<string, unknown> & { id: string };

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
  textField: string;
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
        res.result.records
          .filter((r) => r.id !== exclude)
          .map((r) => ({ value: r.id, label: String(r[fieldKey(textField)] ?? r.id) })),
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
