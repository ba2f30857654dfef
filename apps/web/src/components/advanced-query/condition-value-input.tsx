import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT, type SuperQueryFieldDef, type SuperQueryRule } from '@district/shared';
import { useDictOptions } from '@/components/dict/use-dict-options';

export type ConditionValue = string | string[];

interface ConditionValueInputProps {
  def: SuperQueryFieldDef | undefined;
  rule: SuperQueryRule;
  value: ConditionValue;
  onChange: (value: ConditionValue) => void;
}

const LABEL = '查询值';
const style = { width: '100%' };

function DictValueSelect({
  dictCode,
  multiple,
  value,
  onChange,
}: {
  dictCode: string | undefined;
  multiple: boolean;
  value: ConditionValue;
  onChange: (value: ConditionValue) => void;
}) {
  const { options } = useDictOptions(dictCode);
  return (
    <Select
      aria-label={LABEL}
      style={style}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择"
      mode={multiple ? 'multiple' : undefined}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
      value={multiple ? (value as string[]) : value === '' ? undefined : value}
      onChange={(v: ConditionValue | undefined) => onChange(v ?? (multiple ? [] : ''))}
    />
  );
}

/** The value widget of one condition row, chosen by the field's type; rule `in` takes several values. */
export function ConditionValueInput({ def, rule, value, onChange }: ConditionValueInputProps) {
  const multiple = rule === 'in';
  if (!def) return <Input aria-label={LABEL} style={style} disabled placeholder="请先选择字段" />;
  if (def.type === 'select') {
    return <DictValueSelect dictCode={def.dictCode} multiple={multiple} value={value} onChange={onChange} />;
  }
  if (def.type === 'date' || def.type === 'datetime') {
    const format = def.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
    const single = Array.isArray(value) ? (value[0] ?? '') : value;
    return (
      <DatePicker
        aria-label={LABEL}
        style={style}
        showTime={def.type === 'datetime'}
        format={format}
        value={single ? dayjs(single, format) : null}
        onChange={(d) => onChange(d ? d.format(format) : '')}
      />
    );
  }
  if (multiple) {
    // Free values typed one by one (Enter or comma), sent as a comma-separated list.
    return (
      <Select
        aria-label={LABEL}
        style={style}
        mode="tags"
        tokenSeparators={[',', '，']}
        open={false}
        placeholder="输入后回车"
        value={Array.isArray(value) ? value : value ? [value] : []}
        onChange={(v: string[]) => onChange(v)}
      />
    );
  }
  const single = Array.isArray(value) ? (value[0] ?? '') : value;
  if (def.type === 'int' || def.type === 'number') {
    return (
      <InputNumber
        aria-label={LABEL}
        style={style}
        precision={def.type === 'int' ? 0 : undefined}
        value={single === '' ? null : Number(single)}
        onChange={(v) => onChange(v === null || v === undefined ? '' : String(v))}
      />
    );
  }
  return (
    <Input
      aria-label={LABEL}
      style={style}
      placeholder="请输入"
      value={single}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
