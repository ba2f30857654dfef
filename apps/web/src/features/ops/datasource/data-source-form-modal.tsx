import { useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import {
  DATA_SOURCE_API,
  DATA_SOURCE_DEFAULT_PORTS,
  DATA_SOURCE_MESSAGES as M,
  DATA_SOURCE_RESOURCE as R,
  DATA_SOURCE_TYPE_LABELS,
  DATA_SOURCE_TYPES,
  PERM,
  resourceUrls,
  type DataSource,
  type DataSourceType,
} from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { formField, toAntdRules } from '@/components/form-modal/field-rules';
import { postAction } from '@/lib/request';

export const DATA_SOURCE_FORM_TEXT = {
  add: `新增${R.title}`,
  edit: `编辑${R.title}`,
  test: '测试连接',
  passwordKept: '留空则保留已保存的密码',
} as const;

const URLS = resourceUrls(R.path);
const F = R.fields;

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

/** The connection part of the form, as both the test and the save send it (SQLite has no host or account). */
const connection = (v: Values) => {
  const sqlite = v.dbType === 'sqlite';
  return {
    dbType: v.dbType ?? 'postgres',
    host: sqlite ? null : v.host?.trim() || null,
    port: sqlite ? null : (v.port ?? null),
    databaseName: (v.databaseName ?? '').trim(),
    username: sqlite ? null : v.username?.trim() || null,
    password: v.password || null,
  };
};

/** A taken or malformed code shows under the code too. */
const fieldOfError = (text: string) => (text === M.codeTaken || text === M.codeInvalid ? 'code' : undefined);

/** 新增/编辑数据源, with 测试连接 of the values typed (the stored password when none is typed). */
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
  const [testing, setTesting] = useState(false);
  const sqlite = Form.useWatch('dbType', form) === 'sqlite';

  const test = async () => {
    let v: Values;
    try {
      v = await form.validateFields(['dbType', 'host', 'port', 'databaseName', 'username', 'password']);
    } catch {
      return;
    }
    setTesting(true);
    try {
      const res = await postAction(DATA_SOURCE_API.test, { ...(record ? { id: record.id } : {}), ...connection(v) });
      void message.success(res.message);
    } catch {
      // The request layer shows the reason (unreachable, wrong user or password, unknown database, refused address).
    } finally {
      setTesting(false);
    }
  };

  return (
    <RecordFormModal<DataSource, Values>
      open={open}
      record={record}
      form={form}
      titles={DATA_SOURCE_FORM_TEXT}
      formName="data-source-form"
      width={720}
      layout="vertical"
      initialValues={(r) =>
        r
          ? {
              code: r.code,
              name: r.name,
              dbType: r.dbType,
              host: r.host ?? '',
              port: r.port,
              databaseName: r.databaseName,
              username: r.username ?? '',
              remark: r.remark ?? '',
            }
          : { dbType: 'postgres', port: DATA_SOURCE_DEFAULT_PORTS.postgres }
      }
      urls={URLS}
      toPayload={(v, r) => ({
        ...(r ? { id: r.id } : {}),
        code: (v.code ?? '').trim(),
        name: (v.name ?? '').trim(),
        ...connection(v),
        remark: v.remark?.trim() || null,
      })}
      fieldOfError={fieldOfError}
      modalProps={{
        footer: (_, { OkBtn, CancelBtn }) => (
          <>
            {allowed(PERM.dataSourceTest) && (
              <Button loading={testing} onClick={() => void test()}>
                {DATA_SOURCE_FORM_TEXT.test}
              </Button>
            )}
            <CancelBtn />
            <OkBtn />
          </>
        ),
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...formField(R, 'code')}>
            <Input placeholder="例如 report_db" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'name')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...formField(R, 'dbType')}>
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
            rules={toAntdRules(F.databaseName.rules)}
            extra={sqlite ? '数据源目录（DATASOURCE_SQLITE_DIR）中的文件名，如 reports.db' : undefined}
          >
            <Input />
          </Form.Item>
        </Col>
        {!sqlite && (
          <>
            <Col span={16}>
              <Form.Item
                label={F.host.title}
                name="host"
                rules={[{ required: true, whitespace: true, message: M.hostRequired }]}
              >
                <Input placeholder="域名或 IP 地址" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={F.port.title} name="port">
                <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item {...formField(R, 'username')}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label={F.password.title}
                name="password"
                extra={record ? DATA_SOURCE_FORM_TEXT.passwordKept : undefined}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={24}>
          <Form.Item {...formField(R, 'remark')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormModal>
  );
}
