import { PERM, type PermissionCode } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { isTaken } from '../user/user.service.js';

/**
 * The (table, field) pairs the duplicate check answers for: names from the client only select an
 * entry here, they never reach SQL. Each entry says where uniqueness holds: over every row (the column
 * is unique, deleted rows included) or among live rows (del_flag = 0).
 */
export interface DuplicateEntry {
  /** Kysely table name (camelCase). */
  table: string;
  /** Column in camelCase. */
  column: string;
  idColumn: string;
  /** Only rows with del_flag = 0 count. */
  liveOnly?: boolean;
  /** Integer column: a value that is not an integer cannot be taken. */
  integer?: boolean;
  /** Who may ask: holders of the resource's add or edit code (the forms that run the check). */
  permissions: readonly PermissionCode[];
  /**
   * The owning module's own check, where taken is more than an equal value (user names regardless of case; phones
   * and e-mails, sealed at rest, by their keyed hashes).
   */
  taken?: (db: Kysely<Database>, value: string, exceptId: string | null, crypto: FieldCrypto) => Promise<boolean>;
}

const entry = (
  table: string,
  column: string,
  permissions: readonly PermissionCode[],
  extra: Partial<DuplicateEntry> = {},
): DuplicateEntry => ({ table, column, idColumn: 'id', permissions, ...extra });

const USER = [PERM.userAdd, PERM.userEdit];

/** Keyed `table_name.field_name` as the client spells them (snake_case, or the camelCase field). */
const ENTRIES: Record<string, DuplicateEntry> = {
  // Usernames stay taken after deletion (decisions.md); phone, e-mail and work number among live accounts.
  'sys_user.username': entry('sysUser', 'username', USER, {
    taken: (db, value, exceptId) => isTaken(db, 'username', value, exceptId),
  }),
  'sys_user.phone': entry('sysUser', 'phone', USER, {
    liveOnly: true,
    taken: (db, value, exceptId, crypto) => isTaken(db, 'phone', value, exceptId, crypto),
  }),
  'sys_user.email': entry('sysUser', 'email', USER, {
    liveOnly: true,
    taken: (db, value, exceptId, crypto) => isTaken(db, 'email', value, exceptId, crypto),
  }),
  'sys_user.work_no': entry('sysUser', 'workNo', USER, { liveOnly: true }),
  'sys_role.role_code': entry('sysRole', 'roleCode', [PERM.roleAdd, PERM.roleEdit]),
  'sys_depart.org_code': entry('sysDepart', 'orgCode', [PERM.departAdd, PERM.departEdit]),
  'sys_position.code': entry('sysPosition', 'code', [PERM.positionAdd, PERM.positionEdit]),
  'sys_dict.dict_code': entry('sysDict', 'dictCode', [PERM.dictAdd, PERM.dictEdit]),
  'sys_category.code': entry('sysCategory', 'code', [PERM.categoryAdd, PERM.categoryEdit]),
  'sys_fill_rule.rule_code': entry('sysFillRule', 'ruleCode', [PERM.fillRuleAdd, PERM.fillRuleEdit]),
  'sys_check_rule.rule_code': entry('sysCheckRule', 'ruleCode', [PERM.checkRuleAdd, PERM.checkRuleEdit]),
  'sys_tenant.id': entry('sysTenant', 'id', [PERM.tenantAdd, PERM.tenantEdit], { integer: true }),
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The registered entry of a table and field, or null. Field names may be snake_case or camelCase. */
export function findDuplicateEntry(tableName: string, fieldName: string): DuplicateEntry | null {
  const key = `${tableName}.${snake(fieldName)}`;
  if (Object.hasOwn(ENTRIES, key)) return ENTRIES[key]!;
  return null;
}
