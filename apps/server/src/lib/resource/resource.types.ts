import type {
  PermissionCode,
  ResourceDescriptor,
  ResourceField,
  ResourceFieldType,
  ResourcePermissions,
  ResourceUnique,
} from '@district/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ZodType } from 'zod';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { SealedColumn } from '../personal-data.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a resource is declared over any of the tables */
export type AnyQuery = SelectQueryBuilder<any, any, any>;
export type Row = Record<string, unknown>;

/**
 * `decimal2`: a number with at most 2 decimals stored as an integer in hundredths (money in fen, areas in
 * 0.01 m²). Answers, exports and imports speak the number (yuan, m²); filters and writes convert exactly.
 */
export type FieldType = ResourceFieldType;
export type { ResourcePermissions };

/** A field as the server sees it: the shared declaration plus where and how it is read. */
export interface FieldDef extends ResourceField {
  /** Column in camelCase (the database plugin maps it to snake_case); defaults to the field's key. */
  column?: string;
  /** A table dictionary: labels of a page's values in one query. */
  dictTable?: (db: Kysely<Database>, values: string[]) => Promise<Map<string, string>>;
  /**
   * Personal data stored sealed (lib/personal-data.ts): written sealed with its keyed hash, filtered by exact match
   * only (through the hash), answered, exported and logged masked unless the caller holds `unmask`.
   */
  sealed?: { column: SealedColumn; unmask: PermissionCode };
}

export interface ResourceContext {
  db: Kysely<Database>;
  user: AuthUser;
  request: FastifyRequest;
}

export type TxContext = ResourceContext & { trx: Kysely<Database> };

/** A committed write: the rows as stored (as they were, for a delete). */
export interface CommittedChange {
  action: 'add' | 'edit' | 'delete';
  rows: Row[];
}

/**
 * Tenancy: a tenant_id column on the table, or a custom filter (users belong to tenants through a link table; a
 * filter may also read the caller, e.g. what only a platform administrator sees).
 */
export type Tenancy =
  | { kind: 'column'; column?: string }
  | { kind: 'custom'; apply: (q: AnyQuery, tenantId: number, ctx: ResourceContext) => AnyQuery };

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
  /** Uniqueness the database enforces, with the field's message (from the shared descriptor). */
  unique?: readonly ResourceUnique[];
  /**
   * A platform object, shared by every tenant (decisions.md, "Platform and tenant objects"): its writes (add, edit,
   * delete, import) are for platform administrators only; reading follows `permissions` alone.
   */
  platformWrites?: boolean;
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
   * Runs once a write's transaction has committed (createRecord, updateRecord, deleteRecords; not imports): what
   * must not happen for a write that rolled back, e.g. invalidating the guard's cache or ending sessions. The write
   * stands whatever happens here; a failure still answers as the request's error.
   */
  afterCommit?: (change: CommittedChange, ctx: ResourceContext) => Promise<void>;
  /**
   * How an id in a query (delete, deleteBatch) is read when ids are not text, e.g. tenants' integers: an id it
   * refuses is a 400 with its message, before any query.
   */
  idSchema?: ZodType<string | number>;
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
  /**
   * The columns a list page reads, when it should not send every column: rich text and file paths are left to
   * the edit form and the details page, which read the record whole. Unset: every column.
   */
  listReads?: readonly string[];
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

/** What the server adds to a shared descriptor: everything of a ResourceDef but its declaration. */
export type ServerSide<TCreate = any, TUpdate = any> = Omit<
  ResourceDef<TCreate, TUpdate>,
  'name' | 'title' | 'path' | 'fields' | 'permissions' | 'unique'
> & {
  /** Server-only facts of declared fields (column, table dictionary), and fields the web never sees. */
  fields?: Record<string, Partial<FieldDef>>;
};

/**
 * A resource from its shared declaration (`packages/shared/src/resources`) and the server's side of it: table,
 * tenancy, data rules, schemas and hooks. The declaration's fields, permissions and uniqueness are the whitelist
 * the engine enforces, so the web and the server cannot drift apart.
 */
export function defineResource<TCreate = any, TUpdate = any>(
  descriptor: ResourceDescriptor,
  server: ServerSide<TCreate, TUpdate>,
): ResourceDef<TCreate, TUpdate> {
  const { fields: extra = {}, ...rest } = server;
  const fields: Record<string, FieldDef> = {};
  for (const [key, field] of Object.entries(descriptor.fields)) fields[key] = { ...field, ...extra[key] };
  for (const [key, field] of Object.entries(extra)) {
    if (fields[key]) continue;
    if (!field.title || !field.type) throw new Error(`${descriptor.name}.${key}：服务端字段须声明 title 和 type`);
    fields[key] = field as FieldDef;
  }
  return {
    ...rest,
    name: descriptor.name,
    title: descriptor.title,
    path: descriptor.path,
    fields,
    permissions: descriptor.permissions,
    unique: descriptor.unique,
  };
}
