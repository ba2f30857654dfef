import { DATA_RULE_CONDITIONS, type DataRuleCondition } from '@district/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { formatDateTime } from '../time.js';
import { toHundredthsOrNull } from './decimal.js';
import { condition, type Operator } from './list-query.js';
import type { AnyQuery, ResourceDef } from './resource.types.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- rule columns are checked against the declaration */

export interface DataRule {
  column: string;
  condition: DataRuleCondition;
  value: string;
}

const OPERATOR: Record<DataRuleCondition, Operator> = {
  '>': 'gt',
  '<': 'lt',
  '!=': 'ne',
  '=': 'eq',
  '>=': 'ge',
  '<=': 'le',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
  IN: 'in',
};

/**
 * The data rules granted to a user on a menu: the rules its roles (and department roles) selected for that
 * menu's permission entry. All granted rules apply together.
 */
export async function loadDataRules(db: Kysely<Database>, userId: string, menuUrl: string): Promise<DataRule[]> {
  const menus = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('url', '=', menuUrl)
    .where('menuType', 'in', [0, 1])
    .where('delFlag', '=', 0)
    .execute();
  if (menus.length === 0) return [];
  const menuIds = menus.map((m) => m.id);
  const roleGrants = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('rp.dataRuleIds')
    .where('ur.userId', '=', userId)
    .where('rp.permissionId', 'in', menuIds)
    .execute();
  const departGrants = await db
    .selectFrom('sysDepartRolePermission as drp')
    .innerJoin('sysDepartRoleUser as dru', 'dru.droleId', 'drp.roleId')
    .select('drp.dataRuleIds')
    .where('dru.userId', '=', userId)
    .where('drp.permissionId', 'in', menuIds)
    .execute();
  const ids = new Set<string>();
  for (const g of [...roleGrants, ...departGrants]) {
    for (const id of (g.dataRuleIds ?? '').split(',')) if (id) ids.add(id);
  }
  if (ids.size === 0) return [];
  const rules = await db
    .selectFrom('sysPermissionDataRule')
    .select(['ruleColumn', 'ruleConditions', 'ruleValue'])
    .where('id', 'in', [...ids])
    .where('status', '=', '1')
    .where('permissionId', 'in', menuIds)
    .execute();
  return rules
    .filter((r) => (DATA_RULE_CONDITIONS as readonly string[]).includes(r.ruleConditions))
    .map((r) => ({ column: r.ruleColumn ?? '', condition: r.ruleConditions as DataRuleCondition, value: r.ruleValue }));
}

/** The values of the rule variables for one user, computed only when a rule uses them. */
export async function ruleVariables(
  db: Kysely<Database>,
  user: AuthUser,
  rules: DataRule[],
): Promise<Record<string, string>> {
  const now = new Date();
  const vars: Record<string, string> = {
    sys_user_code: user.username,
    sys_user_name: user.realname,
    sys_org_code: user.orgCode ?? '',
    sys_date: formatDateTime(now).slice(0, 10),
    sys_time: formatDateTime(now),
    tenant_id: user.tenantId === null ? '' : String(user.tenantId),
  };
  if (rules.some((r) => r.value.includes('#{sys_multi_org_code}'))) {
    const rows = await db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select('d.orgCode')
      .where('ud.userId', '=', user.id)
      .execute();
    vars.sys_multi_org_code = rows.map((r) => r.orgCode).join(',');
  }
  return vars;
}

export function substitute(value: string, vars: Record<string, string>): string {
  return value.replace(/#\{(\w+)\}/g, (whole, name: string) => vars[name] ?? '');
}

/** A rule column in snake_case or camelCase, matched against the resource's declared fields. */
function ruleField(def: ResourceDef, column: string): string | null {
  const camel = column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const field = def.fields[camel] ? camel : def.fields[column] ? column : null;
  return field && !def.fields[field]!.computed ? field : null;
}

/**
 * Narrows a query to the caller's data scope. A rule naming a field this resource does not have cannot be
 * honoured, so it hides everything rather than showing rows the rule meant to hide.
 */
export function applyDataRules(
  q: AnyQuery,
  def: ResourceDef,
  rules: DataRule[],
  vars: Record<string, string>,
): AnyQuery {
  if (rules.length === 0) return q;
  return q.where((eb: ExpressionBuilder<any, any>) => {
    const parts: Expression<SqlBool>[] = rules.map((rule) => {
      const field = ruleField(def, rule.column);
      if (!field) return sql<SqlBool>`1 = 0`;
      const value = substitute(rule.value, vars);
      const op = OPERATOR[rule.condition];
      const operand = op === 'in' ? value.split(',').filter(Boolean) : value;
      // A variable that resolved to nothing (no department) matches nothing, not everything.
      if (value === '' && op !== 'eq' && op !== 'ne') return sql<SqlBool>`1 = 0`;
      const fd = def.fields[field]!;
      if (fd.type === 'int' || fd.type === 'number') {
        const numeric = (Array.isArray(operand) ? operand : [operand]).every((v) => Number.isFinite(Number(v)));
        if (!numeric) return sql<SqlBool>`1 = 0`;
      }
      if (fd.type === 'decimal2') {
        const valid = (Array.isArray(operand) ? operand : [operand]).every((v) => toHundredthsOrNull(v) !== null);
        if (!valid) return sql<SqlBool>`1 = 0`;
      }
      return condition(eb, def, field, op, operand);
    });
    return eb.and(parts);
  });
}
