import {
  ASSET_MESSAGES,
  CATEGORY_ADMIN_MESSAGES,
  CHECK_RULE_ADMIN_MESSAGES,
  DICT_MESSAGES,
  FILL_RULE_MESSAGES,
  DEPART_MESSAGES,
  PERMISSION_MESSAGES,
  ROLE_MESSAGES,
  TENANT_MESSAGES,
  USER_MESSAGES,
  USER_UNIQUE_FIELDS,
} from '@district/shared';

/*
 * What the three databases refuse, answered as the caller's mistake (400) rather than a 500: unique
 * violations (two adds racing past a check-before-insert) and NUL characters (PostgreSQL cannot store one).
 */

/** One uniqueness the product promises, as the database enforces it. */
interface UniqueConstraint {
  /** Index/constraint name on PostgreSQL and MySQL (migration 2026-11-25-0001 gives every one this name). */
  name: string;
  /** Table and columns, which is all SQLite names in its error. */
  table: string;
  columns: string[];
  /** The field's message; the value when the error carries it (PostgreSQL, MySQL) or the caller knows it. */
  message: (value: string | null) => string;
}

const withValue = (value: string | null, known: (v: string) => string, generic: string) =>
  value ? known(value) : generic;

const UNIQUE_CONSTRAINTS: UniqueConstraint[] = [
  {
    name: 'uq_sys_user_username',
    table: 'sys_user',
    columns: ['username'],
    message: () => USER_MESSAGES.taken(USER_UNIQUE_FIELDS.username),
  },
  {
    name: 'uq_sys_user_phone',
    table: 'sys_user',
    columns: ['phone'],
    message: () => USER_MESSAGES.taken(USER_UNIQUE_FIELDS.phone),
  },
  {
    name: 'uq_sys_user_email',
    table: 'sys_user',
    columns: ['email'],
    message: () => USER_MESSAGES.taken(USER_UNIQUE_FIELDS.email),
  },
  {
    name: 'uq_sys_user_work_no',
    table: 'sys_user',
    columns: ['work_no'],
    message: () => USER_MESSAGES.taken(USER_UNIQUE_FIELDS.workNo),
  },
  {
    name: 'uq_sys_role_role_code',
    table: 'sys_role',
    columns: ['role_code'],
    message: (v) => withValue(v, ROLE_MESSAGES.roleCodeTaken, '角色编码已存在'),
  },
  {
    name: 'uq_sys_depart_org_code',
    table: 'sys_depart',
    columns: ['org_code'],
    message: (v) => (v ? `机构编码“${v}”已存在` : '机构编码已存在'),
  },
  {
    name: 'uq_sys_depart_role',
    table: 'sys_depart_role',
    columns: ['depart_id', 'role_code'],
    message: (v) => withValue(v, DEPART_MESSAGES.roleCodeTaken, '部门角色编码已存在'),
  },
  {
    name: 'uq_sys_position_code',
    table: 'sys_position',
    columns: ['code'],
    message: (v) => (v ? `职务编码“${v}”已存在` : '职务编码已存在'),
  },
  {
    name: 'uq_sys_dict_dict_code',
    table: 'sys_dict',
    columns: ['dict_code'],
    message: (v) => withValue(v, DICT_MESSAGES.codeTaken, '字典编码已存在'),
  },
  {
    name: 'uq_sys_dict_item_value',
    table: 'sys_dict_item',
    columns: ['dict_id', 'item_value'],
    message: (v) => withValue(v, DICT_MESSAGES.itemValueTaken, '数据值在该字典中已存在'),
  },
  {
    name: 'uq_sys_category_code',
    table: 'sys_category',
    columns: ['code'],
    message: (v) => withValue(v, CATEGORY_ADMIN_MESSAGES.codeTaken, '分类编码已存在'),
  },
  {
    name: 'uq_sys_fill_rule_rule_code',
    table: 'sys_fill_rule',
    columns: ['rule_code'],
    message: (v) => withValue(v, FILL_RULE_MESSAGES.codeTaken, '规则编码已存在'),
  },
  {
    name: 'uq_sys_check_rule_rule_code',
    table: 'sys_check_rule',
    columns: ['rule_code'],
    message: (v) => withValue(v, CHECK_RULE_ADMIN_MESSAGES.codeTaken, '规则编码已存在'),
  },
  {
    name: 'uq_sys_permission_perms',
    table: 'sys_permission',
    columns: ['perms'],
    message: (v) => withValue(v, PERMISSION_MESSAGES.permsExists, '授权标识已存在'),
  },
  {
    name: 'uq_biz_asset_code',
    table: 'biz_asset',
    columns: ['code'],
    message: (v) => withValue(v, ASSET_MESSAGES.codeTaken, '资产编号已存在'),
  },
  {
    name: 'sys_tenant_pkey',
    table: 'sys_tenant',
    columns: ['id'],
    message: (v) => (v && /^\d+$/.test(v) ? TENANT_MESSAGES.idTaken(Number(v)) : '租户编号已存在'),
  },
];

