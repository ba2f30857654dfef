import { useCallback } from 'react';
import { Alert, Card, Form, Input, InputNumber, Switch, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  GATEWAY_API,
  GATEWAY_MESSAGES as M,
  GATEWAY_ROUTE_RESOURCE as R,
  gatewayRoutePerm,
  resourceUrls,
  type GatewayAllowedHosts,
  type GatewayRoute,
} from '@district/shared';
import { getAction } from '@/lib/request';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { formField } from '@/components/form-modal/field-rules';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';

export const GATEWAY_TEXT = {
  add: `新增${R.title}`,
  edit: `编辑${R.title}`,
  perm: '调用权限',
  enabled: '启用',
} as const;

const URLS = resourceUrls(R.path);

const COLUMNS: ColumnPick<GatewayRoute, typeof R>[] = [
  'routeId',
  'name',
  'uri',
  'predicates',
  'filters',
  {
    title: GATEWAY_TEXT.perm,
    dataIndex: 'routeId',
    key: 'perm',
    width: 200,
    render: (routeId: string) => <code>{gatewayRoutePerm(routeId)}</code>,
  },
  'sortOrder',
  {
    ...columnOf<GatewayRoute>(R, 'status'),
    render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
];

const QUERY_FIELDS: QueryPick<typeof R>[] = ['routeId', 'name'];

interface Values {
  routeId?: string;
  name?: string;
  uri?: string;
  predicates?: string;
  filters?: string;
  sortOrder?: number | null;
  status?: boolean;
}

/** A refused target shows under the target too. */
const fieldOfError = (text: string) => (text === M.hostNotAllowed || text === M.uriInvalid ? 'uri' : undefined);

/** The hosts the server lets routes point at (GATEWAY_ALLOWED_HOSTS); null while unknown. */
function useAllowedHosts(): string[] | null {
  const { data } = useQuery({
    queryKey: ['gateway', 'allowed-hosts'],
    queryFn: async () => {
      const res = await getAction<GatewayAllowedHosts>(GATEWAY_API.allowedHosts, undefined, { silent: true });
      if (!res.success || !res.result) throw new Error(res.message);
      return res.result.allowedHosts;
    },
    staleTime: 60_000,
  });
  return data ?? null;
}

function GatewayRouteFormModal({ open, record, onClose, onSaved }: ListEditorProps<GatewayRoute>) {
  const hosts = useAllowedHosts();
  return (
    <RecordFormModal<GatewayRoute, Values>
      open={open}
      record={record}
      titles={GATEWAY_TEXT}
      formName="gateway-form"
      width={680}
      layout="vertical"
      initialValues={(r) =>
        r
          ? { ...r, predicates: r.predicates ?? '', filters: r.filters ?? '', status: r.status === 1 }
          : { predicates: '["/**"]', filters: '', sortOrder: 0, status: true }
      }
      urls={URLS}
      toPayload={(v, r) => ({
        ...(r ? { id: r.id } : {}),
        routeId: (v.routeId ?? '').trim(),
        name: (v.name ?? '').trim(),
        uri: (v.uri ?? '').trim(),
        predicates: v.predicates?.trim() || null,
        filters: v.filters?.trim() || null,
        sortOrder: v.sortOrder ?? 0,
        status: v.status ? 1 : 0,
      })}
      fieldOfError={fieldOfError}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        {...formField(R, 'routeId')}
        extra="调用地址：/api/gateway/{路由ID}/…；调用权限 gateway:route:{路由ID} 随路由生成，在角色授权的“网关路由”下分配"
      >
        <Input />
      </Form.Item>
      <Form.Item {...formField(R, 'name')}>
        <Input />
      </Form.Item>
      <Form.Item
        {...formField(R, 'uri')}
        extra={
          hosts?.length
            ? `只能指向允许的主机：${hosts.join('、')}（配置项 GATEWAY_ALLOWED_HOSTS）`
            : '只能指向配置项 GATEWAY_ALLOWED_HOSTS 中允许的主机'
        }
      >
        <Input placeholder="https://api.example.com/base" />
      </Form.Item>
      <Form.Item {...formField(R, 'predicates')} extra='JSON 数组，如 ["/api/**"]'>
        <Input style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item {...formField(R, 'filters')} extra='JSON 数组，如 [{"name":"StripPrefix","args":{"parts":1}}]'>
        <Input style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item {...formField(R, 'sortOrder')}>
        <InputNumber min={0} max={100000} precision={0} />
      </Form.Item>
      <Form.Item label={GATEWAY_TEXT.enabled} name="status" valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordFormModal>
  );
}

/** 网关路由: the routes our server proxies under /api/gateway/{routeId}/ (allowlisted hosts only). */
export function GatewayRouteListPage() {
  const renderEditor = useCallback((props: ListEditorProps<GatewayRoute>) => <GatewayRouteFormModal {...props} />, []);
  const hosts = useAllowedHosts();
  return (
    <Card size="small">
      {hosts?.length === 0 && (
        <Alert
          type="warning"
          showIcon
          title={M.noAllowedHosts}
          style={{ marginBottom: 12 }}
          data-testid="gateway-no-hosts"
        />
      )}
      <ListPage<GatewayRoute, typeof R>
        resource={R}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        renderEditor={renderEditor}
      />
    </Card>
  );
}
