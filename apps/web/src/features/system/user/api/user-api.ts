import {
  DEPART_TREE_API,
  POSITION_RESOURCE,
  ROLE_ADMIN_API,
  USER_ADMIN_API,
  USER_RESOURCE,
  resourceUrls,
  SECURITY_API,
  type ApiResponse,
  type DepartInfo,
  type PositionInfo,
  type RoleOption,
  type TenantInfo,
  type TotpStatus,
  type UserRecord,
  type UserUniqueField,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

export const USER_API = {
  ...resourceUrls(USER_RESOURCE.path),
  ...USER_ADMIN_API,
  departTree: DEPART_TREE_API.queryTreeList,
  roleAll: ROLE_ADMIN_API.queryall,
  positionList: resourceUrls(POSITION_RESOURCE.path).list,
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

/** 用户管理 → 重置二次验证: whether the user has bound an authenticator, and the reset of a lost device. */
export async function fetchUserTotp(userId: string): Promise<TotpStatus> {
  return (await getAction<TotpStatus>(SECURITY_API.userTotp, { userId })).result;
}

export function resetUserTotp(userId: string) {
  return deleteAction<null>(SECURITY_API.userTotp, { userId });
}
