import { useCallback, useState } from 'react';
import { Card, type TableColumnsType } from 'antd';
import { PERM, type TenantRecord } from '@district/shared';
import { useHasPermission } from '../../../../components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '../../../../components/list-page/list-page';
import type { QueryField } from '../../../../components/list-page/list-query';
import { TENANT_API } from '../api/tenant-api';
import { TenantFormModal } from '../components/tenant-form-modal';
import { TenantUsersDrawer } from '../components/tenant-users-drawer';

export const TENANT_PAGE_TEXT = { users: '用户' } as const;

const QUERY_FIELDS: QueryField[] = [
  { kind: 'input', field: 'name', label: '租户名称', op: 'like', trim: true },
  { kind: 'dict', field: 'status', label: '状态', dictCode: 'valid_status' },
];

const COLUMNS: TableColumnsType<TenantRecord> = [
  { title: '租户编号', dataIndex: 'id', key: 'id', sorter: true, width: 110 },
  { title: '租户名称', dataIndex: 'name', key: 'name', sorter: true },
  { title: '开始时间', dataIndex: 'beginDate', key: 'beginDate', sorter: true, width: 170 },
  { title: '结束时间', dataIndex: 'endDate', key: 'endDate', sorter: true, width: 170 },
  { title: '状态', dataIndex: 'status', key: 'status', sorter: true, width: 80 },
];

/** 租户管理: tenants (number chosen by the administrator), their dates and status, and their users. */
export function TenantListPage() {
  const allowed = useHasPermission();
  const [usersOf, setUsersOf] = useState<TenantRecord | null>(null);

  const rowActions = useCallback(
    (record: TenantRecord) =>
      allowed(PERM.tenantUsers) && <a onClick={() => setUsersOf(record)}>{TENANT_PAGE_TEXT.users}</a>,
    [allowed],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<TenantRecord>) => (
      <TenantFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <ListPage<TenantRecord>
        url={{ list: TENANT_API.list, delete: TENANT_API.delete, deleteBatch: TENANT_API.deleteBatch }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        permissions={{
          add: PERM.tenantAdd,
          edit: PERM.tenantEdit,
          delete: PERM.tenantDelete,
          batchDelete: PERM.tenantDelete,
        }}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <TenantUsersDrawer tenant={usersOf} onClose={() => setUsersOf(null)} />
    </Card>
  );
}
