import {
  DEPART_TREE_API,
  USER_ADMIN_API,
  USER_RESOURCE,
  resourceUrls,
  type ApiResponse,
  type PageResult,
} from '@district/shared';
import { feedback } from '@/lib/feedback';
import { getAction } from '@/lib/request';

export const PICKER_API = {
  departTree: DEPART_TREE_API.queryTreeList,
  usersByDepart: USER_ADMIN_API.queryUserByDepId,
  userList: resourceUrls(USER_RESOURCE.path).list,
} as const;

/** Registered table dictionaries the pickers show names with. */
export const DEPART_NAME_DICT = 'sys_depart,depart_name,id';
export const USER_NAME_DICT = 'sys_user,realname,username';

/** widgets-spec §3: department tree node. */
export interface DepartTreeNode {
  id: string;
  key: string;
  title: string;
  departName: string;
  children?: DepartTreeNode[] | null;
}

/** widgets-spec §3: user picker item. */
export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  /** 1 male, 2 female. */
  sex?: number | string | null;
  phone?: string | null;
  orgCodeTxt?: string | null;
}

/** The result of a widget call, or null after a warning with the server's message (widgets-spec §8). */
export async function widgetCall<T>(call: Promise<ApiResponse<T>>): Promise<T | null> {
  const res = await call;
  if (!res.success) {
    feedback.message.warning(res.message);
    return null;
  }
  return res.result;
}

export async function fetchDepartTree(): Promise<DepartTreeNode[]> {
  return (await widgetCall(getAction<DepartTreeNode[]>(PICKER_API.departTree))) ?? [];
}

export type UserAnswer = PickerUser[] | PageResult<PickerUser>;

export function fetchUsersByDepart(departId: string): Promise<UserAnswer | null> {
  return widgetCall(getAction<UserAnswer>(PICKER_API.usersByDepart, { id: departId }));
}

export function fetchUsers(params: {
  username?: string;
  pageNo: number;
  pageSize: number;
}): Promise<UserAnswer | null> {
  return widgetCall(getAction<UserAnswer>(PICKER_API.userList, params));
}

/** Name of a department node: title, else departName. */
export const departLabel = (n: DepartTreeNode) => n.title || n.departName;

/** Every node whose name contains the keyword, with its ancestors; all nodes when the keyword is empty. */
export function filterDepartTree(nodes: DepartTreeNode[], keyword: string): DepartTreeNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return nodes;
  const walk = (list: DepartTreeNode[]): DepartTreeNode[] =>
    list.flatMap((n) => {
      const children = walk(n.children ?? []);
      if (departLabel(n).toLowerCase().includes(needle) || children.length) return [{ ...n, children }];
      return [];
    });
  return walk(nodes);
}

export function flattenDepartTree(nodes: DepartTreeNode[]): DepartTreeNode[] {
  return nodes.flatMap((n) => [n, ...flattenDepartTree(n.children ?? [])]);
}
