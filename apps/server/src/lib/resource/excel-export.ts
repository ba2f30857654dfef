import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { KvStore } from '../kv-store.js';
import { fieldColumn, type ListParams } from './list-query.js';
import type { AnyQuery, ResourceDef, Row } from './resource.types.js';
import { DictService } from '../dict.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- column references are checked against the declaration */

// Plain camelCase aliases: the database plugin maps them to snake_case and back unchanged (a leading
// underscore would not survive the round trip).
const KEY = 'keysetSortKey';
const ID = 'keysetRowId';

type Sort = { field: string; order: 'asc' | 'desc' };

/** The export's order: the user's sort, else the resource's default, as the list orders it. */
export function exportSort(def: ResourceDef, sort: ListParams['sort']): Sort | null {
  if (sort) return { field: sort.column, order: sort.order };
  return def.defaultSort ?? (def.fields.createTime ? { field: 'createTime', order: 'desc' } : null);
}

/**
 * Every row of a filtered query, `size` at a time, by keyset pagination on (sort column, id): each page
 * starts after the last key of the previous one, so the database seeks through the index instead of
 * walking past the rows already sent (OFFSET makes a full export quadratic). NULLs of the sort column
 * are read as a segment of their own, placed as SQLite and MySQL place them (first ascending, last
 * descending), because the three dialects order NULLs differently and a NULL compares to nothing.
 */
export async function* keysetChunks(
  def: ResourceDef,
  q: AnyQuery,
  sort: Sort | null,
  size: number,
): AsyncGenerator<Row[]> {
  const idCol = `${def.table}.${def.idField ?? 'id'}`;
  const order = sort?.order ?? 'asc';
  const after = order === 'asc' ? '>' : '<';
  const take = (rows: Row[]) => rows.map(({ [KEY]: _k, [ID]: _i, ...row }) => row);

  // Segment of rows by id alone (no sort column, or the rows whose sort value is NULL).
  async function* byId(base: AnyQuery): AsyncGenerator<Row[]> {
    let last: unknown;
    for (;;) {
      let page = base.select(sql.ref(idCol).as(ID)).orderBy(idCol as any, order);
      if (last !== undefined) page = page.where(idCol as any, after, last);
      const rows = (await page.limit(size).execute()) as Row[];
      if (rows.length === 0) return;
      last = rows[rows.length - 1]![ID];
      yield take(rows);
      if (rows.length < size) return;
    }
  }
  if (!sort) {
    yield* byId(q);
    return;
  }
  const col = `${def.table}.${fieldColumn(def, sort.field)}`;
  async function* byKey(): AsyncGenerator<Row[]> {
    let last: { key: unknown; id: unknown } | undefined;
    const base = q.where(col as any, 'is not', null);
    for (;;) {
      let page = base
        .select([sql.ref(col).as(KEY), sql.ref(idCol).as(ID)])
        .orderBy(col as any, order)
        .orderBy(idCol as any, order);
      if (last) {
        const { key, id } = last;
        const atOrAfter = order === 'asc' ? '>=' : '<=';
        // "col >= key and (col > key or id > last id)": the first half bounds the index range on every
        // dialect (an OR alone made SQLite walk the index from its start on every page).
        page = page
          .where(col as any, atOrAfter, key)
          .where((eb: any) => eb.or([eb(col, after, key), eb(idCol, after, id)]));
      }
      const rows = (await page.limit(size).execute()) as Row[];
      if (rows.length === 0) return;
      const tail = rows[rows.length - 1]!;
      last = { key: tail[KEY], id: tail[ID] };
      yield take(rows);
      if (rows.length < size) return;
    }
  }
  const nulls = () => byId(q.where(col as any, 'is', null));
  if (order === 'asc') yield* nulls();
  yield* byKey();
  if (order === 'desc') yield* nulls();
}

/** The number of rows an export will write (sent as X-Total-Count so the browser can show progress). */
export async function countRows(q: AnyQuery): Promise<number> {
  const row = await q
    .clearSelect()
    .clearOrderBy()
    .select((eb: any) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number((row as { total?: unknown } | undefined)?.total ?? 0);
}

/** Past this many remembered labels of table dictionaries, the memory is started afresh. */
const MAX_TABLE_LABELS = 50_000;

/**
 * Dictionary labels for one export, kept in memory for its whole length: a sys_dict is read once, a table
 * dictionary is asked only for the values it has not answered yet. Only the exported fields are looked up.
 */
export function exportLabels(db: Kysely<Database>, kv: KvStore, def: ResourceDef, fields: string[]) {
  const dicts = new DictService(db, kv);
  const maps = new Map<string, Map<string, string>>();
  const dictFields = fields.filter((f) => def.fields[f]?.dict || def.fields[f]?.dictTable);
  const parts = (field: string, v: unknown): string[] =>
    v === null || v === undefined || v === '' ? [] : def.fields[field]!.multi ? String(v).split(',') : [String(v)];

  async function load(rows: Row[]): Promise<void> {
    for (const field of dictFields) {
      const fd = def.fields[field]!;
      let map = maps.get(field);
      if (fd.dictTable) {
        if (!map || map.size > MAX_TABLE_LABELS) maps.set(field, (map = new Map()));
        const missing = new Set<string>();
        for (const row of rows) for (const p of parts(field, row[field])) if (p && !map.has(p)) missing.add(p);
        if (missing.size) {
          const found = await fd.dictTable(db, [...missing]);
          // Values without a label are remembered as themselves, so they are not asked for again.
          for (const v of missing) map.set(v, found.get(v) ?? v);
        }
      } else if (!map) {
        const items = await dicts.items(fd.dict!);
        maps.set(field, new Map(items.map((i) => [String(i.value), i.text])));
      }
    }
  }

  function label(field: string, value: unknown): unknown {
    const map = maps.get(field);
    if (!map) return value;
    return parts(field, value)
      .map((p) => map.get(p) ?? p)
      .join(',');
  }
  return { load, label, has: (field: string) => dictFields.includes(field) };
}
