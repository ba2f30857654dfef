import { Drawer, type TableColumnsType } from 'antd';
import type { DepartRoleRecord, UserRecord } from '@district/shared';
import { MemberUsersTable } from '@/components/member-users/member-users-table';
import { MEMBER_USER_COLUMNS as C } from '../../user/components/member-user-columns';
import { fetchDepartRoleUsers, setUserDepartRoles } from '../api/depart-api';

export const DEPART_ROLE_USERS_TEXT = {
  title: (name: string) => `部门角色用户：${name}`,
  add: '添加用户',
  remove: '移除',
  confirmRemove: '确定把该用户移出此部门角色吗？',
} as const;

const COLUMNS: TableColumnsType<UserRecord> = [C.username, C.realname, C.orgCodeTxt];

export interface DepartRoleUsersDrawerProps {
  role: DepartRoleRecord | null;
  onClose: () => void;
}

/** The users holding a department role; only members of the department can be given it (the server says so). */
export function DepartRoleUsersDrawer({ role, onClose }: DepartRoleUsersDrawerProps) {
  // The server sets one user's department roles at a time: a change of several users is one call each.
  const change = async (userIds: string[], add: boolean) => {
    if (!role) return '';
    let last = '';
    for (const id of userIds) {
      const res = await (add ? setUserDepartRoles(id, [role.id], []) : setUserDepartRoles(id, [], [role.id]));
      last = res.message;
    }
    return last;
  };
  return (
    <Drawer
      open={role !== null}
      title={role ? DEPART_ROLE_USERS_TEXT.title(role.roleName) : ''}
      size={760}
      onClose={onClose}
    >
      {role && (
        <MemberUsersTable
          ownerKey={role.id}
          columns={COLUMNS}
          text={DEPART_ROLE_USERS_TEXT}
          actionWidth={90}
          fetchPage={({ pageNo, pageSize }) => fetchDepartRoleUsers({ droleId: role.id, pageNo, pageSize })}
          addUsers={(ids) => change(ids, true)}
          removeUsers={(ids) => change(ids, false)}
        />
      )}
    </Drawer>
  );
}
