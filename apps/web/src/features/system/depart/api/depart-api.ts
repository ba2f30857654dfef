import {
  DEPART_RESOURCE,
  DEPART_ROLE_PERMISSION_API,
  DEPART_ROLE_RESOURCE,
  DEPART_ROLE_USER_API,
  DEPART_TREE_API,
  DEPART_USER_API,
  resourceUrls,
  type DeptRoleListResult,
  type DepartRecord,
  type DepartRoleRecord,
  type DepartTreeNode,
  type PageResult,
  type PermissionTreeResult,
  type RoleDataRuleResult,
  type UserRecord,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

const DEPART = resourceUrls(DEPART_RESOURCE.path);
const ROLE = resourceUrls(DEPART_ROLE_RESOURCE.path);

export const DEPART_API = {
  tree: DEPART_TREE_API.queryTreeList,
  searchBy: DEPART_TREE_API.searchBy,
  queryById: DEPART.queryById,
  add: DEPART.add,
  edit: DEPART.edit,
  delete: DEPART.delete,
  deleteBatch: DEPART.deleteBatch,
  exportXls: DEPART.exportXls,
  importExcel: DEPART.importExcel,
  userList: DEPART_USER_API.list,
  addUsers: DEPART_USER_API.add,
  removeUser: DEPART_USER_API.remove,
  removeUsers: DEPART_USER_API.removeBatch,
  roleList: ROLE.list,
  roleAdd: ROLE.add,
  roleEdit: ROLE.edit,
  roleDelete: ROLE.delete,
  roleDeleteBatch: ROLE.deleteBatch,
  roleUsers: DEPART_ROLE_USER_API.userList,
  userRoles: DEPART_ROLE_USER_API.getDeptRoleList,
  setUserRoles: DEPART_ROLE_USER_API.deptRoleUserAdd,
  roleTree: DEPART_ROLE_PERMISSION_API.queryTreeListForDeptRole,
  rolePermission: DEPART_ROLE_PERMISSION_API.queryDeptRolePermission,
  saveRolePermission: DEPART_ROLE_PERMISSION_API.saveDeptRolePermission,
  datarule: DEPART_ROLE_PERMISSION_API.datarule,
} as const;

export async function fetchDepartTree(): Promise<DepartTreeNode[]> {
  return (await getAction<DepartTreeNode[]>(DEPART_API.tree)).result ?? [];
}

/** Matching departments (flat), or the whole tree for an empty keyword. */
export async function searchDeparts(keyWord: string): Promise<DepartTreeNode[]> {
  return (await getAction<DepartTreeNode[]>(DEPART_API.searchBy, { keyWord })).result ?? [];
}

export async function fetchDepart(id: string): Promise<DepartRecord> {
  return (await getAction<DepartRecord>(DEPART_API.queryById, { id })).result;
}

export type DepartPayload = Partial<
  Pick<
    DepartRecord,
    | 'departName'
    | 'departNameEn'
    | 'departNameAbbr'
    | 'departOrder'
    | 'orgCategory'
    | 'mobile'
    | 'fax'
    | 'address'
    | 'memo'
    | 'description'
    | 'parentId'
  >
> & { id?: string };

export function saveDepart(payload: DepartPayload) {
  return payload.id
    ? putAction(DEPART_API.edit, payload)
    : postAction<{ id: string; orgCode: string }>(DEPART_API.add, payload);
}

export function deleteDepart(id: string) {
  return deleteAction(DEPART_API.delete, { id });
}

export async function fetchDepartUsers(params: Record<string, string | number>): Promise<PageResult<UserRecord>> {
  return (await getAction<PageResult<UserRecord>>(DEPART_API.userList, params)).result;
}

export function addDepartUsers(depId: string, userIdList: string[]) {
  return postAction(DEPART_API.addUsers, { depId, userIdList });
}

export function removeDepartUsers(depId: string, userIds: string[]) {
  return userIds.length === 1
    ? deleteAction(DEPART_API.removeUser, { depId, userId: userIds[0] })
    : deleteAction(DEPART_API.removeUsers, { depId, userIds: userIds.join(',') });
}

export async function fetchDepartRoles(deptId: string): Promise<PageResult<DepartRoleRecord>> {
  return (
    await getAction<PageResult<DepartRoleRecord>>(DEPART_API.roleList, {
      deptId,
      pageNo: 1,
      pageSize: 1000,
      column: 'createTime',
      order: 'asc',
    })
  ).result;
}

export interface DepartRolePayload {
  id?: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export function saveDepartRole(payload: DepartRolePayload) {
  if (payload.id) {
    const { departId: _departId, ...rest } = payload;
    return putAction(DEPART_API.roleEdit, rest);
  }
  return postAction<{ id: string }>(DEPART_API.roleAdd, payload);
}

export function deleteDepartRole(id: string) {
  return deleteAction(DEPART_API.roleDelete, { id });
}

export async function fetchDepartRoleUsers(params: Record<string, string | number>): Promise<PageResult<UserRecord>> {
  return (await getAction<PageResult<UserRecord>>(DEPART_API.roleUsers, params)).result;
}

export async function fetchUserDepartRoles(departId: string, userId: string): Promise<DeptRoleListResult> {
  return (await getAction<DeptRoleListResult>(DEPART_API.userRoles, { departId, userId })).result;
}

export function setUserDepartRoles(userId: string, roleIds: readonly string[], before: readonly string[]) {
  return postAction(DEPART_API.setUserRoles, { userId, newRoleId: roleIds.join(','), oldRoleId: before.join(',') });
}

export async function fetchDeptRoleTree(departId: string): Promise<PermissionTreeResult> {
  return (await getAction<PermissionTreeResult>(DEPART_API.roleTree, { departId })).result;
}

export async function fetchDeptRolePermissionIds(roleId: string): Promise<string[]> {
  return (await getAction<string[]>(DEPART_API.rolePermission, { roleId })).result ?? [];
}

export function saveDeptRolePermissions(roleId: string, permissionIds: readonly string[], last: readonly string[]) {
  return postAction(DEPART_API.saveRolePermission, {
    roleId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: last.join(','),
  });
}

export async function fetchDeptRoleDataRules(
  permissionId: string,
  departId: string,
  roleId: string,
): Promise<RoleDataRuleResult> {
  return (await getAction<RoleDataRuleResult>(`${DEPART_API.datarule}/${permissionId}/${departId}/${roleId}`)).result;
}

export function saveDeptRoleDataRules(
  permissionId: string,
  departId: string,
  roleId: string,
  dataRuleIds: readonly string[],
) {
  return postAction(DEPART_API.datarule, { permissionId, departId, roleId, dataRuleIds: dataRuleIds.join(',') });
}
