import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { DATE_FORMAT, DATETIME_FORMAT } from '@district/shared';
import { queryFieldParams, type ListParams, type QueryField } from './list-query';
import { useDictOptions } from '../dict/use-dict-options';

/** Fields shown before 展开 (the rest are kept, only hidden). */
export const QUERY_FORM_VISIBLE = 3;

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
}

/** 查询 / 重置 form above a list; more than three fields fold behind 展开. */
export function ListQueryForm({ fields, onSearch }: ListQueryFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  const collapsible = fields.length > QUERY_FORM_VISIBLE;

  return (
    <Form
      form={form}
      role="search"
      onFinish={(values) => onSearch(queryFieldParams(fields, values))}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        {fields.map((f, i) => (
          <Col
            key={f.field}
            xs={24}
            sm={12}
            lg={6}
            style={collapsible && !expanded && i >= QUERY_FORM_VISIBLE ? { display: 'none' } : undefined}
          >
            <Form.Item name={f.field} label={f.label} style={{ marginBottom: 12 }}>
              <FieldInput field={f} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={6}>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            style={{ marginLeft: 8 }}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
          {collapsible && (
            <Button type="link" onClick={() => setExpanded((e) => !e)}>
              {expanded ? '收起' : '展开'}
              {expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}
