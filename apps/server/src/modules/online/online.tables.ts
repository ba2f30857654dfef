import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/* The online module's own tables (migration 2026-11-25-0050-online), as Kysely sees them (camelCase). */

export interface OnlCgformHead {
  id: string;
  tableName: string;
  title: string;
  formKind: string;
  theme: string;
  treeParentField: string | null;
  treeTextField: string | null;
  /** JSON: OnlineSubTable[] */
  subTables: string;
  /** JSON: OnlineField[] */
  fields: string;
  version: number;
  syncedVersion: number | null;
  /** JSON: the fields as the table was last synchronised (what the next synchronisation compares with). */
  syncedFields: string | null;
  copyOf: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface OnlCgformVersion {
  id: string;
  headId: string;
  tableName: string;
  version: number;
  action: string;
  content: string;
  note: string | null;
  createBy: string | null;
  createTime: string | null;
}

export interface OnlCgformEnhance {
  id: string;
  tableName: string;
  version: number;
  script: string;
  createBy: string | null;
  createTime: string | null;
}

export interface OnlCgreportHead {
  id: string;
  code: string;
  name: string;
  dbSource: string | null;
  sqlText: string;
  columns: string;
  params: string;
  queryFields: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface OnlineTables {
  onlCgformHead: OnlCgformHead;
  onlCgformVersion: OnlCgformVersion;
  onlCgformEnhance: OnlCgformEnhance;
  onlCgreportHead: OnlCgreportHead;
}

export type OnlineDb = Kysely<Database & OnlineTables>;

/** The module's tables are typed here rather than in the shared schema file. */
export function onlineDb(db: Kysely<Database>): OnlineDb {
  return db as unknown as OnlineDb;
}
