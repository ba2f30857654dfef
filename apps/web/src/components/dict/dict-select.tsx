import type { CSSProperties } from 'react';
import { Checkbox, Radio, Select } from 'antd';
import { splitValue, type DictOption } from './dict-api';
import { DictCodeError } from './dict-code-error';
import { useDictOptions } from './use-dict-options';

export type DictSelectType = 'select' | 'radio' | 'radioButton' | 'checkbox';

export interface DictSelectProps {
  /** A sys_dict code or a registered table dictionary `table,text,code`. */
  dictCode: string | null | undefined;
  type?: DictSelectType;
  /** The stored value; numbers are compared as strings. For 'checkbox', comma-joined values. */
  value?: string | number | null;
  /** Emits the value as a string ('checkbox': comma-joined; cleared: undefined). */
  onChange?: (value: string | undefined, option?: DictOption) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** Values not to offer. */
  hiddenValues?: readonly string[];
  id?: string;
  style?: CSSProperties;
  className?: string;
}

const asString = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : String(v));

/** A dictionary rendered as a select, radio group, radio buttons or checkboxes. */
export function DictSelect({
  dictCode,
  type = 'select',
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  hiddenValues,
  id,
  style,
  className,
}: DictSelectProps) {
  const { options: all, loading } = useDictOptions(dictCode);
  if (!dictCode) return <DictCodeError />;
  const options = hiddenValues ? all.filter((o) => !hiddenValues.includes(o.value)) : all;
  const current = asString(value);
  const emit = (next: string | undefined) =>
    onChange?.(
      next,
      options.find((o) => o.value === next),
    );

  if (type === 'radio' || type === 'radioButton') {
    const Item = type === 'radioButton' ? Radio.Button : Radio;
    return (
      <Radio.Group
        id={id}
        value={current}
        disabled={disabled}
        style={style}
        className={className}
        onChange={(e) => emit(String(e.target.value))}
      >
        {options.map((o) => (
          <Item key={o.value} value={o.value} disabled={o.disabled}>
            {o.text}
          </Item>
        ))}
      </Radio.Group>
    );
  }

  if (type === 'checkbox') {
    return (
      <Checkbox.Group
        value={splitValue(current)}
        disabled={disabled}
        style={style}
        className={className}
        options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
        onChange={(checked) => onChange?.(checked.map(String).join(','))}
      />
    );
  }

  return (
    <Select<string>
      id={id}
      value={current === '' ? undefined : current}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      loading={loading}
      style={{ minWidth: 120, ...style }}
      className={className}
      showSearch={{ optionFilterProp: 'label' }}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
      onChange={(next) => emit(next ?? undefined)}
    />
  );
}
