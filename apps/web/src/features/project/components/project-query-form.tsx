import { Button, Col, Form, Input, Row, Space } from 'antd';
import { PROJECT_DICT } from '@district/shared';
import { DictSelect } from '../../../components/dict/dict-select';
import { queryFieldParams, type ListParams, type QueryField } from '../../../components/list-page/list-query';
import { DepartSelect } from '../../../components/pickers/depart-select';

const PLAIN_FIELDS: QueryField[] = [{ kind: 'input', field: 'name', label: '项目名称', op: 'like', trim: true }];

interface Values {
  name?: string;
  type?: string;
  status?: string;
  departId?: string;
}

/** The filters as list parameters: like for the name, exact for the dictionaries and the department. */
export function projectQueryParams(values: Values): ListParams {
  const params = queryFieldParams(PLAIN_FIELDS, values as Record<string, unknown>);
  for (const key of ['type', 'status', 'departId'] as const) {
    const v = values[key];
    if (v !== undefined && v !== null && v !== '') params[key] = v;
  }
  return params;
}

/** The query form of 项目列表: name, type, status, department. */
export function ProjectQueryForm({ onSearch }: { onSearch: (params: ListParams) => void }) {
  const [form] = Form.useForm<Values>();
  const col = { xs: 24, sm: 12, lg: 6 } as const;
  return (
    <Form
      form={form}
      role="search"
      name="project-query"
      onFinish={(values) => onSearch(projectQueryParams(values))}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item name="name" label="项目名称" style={{ marginBottom: 12 }}>
            <Input aria-label="项目名称" allowClear placeholder="请输入项目名称" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="type" label="项目类型" style={{ marginBottom: 12 }}>
            <DictSelect dictCode={PROJECT_DICT.type} placeholder="请选择项目类型" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="status" label="项目状态" style={{ marginBottom: 12 }}>
            <DictSelect dictCode={PROJECT_DICT.status} placeholder="请选择项目状态" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="departId" label="所属部门" style={{ marginBottom: 12 }}>
            <DepartSelect multiple={false} placeholder="请选择所属部门" />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          重置
        </Button>
      </Space>
    </Form>
  );
}
