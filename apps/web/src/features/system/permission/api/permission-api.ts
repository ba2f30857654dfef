import {
  PERMISSION_ADMIN_API as A,
  PERMISSION_RESOURCE,
  resourceUrls,
  type PermissionDataRuleRecord,
  type PermissionLazyRow,
  type PermissionRecord,
  type PermissionTreeResult,
  type PermissionTreeRow,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

const MENU = resourceUrls(PERMISSION_RESOURCE.path);

export const PERMISSION_URLS = {
  list: MENU.list,
  treeList: A.queryTreeList,
  topMenus: A.getSystemMenuList,
  submenu: A.getSystemSubmenu,
  submenuBatch: A.getSystemSubmenuBatch,
  add: MENU.add,
  edit: MENU.edit,
  delete: MENU.delete,
  deleteBatch: MENU.deleteBatch,
  rules: A.queryPermissionRule,
  addRule: A.addPermissionRule,
  editRule: A.editPermissionRule,
  deleteRule: A.deletePermissionRule,
} as const;

/** The request layer already showed the failure (central handler): callers only stop. */
function unwrap<T>(res: { success: boolean; message: string; result: T }): T {
  if (!res.success) throw new Error(res.message);
  return res.result;
}

export async function fetchPermissionTree(name?: string): Promise<PermissionTreeRow[]> {
  return unwrap(await getAction<PermissionTreeRow[]>(PERMISSION_URLS.list, name ? { name } : undefined));
}

export async function fetchPermissionTreeList(): Promise<PermissionTreeResult> {
  return unwrap(await getAction<PermissionTreeResult>(PERMISSION_URLS.treeList));
}

export async function fetchTopMenus(): Promise<PermissionLazyRow[]> {
  return unwrap(await getAction<PermissionLazyRow[]>(PERMISSION_URLS.topMenus));
}

export async function fetchSubmenu(parentId: string): Promise<PermissionLazyRow[]> {
  return unwrap(await getAction<PermissionLazyRow[]>(PERMISSION_URLS.submenu, { parentId }));
}

export async function fetchSubmenuBatch(parentIds: string[]): Promise<Record<string, PermissionLazyRow[]>> {
  if (parentIds.length === 0) return {};
  return unwrap(
    await getAction<Record<string, PermissionLazyRow[]>>(PERMISSION_URLS.submenuBatch, {
      parentIds: parentIds.join(','),
    }),
  );
}

/** What the menu form sends (switches as 0/1). */
export type PermissionFormValues = Partial<Omit<PermissionRecord, 'id' | 'isLeaf' | 'ruleFlag'>>;

export async function savePermission(values: PermissionFormValues, id?: string): Promise<string> {
  const res = id
    ? await putAction(PERMISSION_URLS.edit, { ...values, id })
    : await postAction(PERMISSION_URLS.add, values);
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export async function deletePermission(id: string): Promise<string> {
  const res = await deleteAction(PERMISSION_URLS.delete, { id });
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export async function deletePermissions(ids: string[]): Promise<string> {
  const res = await deleteAction(PERMISSION_URLS.deleteBatch, { ids: ids.join(',') });
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export interface RuleQuery {
  ruleName?: string;
  ruleValue?: string;
}

export async function fetchRules(permissionId: string, query: RuleQuery = {}): Promise<PermissionDataRuleRecord[]> {
  const params: Record<string, string> = { permissionId };
  if (query.ruleName) params.ruleName = query.ruleName;
  if (query.ruleValue) params.ruleValue = query.ruleValue;
  return unwrap(await getAction<PermissionDataRuleRecord[]>(PERMISSION_URLS.rules, params));
}

export type DataRuleFormValues = Pick<
  PermissionDataRuleRecord,
  'ruleName' | 'ruleColumn' | 'ruleConditions' | 'ruleValue' | 'status'
>;

export async function saveRule(permissionId: string, values: DataRuleFormValues, id?: string): Promise<string> {
  const res = id
    ? await putAction(PERMISSION_URLS.editRule, { ...values, id })
    : await postAction(PERMISSION_URLS.addRule, { ...values, permissionId });
  if (!res.success) throw new Error(res.message);
  return res.message;
}

export async function deleteRule(id: string): Promise<string> {
  const res = await deleteAction(PERMISSION_URLS.deleteRule, { id });
  if (!res.success) throw new Error(res.message);
  return res.message;
}
