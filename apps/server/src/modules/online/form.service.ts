import {
  DICT_WIDGETS,
  ONLINE_MESSAGES,
  type OnlineField,
  type OnlineFormDef,
  type OnlineFormKind,
  type OnlineSubTable,
  type OnlineTheme,
  type PageResult,
} from '@district/shared';
import { compileCheckPattern, type OnlineFormSaveInput } from '@district/shared/schemas';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import { formatDateTime } from '../../lib/time.js';
import { parseDict } from '../dict/dict-lookup.service.js';
import { onlineDb, type OnlCgformHead } from './online.tables.js';

/** The module's own tables: a form may never take their names, whether or not they exist yet. */
const OWN_TABLES = new Set(['onl_cgform_head', 'onl_cgform_version', 'onl_cgform_enhance', 'onl_cgreport_head']);

export function toDef(row: OnlCgformHead): OnlineFormDef {
  return {
    id: row.id,
    tableName: row.tableName,
    title: row.title,
    formKind: row.formKind as OnlineFormKind,
    theme: row.theme as OnlineTheme,
    treeParentField: row.treeParentField,
    treeTextField: row.treeTextField,
    subTables: JSON.parse(row.subTables) as OnlineSubTable[],
    fields: (JSON.parse(row.fields) as OnlineField[]).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
    version: row.version,
    syncedVersion: row.syncedVersion,
    copyOf: row.copyOf,
    createBy: row.createBy,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/** Names of every table in the database (system tables and the tables forms created). */
export async function databaseTables(db: Kysely<Database>): Promise<Set<string>> {
  const tables = await db.withoutPlugins().introspection.getTables();
  return new Set(tables.map((t) => t.name.toLowerCase()));
}

export class FormService {
  constructor(private readonly db: Kysely<Database>) {}

  private get odb() {
    return onlineDb(this.db);
  }

  async list(query: Record<string, unknown>): Promise<PageResult<OnlineFormDef>> {
    const pageNo = Math.max(1, Number(query.pageNo) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(query.pageSize) || 20));
    let q = this.odb.selectFrom('onlCgformHead');
    const text = typeof query.tableName === 'string' ? query.tableName.replace(/\*/g, '').trim() : '';
    if (text) q = q.where(sql<SqlBool>`table_name like ${`%${escapeLike(text)}%`} escape '!'`);
    const title = typeof query.title === 'string' ? query.title.replace(/\*/g, '').trim() : '';
    if (title) q = q.where(sql<SqlBool>`title like ${`%${escapeLike(title)}%`} escape '!'`);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q
      .selectAll()
      .orderBy('createTime', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return {
      records: rows.map(toDef),
      total,
      size: pageSize,
      current: pageNo,
      pages: Math.ceil(total / pageSize),
    };
  }

  async byId(id: string): Promise<OnlineFormDef> {
    const row = await this.odb.selectFrom('onlCgformHead').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, ONLINE_MESSAGES.formNotFound);
    return toDef(row);
  }

  async byTable(tableName: string): Promise<OnlineFormDef | null> {
    if (tableName.length > 64) return null;
    const row = await this.odb
      .selectFrom('onlCgformHead')
      .selectAll()
      .where('tableName', '=', tableName)
      .executeTakeFirst();
    return row ? toDef(row) : null;
  }

  /** A table name is free when no system table, no other form and no existing table holds it. */
  private async checkTableName(tableName: string, selfId: string | null): Promise<void> {
    if (OWN_TABLES.has(tableName)) throw new ApiError(400, ONLINE_MESSAGES.tableSystem);
    const other = await this.odb
      .selectFrom('onlCgformHead')
      .select('id')
      .where('tableName', '=', tableName)
      .executeTakeFirst();
    if (other && other.id !== selfId) throw new ApiError(400, ONLINE_MESSAGES.tableTaken);
    if (!other && (await databaseTables(this.db)).has(tableName)) {
      throw new ApiError(400, ONLINE_MESSAGES.tableSystem);
    }
  }

  /** Dictionaries must exist (or be registered table dictionaries); patterns must run on RE2. */
  private async checkFields(fields: OnlineField[]): Promise<void> {
    for (const f of fields) {
      if (f.dictCode) {
        let parsed;
        try {
          parsed = parseDict(f.dictCode);
        } catch {
          throw new ApiError(400, ONLINE_MESSAGES.badDict(f.label));
        }
        if (parsed.kind === 'plain') {
          const found = await this.db
            .selectFrom('sysDict')
            .select('id')
            .where('dictCode', '=', parsed.code)
            .executeTakeFirst();
          if (!found) throw new ApiError(400, ONLINE_MESSAGES.badDict(f.label));
        }
      } else if (f.widget && DICT_WIDGETS.includes(f.widget)) {
        throw new ApiError(400, `字段 ${f.label} 请选择字典`);
      }
      if (f.widget === 'link' || f.widget === 'popup') {
        const target = f.linkTable ?? '';
        const found =
          f.widget === 'link'
            ? await this.odb.selectFrom('onlCgformHead').select('id').where('tableName', '=', target).executeTakeFirst()
            : await this.odb.selectFrom('onlCgreportHead').select('id').where('code', '=', target).executeTakeFirst();
        if (!found) {
          throw new ApiError(
            400,
            f.widget === 'link' ? `字段 ${f.label} 关联的表单不存在` : `字段 ${f.label} 的报表不存在`,
          );
        }
      }
      if (f.pattern) {
        try {
          compileCheckPattern(f.pattern);
        } catch {
          throw new ApiError(400, ONLINE_MESSAGES.badPattern(f.label));
        }
      }
    }
  }

  private async checkSubTables(input: OnlineFormSaveInput): Promise<void> {
    for (const sub of input.subTables) {
      const def = await this.byTable(sub.table);
      if (!def || def.formKind !== 'sub') throw new ApiError(400, `附表 ${sub.table} 不存在或不是附表`);
      if (!def.fields.some((f) => f.name === sub.foreignKey)) {
        throw new ApiError(400, `附表 ${sub.table} 没有外键字段 ${sub.foreignKey}`);
      }
    }
  }

  private async writeVersion(
    db: Kysely<Database>,
    head: OnlineFormDef,
    action: string,
    by: AuthUser,
    note: string | null = null,
  ): Promise<void> {
    await onlineDb(db)
      .insertInto('onlCgformVersion')
      .values({
        id: newId(),
        headId: head.id,
        tableName: head.tableName,
        version: head.version,
        action,
        content: JSON.stringify(head),
        note: note?.slice(0, 2000) ?? null,
        createBy: by.username,
        createTime: formatDateTime(),
      })
      .execute();
  }

  async save(input: OnlineFormSaveInput, by: AuthUser): Promise<OnlineFormDef> {
    const existing = input.id ? await this.byId(input.id) : null;
    // A synchronised table keeps its name: renaming would orphan its rows.
    if (existing && existing.syncedVersion !== null && existing.tableName !== input.tableName) {
      throw new ApiError(400, '已同步的表单不能修改表名，请复制表单');
    }
    await this.checkTableName(input.tableName, existing?.id ?? null);
    await this.checkFields(input.fields);
    await this.checkSubTables(input);
    const fields = input.fields.map((f, i) => ({ ...f, order: f.order ?? i }));
    const now = formatDateTime();
    const values = {
      tableName: input.tableName,
      title: input.title,
      formKind: input.formKind,
      theme: input.theme,
      treeParentField: input.formKind === 'tree' ? (input.treeParentField ?? 'pid') : null,
      treeTextField: input.formKind === 'tree' ? (input.treeTextField ?? fields[0]!.name) : null,
      subTables: JSON.stringify(input.formKind === 'main' ? input.subTables : []),
      fields: JSON.stringify(fields),
    };
    const id = existing?.id ?? newId();
    await this.db.transaction().execute(async (trx) => {
      const odb = onlineDb(trx);
      if (existing) {
        await odb
          .updateTable('onlCgformHead')
          .set({ ...values, version: existing.version + 1, updateBy: by.username, updateTime: now })
          .where('id', '=', id)
          .execute();
      } else {
        await odb
          .insertInto('onlCgformHead')
          .values({
            id,
            ...values,
            version: 1,
            syncedVersion: null,
            syncedFields: null,
            copyOf: null,
            createBy: by.username,
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
      const head = toDef((await odb.selectFrom('onlCgformHead').selectAll().where('id', '=', id).executeTakeFirst())!);
      await this.writeVersion(trx, head, existing ? 'edit' : 'add', by);
    });
    return this.byId(id);
  }

  /** The "copy list": a new definition (version 1, not synchronised) over its own table. */
  async copy(id: string, tableName: string, by: AuthUser): Promise<OnlineFormDef> {
    const source = await this.byId(id);
    await this.checkTableName(tableName, null);
    const copyId = newId();
    await this.db.transaction().execute(async (trx) => {
      await onlineDb(trx)
        .insertInto('onlCgformHead')
        .values({
          id: copyId,
          tableName,
          title: source.title,
          formKind: source.formKind,
          theme: source.theme,
          treeParentField: source.treeParentField ?? null,
          treeTextField: source.treeTextField ?? null,
          subTables: JSON.stringify(source.subTables),
          fields: JSON.stringify(source.fields),
          version: 1,
          syncedVersion: null,
          syncedFields: null,
          copyOf: source.id,
          createBy: by.username,
          createTime: formatDateTime(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
      await this.writeVersion(trx, { ...source, id: copyId, tableName, version: 1, syncedVersion: null }, 'copy', by);
    });
    return this.byId(copyId);
  }

  /** Deletes a definition; its table is dropped only when it holds no rows. */
  async remove(id: string): Promise<void> {
    const def = await this.byId(id);
    const usedBy = await this.odb.selectFrom('onlCgformHead').select(['tableName', 'subTables']).execute();
    if (usedBy.some((h) => (JSON.parse(h.subTables) as OnlineSubTable[]).some((s) => s.table === def.tableName))) {
      throw new ApiError(400, '该表单是其他主表的附表，请先在主表中移除');
    }
    const tables = await databaseTables(this.db);
    const any = this.db.withoutPlugins() as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a generated table
    if (def.syncedVersion !== null && tables.has(def.tableName)) {
      const row = await any.selectFrom(def.tableName).select('id').limit(1).executeTakeFirst();
      if (row) throw new ApiError(400, '表中已有数据，不能删除表单');
    }
    await this.db.transaction().execute(async (trx) => {
      if (def.syncedVersion !== null && tables.has(def.tableName)) {
        await trx.withoutPlugins().schema.dropTable(def.tableName).execute();
      }
      await onlineDb(trx).deleteFrom('onlCgformHead').where('id', '=', id).execute();
    });
  }

  async versions(id: string) {
    return this.odb
      .selectFrom('onlCgformVersion')
      .select(['id', 'version', 'action', 'note', 'createBy', 'createTime'])
      .where('headId', '=', id)
      .orderBy('createTime', 'desc')
      .orderBy('version', 'desc')
      .limit(200)
      .execute();
  }

  async recordSync(
    trx: Kysely<Database>,
    def: OnlineFormDef,
    by: AuthUser,
    note: string | null,
    destructive: boolean,
  ): Promise<void> {
    await onlineDb(trx)
      .updateTable('onlCgformHead')
      .set({ syncedVersion: def.version, syncedFields: JSON.stringify(def.fields) })
      .where('id', '=', def.id)
      .execute();
    await this.writeVersion(trx, def, destructive ? 'sync-destructive' : 'sync', by, note);
  }

  async syncedFields(id: string): Promise<OnlineField[] | null> {
    const row = await this.odb
      .selectFrom('onlCgformHead')
      .select('syncedFields')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.syncedFields ? (JSON.parse(row.syncedFields) as OnlineField[]) : null;
  }
}
