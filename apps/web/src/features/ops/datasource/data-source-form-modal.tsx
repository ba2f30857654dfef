import { useEffect, useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import {
  DATA_SOURCE_API,
  DATA_SOURCE_DEFAULT_PORTS,
  DATA_SOURCE_MESSAGES as M,
  DATA_SOURCE_TYPE_LABELS,
  DATA_SOURCE_TYPES,
  PERM,
  type DataSource,
  type DataSourceType,
} from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { errorMessage } from '../../../lib/errors';
import { postAction, putAction } from '../../../lib/request';

export const DATA_SOURCE_FORM_TEXT = {
  add: '新增数据源',
  edit: '编辑数据源',
  test: '测试连接',
  passwordKept: '留空则保留已保存的密码',
} as const;

interface Values {
  code?: string;
  name?: string;
  dbType?: DataSourceType;
  host?: string;
  port?: number | null;
  databaseName?: string;
  username?: string;
  password?: string;
  remark?: string;
}

export function DataSourceFormModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: DataSource | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const dbType = Form.useWatch('dbType', form);
  const sqlite = dbType === 'sqlite';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            code: record.code,
            name: record.name,
            dbType: record.dbType,
            host: record.host ?? '',
            port: record.port,
            databaseName: record.databaseName,
            username: record.username ?? '',
            remark: record.remark ?? '',
          }
        : { dbType: 'postgres', port: DATA_SOURCE_DEFAULT_PORTS.postgres },
    );
  }, [open, record, form]);

  const payload = (v: Values) => ({
    dbType: v.dbType ?? 'postgres',
    host: sqlite ? null : v.host?.trim() || null,
    port: sqlite ? null : (v.port ?? null),
    databaseName: (v.databaseName ?? '').trim(),
    username: sqlite ? null : v.username?.trim() || null,
    password: v.password || null,
  });

  const test = async () => {
    let v: Values;
    try {
      v = await form.validateFields(['dbType', 'host', 'port', 'databaseName', 'username', 'password']);
    } catch {
      return;
    }
    setTesting(true);
    try {
      const res = await postAction(DATA_SOURCE_API.test, { ...(record ? { id: record.id } : {}), ...payload(v) });
      void message.success(res.message);
    } catch {
      // The request layer shows the reason (timeout, refused, wrong password).
    } finally {
      setTesting(false);
    }
  };

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = {
        ...(record ? { id: record.id } : {}),
        code: (v.code ?? '').trim(),
        name: (v.name ?? '').trim(),
        ...payload(v),
        remark: v.remark?.trim() || null,
      };
      const res = record
        ? await putAction(`${DATA_SOURCE_API.base}/edit`, body)
        : await postAction(`${DATA_SOURCE_API.base}/add`, body);
      void message.success(res.message || '保存成功！');
      onSaved();
    } catch (error) {
      const text = errorMessage(error, '');
      if (text === M.codeTaken || text === M.codeInvalid) form.setFields([{ name: 'code', errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? DATA_SOURCE_FORM_TEXT.edit : DATA_SOURCE_FORM_TEXT.add}
      width={720}
      onCancel={onClose}
      forceRender
      footer={[
        allowed(PERM.dataSourceTest) && (
          <Button key="test" loading={testing} onClick={() => void test()}>
            {DATA_SOURCE_FORM_TEXT.test}
          </Button>
        ),
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()}>
          确定
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" name="data-source-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="数据源编码"
              name="code"
              rules={[
                { required: true, whitespace: true, message: M.codeRequired },
                { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: M.codeInvalid },
              ]}
            >
              <Input placeholder="例如 report_db" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="数据源名称"
              name="name"
              rules={[{ required: true, whitespace: true, message: M.nameRequired }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="数据库类型" name="dbType" rules={[{ required: true, message: M.typeInvalid }]}>
              <Select
                options={DATA_SOURCE_TYPES.map((t) => ({ value: t, label: DATA_SOURCE_TYPE_LABELS[t] }))}
                onChange={(t: DataSourceType) => form.setFieldValue('port', DATA_SOURCE_DEFAULT_PORTS[t])}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={sqlite ? 'SQLite 文件名' : '数据库名'}
              name="databaseName"
              rules={[{ required: true, whitespace: true, message: M.databaseRequired }]}
              extra={sqlite ? '数据源目录（DATASOURCE_SQLITE_DIR）中的文件名，如 reports.db' : undefined}
            >
              <Input />
            </Form.Item>
          </Col>
          {!sqlite && (
            <>
              <Col span={16}>
                <Form.Item
                  label="主机"
                  name="host"
                  rules={[{ required: true, whitespace: true, message: M.hostRequired }]}
                >
                  <Input placeholder="域名或 IP 地址" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="端口" name="port">
                  <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="用户名" name="username">
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="密码" name="password" extra={record ? DATA_SOURCE_FORM_TEXT.passwordKept : undefined}>
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={24}>
            <Form.Item label="备注" name="remark">
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
