import type { PermissionCode } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ZodType } from 'zod';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a resource is declared over any of the tables */
export type AnyQuery = SelectQueryBuilder<any, any, any>;
export type Row = Record<string, unknown>;

/**
 * `decimal2`: a number with at most 2 decimals stored as an integer in hundredths (money in fen, areas in
 * 0.01 m²). Answers, exports and imports speak the number (yuan, m²); filters and writes convert exactly.
 */
export type FieldType = 'string' | 'int' | 'number' | 'decimal2' | 'date' | 'datetime';

export interface FieldDef {
  /** Column in camelCase (the database plugin maps it to snake_case); defaults to the field's key. */
  column?: string;
  type: FieldType;
  title: string;
  /** May be filtered with plain params, ranges and the advanced query. */
  filter?: boolean;
  /** May be sorted by (column=…). */
  sort?: boolean;
  /** A sys_dict code, or a registered table dictionary `table,text,code`: answered as `<field>_dictText`. */
  dict?: string;
  /** A table dictionary: labels of a page's values in one query. */
  dictTable?: (db: Kysely<Database>, values: string[]) => Promise<Map<string, string>>;
  /** Comma-separated multiple values (translated one by one). */
  multi?: boolean;
  /** Exported/imported as this Excel column; false keeps it out of Excel. */
  excel?: boolean | { width?: number };
  /** Filled by `decorate`, not a column: never filtered, sorted or named by a data rule. */
  computed?: boolean;
  /** Never answered (password hashes and the like). */
  hidden?: boolean;
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

export interface ResourceContext {
  db: Kysely<Database>;
  user: AuthUser;
  request: FastifyRequest;
}

export type TxContext = ResourceContext & { trx: Kysely<Database> };

/** Tenancy: a tenant_id column on the table, or a custom filter (users belong to tenants through a link table). */
export type Tenancy =
  { kind: 'column'; column?: string } | { kind: 'custom'; apply: (q: AnyQuery, tenantId: number) => AnyQuery };

/**
 * One declaration per resource; registerResource() turns it into the standard routes
 * (list, add, edit, delete, deleteBatch, queryById, exportXls, importExcel).
 */
export interface ResourceDef<TCreate = any, TUpdate = any> {
  /** Data-log name and Excel sheet title. */
  name: string;
  title: string;
  /** Kysely table name (camelCase). */
  table: keyof Database & string;
  /** Route prefix, e.g. '/sys/position'. */
  path: string;
  idField?: string;
  fields: Record<string, FieldDef>;
  permissions: ResourcePermissions;
  /** Menu url whose data rules apply (e.g. '/system/user'); none means no data rules. */
  dataRuleMenu?: string;
  tenancy?: Tenancy;
  /** Soft delete through del_flag: lists skip deleted rows, delete sets the flag. */
  softDelete?: boolean;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Extra query parameters a list accepts besides its fields (e.g. departId), applied by this hook. */
  extraParams?: Record<string, (q: AnyQuery, value: string, ctx: ResourceContext) => AnyQuery | Promise<AnyQuery>>;
  /** The base query (joins, computed columns); defaults to select * from table. */
  baseQuery?: (db: Kysely<Database>) => AnyQuery;
  createSchema?: ZodType<TCreate>;
  updateSchema?: ZodType<TUpdate & { id: string }>;
  /** Turns a validated create body into the row to insert; defaults to the declared fields of the body. */
  toRow?: (body: TCreate, ctx: ResourceContext) => Promise<Row> | Row;
  /** Writes link rows (roles, departments…) after the insert, in the same transaction. */
  afterCreate?: (row: Row, body: TCreate, ctx: TxContext) => Promise<void>;
  /** The same for a batch of imported records at once; without it the import calls afterCreate per row. */
  afterCreateBatch?: (items: { row: Row; body: TCreate }[], ctx: TxContext) => Promise<void>;
  /** Turns a validated edit body into the columns to update; defaults to the declared fields of the body. */
  toUpdate?: (body: TUpdate & { id: string }, before: Row, ctx: ResourceContext) => Promise<Row> | Row;
  afterUpdate?: (row: Row, body: TUpdate & { id: string }, ctx: TxContext) => Promise<void>;
  /**
   * Optimistic locking: an edit writes only while the column still holds the value it was checked against
   * (toUpdate bumps it), so of two edits read at the same version one wins and the other gets `message`.
   */
  versionColumn?: { column: string; message: string };
  /** Checks before a write, e.g. uniqueness with a clear message (ApiError 400). */
  beforeWrite?: (row: Row, existingId: string | null, ctx: ResourceContext) => Promise<void>;
  /**
   * Import: checks a whole batch at once (uniqueness with one query per field rather than per row) in place of
   * beforeWrite; answers row index → message. `seen` lives as long as one import, for duplicates inside the file.
   */
  beforeImportBatch?: (
    rows: Row[],
    ctx: ResourceContext,
    seen: Map<string, Set<string>>,
  ) => Promise<Map<number, string>>;
  /** Refuses a delete with an ApiError (e.g. a department that still has users). */
  beforeDelete?: (rows: Row[], ctx: TxContext) => Promise<void>;
  afterDelete?: (rows: Row[], ctx: TxContext) => Promise<void>;
  /**
   * A warning to answer with a successful add or edit (the write happens all the same), e.g. coordinates
   * outside the district: appended to the message and answered as `result.warning`. `row` is as stored.
   */
  writeWarning?: (row: Row, ctx: ResourceContext) => Promise<string | null> | string | null;
  /**
   * The columns `decorate` reads besides the id, when the export may select only those and the exported
   * fields' columns (a million-row export reads half the bytes without the others). Unset: every column.
   */
  exportReads?: string[];
  /** Adds computed fields to a page of rows (one query per page, not per row). */
  decorate?: (rows: Row[], ctx: ResourceContext) => Promise<void>;
  /** Import: turns an Excel row (fields by key, dictionary labels already mapped to values) into a create body. */
  importRow?: (values: Row, ctx: ResourceContext) => Promise<TCreate> | TCreate;
  /** Columns the pattern fills itself when the table has them. */
  audit?: boolean;
  /** Column holding the owning department's code, set from the creator on insert (for data rules). */
  orgCodeColumn?: string;
  /** Some routes are replaced by custom ones (e.g. users' add with roles and departments). */
  skip?: ('add' | 'edit' | 'delete' | 'deleteBatch' | 'queryById' | 'exportXls' | 'importExcel')[];
}
