import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- entries name tables dynamically; every name is fixed here */
type Eb = ExpressionBuilder<any, any>;

/** A tree shape of a registered table, for loadTreeData. Field names as the client sends them (snake_case). */
export interface TableDictTree {
  pidField: string;
  /** Column of pidField in camelCase (the database plugin maps it to snake_case). */
  pidColumn: string;
  /** A stored "has children" flag ('1' = has children), when the table keeps one; else leaves are computed. */
  hasChildField?: string;
  hasChildColumn?: string;
  /** Parent values that mark a root node (null = SQL NULL). */
  roots: readonly (string | null)[];
}

/**
 * A table dictionary the server accepts: `table,text,code[,where-key]` from the client selects one of
 * these; the client never contributes SQL, only a key into this list.
 */
export interface TableDictEntry {
  /** Table in camelCase (sysDepart → sys_depart). */
  table: string;
  textColumn: string;
  codeColumn: string;
  /** Primary key column; tree nodes are keyed by it so children can be asked for by their parent id. */
  idColumn: string;
  /** column: tenant_id on the row (NULL = shared by every tenant); user: membership through sys_user_tenant. */
  tenancy?: 'column' | 'user';
  /** Rows with del_flag = 1 are never offered. */
  softDelete?: boolean;
  /** Named extra conditions, chosen by the optional fourth part of the dictionary string. */
  filters?: Record<string, (eb: Eb) => Expression<SqlBool>>;
  /** Fields a tree-select `condition` JSON may test: client name (snake_case) → column (camelCase). */
  conditionFields?: Record<string, string>;
  tree?: TableDictTree;
  /** Columns the options are sorted by; the code column by default. */
  orderBy?: readonly string[];
  /** The table may not exist yet (created by a later migration): a missing table answers no rows. */
  optional?: boolean;
}

const departTree: TableDictTree = { pidField: 'parent_id', pidColumn: 'parentId', roots: [null, ''] };
const depart: Omit<TableDictEntry, 'codeColumn'> = {
  table: 'sysDepart',
  textColumn: 'departName',
  idColumn: 'id',
  tenancy: 'column',
  softDelete: true,
  filters: {
    company: (eb) => eb('t.orgCategory', '=', '1'),
    enabled: (eb) => eb('t.status', '=', '1'),
  },
  conditionFields: { org_category: 'orgCategory', org_code: 'orgCode', status: 'status', parent_id: 'parentId' },
  tree: departTree,
  orderBy: ['departOrder', 'orgCode'],
};
const user: Omit<TableDictEntry, 'codeColumn'> = {
  table: 'sysUser',
  textColumn: 'realname',
  idColumn: 'id',
  tenancy: 'user',
  softDelete: true,
  filters: { active: (eb) => eb('t.status', '=', 1) },
  orderBy: ['username'],
};
const position: Omit<TableDictEntry, 'codeColumn'> = {
  table: 'sysPosition',
  textColumn: 'name',
  idColumn: 'id',
  tenancy: 'column',
  orderBy: ['code'],
};
const role: Omit<TableDictEntry, 'codeColumn'> = {
  table: 'sysRole',
  textColumn: 'roleName',
  idColumn: 'id',
  tenancy: 'column',
  orderBy: ['roleCode'],
};
const category: Omit<TableDictEntry, 'codeColumn'> = {
  table: 'sysCategory',
  textColumn: 'name',
  idColumn: 'id',
  tenancy: 'column',
  conditionFields: { code: 'code', pid: 'pid', has_child: 'hasChild', sys_org_code: 'sysOrgCode' },
  tree: {
    pidField: 'pid',
    pidColumn: 'pid',
    hasChildField: 'has_child',
    hasChildColumn: 'hasChild',
    roots: ['0', '', null],
  },
  orderBy: ['code'],
  optional: true,
};
const permission: Omit<TableDictEntry, 'codeColumn'> = {
  table: 'sysPermission',
  textColumn: 'name',
  idColumn: 'id',
  softDelete: true,
  filters: { menu: (eb) => eb('t.menuType', 'in', [0, 1]) },
  conditionFields: { menu_type: 'menuType', hidden: 'hidden' },
  tree: { pidField: 'parent_id', pidColumn: 'parentId', roots: [null, ''] },
  orderBy: ['sortNo', 'id'],
};

/** Registered `table,text,code` triples (the client's snake_case spelling). */
export const TABLE_DICTS: Readonly<Record<string, TableDictEntry>> = {
  'sys_depart,depart_name,id': { ...depart, codeColumn: 'id' },
  'sys_depart,depart_name,org_code': { ...depart, codeColumn: 'orgCode' },
  'sys_user,realname,username': { ...user, codeColumn: 'username' },
  'sys_user,realname,id': { ...user, codeColumn: 'id' },
  'sys_position,name,code': { ...position, codeColumn: 'code' },
  'sys_position,name,id': { ...position, codeColumn: 'id' },
  'sys_role,role_name,id': { ...role, codeColumn: 'id' },
  'sys_role,role_name,role_code': { ...role, codeColumn: 'roleCode' },
  'sys_category,name,id': { ...category, codeColumn: 'id' },
  'sys_category,name,code': { ...category, codeColumn: 'code' },
  'sys_permission,name,id': { ...permission, codeColumn: 'id' },
};

export interface ResolvedTableDict {
  key: string;
  entry: TableDictEntry;
  /** The named filter of the fourth part, when given. */
  filter?: (eb: Eb) => Expression<SqlBool>;
}

/** Looks a `table,text,code[,where-key]` string up; null when it is not registered. */
export function findTableDict(dict: string): ResolvedTableDict | null {
  const parts = dict.split(',').map((p) => p.trim());
  if (parts.length < 3 || parts.length > 4) return null;
  const key = parts.slice(0, 3).join(',');
  const entry = Object.hasOwn(TABLE_DICTS, key) ? TABLE_DICTS[key] : undefined;
  if (!entry) return null;
  const filterKey = parts[3];
  if (filterKey === undefined || filterKey === '') return { key, entry };
  const filter = entry.filters && Object.hasOwn(entry.filters, filterKey) ? entry.filters[filterKey] : undefined;
  return filter ? { key, entry, filter } : null;
}
