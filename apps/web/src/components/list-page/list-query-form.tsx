import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { DownOutlined, FilterOutlined, UpOutlined } from '@ant-design/icons';
import { DATE_FORMAT, DATETIME_FORMAT } from '@district/shared';
import { queryFieldParams, type ListParams, type QueryField } from './list-query';
import { CategorySelect } from '@/components/category-select/category-select';
import { useDictOptions } from '@/components/dict/use-dict-options';
import { DepartSelect } from '@/components/pickers/depart-select';

/** Fields shown before 展开 (the rest are kept, only hidden). */
export const QUERY_FORM_VISIBLE = 3;
/** On a phone only the first field shows; the rest wait behind 筛选. */
export const QUERY_FORM_VISIBLE_NARROW = 1;

export const QUERY_FORM_TEXT = {
  search: '查询',
  reset: '重置',
  expand: '展开',
  collapse: '收起',
  /** The phone's toggle, with the number of hidden fields in use. */
  filter: (inUse: number) => (inUse > 0 ? `筛选(${inUse})` : '筛选'),
} as const;

const isSet = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

function DictSelect({ field, ...rest }: { field: Extract<QueryField, { kind: 'dict' }> }) {
  const { options } = useDictOptions(field.dictCode);
  return (
    <Select
      {...rest}
      aria-label={field.label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={field.multiple ? 'multiple' : undefined}
      placeholder={field.placeholder ?? `请选择${field.label}`}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
    />
  );
}

function FieldInput({ field, ...rest }: { field: QueryField }) {
  switch (field.kind) {
    case 'dict':
      return <DictSelect field={field} {...rest} />;
    case 'select':
      return (
        <Select
          {...rest}
          aria-label={field.label}
          allowClear
          mode={field.multiple ? 'multiple' : undefined}
          placeholder={field.placeholder ?? `请选择${field.label}`}
          options={field.options}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          {...rest}
          aria-label={field.label}
          style={{ width: '100%' }}
          showTime={field.showTime}
          format={field.showTime ? DATETIME_FORMAT : DATE_FORMAT}
        />
      );
    case 'depart':
      return <DepartSelect {...rest} multiple={false} placeholder={field.placeholder ?? `请选择${field.label}`} />;
    case 'category':
      return (
        <CategorySelect {...rest} pcode={field.root ?? '0'} placeholder={field.placeholder ?? `请选择${field.label}`} />
      );
    case 'custom':
      return <>{field.render(rest as { value?: unknown; onChange?: (value: unknown) => void })}</>;
    case 'number':
      return (
        <InputNumber
          {...rest}
          aria-label={field.label}
          style={{ width: '100%' }}
          placeholder={field.placeholder ?? `请输入${field.label}`}
        />
      );
    default:
      return (
        <Input
          {...rest}
          aria-label={field.label}
          allowClear
          placeholder={field.placeholder ?? `请输入${field.label}`}
        />
      );
  }
}

export interface ListQueryFormProps {
  fields: readonly QueryField[];
  onSearch: (params: ListParams) => void;
  /** A phone: only the first field until 筛选 opens the rest. */
  narrow?: boolean;
}

/**
 * 查询 / 重置 form above a list; more than three fields fold behind 展开. On a phone everything after the first field
 * folds behind 筛选, which counts the folded fields in use.
 */
export function ListQueryForm({ fields, onSearch, narrow = false }: ListQueryFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  const visible = narrow ? QUERY_FORM_VISIBLE_NARROW : QUERY_FORM_VISIBLE;
  const collapsible = fields.length > visible;
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const hiddenInUse = fields.slice(visible).filter((f) => isSet(values?.[f.field])).length;

  return (
    <Form
      form={form}
      role="search"
      onFinish={(submitted) => onSearch(queryFieldParams(fields, submitted))}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        {fields.map((f, i) => (
          <Col
            key={f.field}
            xs={24}
            sm={12}
            lg={6}
            style={collapsible && !expanded && i >= visible ? { display: 'none' } : undefined}
          >
            <Form.Item name={f.field} label={f.label} style={{ marginBottom: 12 }}>
              <FieldInput field={f} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={6}>
          <Button type="primary" htmlType="submit">
            {QUERY_FORM_TEXT.search}
          </Button>
          <Button
            style={{ marginLeft: 8 }}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {QUERY_FORM_TEXT.reset}
          </Button>
          {collapsible &&
            (narrow && !expanded ? (
              <Button type="link" aria-expanded={false} onClick={() => setExpanded(true)}>
                <FilterOutlined aria-hidden />
                {QUERY_FORM_TEXT.filter(hiddenInUse)}
              </Button>
            ) : (
              <Button type="link" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
                {expanded ? QUERY_FORM_TEXT.collapse : QUERY_FORM_TEXT.expand}
                {expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              </Button>
            ))}
        </Col>
      </Row>
    </Form>
  );
}
