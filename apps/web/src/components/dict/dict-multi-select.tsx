import type { CSSProperties } from 'react';
import { Checkbox, Select } from 'antd';
import { splitValue } from './dict-api';
import { DictCodeError } from './dict-code-error';
import { useDictOptions } from './use-dict-options';

export interface DictMultiSelectProps {
  dictCode: string | null | undefined;
  /** 'select' (tags in a select, the default) or 'checkbox'. */
  type?: 'select' | 'checkbox';
  /** Values joined with the separator. */
  value?: string | null;
  /** Emits the chosen values joined with the separator ('' when none). */
  onChange?: (value: string) => void;
  /** A comma by default (widgets-spec §5). */
  separator?: string;
  placeholder?: string;
  disabled?: boolean;
  maxTagCount?: number | 'responsive';
  id?: string;
  style?: CSSProperties;
  className?: string;
}

/** Several values of one dictionary, kept as one joined string. */
export function DictMultiSelect({
  dictCode,
  type = 'select',
  value,
  onChange,
  separator = ',',
  placeholder = '请选择',
  disabled,
  maxTagCount,
  id,
  style,
  className,
}: DictMultiSelectProps) {
  const { options, loading } = useDictOptions(dictCode);
  if (!dictCode) return <DictCodeError />;
  const selected = splitValue(value, separator);
  const emit = (values: string[]) => onChange?.(values.join(separator));
  const items = options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }));

  if (type === 'checkbox') {
    return (
      <Checkbox.Group
        value={selected}
        disabled={disabled}
        style={style}
        className={className}
        options={items}
        onChange={(checked) => emit(checked.map(String))}
      />
    );
  }
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={selected}
      placeholder={placeholder}
      disabled={disabled}
      loading={loading}
      allowClear
      maxTagCount={maxTagCount}
      style={{ minWidth: 160, ...style }}
      className={className}
      showSearch={{ optionFilterProp: 'label' }}
      options={items}
      onChange={(values) => emit(values ?? [])}
    />
  );
}
