import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';

/** Test helpers for data rules: a rule on a menu, and a role's grants with the rules selected in them. */

export interface RuleSpec {
  name: string;
  /** The field the rule compares, as the resource names it. */
  column: string;
  /** `=`, `RIGHT_LIKE`, …, as sys_permission_data_rule stores them. */
  condition: string;
  /** A value or a variable such as `#{sys_org_code}`. */
  value: string;
}

/** An enabled data rule (sys_permission_data_rule) on a menu entry; answers its id. */
export async function addDataRule(db: Kysely<Database>, menuId: string, rule: RuleSpec): Promise<string> {
  const id = newId();
  await db
    .insertInto('sysPermissionDataRule')
    .values({
      id,
      permissionId: menuId,
      ruleName: rule.name,
      ruleColumn: rule.column,
      ruleConditions: rule.condition,
      ruleValue: rule.value,
      status: '1',
      createBy: null,
      createTime: null,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}

/** Grants a role permission entries (sys_role_permission); `dataRuleIds` are the rules selected in a menu's grant. */
export async function grantToRole(
  db: Kysely<Database>,
  roleId: string,
  grants: { permissionId: string; dataRuleIds?: string | null }[],
): Promise<void> {
  if (grants.length === 0) return;
  await db
    .insertInto('sysRolePermission')
    .values(
      grants.map((g) => ({
        id: newId(),
        roleId,
        permissionId: g.permissionId,
        dataRuleIds: g.dataRuleIds ?? null,
        operateDate: null,
        operateIp: null,
      })),
    )
    .execute();
}
