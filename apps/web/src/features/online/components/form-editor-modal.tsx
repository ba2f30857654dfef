import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ONLINE_DB_TYPE_LABELS,
  ONLINE_KIND_LABELS,
  ONLINE_LIMITS,
  ONLINE_THEME_LABELS,
  ONLINE_WIDGET_LABELS,
  onlineColumnProblem,
  RULE_LABELS,
  RULES,
  type OnlineFormDef,
  type RuleName,
} from '@district/shared';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { saveForm, type FormPayload } from '../api/online-api';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export interface FormEditorModalProps {
  open: boolean;
  record: OnlineFormDef | null;
  onClose: () => void;
  onSaved: () => void;
}

const NEW_FIELD = { dbType: 'string', length: 50, showList: true, showForm: true, widget: 'input' };

/** The shared list of reserved and system column names, so the designer refuses what the server would. */
const columnRule = {
  validator: async (_: unknown, value: unknown) => {
    const problem = typeof value === 'string' && value ? onlineColumnProblem(value.trim()) : null;
    if (problem) throw new Error(problem);
  },
};
/** A field-row input whose error shows under it (the rows have no label column). */
const cell = { wrapperCol: { span: 24 }, style: { marginBottom: 0 } } as const;

/** 新增/编辑 of a form definition: table, title, kind, theme, sub tables and the fields. */
export function FormEditorModal({ open, record, onClose, onSaved }: FormEditorModalProps) {
  const [form] = Form.useForm<FormPayload>();
  const kind = Form.useWatch('formKind', form);
  return (
    <RecordFormModal<OnlineFormDef, FormPayload>
      open={open}
      record={record}
      form={form}
      titles={{ add: '新增表单', edit: '编辑表单' }}
      formName="online-form"
      width={1300}
      labelCol={{ span: 3 }}
      wrapperCol={{ span: 20 }}
      initialValues={(r) =>
        r
          ? {
              tableName: r.tableName,
              title: r.title,
              formKind: r.formKind,
              theme: r.theme,
              treeParentField: r.treeParentField ?? undefined,
              treeTextField: r.treeTextField ?? undefined,
              subTables: r.subTables,
              fields: r.fields,
            }
          : {
              tableName: ONLINE_LIMITS.tablePrefix,
              formKind: 'single',
              theme: 'plain',
              fields: [{ ...NEW_FIELD, name: 'name', label: '名称' }] as FormPayload['fields'],
            }
      }
      save={(v, r) =>
        saveForm({
          ...v,
          id: r?.id,
          subTables: v.subTables ?? [],
          // Cleared inputs are left out rather than sent as null or ''.
          fields: (v.fields ?? []).map((f, i) => ({
            ...(Object.fromEntries(
              Object.entries(f).filter(([, x]) => x !== null && x !== '' && x !== undefined),
            ) as typeof f),
            order: i,
          })),
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item label="表名" name="tableName" rules={[{ required: true, message: '请输入表名' }]}>
        <Input placeholder={`${ONLINE_LIMITS.tablePrefix}xxx`} disabled={record?.syncedVersion != null} />
      </Form.Item>
      <Form.Item label="表描述" name="title" rules={[{ required: true, whitespace: true, message: '请输入表描述' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="表类型">
        <Space>
          <Form.Item name="formKind" noStyle>
            <Select style={{ width: 120 }} options={options(ONLINE_KIND_LABELS)} aria-label="表类型" />
          </Form.Item>
          <Form.Item name="theme" noStyle>
            <Select style={{ width: 160 }} options={options(ONLINE_THEME_LABELS)} aria-label="表单风格" />
          </Form.Item>
          {kind === 'tree' && (
            <>
              <Form.Item name="treeParentField" rules={[columnRule]} {...cell}>
                <Input placeholder="父级字段，如 pid" aria-label="父级字段" style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="treeTextField" noStyle>
                <Input placeholder="树显示字段" style={{ width: 160 }} />
              </Form.Item>
            </>
          )}
        </Space>
      </Form.Item>
      {kind === 'main' && (
        <Form.Item label="附表">
          <Form.List name="subTables">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} style={{ display: 'flex', marginBottom: 4 }}>
                    <Form.Item name={[item.name, 'table']} noStyle>
                      <Input placeholder="附表表名" style={{ width: 200 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'relation']} noStyle initialValue="many">
                      <Select
                        style={{ width: 110 }}
                        options={[
                          { value: 'many', label: '一对多' },
                          { value: 'one', label: '一对一' },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'foreignKey']} noStyle>
                      <Input placeholder="外键字段" style={{ width: 160 }} />
                    </Form.Item>
                    <DeleteOutlined onClick={() => remove(item.name)} />
                  </Space>
                ))}
                <Button size="small" icon={<PlusOutlined />} onClick={() => add()}>
                  添加附表
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      )}
      <Typography.Text strong>字段</Typography.Text>
      <Form.List name="fields">
        {(items, { add, remove }) => (
          <div>
            <Row gutter={4} style={{ fontSize: 12, color: '#888', margin: '4px 0' }}>
              <Col span={3}>字段名</Col>
              <Col span={3}>备注</Col>
              <Col span={2}>类型</Col>
              <Col span={2}>长度/小数</Col>
              <Col span={5}>必填 唯一 列表 查询 表单</Col>
              <Col span={3}>控件</Col>
              <Col span={3}>字典</Col>
              <Col span={2}>正则</Col>
            </Row>
            {items.map((item, index) => (
              <Row
                gutter={[4, 2]}
                key={item.key}
                style={{ marginBottom: 8, paddingBottom: 4, borderBottom: '1px dashed #eee' }}
                data-testid={`field-row-${index}`}
              >
                <Col span={3}>
                  <Form.Item name={[item.name, 'name']} rules={[columnRule]} {...cell}>
                    <Input size="small" placeholder="字段名" aria-label={`字段名${index + 1}`} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item name={[item.name, 'label']} noStyle>
                    <Input size="small" placeholder="备注" aria-label={`字段备注${index + 1}`} />
                  </Form.Item>
                </Col>
                <Col span={2}>
                  <Form.Item name={[item.name, 'dbType']} noStyle>
                    <Select size="small" options={options(ONLINE_DB_TYPE_LABELS)} aria-label={`字段类型${index + 1}`} />
                  </Form.Item>
                </Col>
                <Col span={2}>
                  <Space.Compact size="small">
                    <Form.Item name={[item.name, 'length']} noStyle>
                      <InputNumber size="small" min={1} style={{ width: 60 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'scale']} noStyle>
                      <InputNumber size="small" min={0} style={{ width: 44 }} />
                    </Form.Item>
                  </Space.Compact>
                </Col>
                <Col span={5}>
                  <Space size={6}>
                    {(['required', 'unique', 'showList', 'showQuery', 'showForm'] as const).map((flag) => (
                      <Form.Item key={flag} name={[item.name, flag]} valuePropName="checked" noStyle>
                        <Checkbox aria-label={`${flag}${index + 1}`} />
                      </Form.Item>
                    ))}
                  </Space>
                </Col>
                <Col span={3}>
                  <Form.Item name={[item.name, 'widget']} noStyle>
                    <Select size="small" options={options(ONLINE_WIDGET_LABELS)} aria-label={`控件${index + 1}`} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item name={[item.name, 'dictCode']} noStyle>
                    <Input size="small" placeholder="字典编码" aria-label={`字典${index + 1}`} />
                  </Form.Item>
                </Col>
                <Col span={2}>
                  <Form.Item name={[item.name, 'pattern']} noStyle>
                    <Input size="small" placeholder="正则" />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <DeleteOutlined aria-label={`删除字段${index + 1}`} onClick={() => remove(item.name)} />
                </Col>
                <Col span={3} offset={3}>
                  <Form.Item name={[item.name, 'queryMode']} noStyle>
                    <Select
                      size="small"
                      placeholder="查询方式"
                      allowClear
                      aria-label={`查询方式${index + 1}`}
                      options={[
                        { value: 'exact', label: '精确查询' },
                        { value: 'like', label: '模糊查询' },
                        { value: 'range', label: '范围查询' },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item name={[item.name, 'defaultValue']} noStyle>
                    <Input size="small" placeholder="默认值" aria-label={`默认值${index + 1}`} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'ruleCode']} noStyle>
                    <Select
                      size="small"
                      placeholder="校验规则"
                      allowClear
                      aria-label={`校验规则${index + 1}`}
                      options={(Object.keys(RULES) as RuleName[]).map((r) => ({ value: r, label: RULE_LABELS[r] }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'patternMessage']} noStyle>
                    <Input size="small" placeholder="正则提示" />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'linkTable']} noStyle>
                    <Input size="small" placeholder="关联表单/报表编码" aria-label={`关联${index + 1}`} />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => add({ ...NEW_FIELD })}>
              添加字段
            </Button>
          </div>
        )}
      </Form.List>
    </RecordFormModal>
  );
}
