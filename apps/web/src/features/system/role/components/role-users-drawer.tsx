import { Drawer, type TableColumnsType } from 'antd';
import { encodeFilter, type RoleRecord, type UserRecord } from '@district/shared';
import { MemberUsersTable } from '@/components/member-users/member-users-table';
import { MEMBER_USER_COLUMNS as C } from '../../user/components/member-user-columns';
import { addRoleUsers, fetchRoleUsers, removeRoleUsers } from '../api/role-api';

export const ROLE_USERS_TEXT = {
  title: (name: string) => `角色用户：${name}`,
  add: '添加已有用户',
  remove: '移除',
  removeSelected: '批量移除',
  confirmRemove: '确定把该用户移出角色吗？',
  search: '按用户账号搜索',
} as const;

const COLUMNS: TableColumnsType<UserRecord> = [C.username, C.realname, C.phone, C.status];

export interface RoleUsersDrawerProps {
  role: RoleRecord | null;
  onClose: () => void;
}

/** 用户: the users holding a role; add existing users through the user picker, remove one or several. */
export function RoleUsersDrawer({ role, onClose }: RoleUsersDrawerProps) {
  return (
    <Drawer open={role !== null} title={role ? ROLE_USERS_TEXT.title(role.roleName) : ''} size={800} onClose={onClose}>
      {role && (
        <MemberUsersTable
          ownerKey={role.id}
          columns={COLUMNS}
          text={ROLE_USERS_TEXT}
          search={{ kind: 'box', placeholder: ROLE_USERS_TEXT.search }}
          sizeChanger
          fetchPage={({ pageNo, pageSize, search }) =>
            fetchRoleUsers({
              roleId: role.id,
              pageNo,
              pageSize,
              ...(search.keyword?.trim() ? { username: encodeFilter(search.keyword, 'like', true) } : {}),
            })
          }
          addUsers={async (ids) => (await addRoleUsers(role.id, ids)).message}
          removeUsers={async (ids) => (await removeRoleUsers(role.id, ids)).message}
        />
      )}
    </Drawer>
  );
}
