import { useEffect, useState, type CSSProperties } from 'react';
import { App, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { POPUP_MESSAGES, type PopupReportRow } from '@district/shared';
import { PopupReportModal } from './popup-report-modal';

export interface PopupPickerProps {
  /** The popup report's code. */
  code?: string;
  /** Fields of the chosen record(s), comma-separated, copied in order to destFields. */
  orgFields?: string;
  /** Form fields receiving them, comma-separated. */
  destFields?: string;
  /** The destination field this input shows; the first of destFields by default. */
  field?: string;
  /** The shown value (the form value of `field`). */
  value?: string | null;
  onChange?: (value: string) => void;
  /**
   * Receives every destination field's new value (several records' values joined with a comma); the
   * caller puts them into its form, e.g. `form.setFieldsValue(values)`.
   */
  onPick?: (values: Record<string, string>, rows: PopupReportRow[]) => void;
  multi?: boolean;
  /** Dynamic parameters of the report (sent as self_<name>). */
  param?: Record<string, unknown>;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

const split = (fields: string | undefined) =>
  (fields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);

/** The configuration checks of widgets-spec §5; null when the picker can work. */
export function popupConfigError(code?: string, orgFields?: string, destFields?: string): string | null {
  if (!code || !orgFields || !destFields) return POPUP_MESSAGES.badConfig;
  if (split(orgFields).length !== split(destFields).length) return POPUP_MESSAGES.countMismatch;
  return null;
}

/** orgFields of the chosen rows → destFields, several rows' values joined with a comma. */
export function popupValues(rows: PopupReportRow[], orgFields: string, destFields: string): Record<string, string> {
  const org = split(orgFields);
  const values: Record<string, string> = {};
  split(destFields).forEach((dest, i) => {
    values[dest] = rows
      .map((row) => row[org[i]!])
      .map((v) => (v === null || v === undefined ? '' : String(v)))
      .join(',');
  });
  return values;
}

/** An input that opens a popup report and copies the chosen record's fields into the form. */
export function PopupPicker({
  code,
  orgFields,
  destFields,
  field,
  value,
  onChange,
  onPick,
  multi = false,
  param,
  title,
  placeholder = '点击选择',
  disabled,
  style,
  id,
}: PopupPickerProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const problem = popupConfigError(code, orgFields, destFields);
  const shownField = field ?? split(destFields)[0] ?? '';

  useEffect(() => {
    if (problem) message.error(problem);
  }, [problem, message]);

  if (problem) {
    return <Input id={id} style={style} status="error" disabled value={problem} className="popup-picker-invalid" />;
  }

  const apply = (rows: PopupReportRow[]) => {
    const values = popupValues(rows, orgFields!, destFields!);
    onPick?.(values, rows);
    onChange?.(values[shownField] ?? '');
  };

  return (
    <>
      <Input
        id={id}
        style={style}
        className="popup-picker"
        readOnly
        disabled={disabled}
        value={value ?? ''}
        placeholder={placeholder}
        allowClear
        suffix={<SearchOutlined />}
        onClick={() => !disabled && setOpen(true)}
        onChange={(e) => {
          // Only the clear button changes a read-only input: empty every destination.
          if (e.target.value === '') apply([]);
        }}
      />
      {open && (
        <PopupReportModal
          open={open}
          code={code!}
          multi={multi}
          param={param}
          title={title}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            apply(rows);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
