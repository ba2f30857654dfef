import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { OnlineReportDef } from '@district/shared';
import type { OnlineReportSaveInput } from '@district/shared/schemas';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveReport } from '../api/online-api';
import { DataSourceSelect } from './data-source-select';

const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== '' && v !== undefined)) as T;

/** 新增/编辑 of an online report: code, name, one SELECT with :named parameters, columns and query fields. */
export function ReportEditorModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: OnlineReportDef | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <RecordFormModal<OnlineReportDef, OnlineReportSaveInput>
      open={open}
      record={record}
      titles={{ add: '新增报表', edit: '编辑报表' }}
      formName="online-report"
      width={1000}
      labelCol={{ span: 3 }}
      wrapperCol={{ span: 20 }}
      initialValues={(r) =>
        r
          ? {
              code: r.code,
              name: r.name,
              dbSource: r.dbSource ?? null,
              sqlText: r.sqlText,
              columns: r.columns,
              params: r.params,
              queryFields: r.queryFields,
            }
          : { columns: [], params: [], queryFields: [] }
      }
      save={(v, r) =>
        saveReport({
          ...v,
          id: r?.id,
          columns: (v.columns ?? []).map(clean),
          params: (v.params ?? []).map(clean),
          queryFields: (v.queryFields ?? []).map(clean),
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item label="报表编码" name="code" rules={[{ required: true, message: '请输入报表编码' }]}>
        <Input disabled={!!record} />
      </Form.Item>
      <Form.Item label="报表名称" name="name" rules={[{ required: true, message: '请输入报表名称' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="数据源" name="dbSource" extra="为空时查询主数据库；SQL 按所选数据库的语法检查，只读执行。">
        <DataSourceSelect />
      </Form.Item>
      <Form.Item
        label="查询SQL"
        name="sqlText"
        rules={[{ required: true, message: '请输入查询SQL' }]}
        extra="只允许一条 SELECT；参数写作 :参数名（绑定传入）；内置参数 :sys_tenant_id、:sys_user_code、:sys_org_code。列为空时按 SQL 的列自动生成。"
      >
        <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Typography.Text strong>参数</Typography.Text>
      <Form.List name="params">
        {(items, { add, remove }) => (
          <div style={{ marginBottom: 12 }}>
            {items.map((item) => (
              <Space key={item.key} style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[item.name, 'name']} noStyle>
                  <Input placeholder="参数名" />
                </Form.Item>
                <Form.Item name={[item.name, 'label']} noStyle>
                  <Input placeholder="参数名称" />
                </Form.Item>
                <Form.Item name={[item.name, 'defaultValue']} noStyle>
                  <Input placeholder="默认值" />
                </Form.Item>
                <Form.Item name={[item.name, 'dictCode']} noStyle>
                  <Input placeholder="字典编码（取值下拉）" />
                </Form.Item>
                <Form.Item name={[item.name, 'hint']} noStyle>
                  <Input placeholder="填写提示，如 2026-01-01" />
                </Form.Item>
                <DeleteOutlined onClick={() => remove(item.name)} />
              </Space>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => add()}>
              添加参数
            </Button>
          </div>
        )}
      </Form.List>
      <Typography.Text strong>列</Typography.Text>
      <Form.List name="columns">
        {(items, { add, remove }) => (
          <div style={{ marginBottom: 12 }}>
            {items.map((item) => (
              <Row key={item.key} gutter={4} style={{ marginBottom: 4 }}>
                <Col span={4}>
                  <Form.Item name={[item.name, 'field']} noStyle>
                    <Input placeholder="字段" />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'label']} noStyle>
                    <Input placeholder="列名称" />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item name={[item.name, 'width']} noStyle>
                    <InputNumber placeholder="宽度" min={40} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'dictCode']} noStyle>
                    <Input placeholder="字典编码" />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'link']} noStyle>
                    <Input placeholder="链接 /x?id={id}" />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Space>
                    <Form.Item name={[item.name, 'sortable']} valuePropName="checked" noStyle>
                      <Checkbox>排序</Checkbox>
                    </Form.Item>
                    <Form.Item name={[item.name, 'hidden']} valuePropName="checked" noStyle>
                      <Checkbox>隐藏</Checkbox>
                    </Form.Item>
                  </Space>
                </Col>
                <Col span={1}>
                  <DeleteOutlined onClick={() => remove(item.name)} />
                </Col>
              </Row>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => add()}>
              添加列
            </Button>
          </div>
        )}
      </Form.List>
      <Typography.Text strong>查询条件</Typography.Text>
      <Form.List name="queryFields">
        {(items, { add, remove }) => (
          <div>
            {items.map((item) => (
              <Space key={item.key} style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[item.name, 'field']} noStyle>
                  <Input placeholder="字段" />
                </Form.Item>
                <Form.Item name={[item.name, 'label']} noStyle>
                  <Input placeholder="名称" />
                </Form.Item>
                <Form.Item name={[item.name, 'mode']} noStyle initialValue="like">
                  <Select
                    style={{ width: 110 }}
                    options={[
                      { value: 'like', label: '模糊' },
                      { value: 'exact', label: '精确' },
                      { value: 'range', label: '范围' },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'dictCode']} noStyle>
                  <Input placeholder="字典编码" />
                </Form.Item>
                <DeleteOutlined onClick={() => remove(item.name)} />
              </Space>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => add()}>
              添加查询条件
            </Button>
          </div>
        )}
      </Form.List>
    </RecordFormModal>
  );
}
