import type { PageResult, PermissionTreeResult, RoleDataRuleResult, RoleRecord, UserRecord } from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '../../../../lib/request';

export const ROLE_API = {
  list: '/sys/role/list',
  add: '/sys/role/add',
  edit: '/sys/role/edit',
  delete: '/sys/role/delete',
  deleteBatch: '/sys/role/deleteBatch',
  exportXls: '/sys/role/exportXls',
  importExcel: '/sys/role/importExcel',
  treeList: '/sys/role/queryTreeList',
  rolePermission: '/sys/permission/queryRolePermission',
  saveRolePermission: '/sys/permission/saveRolePermission',
  datarule: '/sys/role/datarule',
  userList: '/sys/user/userRoleList',
  addUsers: '/sys/user/addSysUserRole',
  removeUser: '/sys/user/deleteUserRole',
  removeUsers: '/sys/user/deleteUserRoleBatch',
} as const;

export interface RoleFormPayload {
  id?: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export function saveRole(payload: RoleFormPayload) {
  return payload.id ? putAction(ROLE_API.edit, payload) : postAction<{ id: string }>(ROLE_API.add, payload);
}

export async function fetchPermissionTree(): Promise<PermissionTreeResult> {
  return (await getAction<PermissionTreeResult>(ROLE_API.treeList)).result;
}

export async function fetchRolePermissionIds(roleId: string): Promise<string[]> {
  return (await getAction<string[]>(ROLE_API.rolePermission, { roleId })).result ?? [];
}

export function saveRolePermissions(roleId: string, permissionIds: readonly string[], last: readonly string[]) {
  return postAction(ROLE_API.saveRolePermission, {
    roleId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: last.join(','),
  });
}

export async function fetchRoleDataRules(permissionId: string, roleId: string): Promise<RoleDataRuleResult> {
  return (await getAction<RoleDataRuleResult>(`${ROLE_API.datarule}/${permissionId}/${roleId}`)).result;
}

export function saveRoleDataRules(permissionId: string, roleId: string, dataRuleIds: readonly string[]) {
  return postAction(ROLE_API.datarule, { permissionId, roleId, dataRuleIds: dataRuleIds.join(',') });
}

export async function fetchRoleUsers(params: Record<string, string | number>): Promise<PageResult<UserRecord>> {
  return (await getAction<PageResult<UserRecord>>(ROLE_API.userList, params)).result;
}

export function addRoleUsers(roleId: string, userIdList: string[]) {
  return postAction(ROLE_API.addUsers, { roleId, userIdList });
}

export function removeRoleUsers(roleId: string, userIds: string[]) {
  return userIds.length === 1
    ? deleteAction(ROLE_API.removeUser, { roleId, userId: userIds[0] })
    : deleteAction(ROLE_API.removeUsers, { roleId, userIds: userIds.join(',') });
}

export type { RoleRecord };
