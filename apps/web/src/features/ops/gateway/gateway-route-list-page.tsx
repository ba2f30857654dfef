import { useEffect, useState } from 'react';
import { App, Card, Form, Input, InputNumber, Modal, Switch, Tag } from 'antd';
import { GATEWAY_API, GATEWAY_MESSAGES as M, PERM, gatewayRoutePerm, type GatewayRoute } from '@district/shared';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import { errorMessage } from '../../../lib/errors';
import { postAction, putAction } from '../../../lib/request';

const COLUMNS: ListColumn<GatewayRoute>[] = [
  { title: '路由ID', dataIndex: 'routeId', key: 'routeId', sorter: true, width: 140 },
  { title: '路由名称', dataIndex: 'name', key: 'name', sorter: true, width: 160 },
  { title: '目标地址', dataIndex: 'uri', key: 'uri', width: 240 },
  { title: '路径断言', dataIndex: 'predicates', key: 'predicates', width: 160 },
  { title: '过滤器', dataIndex: 'filters', key: 'filters', width: 220 },
  {
    title: '调用权限',
    dataIndex: 'routeId',
    key: 'perm',
    width: 200,
    render: (routeId: string) => <code>{gatewayRoutePerm(routeId)}</code>,
  },
  { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder', sorter: true, width: 80 },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 80,
    render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
];

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'routeId', label: '路由ID', op: 'like', trim: true },
  { kind: 'input', field: 'name', label: '路由名称', op: 'like', trim: true },
];

interface Values {
  routeId?: string;
  name?: string;
  uri?: string;
  predicates?: string;
  filters?: string;
  sortOrder?: number | null;
  status?: boolean;
}

function GatewayRouteFormModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: GatewayRoute | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? { ...record, predicates: record.predicates ?? '', filters: record.filters ?? '', status: record.status === 1 }
        : { predicates: '["/**"]', filters: '', sortOrder: 0, status: true },
    );
  }, [open, record, form]);

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
        routeId: (v.routeId ?? '').trim(),
        name: (v.name ?? '').trim(),
        uri: (v.uri ?? '').trim(),
        predicates: v.predicates?.trim() || null,
        filters: v.filters?.trim() || null,
        sortOrder: v.sortOrder ?? 0,
        status: v.status ? 1 : 0,
      };
      const res = record
        ? await putAction(`${GATEWAY_API.base}/edit`, body)
        : await postAction(`${GATEWAY_API.base}/add`, body);
      void message.success(res.message || '保存成功！');
      onSaved();
    } catch (error) {
      const text = errorMessage(error, '');
      if (text === M.hostNotAllowed || text === M.uriInvalid) form.setFields([{ name: 'uri', errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? '编辑网关路由' : '新增网关路由'}
      width={680}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" name="gateway-form">
        <Form.Item
          label="路由ID"
          name="routeId"
          rules={[{ required: true, pattern: /^[a-z][a-z0-9-]{1,63}$/, message: M.routeIdInvalid }]}
          extra="调用地址：/api/gateway/{路由ID}/…；调用权限 gateway:route:{路由ID} 随路由生成，在角色授权的“网关路由”下分配"
        >
          <Input />
        </Form.Item>
        <Form.Item label="路由名称" name="name" rules={[{ required: true, whitespace: true, message: M.nameRequired }]}>
          <Input />
        </Form.Item>
        <Form.Item
          label="目标地址"
          name="uri"
          rules={[{ required: true, whitespace: true, message: M.uriInvalid }]}
          extra="只能指向配置项 GATEWAY_ALLOWED_HOSTS 中允许的主机"
        >
          <Input placeholder="https://api.example.com/base" />
        </Form.Item>
        <Form.Item label="路径断言" name="predicates" extra='JSON 数组，如 ["/api/**"]'>
          <Input style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item label="过滤器" name="filters" extra='JSON 数组，如 [{"name":"StripPrefix","args":{"parts":1}}]'>
          <Input style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item label="排序" name="sortOrder">
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item label="启用" name="status" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 网关路由: the routes our server proxies under /api/gateway/{routeId}/ (allowlisted hosts only). */
export function GatewayRouteListPage() {
  return (
    <Card size="small">
      <ListPage<GatewayRoute>
        url={{
          list: `${GATEWAY_API.base}/list`,
          delete: `${GATEWAY_API.base}/delete`,
          deleteBatch: `${GATEWAY_API.base}/deleteBatch`,
        }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.gatewayAdd,
          edit: PERM.gatewayEdit,
          delete: PERM.gatewayDelete,
          batchDelete: PERM.gatewayDelete,
        }}
        renderEditor={({ open, record, onClose, onSaved }) => (
          <GatewayRouteFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
        )}
      />
    </Card>
  );
}
