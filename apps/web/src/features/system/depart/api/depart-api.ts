import type {
  DeptRoleListResult,
  DepartRecord,
  DepartRoleRecord,
  DepartTreeNode,
  PageResult,
  PermissionTreeResult,
  RoleDataRuleResult,
  UserRecord,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '../../../../lib/request';

export const DEPART_API = {
  tree: '/sys/sysDepart/queryTreeList',
  searchBy: '/sys/sysDepart/searchBy',
  queryById: '/sys/sysDepart/queryById',
  add: '/sys/sysDepart/add',
  edit: '/sys/sysDepart/edit',
  delete: '/sys/sysDepart/delete',
  deleteBatch: '/sys/sysDepart/deleteBatch',
  exportXls: '/sys/sysDepart/exportXls',
  importExcel: '/sys/sysDepart/importExcel',
  userList: '/sys/user/departUserList',
  addUsers: '/sys/user/editSysDepartWithUser',
  removeUser: '/sys/user/deleteUserInDepart',
  removeUsers: '/sys/user/deleteUserInDepartBatch',
  roleList: '/sys/sysDepartRole/list',
  roleAdd: '/sys/sysDepartRole/add',
  roleEdit: '/sys/sysDepartRole/edit',
  roleDelete: '/sys/sysDepartRole/delete',
  roleDeleteBatch: '/sys/sysDepartRole/deleteBatch',
  roleUsers: '/sys/sysDepartRole/userList',
  userRoles: '/sys/sysDepartRole/getDeptRoleList',
  setUserRoles: '/sys/sysDepartRole/deptRoleUserAdd',
  roleTree: '/sys/sysDepartPermission/queryTreeListForDeptRole',
  rolePermission: '/sys/sysDepartPermission/queryDeptRolePermission',
  saveRolePermission: '/sys/sysDepartPermission/saveDeptRolePermission',
  datarule: '/sys/sysDepartPermission/datarule',
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
