import { useState } from 'react';
import { Checkbox, DatePicker, Input, Popover, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT } from '@district/shared';
import { acceptNumberInput, formatTags, numberOnBlur } from './cell-input-rules';
import { TABLE_MESSAGES } from './editable-table-constants';
import type { ColumnOption, EditableColumn, TableRow } from './editable-table-types';
import { DictMultiSelect } from '@/components/dict/dict-multi-select';
import { DictSearchSelect } from '@/components/dict/dict-search-select';
import { DepartSelect } from '@/components/pickers/depart-select';
import { UserSelect } from '@/components/pickers/user-select';
import { PopupPicker } from '@/components/popup/popup-picker';
import { checkboxValues, optionLabel, placeholderOf, splitMulti } from './table-data';
import { UploadCell } from './upload-cell';

export interface EditorProps {
  column: EditableColumn;
  row: TableRow;
  rowId: string;
  value: unknown;
  options: ColumnOption[];
  control: 'middle' | 'small';
  disabled: boolean;
  /** True when the editor was opened by a click and should take the focus. */
  autoFocus: boolean;
  onChange: (value: unknown) => void;
  /** Several columns of the row at once (popup pickers fill their destination fields). */
  onChangeMany: (values: Record<string, unknown>) => void;
  onBlur: () => void;
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const selectOptions = (options: ColumnOption[]) =>
  options.map((o) => ({ value: o.value, label: optionLabel(o), disabled: o.disabled }));

/** What a cell shows when it is not being edited. */
export function displayText(column: EditableColumn, value: unknown, options: ColumnOption[]): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'select':
    case 'radio':
    case 'sel_search':
    case 'list_multi': {
      const labels = splitMulti(value).map((v) => {
        const found = options.find((o) => String(o.value) === v);
        return found ? optionLabel(found) : v;
      });
      return labels.join(',');
    }
    case 'upload':
    case 'file':
    case 'image':
      return typeof value === 'object' && value !== null && 'name' in value ? String(value.name) : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

function NumberEditor({ column, value, control, disabled, autoFocus, onChange, onBlur }: EditorProps) {
  const text = textOf(value);
  return (
    <Input
      size={control}
      value={text}
      disabled={disabled}
      autoFocus={autoFocus}
      placeholder={placeholderOf(column)}
      inputMode="decimal"
      onChange={(e) => {
        const next = acceptNumberInput(e.target.value, text);
        if (next !== text) onChange(next);
      }}
      onBlur={() => {
        const converted = numberOnBlur(text);
        if (converted !== value) onChange(converted);
        onBlur();
      }}
      {...column.props}
    />
  );
}

function PopInputEditor({ column, value, control, disabled, autoFocus, onChange, onBlur }: EditorProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open && !disabled}
      trigger={[]}
      title={column.title}
      content={
        <Input.TextArea
          value={textOf(value)}
          autoSize={{ minRows: 4, maxRows: 10 }}
          style={{ width: 320 }}
          onChange={(e) => onChange(e.target.value)}
        />
      }
    >
      <Input
        size={control}
        value={textOf(value)}
        disabled={disabled}
        autoFocus={autoFocus}
        placeholder={placeholderOf(column)}
        onFocus={() => setOpen(true)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        {...column.props}
      />
    </Popover>
  );
}

/** A select over the column's own options (or its loaded dictionary). */
function LocalSelect({ column, value, options, control, disabled, autoFocus, onChange, onBlur }: EditorProps) {
  const search = column.type === 'sel_search';
  return (
    <Select
      size={control}
      style={{ width: '100%' }}
      value={value === '' || value === null || value === undefined ? undefined : (value as string)}
      disabled={disabled}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      allowClear
      showSearch={search || column.allowSearch ? { optionFilterProp: 'label' } : false}
      placeholder={search ? TABLE_MESSAGES.searchHint : placeholderOf(column)}
      notFoundContent={search ? TABLE_MESSAGES.searchEmpty : undefined}
      options={selectOptions(options)}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      {...column.props}
    />
  );
}

