import { useMemo } from 'react';
import type { DepartRoleRecord } from '@district/shared';
import { GRANT_TREE_TEXT, GrantTreeDrawer, type GrantTreeSource } from '@/components/grant-tree/grant-tree-drawer';
import {
  fetchDeptRoleDataRules,
  fetchDeptRolePermissionIds,
  fetchDeptRoleTree,
  saveDeptRoleDataRules,
  saveDeptRolePermissions,
} from '../api/depart-api';

export const DEPART_ROLE_AUTH_TEXT = {
  ...GRANT_TREE_TEXT,
  title: (name: string) => `部门角色授权：${name}`,
  noGrants: '本部门尚未获得任何权限，请先在部门授权中授予',
  rulesHint: '点击带“规则”标记的菜单，设置本部门角色的数据范围',
} as const;

export interface DepartRoleAuthDrawerProps {
  role: DepartRoleRecord | null;
  onClose: () => void;
}

/**
 * 授权 of a department role: only what the department was granted is offered (entries the caller does not
 * hold are disabled); a department without grants shows how to get some instead of an empty tree.
 */
export function DepartRoleAuthDrawer({ role, onClose }: DepartRoleAuthDrawerProps) {
  const source = useMemo<GrantTreeSource | null>(
    () =>
      role && {
        loadTree: () => fetchDeptRoleTree(role.departId),
        loadGranted: () => fetchDeptRolePermissionIds(role.id),
        save: (checked, last) => saveDeptRolePermissions(role.id, checked, last),
        loadRules: (permissionId) => fetchDeptRoleDataRules(permissionId, role.departId, role.id),
        saveRules: (permissionId, ruleIds) => saveDeptRoleDataRules(permissionId, role.departId, role.id, ruleIds),
      },
    [role],
  );
  return (
    <GrantTreeDrawer
      source={source}
      title={role ? DEPART_ROLE_AUTH_TEXT.title(role.roleName) : ''}
      size={820}
      emptyText={DEPART_ROLE_AUTH_TEXT.noGrants}
      rulesHint={DEPART_ROLE_AUTH_TEXT.rulesHint}
      onClose={onClose}
    />
  );
}
