import { useMemo } from 'react';
import type { RoleRecord } from '@district/shared';
import { GRANT_TREE_TEXT, GrantTreeDrawer, type GrantTreeSource } from '@/components/grant-tree/grant-tree-drawer';
import {
  fetchPermissionTree,
  fetchRoleDataRules,
  fetchRolePermissionIds,
  saveRoleDataRules,
  saveRolePermissions,
} from '../api/role-api';

export const ROLE_AUTH_TEXT = {
  ...GRANT_TREE_TEXT,
  title: (name: string) => `角色权限配置：${name}`,
  rulesHint: '点击有数据规则的菜单（带“规则”标记）设置本角色的数据范围',
} as const;

export interface RoleAuthDrawerProps {
  role: RoleRecord | null;
  onClose: () => void;
}

/** 授权 of a role: the whole menu/button tree, with 父子联动 on offer. */
export function RoleAuthDrawer({ role, onClose }: RoleAuthDrawerProps) {
  const source = useMemo<GrantTreeSource | null>(
    () =>
      role && {
        loadTree: fetchPermissionTree,
        loadGranted: () => fetchRolePermissionIds(role.id),
        save: (checked, last) => saveRolePermissions(role.id, checked, last),
        loadRules: (permissionId) => fetchRoleDataRules(permissionId, role.id),
        saveRules: (permissionId, ruleIds) => saveRoleDataRules(permissionId, role.id, ruleIds),
      },
    [role],
  );
  return (
    <GrantTreeDrawer
      title={role ? ROLE_AUTH_TEXT.title(role.roleName) : ''}
      size={860}
      source={source}
      linkable
      rulesHint={ROLE_AUTH_TEXT.rulesHint}
      onClose={onClose}
    />
  );
}
