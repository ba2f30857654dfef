import {
  ROLE_MESSAGES,
  type PermissionTreeNode,
  type PermissionTreeResult,
  type RoleDataRuleResult,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../http.js';
import { heldPermissions, holds } from './held-permissions.js';

// What the role and the department-role authorisation screens share: the tree, the data rules of a menu,
// and how refused entries are named in a message.

type Db = Kysely<Database>;

/**
 * The menu/button tree of an authorisation drawer; entries the caller does not hold are disabled. With
 * `onlyIds` the tree is limited to those entries (an entry whose parent is left out comes out at the top).
 */
export async function grantTree(db: Db, caller: AuthUser, onlyIds?: readonly string[]): Promise<PermissionTreeResult> {
  if (onlyIds && onlyIds.length === 0) return { treeList: [], ids: [] };
  let rowQuery = db
    .selectFrom('sysPermission')
    .select(['id', 'parentId', 'name', 'menuType', 'perms'])
    .where('delFlag', '=', 0);
  let ruleQuery = db.selectFrom('sysPermissionDataRule').select('permissionId').distinct();
  if (onlyIds) {
    rowQuery = rowQuery.where('id', 'in', [...onlyIds]);
    ruleQuery = ruleQuery.where('permissionId', 'in', [...onlyIds]);
  }
  const rows = await rowQuery.orderBy('sortNo').orderBy('id').execute();
  const withRules = new Set((await ruleQuery.execute()).map((r) => r.permissionId));
  const held = await heldPermissions(db, caller.id);
  const nodes = new Map<string, PermissionTreeNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      key: r.id,
      title: r.name,
      ...(r.perms ? { slotTitle: `${r.name}（${r.perms}）`, perms: r.perms } : {}),
      menuType: r.menuType,
      ruleFlag: withRules.has(r.id) ? 1 : 0,
      disableCheckbox: !holds(held, r.id),
      isLeaf: true,
    });
  }
  const roots: PermissionTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(node);
      parent.isLeaf = false;
    } else {
      roots.push(node);
    }
  }
  return { treeList: roots, ids: rows.map((r) => r.id) };
}

/** The enabled data rules of a menu, oldest first. */
export async function enabledDataRules(db: Db, permissionId: string): Promise<RoleDataRuleResult['datarule']> {
  return db
    .selectFrom('sysPermissionDataRule')
    .select(['id', 'ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status'])
    .where('permissionId', '=', permissionId)
    .where('status', '=', '1')
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

/** Refuses data rule ids that are not rules of the menu. */
export async function assertRulesOfPermission(db: Db, permissionId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rules = await db
    .selectFrom('sysPermissionDataRule')
    .select('id')
    .where('id', 'in', ids)
    .where('permissionId', '=', permissionId)
    .execute();
  if (rules.length !== ids.length) throw new ApiError(400, ROLE_MESSAGES.ruleNotOfPermission);
}

/** The first five names of refused entries for a message ("甲、乙 等" when there are more). */
export function shortNames(list: readonly { name: string }[]): string {
  return (
    list
      .slice(0, 5)
      .map((p) => p.name)
      .join('、') + (list.length > 5 ? ' 等' : '')
  );
}