interface DriverError {
  code?: unknown;
  errno?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
}

/** The parts of a unique violation the driver tells: a constraint name, or SQLite's table and columns. */
interface Violation {
  name: string | null;
  table: string | null;
  columns: string[];
  value: string | null;
}

function violationOf(error: unknown): Violation | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as DriverError;
  const message = typeof e.message === 'string' ? e.message : '';
  // PostgreSQL (pg): SQLSTATE 23505, the constraint's name and "Key (col)=(value) already exists."
  if (e.code === '23505') {
    const detail = typeof e.detail === 'string' ? /=\((.*)\) already exists/.exec(e.detail) : null;
    const value = detail?.[1] ?? null;
    return {
      name: typeof e.constraint === 'string' ? e.constraint : null,
      table: null,
      columns: [],
      // A composite key's value reads "a, b": only a single column's value is shown to the user.
      value: value && !value.includes(', ') ? value : null,
    };
  }
  // MySQL/MariaDB (mysql2): errno 1062 "Duplicate entry 'value' for key 'name'" (MySQL 8 says 'table.name').
  if (e.errno === 1062 || e.code === 'ER_DUP_ENTRY') {
    const m = /Duplicate entry '(.*)' for key '(?:[^'.]+\.)?([^']+)'/.exec(message);
    return { name: m?.[2] ?? null, table: null, columns: [], value: m?.[1] ?? null };
  }
  // SQLite (better-sqlite3): "UNIQUE constraint failed: table.col, table.col" (PRIMARY KEY too).
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const m = /constraint failed: (.+)$/.exec(message);
    const parts = (m?.[1] ?? '').split(',').map((p) => p.trim().split('.'));
    return {
      name: null,
      table: parts[0]?.length === 2 ? parts[0][0]! : null,
      columns: parts.map((p) => p[p.length - 1]!).filter(Boolean),
      value: null,
    };
  }
  return null;
}

/** Whether an error (of any of the three drivers) is a unique or primary-key violation. */
export function isUniqueViolation(error: unknown): boolean {
  return violationOf(error) !== null;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The field's message for a unique violation, or null when the error is not one. `row` is what the caller
 * tried to write (camelCase), when it knows it: SQLite's error does not carry the value. A violation of a
 * constraint not in the list still gets a clear (generic) message: it is the caller's conflict, not a fault.
 */
export function uniqueViolationMessage(error: unknown, row?: Record<string, unknown>): string | null {
  const v = violationOf(error);
  if (!v) return null;
  const known = UNIQUE_CONSTRAINTS.find((c) =>
    v.name
      ? c.name === v.name
      : c.table === v.table &&
        c.columns.length === v.columns.length &&
        c.columns.every((col) => v.columns.includes(col)),
  );
  if (!known) return '数据重复：与已有数据冲突';
  // The field the user typed is the key's last column (a dictionary's item value, not the dictionary id).
  const written = row?.[camel(known.columns[known.columns.length - 1]!)];
  const value = typeof written === 'string' || typeof written === 'number' ? String(written) : null;
  // A composite key's value as the driver spells it ('id-value') means nothing to the user.
  return known.message(value ?? (known.columns.length === 1 ? v.value : null));
}

/** Whether a parsed query, route parameters or JSON body holds a NUL character, in a value or a key. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNulCharacter(v, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || hasNulCharacter(v, depth + 1)) return true;
  }
  return false;
}
