import { useCallback, useState } from 'react';
import { Card } from 'antd';
import { PERM, TENANT_RESOURCE, type TenantRecord } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { TenantFormModal } from '../components/tenant-form-modal';
import { TenantUsersDrawer } from '../components/tenant-users-drawer';

export const TENANT_PAGE_TEXT = { users: '用户' } as const;

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
      <ListPage<TenantRecord, typeof TENANT_RESOURCE>
        resource={TENANT_RESOURCE}
        columns={['id', 'name', 'beginDate', 'endDate', 'status']}
        queryFields={['name', 'status']}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <TenantUsersDrawer tenant={usersOf} onClose={() => setUsersOf(null)} />
    </Card>
  );
}
