import { fieldKey, OSS_MESSAGES, type OnlineField } from '@district/shared';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { databaseTables } from '../online/form.service.js';
import { onlineDb } from '../online/online.tables.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the sources span tables of every module and generated ones */

/**
 * "Where is this stored file used": the one answer behind refusing a delete on 对象存储, releasing the files a saved
 * record let go of, and sweeping uploads that were never saved. A record uses a file when one of its file fields
 * (comma-joined paths, rich text, Markdown, a layout's JSON) holds the file's stored path, bare or at the end of a
 * URL (`/api/sys/common/static/<path>`).
 */

/** One record using a file: its words (by title) and its tenants (null: shared by every tenant). */
export interface FileUse {
  place: string;
  tenants: number[] | null;
}

/** Characters of a stored path; a path in a value is a run of them, or the end of one after a slash. */
const PATH_RUN = /[A-Za-z0-9_.\-/]+/g;

/** Every string a value may name a stored path by: each run of path characters and each of its tails after a slash. */
export function pathCandidates(text: string): Set<string> {
  const out = new Set<string>();
  for (const [run] of text.matchAll(PATH_RUN)) {
    for (let start = 0; ;) {
      const tail = run.slice(start);
      // A stored path always has a folder and an extension.
      if (tail.includes('/') && /\.[A-Za-z0-9]+$/.test(tail)) out.add(tail);
      const slash = run.indexOf('/', start);
      if (slash === -1) break;
      start = slash + 1;
    }
  }
  return out;
}

/** The candidates of every string value of some rows (what a record's fields may point at). */
export function pathsOfRows(rows: readonly Record<string, unknown>[]): Set<string> {
  const out = new Set<string>();
  for (const row of rows) {
    for (const value of Object.values(row)) {
      if (typeof value === 'string' && value.includes('/')) for (const p of pathCandidates(value)) out.add(p);
    }
  }
  return out;
}

interface Hit {
  value: string;
  place: string;
  tenants: number[] | null;
}

/** Reads the rows of one source whose column may hold one of the LIKE patterns. */
type Reader = (db: Kysely<Database>, where: (column: string) => RawBuilder<SqlBool>) => Promise<Hit[]>;

/** A table whose columns hold stored files (camelCase, as the rows of the resource engine name them). */
interface Source {
  table: string;
  columns: string[];
  read: Reader;
}

/** A table with a title column, a tenant column (or none) and maybe soft delete: one query per file column. */
function table(
  name: string,
  titleColumn: string,
  columns: Record<string, (title: string) => string>,
  opts: { tenant?: string | null; softDelete?: boolean } = {},
): Source {
  const read: Reader = async (db, where) => {
    const hits: Hit[] = [];
    const tenant = opts.tenant === undefined ? 'tenantId' : opts.tenant;
    for (const [column, place] of Object.entries(columns)) {
      let q = (db as any)
        .selectFrom(name)
        .select([`${column} as value`, `${titleColumn} as title`, ...(tenant ? [`${tenant} as tenant`] : [])])
        .where(where(`${name}.${column}`));
      // A deleted record shows its files nowhere (nothing restores one): it no longer uses them.
      if (opts.softDelete) q = q.where(`${name}.delFlag`, '=', 0);
      for (const r of (await q.execute()) as { value: string; title: string; tenant?: unknown }[]) {
        const tenants = !tenant || r.tenant === null || r.tenant === undefined ? null : [Number(r.tenant)];
        hits.push({ value: r.value, place: place(r.title ?? ''), tenants });
      }
    }
    return hits;
  };
  return { table: name, columns: Object.keys(columns), read };
}

const U = OSS_MESSAGES.usedBy;

const SOURCES: Source[] = [
  table(
    'bizAsset',
    'name',
    { images: U.assetImage, attachments: U.assetAttachment, description: U.assetDescription },
    { softDelete: true },
  ),
  // Ledger events are never edited nor deleted: their documents stay in use.
  {
    table: 'bizAssetLedger',
    columns: ['documents'],
    read: async (db, where) =>
      (
        await db
          .selectFrom('bizAssetLedger as l')
          .leftJoin('bizAsset as a', 'a.id', 'l.assetId')
          .select(['l.documents as value', 'a.name as title', 'l.tenantId as tenant'])
          .where(where('l.documents'))
          .execute()
      ).map((r) => ({
        value: r.value ?? '',
        place: U.ledgerDocument(r.title ?? ''),
        tenants: r.tenant === null ? null : [Number(r.tenant)],
      })),
  },
  // Inventory photos: the item's current finding and every finding sent (the record of the campaign).
  table('bizInventoryItem', 'assetName', { photos: U.inventoryPhoto }),
  {
    table: 'bizInventoryFinding',
    columns: ['photos'],
    read: async (db, where) =>
      (
        await db
          .selectFrom('bizInventoryFinding as f')
          .leftJoin('bizInventoryItem as i', 'i.id', 'f.itemId')
          .select(['f.photos as value', 'i.assetName as title', 'f.tenantId as tenant'])
          .where(where('f.photos'))
          .execute()
      ).map((r) => ({
        value: r.value ?? '',
        place: U.inventoryPhoto(r.title ?? ''),
        tenants: r.tenant === null ? null : [Number(r.tenant)],
      })),
  },
  table(
    'bizProject',
    'name',
    { attachments: U.projectAttachment, description: U.projectDescription },
    { softDelete: true },
  ),
  table('bizCompany', 'name', { logo: U.companyLogo }),
  table('sysAnnouncement', 'titile', { msgContent: U.announcement }, { softDelete: true }),
  table('sysMessageTemplate', 'templateName', { templateContent: U.messageTemplate }),
  table('bizPrintTemplate', 'name', { layout: U.printTemplate }),
  table('sysPlatformSetting', 'settingKey', { settingValue: () => U.platformSetting }, { tenant: null }),
  // Users belong to tenants through the link table.
  {
    table: 'sysUser',
    columns: ['avatar'],
    read: async (db, where) => {
      const users = await db
        .selectFrom('sysUser')
        .select(['id', 'avatar', 'realname'])
        .where(where('sysUser.avatar'))
        .where('delFlag', '=', 0)
        .execute();
      if (users.length === 0) return [];
      const links = await db
        .selectFrom('sysUserTenant')
        .select(['userId', 'tenantId'])
        .where(
          'userId',
          'in',
          users.map((u) => u.id),
        )
        .execute();
      return users.map((u) => ({
        value: u.avatar ?? '',
        place: U.userAvatar(u.realname),
        tenants: links.filter((l) => l.userId === u.id).map((l) => Number(l.tenantId)),
      }));
    },
  },
];

