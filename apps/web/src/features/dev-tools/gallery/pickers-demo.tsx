import { Col, Divider, Form, Input, Row, Typography } from 'antd';
import { AreaLinkage } from '@/components/area/area-linkage';
import { getAreaText } from '@/components/area/area-data';
import { BizSelect } from '@/components/biz-select/biz-select';
import { CategorySelect } from '@/components/category-select/category-select';
import { PopupPicker } from '@/components/popup/popup-picker';

interface PickerValues {
  area?: string;
  areaSelect?: string;
  category?: string;
  categories?: string;
  username?: string;
  realname?: string;
  orgCode?: string;
  positionCode?: string;
  positionName?: string;
  positions?: string;
}

/** Area linkage, category select, popup report pickers and the business select, in one form. */
export default function PickersDemo() {
  const [form] = Form.useForm<PickerValues>();
  const values = Form.useWatch([], form) ?? {};

  return (
    <Form form={form} layout="vertical" className="pickers-demo">
      <Divider titlePlacement="start">省市区联动</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="area" label="省市区（级联）">
            <AreaLinkage />
          </Form.Item>
          <Typography.Text type="secondary" data-testid="area-text">
            {values.area ? `${values.area} ${getAreaText(values.area)}` : '未选择'}
          </Typography.Text>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="areaSelect" label="省市区（下拉）">
            <AreaLinkage type="select" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">分类字典</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="category" label="分类（单选）">
            <CategorySelect pcode="0" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="categories" label="分类（多选）">
            <CategorySelect pcode="0" multiple />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">Popup 选择</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="username" label="用户账号">
            <PopupPicker
              code="sys_user_report"
              orgFields="username,realname,orgCode"
              destFields="username,realname,orgCode"
              onPick={(picked) => form.setFieldsValue(picked)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="realname" label="用户姓名">
            <Input readOnly placeholder="选择用户后带出" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          {/* Not the phone: personal data is sealed at rest and the user report does not offer it (issue 24). */}
          <Form.Item name="orgCode" label="部门编码">
            <Input readOnly placeholder="选择用户后带出" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="positionName" label="职务（多选）">
            <PopupPicker
              code="sys_position_report"
              orgFields="code,name"
              destFields="positionCode,positionName"
              field="positionName"
              multi
              onPick={(picked) => form.setFieldsValue(picked)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="positionCode" label="职务编码">
            <Input readOnly />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">业务选择</Divider>
      <Form.Item name="positions" label="职务">
        <BizSelect
          title="选择职务"
          listUrl="/sys/position/list"
          valueKey="code"
          displayKey="name"
          queryParamText="职务名称"
          columns={[
            { dataIndex: 'name', title: '职务名称' },
            { dataIndex: 'code', title: '职务编码' },
            { dataIndex: 'postRank_dictText', title: '职级' },
          ]}
        />
      </Form.Item>

      <Typography.Paragraph>
        <pre data-testid="pickers-values">{JSON.stringify(values, null, 2)}</pre>
      </Typography.Paragraph>
    </Form>
  );
}
