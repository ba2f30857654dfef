import { Col, Divider, Form, Row, Typography } from 'antd';
import { DictMultiSelect } from '@/components/dict/dict-multi-select';
import { DictSearchSelect } from '@/components/dict/dict-search-select';
import { DictSelect } from '@/components/dict/dict-select';
import { DepartSelect } from '@/components/pickers/depart-select';
import { UserSelect } from '@/components/pickers/user-select';
import { JTreeSelect } from '@/components/tree-select/tree-select';

interface SelectValues {
  sex?: string;
  sexRadio?: string;
  yn?: string;
  ranks?: string;
  user?: string;
  depart?: string;
  departs?: string;
  users?: string;
}

function Shown({ value, testId }: { value: unknown; testId: string }) {
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {value ? String(value) : '未选择'}
    </Typography.Text>
  );
}

/** The dictionary select family, the tree select and the department and user pickers, on real data. */
export default function SelectsDemo() {
  const [form] = Form.useForm<SelectValues>();
  const values = Form.useWatch([], form) ?? {};
  return (
    <Form form={form} layout="vertical">
      <Divider titlePlacement="start">字典组件</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="sex" label="性别（下拉）">
            <DictSelect dictCode="sex" placeholder="请选择性别" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="sexRadio" label="性别（单选）">
            <DictSelect dictCode="sex" type="radio" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="yn" label="是否（复选）">
            <DictSelect dictCode="yn" type="checkbox" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="ranks" label="职级（多选）">
            <DictMultiSelect dictCode="position_rank" />
          </Form.Item>
          <Shown value={values.ranks} testId="ranks-value" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="user" label="用户（搜索选择）">
            <DictSearchSelect dict="sys_user,realname,username" placeholder="输入姓名搜索" />
          </Form.Item>
          <Shown value={values.user} testId="search-user-value" />
        </Col>
      </Row>
      <Divider titlePlacement="start">树选择与选人选部门</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="depart" label="部门（树选择）">
            <JTreeSelect dict="sys_depart,depart_name,id" pidField="parent_id" placeholder="请选择部门" />
          </Form.Item>
          <Shown value={values.depart} testId="tree-depart-value" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="departs" label="部门（弹窗选择）">
            <DepartSelect multiple />
          </Form.Item>
          <Shown value={values.departs} testId="departs-value" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="users" label="用户（按部门选择）">
            <UserSelect />
          </Form.Item>
          <Shown value={values.users} testId="users-value" />
        </Col>
      </Row>
    </Form>
  );
}