/** The editor of a cell, by column type. */
export function CellEditor(props: EditorProps) {
  const { column, value, options, control, disabled, autoFocus, onChange, onBlur } = props;
  const placeholder = placeholderOf(column);
  switch (column.type) {
    case 'inputNumber':
      return <NumberEditor {...props} />;
    case 'input_pop':
      return <PopInputEditor {...props} />;
    case 'tags':
      return (
        <Input
          size={control}
          value={textOf(value)}
          disabled={disabled}
          autoFocus={autoFocus}
          placeholder={placeholder}
          onChange={(e) => onChange(formatTags(e.target.value))}
          onBlur={onBlur}
          {...column.props}
        />
      );
    case 'checkbox':
    case 'checkbox_meta': {
      const [on, off] = checkboxValues(column);
      // Shown in every row, so a plain input unless the column asks for antd checkbox props.
      if (!column.props) {
        return (
          <input
            type="checkbox"
            className="et-check"
            checked={value === on}
            disabled={disabled}
            aria-label={column.title}
            onChange={(e) => onChange(e.target.checked ? on : off)}
            onBlur={onBlur}
          />
        );
      }
      return (
        <Checkbox
          checked={value === on}
          disabled={disabled}
          aria-label={column.title}
          onChange={(e) => onChange(e.target.checked ? on : off)}
          onBlur={onBlur}
          {...column.props}
        />
      );
    }
    case 'sel_user':
      return (
        <UserSelect
          value={textOf(value)}
          disabled={disabled}
          placeholder={column.placeholder ? placeholder : undefined}
          onChange={(v) => onChange(v ?? '')}
          {...column.props}
        />
      );
    case 'sel_depart':
      return (
        <DepartSelect
          value={textOf(value)}
          disabled={disabled}
          placeholder={column.placeholder ? placeholder : undefined}
          onChange={(v) => onChange(v ?? '')}
          {...column.props}
        />
      );
    case 'popup':
      return (
        <PopupPicker
          code={column.popupCode}
          orgFields={column.orgFields}
          destFields={column.destFields}
          field={column.field ?? column.key}
          value={textOf(value)}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(v) => onChange(v)}
          onPick={(values) => props.onChangeMany(values)}
          {...column.props}
        />
      );
    case 'sel_search':
      if (column.dictCode) {
        return (
          <DictSearchSelect
            dict={column.dictCode}
            value={value === '' || value === null || value === undefined ? undefined : String(value)}
            disabled={disabled}
            style={{ width: '100%' }}
            onChange={(v) => onChange(v ?? '')}
            {...column.props}
          />
        );
      }
      return <LocalSelect {...props} />;
    case 'select':
      return <LocalSelect {...props} />;
    case 'list_multi':
      if (column.dictCode && !column.options) {
        return (
          <DictMultiSelect
            dictCode={column.dictCode}
            value={textOf(value)}
            disabled={disabled}
            maxTagCount="responsive"
            style={{ width: '100%' }}
            onChange={(v) => onChange(v)}
            {...column.props}
          />
        );
      }
      return (
        <Select
          size={control}
          mode="multiple"
          style={{ width: '100%' }}
          value={splitMulti(value)}
          disabled={disabled}
          autoFocus={autoFocus}
          maxTagCount="responsive"
          placeholder={placeholder}
          options={selectOptions(options).map((o) => ({ ...o, value: String(o.value) }))}
          onChange={(v: string[]) => onChange(v.join(','))}
          onBlur={onBlur}
          {...column.props}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          size={control}
          value={value}
          disabled={disabled}
          options={selectOptions(options)}
          onChange={(e) => onChange(e.target.value)}
          {...column.props}
        />
      );
    case 'date':
    case 'datetime': {
      const format = column.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
      const parsed = value ? dayjs(String(value), format) : null;
      return (
        <DatePicker
          size={control}
          style={{ width: '100%' }}
          showTime={column.type === 'datetime'}
          format={format}
          value={parsed?.isValid() ? parsed : null}
          disabled={disabled}
          autoFocus={autoFocus}
          placeholder={placeholder}
          onChange={(date) => onChange(date ? date.format(format) : '')}
          onBlur={onBlur}
          {...column.props}
        />
      );
    }
    case 'upload':
    case 'file':
    case 'image':
      return <UploadCell {...props} />;
    default:
      // input and anything unknown: the text of the stored value.
      return (
        <Input
          size={control}
          value={textOf(value)}
          disabled={disabled}
          autoFocus={autoFocus}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          {...column.props}
        />
      );
  }
}
