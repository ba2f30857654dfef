import { useEffect, useEffectEvent, useMemo, useState, type CSSProperties } from 'react';
import { Button, Select, Space } from 'antd';
import type { PageResult } from '@district/shared';
import { getAction } from '@/lib/request';
import { BizSelectModal, type BizRow, type BizSelectColumn } from './biz-select-modal';

export interface BizSelectProps {
  /** Chosen values, comma-separated. */
  value?: string | null;
  onChange?: (value: string, rows: BizRow[]) => void;
  listUrl: string;
  columns: BizSelectColumn[];
  /**
   * The record field that is the value ('id' by default). Stored values are looked up through the list
   * URL with this field as an "in" filter, so the list must accept it as a filter.
   */
  valueKey?: string;
  displayKey?: string;
  multiple?: boolean;
  queryParamCode?: string;
  queryParamText?: string;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Show the 选择 button beside the tags (a click on the tags opens the modal as well). */
  buttons?: boolean;
  style?: CSSProperties;
  id?: string;
}

const splitValues = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** Tags of the chosen records plus the business select modal; the value is the records' value field joined. */
export function BizSelect({
  value,
  onChange,
  listUrl,
  columns,
  valueKey = 'id',
  displayKey,
  multiple = true,
  queryParamCode,
  queryParamText,
  title,
  placeholder = '请选择',
  disabled,
  buttons = true,
  style,
  id,
}: BizSelectProps) {
  const shownKey = displayKey ?? valueKey;
  const [open, setOpen] = useState(false);
  // Records known by value: chosen in the modal, or looked up for a stored value.
  const [known, setKnown] = useState<Map<string, BizRow>>(new Map());
  const values = useMemo(() => splitValues(value), [value]);

  const backFill = useEffectEvent((isActive: () => boolean) => {
    const missing = values.filter((v) => !known.has(v));
    if (!missing.length) return;
    // A comma list is an "in" filter in the list contract.
    // Silent: a stored value that cannot be looked up is still shown, as itself.
    getAction<PageResult<BizRow>>(
      listUrl,
      { [valueKey]: missing.join(','), pageNo: 1, pageSize: missing.length },
      { silent: true },
    )
      .then((res) => {
        if (!isActive() || !res.success) return;
        setKnown((prev) => {
          const next = new Map(prev);
          for (const row of res.result?.records ?? []) next.set(String(row[valueKey]), row);
          return next;
        });
      })
      .catch(() => undefined);
  });
  useEffect(() => {
    let active = true;
    backFill(() => active);
    return () => {
      active = false;
    };
  }, [values, listUrl]);

  const rowsOf = (keys: string[]) => keys.map((k) => known.get(k) ?? { [valueKey]: k });
  const emit = (keys: string[], rows: BizRow[]) => onChange?.(keys.join(','), rows);

  return (
    <Space.Compact style={{ width: '100%', ...style }} className="biz-select">
      <Select
        id={id}
        mode="multiple"
        open={false}
        style={{ width: '100%' }}
        value={values}
        placeholder={placeholder}
        disabled={disabled}
        options={values.map((v) => ({ value: v, label: String(known.get(v)?.[shownKey] ?? v) }))}
        onChange={(keys: string[]) => emit(keys, rowsOf(keys))}
        onClick={() => !disabled && setOpen(true)}
      />
      {buttons && (
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      )}
      {open && (
        <BizSelectModal
          open={open}
          title={title}
          listUrl={listUrl}
          columns={columns}
          valueKey={valueKey}
          displayKey={displayKey}
          multiple={multiple}
          queryParamCode={queryParamCode}
          queryParamText={queryParamText}
          selected={rowsOf(values)}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            setKnown((prev) => new Map([...prev, ...rows.map((r) => [String(r[valueKey]), r] as const)]));
            emit(
              rows.map((r) => String(r[valueKey])),
              rows,
            );
            setOpen(false);
          }}
        />
      )}
    </Space.Compact>
  );
}
