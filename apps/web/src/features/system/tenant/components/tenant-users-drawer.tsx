import { Drawer, type TableColumnsType } from 'antd';
import type { TenantRecord, UserRecord } from '@district/shared';
import { MemberUsersTable } from '@/components/member-users/member-users-table';
import { MEMBER_USER_COLUMNS as C } from '../../user/components/member-user-columns';
import { addTenantUsers, fetchTenantUsers, removeTenantUsers } from '../api/tenant-api';

export const TENANT_USERS_TEXT = {
  title: (name: string) => `租户用户：${name}`,
  add: '添加用户',
  remove: '移除',
  confirmRemove: '确定把该用户移出此租户吗？',
} as const;

const COLUMNS: TableColumnsType<UserRecord> = [C.username, C.realname, C.orgCodeTxt, C.status];

export interface TenantUsersDrawerProps {
  tenant: TenantRecord | null;
  onClose: () => void;
}

/** The members of a tenant; added with the user picker, removed one by one (用户至少要属于一个租户: the server says so). */
export function TenantUsersDrawer({ tenant, onClose }: TenantUsersDrawerProps) {
  return (
    <Drawer
      open={tenant !== null}
      title={tenant ? TENANT_USERS_TEXT.title(tenant.name) : ''}
      size={800}
      onClose={onClose}
    >
      {tenant && (
        <MemberUsersTable
          ownerKey={tenant.id}
          columns={COLUMNS}
          text={TENANT_USERS_TEXT}
          actionWidth={80}
          fetchPage={({ pageNo, pageSize }) => fetchTenantUsers({ tenantId: tenant.id, pageNo, pageSize })}
          addUsers={async (ids) => (await addTenantUsers(tenant.id, ids)).message}
          removeUsers={async (ids) => (await removeTenantUsers(tenant.id, ids)).message}
        />
      )}
    </Drawer>
  );
}
