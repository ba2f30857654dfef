import { Button, Col, Form, Input, Row, Select } from 'antd';
import { ASSET_DICT } from '@district/shared';
import { CategorySelect } from '../../../components/category-select/category-select';
import { DictSelect } from '../../../components/dict/dict-select';
import { queryFieldParams, type ListParams, type QueryField } from '../../../components/list-page/list-query';
import { DepartSelect } from '../../../components/pickers/depart-select';
import { ASSET_CATEGORY_ROOT } from './asset-form-modal';

/** The text and dictionary filters, sent the way every list sends them (like for texts). */
const PLAIN_FIELDS: QueryField[] = [
  { kind: 'input', field: 'name', label: '资产名称', op: 'like', trim: true },
  { kind: 'input', field: 'code', label: '资产编码', op: 'like', trim: true },
];

interface Values {
  name?: string;
  code?: string;
  categoryId?: string;
  status?: string;
  useNature?: string;
  ownerDepartId?: string;
  published?: string;
}

/** The filters of a values object as list parameters (exact ids and codes; like for name and code). */
export function assetQueryParams(values: Values): ListParams {
  const params = queryFieldParams(PLAIN_FIELDS, values as Record<string, unknown>);
  for (const key of ['categoryId', 'status', 'useNature', 'ownerDepartId', 'published'] as const) {
    const v = values[key];
    if (v !== undefined && v !== null && v !== '') params[key] = v;
  }
  return params;
}

/**
 * The query form of 资产索引: besides texts and dictionaries it filters by the asset category tree and a
 * department, which the generic query form has no inputs for.
 */
export function AssetQueryForm({ onSearch }: { onSearch: (params: ListParams) => void }) {
  const [form] = Form.useForm<Values>();
  const col = { xs: 24, sm: 12, lg: 6 } as const;
  return (
    <Form
      form={form}
      role="search"
      name="asset-query"
      onFinish={(values) => onSearch(assetQueryParams(values))}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item name="name" label="资产名称" style={{ marginBottom: 12 }}>
            <Input aria-label="资产名称" allowClear placeholder="请输入资产名称" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="code" label="资产编码" style={{ marginBottom: 12 }}>
            <Input aria-label="资产编码" allowClear placeholder="请输入资产编码" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="categoryId" label="资产分类" style={{ marginBottom: 12 }}>
            <CategorySelect pcode={ASSET_CATEGORY_ROOT} placeholder="请选择资产分类" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="status" label="资产状态" style={{ marginBottom: 12 }}>
            <DictSelect dictCode={ASSET_DICT.status} placeholder="请选择资产状态" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="useNature" label="使用性质" style={{ marginBottom: 12 }}>
            <DictSelect dictCode={ASSET_DICT.useNature} placeholder="请选择使用性质" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="ownerDepartId" label="所属部门" style={{ marginBottom: 12 }}>
            <DepartSelect multiple={false} placeholder="请选择所属部门" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="published" label="是否发布" style={{ marginBottom: 12 }}>
            <Select
              aria-label="是否发布"
              allowClear
              placeholder="请选择"
              options={[
                { value: '1', label: '已发布' },
                { value: '0', label: '未发布' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
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
        </Col>
      </Row>
    </Form>
  );
}