const FILE_WIDGETS = new Set(['image', 'file', 'richText', 'markdown']);

/** Online forms (one, or all): the file, image, rich text and Markdown fields of synchronised tables that exist. */
async function onlineSources(db: Kysely<Database>, only?: string): Promise<Source[]> {
  const heads = await onlineDb(db)
    .selectFrom('onlCgformHead')
    .select(['tableName', 'title', 'fields', 'syncedFields'])
    .where('syncedVersion', 'is not', null)
    .$if(only !== undefined, (q) => q.where('tableName', '=', only!))
    .execute();
  if (heads.length === 0) return [];
  const tables = await databaseTables(db);
  const sources: Source[] = [];
  for (const head of heads) {
    if (!tables.has(head.tableName.toLowerCase())) continue;
    // The columns as the table was last synchronised (a later unsynchronised edit has no column yet).
    const fields = JSON.parse(head.syncedFields ?? head.fields) as OnlineField[];
    const columns = Object.fromEntries(
      fields
        .filter((f) => FILE_WIDGETS.has(String(f.widget)))
        .map((f) => [fieldKey(f.name), () => U.onlineField(head.title, f.label)]),
    );
    if (Object.keys(columns).length) sources.push(table(fieldKey(head.tableName), 'id', columns));
  }
  return sources;
}

const allSources = async (db: Kysely<Database>) => [...SOURCES, ...(await onlineSources(db))];

/** The columns of a table (as the resource engine names it) that hold stored files; none for other tables. */
export async function fileColumns(db: Kysely<Database>, tableName: string): Promise<string[]> {
  const known = SOURCES.filter((s) => s.table === tableName);
  if (known.length) return known.flatMap((s) => s.columns);
  // A generated table's name in snake case, as its definition keeps it.
  const snake = tableName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return (await onlineSources(db, snake)).filter((s) => s.table === tableName).flatMap((s) => s.columns);
}

const escapeLike = (value: string) => value.replace(/[!%_]/g, (c) => `!${c}`);
const CHUNK = 50;

/**
 * The records using each of the stored paths (only paths with a use appear). Each file column is read once per
 * 50 paths (LIKE narrows, the path check in JS decides, so `_` or a longer name never counts).
 */
export async function findUses(db: Kysely<Database>, paths: readonly string[]): Promise<Map<string, FileUse[]>> {
  const uses = new Map<string, FileUse[]>();
  const unique = [...new Set(paths)];
  if (unique.length === 0) return uses;
  const sources = await allSources(db);
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const wanted = new Set(chunk);
    const odd = chunk.filter((p) => !/^[A-Za-z0-9_.\-/]+$/.test(p));
    const where = (column: string) =>
      sql<SqlBool>`(${sql.join(
        chunk.map((p) => sql`${sql.ref(column)} like ${`%${escapeLike(p)}%`} escape '!'`),
        sql` or `,
      )})`;
    for (const source of sources) {
      for (const hit of await source.read(db, where)) {
        const found = pathCandidates(hit.value);
        // A path of other characters (a row not made by the upload route) counts wherever it appears: kept, not lost.
        for (const p of odd) if (hit.value.includes(p)) found.add(p);
        for (const p of found) {
          if (!wanted.has(p)) continue;
          uses.set(p, [...(uses.get(p) ?? []), { place: hit.place, tenants: hit.tenants }]);
        }
      }
    }
  }
  return uses;
}

/** How many places a refusal lists before `等 N 处`. */
const LISTED = 3;

/**
 * The places of some uses as the caller may read them: records of the caller's tenant (or shared by every tenant) by
 * their title, records of other tenants as one `其他租户的数据`.
 */
export function describeUses(uses: readonly FileUse[], tenantId: number | null): string {
  const places: string[] = [];
  for (const use of uses) {
    const mine = use.tenants === null || (tenantId !== null && use.tenants.includes(tenantId));
    const place = mine ? use.place : OSS_MESSAGES.otherTenant;
    if (!places.includes(place)) places.push(place);
  }
  const listed = places.slice(0, LISTED).join('、');
  return places.length > LISTED ? `${listed}${OSS_MESSAGES.morePlaces(places.length)}` : listed;
}
