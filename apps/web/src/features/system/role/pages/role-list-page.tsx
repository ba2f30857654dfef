import { useCallback, useState } from 'react';
import { Card, Divider, Space } from 'antd';
import { PERM, ROLE_RESOURCE, type RoleRecord } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { RoleAuthDrawer } from '../components/role-auth-drawer';
import { RoleFormModal } from '../components/role-form-modal';
import { RoleUsersDrawer } from '../components/role-users-drawer';

export const ROLE_PAGE_TEXT = { authorize: '授权', users: '用户' } as const;

/** 角色管理: roles with their grants (授权) and holders (用户). */
export function RoleListPage() {
  const allowed = useHasPermission();
  const [authRole, setAuthRole] = useState<RoleRecord | null>(null);
  const [usersRole, setUsersRole] = useState<RoleRecord | null>(null);

  const rowActions = useCallback(
    (record: RoleRecord) => (
      <Space size={0} separator={<Divider orientation="vertical" />}>
        {allowed(PERM.roleAuthorize) && <a onClick={() => setAuthRole(record)}>{ROLE_PAGE_TEXT.authorize}</a>}
        {allowed(PERM.roleUsers) && <a onClick={() => setUsersRole(record)}>{ROLE_PAGE_TEXT.users}</a>}
      </Space>
    ),
    [allowed],
  );

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<RoleRecord>) => (
      <RoleFormModal open={open} record={record} onClose={onClose} onSaved={onSaved} />
    ),
    [],
  );

  return (
    <Card size="small">
      <ListPage<RoleRecord, typeof ROLE_RESOURCE>
        resource={ROLE_RESOURCE}
        columns={['roleName', 'roleCode', 'description', 'createTime']}
        queryFields={['roleName', 'roleCode']}
        renderEditor={renderEditor}
        rowActions={rowActions}
      />
      <RoleAuthDrawer role={authRole} onClose={() => setAuthRole(null)} />
      <RoleUsersDrawer role={usersRole} onClose={() => setUsersRole(null)} />
    </Card>
  );
}
