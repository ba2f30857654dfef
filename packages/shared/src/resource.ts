import type { PermissionCode } from './permissions.js';
import type { FieldRule } from './validation.js';

/**
 * The one declaration of a resource that both sides read (issue 23): its base path (and so its standard URLs),
 * fields with their titles, types, dictionaries, list column, query input, filter/sort rights and Excel column,
 * its permission codes and its uniqueness. The server adds table, tenancy, data rules and hooks
 * (`defineResource` in `apps/server/src/lib/resource`); the web's list page derives its URLs, columns, query form,
 * advanced query and buttons from it (`<ListPage resource={…}>`).
 */

/** `decimal2`: a number with at most 2 decimals stored as an integer in hundredths (money in fen, areas). */
export type ResourceFieldType = 'string' | 'int' | 'number' | 'decimal2' | 'date' | 'datetime';

/** How a list column shows its value (and so its default width). */
export type ListValueType = 'text' | 'longText' | 'code' | 'date' | 'datetime' | 'dict' | 'number' | 'image';

/**
 * The query form's input for a field: `like` (text, partial match), `eq` (text, exact), `dict` (a select of the
 * field's dictionary; `dictMulti` several), `dateRange`, `number`, `depart` (a department picker), `category` (the
 * category tree under `root`), or `custom` (the page renders it; the descriptor still names it).
 */
export type QueryKind =
  'like' | 'eq' | 'dict' | 'dictMulti' | 'dateRange' | 'datetimeRange' | 'number' | 'depart' | 'category' | 'custom';

export interface ResourceField {
  title: string;
  type: ResourceFieldType;
  /** A sys_dict code, or a registered table dictionary `table,text,code`: answered as `<field>_dictText`. */
  dict?: string;
  /** Comma-separated multiple values (translated one by one). */
  multi?: boolean;
  /** May be filtered with plain params, ranges and the advanced query. */
  filter?: boolean;
  /** May be sorted by (column=…). */
  sort?: boolean;
  /** Exported/imported as this Excel column; false keeps it out of Excel. */
  excel?: boolean | { width?: number };
  /** Filled by the server's `decorate`, not a column. */
  computed?: boolean;
  /** Never answered (password hashes and the like). */
  hidden?: boolean;
  /** The list column's look: a value type, or with a width. */
  list?: ListValueType | { valueType?: ListValueType; width?: number };
  /** The query form's input; the category tree's root code goes in `root`. */
  query?: QueryKind | { kind: QueryKind; root?: string; placeholder?: string };
  /** Form rules, the same objects the server's zod schema is built from (`zodString`). */
  rules?: readonly FieldRule[];
}

export interface ResourcePermissions {
  list: PermissionCode;
  add?: PermissionCode;
  edit?: PermissionCode;
  delete?: PermissionCode;
  deleteBatch?: PermissionCode;
  queryById?: PermissionCode;
  exportXls?: PermissionCode;
  importExcel?: PermissionCode;
}

/**
 * A uniqueness the database enforces (an index named `uq_<table>_<column>` by convention) and the field's message,
 * with the value when the database or the caller knows it. The server answers a violation with it (400).
 */
export interface ResourceUnique {
  index: string;
  /** The fields (camelCase) of the index, the one the user typed last. */
  fields: readonly string[];
  message: (value: string | null) => string;
  /** The table, when not the resource's own (`name`). */
  table?: string;
  /** Among live rows only (a partial index `where del_flag = 0`). */
  live?: boolean;
}

export interface ResourceDescriptor<K extends string = string> {
  /** Data-log name (the table's name) and Excel sheet title. */
  name: string;
  title: string;
  /** Route prefix, e.g. '/sys/position'. */
  path: string;
  fields: Record<K, ResourceField>;
  permissions: ResourcePermissions;
  unique?: readonly ResourceUnique[];
  /** The export's file name (defaults to `${title}信息`). */
  exportName?: string;
}

/**
 * Checks a descriptor and keeps its exact type: pages pick columns by field name (a typo fails to compile) and
 * schemas read a field's rules without casts.
 */
export function describeResource<const D extends ResourceDescriptor>(d: D): D {
  return d;
}

/** The field names of a descriptor. */
export type FieldKey<D extends ResourceDescriptor> = keyof D['fields'] & string;

/** The standard URLs of a resource. */
export function resourceUrls(path: string) {
  return {
    list: `${path}/list`,
    queryById: `${path}/queryById`,
    add: `${path}/add`,
    edit: `${path}/edit`,
    delete: `${path}/delete`,
    deleteBatch: `${path}/deleteBatch`,
    exportXls: `${path}/exportXls`,
    importExcel: `${path}/importExcel`,
  } as const;
}
