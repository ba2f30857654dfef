import { useState } from 'react';
import { Button, Empty, type TableColumnsType } from 'antd';
import { PERM, USER_RESOURCE, type DepartTreeNode, type UserRecord } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { MemberUsersTable, type MemberSearchConfig } from '@/components/member-users/member-users-table';
import { MEMBER_USER_COLUMNS as C } from '../../user/components/member-user-columns';
import { UserFormModal } from '../../user/components/user-form-modal';
import { addDepartUsers, fetchDepartUsers, removeDepartUsers } from '../api/depart-api';
import { UserDepartRolesModal } from './user-depart-roles-modal';

export const DEPART_USERS_TEXT = {
  pick: '请在左侧选择一个部门',
  username: USER_RESOURCE.fields.username.title,
  realname: USER_RESOURCE.fields.realname.title,
  search: '查询',
  reset: '重置',
  addExisting: '添加已有用户',
  addNew: '新建用户',
  remove: '移除',
  removeSelected: '批量移除',
  confirmRemove: '确定把该用户移出本部门吗？',
  confirmRemoveSelected: (n: number) => `确定把选中的 ${n} 个用户移出本部门吗？`,
  roles: '分配部门角色',
} as const;

const COLUMNS: TableColumnsType<UserRecord> = [C.username, C.realname, C.phone, C.orgCodeTxt, C.status];

const SEARCH: MemberSearchConfig = {
  kind: 'fields',
  fields: [
    { name: 'username', label: DEPART_USERS_TEXT.username },
    { name: 'realname', label: DEPART_USERS_TEXT.realname },
  ],
  searchText: DEPART_USERS_TEXT.search,
  resetText: DEPART_USERS_TEXT.reset,
};

export interface DepartUsersPanelProps {
  depart: DepartTreeNode | null;
}

/** 部门用户: the chosen department's users; add existing users (user picker) or a new one, remove. */
export function DepartUsersPanel({ depart }: DepartUsersPanelProps) {
  const allowed = useHasPermission();
  const [creating, setCreating] = useState(false);
  const [rolesFor, setRolesFor] = useState<UserRecord | null>(null);
  const [reloadToken, setReloadToken] = useState(0);

  if (!depart) return <Empty description={DEPART_USERS_TEXT.pick} />;

  return (
    <div>
      <MemberUsersTable
        ownerKey={depart.id}
        columns={COLUMNS}
        text={{ ...DEPART_USERS_TEXT, add: DEPART_USERS_TEXT.addExisting }}
        search={SEARCH}
        keepSearch
        manageable={allowed(PERM.departUsers)}
        sizeChanger
        actionWidth={200}
        reloadToken={reloadToken}
        rowActions={(r) => allowed(PERM.departRoles) && <a onClick={() => setRolesFor(r)}>{DEPART_USERS_TEXT.roles}</a>}
        toolbarExtra={
          allowed(PERM.userAdd) && <Button onClick={() => setCreating(true)}>{DEPART_USERS_TEXT.addNew}</Button>
        }
        fetchPage={({ pageNo, pageSize, search }) =>
          fetchDepartUsers({
            depId: depart.id,
            pageNo,
            pageSize,
            ...(search.username?.trim() ? { username: search.username.trim() } : {}),
            ...(search.realname?.trim() ? { realname: search.realname.trim() } : {}),
          })
        }
        addUsers={async (ids) => (await addDepartUsers(depart.id, ids)).message}
        removeUsers={async (ids) => (await removeDepartUsers(depart.id, ids)).message}
      />
      {creating && (
        <UserFormModal
          open
          mode="add"
          record={null}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            setReloadToken((n) => n + 1);
          }}
        />
      )}
      <UserDepartRolesModal departId={depart.id} user={rolesFor} onClose={() => setRolesFor(null)} />
    </div>
  );
}
