import type {
  ApiResponse,
  DepartInfo,
  PositionInfo,
  RoleOption,
  TenantInfo,
  UserRecord,
  UserUniqueField,
} from '@district/shared';
import { getAction, postAction, putAction } from '../../../../lib/request';

export const USER_API = {
  list: '/sys/user/list',
  add: '/sys/user/add',
  edit: '/sys/user/edit',
  delete: '/sys/user/delete',
  deleteBatch: '/sys/user/deleteBatch',
  exportXls: '/sys/user/exportXls',
  importExcel: '/sys/user/importExcel',
  queryById: '/sys/user/queryById',
  frozenBatch: '/sys/user/frozenBatch',
  changPassword: '/sys/user/changPassword',
  checkOnlyUser: '/sys/user/checkOnlyUser',
  queryUserRole: '/sys/user/queryUserRole',
  userDepartList: '/sys/user/userDepartList',
  userPositionList: '/sys/user/userPositionList',
  userTenantList: '/sys/user/userTenantList',
  departTree: '/sys/sysDepart/queryTreeList',
  roleAll: '/sys/role/queryall',
  positionList: '/sys/position/list',
} as const;

/** What the user form sends (add adds the password twice; edit the id). */
export interface UserFormPayload {
  id?: string;
  username?: string;
  password?: string;
  confirmpassword?: string;
  realname: string;
  workNo?: string | null;
  sex?: number | null;
  birthday?: string | null;
  phone?: string | null;
  email?: string | null;
  telephone?: string | null;
  avatar?: string | null;
  selectedroles: string;
  selecteddeparts: string;
  selectedPositions: string;
  relTenantIds: string;
}

export function saveUser(payload: UserFormPayload) {
  return payload.id ? putAction(USER_API.edit, payload) : postAction<{ id: string }>(USER_API.add, payload);
}

export function freezeUsers(ids: readonly string[], status: 1 | 2) {
  return putAction(USER_API.frozenBatch, { ids: ids.join(','), status });
}

export function resetPassword(body: { username: string; password: string; confirmpassword: string }) {
  return putAction(USER_API.changPassword, body);
}

/**
 * Whether a unique field's value is free: null when it is, else the server's message. A failed check does
 * not block the form (the save checks again).
 */
export async function checkOnlyUser(field: UserUniqueField, value: string, id?: string): Promise<string | null> {
  let res: ApiResponse<boolean>;
  try {
    res = await getAction<boolean>(USER_API.checkOnlyUser, { [field]: value, ...(id ? { id } : {}) }, { silent: true });
  } catch {
    return null;
  }
  return res.success ? null : res.message;
}

/** The links the edit form shows: roles, departments, positions and tenants of a user. */
export async function fetchUserLinks(userId: string) {
  const [roles, departs, positions, tenants] = await Promise.all([
    getAction<string[]>(USER_API.queryUserRole, { userid: userId }),
    getAction<DepartInfo[]>(USER_API.userDepartList, { userId }),
    getAction<PositionInfo[]>(USER_API.userPositionList, { userId }),
    getAction<TenantInfo[]>(USER_API.userTenantList, { userId }),
  ]);
  return {
    roleIds: roles.result ?? [],
    departIds: (departs.result ?? []).map((d) => d.id),
    positionIds: (positions.result ?? []).map((p) => p.id),
    tenantIds: (tenants.result ?? []).map((t) => t.id),
    /** With their names: the form shows them even when they are not among the caller's own tenants. */
    tenants: tenants.result ?? [],
  };
}

/** A user's tenants with their names (the caller's own after a page reload, when the login answer is gone). */
export async function fetchUserTenants(userId: string): Promise<TenantInfo[]> {
  return (await getAction<TenantInfo[]>(USER_API.userTenantList, { userId })).result ?? [];
}

export async function fetchRoleOptions(): Promise<RoleOption[]> {
  return (await getAction<RoleOption[]>(USER_API.roleAll)).result ?? [];
}

export async function fetchPositionOptions(): Promise<PositionInfo[]> {
  const res = await getAction<{ records: PositionInfo[] }>(USER_API.positionList, { pageNo: 1, pageSize: 1000 });
  return res.result?.records ?? [];
}

export interface DepartTreeItem {
  id: string;
  key?: string;
  title?: string;
  departName?: string;
  children?: DepartTreeItem[] | null;
}

/**
 * The department tree beside the list. Quiet on failure (the screen works without it, e.g. while the
 * department module is not deployed): null means "not available".
 */
export async function fetchDepartTree(): Promise<DepartTreeItem[] | null> {
  try {
    const res = await getAction<DepartTreeItem[]>(USER_API.departTree, undefined, { silent: true });
    return res.success ? (res.result ?? []) : null;
  } catch {
    return null;
  }
}

export type { UserRecord };
