import {
  ROLE_ADMIN_API,
  ROLE_RESOURCE,
  ROLE_USER_API,
  resourceUrls,
  type PageResult,
  type PermissionTreeResult,
  type RoleDataRuleResult,
  type RoleRecord,
  type UserRecord,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

export const ROLE_API = {
  ...resourceUrls(ROLE_RESOURCE.path),
  treeList: ROLE_ADMIN_API.queryTreeList,
  rolePermission: ROLE_ADMIN_API.queryRolePermission,
  saveRolePermission: ROLE_ADMIN_API.saveRolePermission,
  datarule: ROLE_ADMIN_API.datarule,
  userList: ROLE_USER_API.list,
  addUsers: ROLE_USER_API.add,
  removeUser: ROLE_USER_API.remove,
  removeUsers: ROLE_USER_API.removeBatch,
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
