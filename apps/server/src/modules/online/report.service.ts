import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ONLINE_LIMITS, ONLINE_MESSAGES, type OnlineReportDef, type PageResult } from '@district/shared';
import type { OnlineReportSaveInput } from '@district/shared/schemas';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import { formatDateTime } from '../../lib/time.js';
import { onlineDb, type OnlCgreportHead } from './online.tables.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ConnectionTarget } from '../datasource/datasource.service.js';
import { compilerFor, loadSource, runOnSource } from './report.source.js';
import { checkReportSql, splitParams } from './report.sql.js';

export function toReport(row: OnlCgreportHead): OnlineReportDef {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    dbSource: row.dbSource,
    sqlText: row.sqlText,
    columns: JSON.parse(row.columns),
    params: JSON.parse(row.params),
    queryFields: JSON.parse(row.queryFields),
    createBy: row.createBy,
    createTime: row.createTime,
  };
}

/** Values every report may name without the caller sending them: the session's own. */
function sessionParams(user: AuthUser): Record<string, string | number | null> {
  return { sys_tenant_id: user.tenantId, sys_user_code: user.username, sys_org_code: user.orgCode };
}

const require = createRequire(import.meta.url);

/*
 * SQLite runs a report in a worker with its own read-only handle: better-sqlite3 is synchronous and cannot be
 * interrupted, so a runaway query is ended by terminating the worker.
 */
const SQLITE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
try {
  const rows = db.prepare(workerData.sql).all(...workerData.params);
  parentPort.postMessage({ rows });
} catch (e) {
  parentPort.postMessage({ error: String(e && e.message || e) });
}
`;

function runSqliteWorker(file: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SQLITE_WORKER, {
      eval: true,
      workerData: { module: require.resolve('better-sqlite3'), file, sql: text, params },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new ApiError(400, ONLINE_MESSAGES.sqlTimeout));
    }, ONLINE_LIMITS.reportTimeoutMs);
    worker.once('message', (m: { rows?: Record<string, unknown>[]; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (m.error) reject(new ApiError(400, ONLINE_MESSAGES.sqlRun));
      else resolve(m.rows ?? []);
    });
    worker.once('error', () => {
      clearTimeout(timer);
      reject(new ApiError(400, ONLINE_MESSAGES.sqlRun));
    });
  });
}

function isTimeout(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown; message?: unknown };
  return (
    e?.code === '57014' ||
    e?.errno === 3024 ||
    e?.errno === 1969 ||
    /statement timeout|max_statement_time|maximum statement execution time/i.test(String(e?.message ?? ''))
  );
}

export interface ReportQuery {
  pageNo: number;
  pageSize: number;
  sort: { field: string; order: 'asc' | 'desc' } | null;
}

export class OnlineReportService {
  private mariadb: boolean | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly databaseUrl: string,
    /** Where reports with a data source find its password and (SQLite) its file. */
    private readonly sources: { secrets: SecretBox; sqliteFolder: string },
  ) {}

  private source(code: string | null | undefined): Promise<ConnectionTarget> | null {
    return code ? loadSource(this.db, this.sources.secrets, code) : null;
  }

  private get odb() {
    return onlineDb(this.db);
  }

  async list(query: Record<string, unknown>): Promise<PageResult<OnlineReportDef>> {
    const pageNo = Math.max(1, Number(query.pageNo) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(query.pageSize) || 20));
    let q = this.odb.selectFrom('onlCgreportHead');
    const name = typeof query.name === 'string' ? query.name.replace(/\*/g, '').trim() : '';
    if (name) q = q.where(sql<SqlBool>`name like ${`%${escapeLike(name)}%`} escape '!'`);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q
      .selectAll()
      .orderBy('createTime', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return { records: rows.map(toReport), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
  }

  async byCode(code: string): Promise<OnlineReportDef> {
    const row = await this.odb
      .selectFrom('onlCgreportHead')
      .selectAll()
      .where('code', '=', code.slice(0, 50))
      .executeTakeFirst();
    if (!row) throw new ApiError(404, ONLINE_MESSAGES.reportNotFound);
    return toReport(row);
  }

  async byId(id: string): Promise<OnlineReportDef> {
    const row = await this.odb
      .selectFrom('onlCgreportHead')
      .selectAll()
      .where('id', '=', id.slice(0, 32))
      .executeTakeFirst();
    if (!row) throw new ApiError(404, ONLINE_MESSAGES.reportNotFound);
    return toReport(row);
  }

  /** Checks the SQL (and that it runs within the limits) before anything is stored. */
  async save(input: OnlineReportSaveInput, by: AuthUser): Promise<OnlineReportDef> {
    // A report on a data source is parsed as that database's SQL, with the same refusals.
    const source = await this.source(input.dbSource);
    const checked = checkReportSql(input.sqlText, source ? source.dbType : this.dialect);
    const declared = new Set(input.params.map((p) => p.name));
    const builtIn = Object.keys(sessionParams(by));
    for (const p of checked.params) {
      if (!declared.has(p) && !builtIn.includes(p)) throw new ApiError(400, `SQL 参数 :${p} 未在参数中配置`);
    }
    const columns = input.columns.length
      ? input.columns
      : checked.columns.map((c) => ({ field: c, label: c, sortable: true }));
    const fields = new Set(columns.map((c) => c.field));
    for (const f of input.queryFields) {
      if (!fields.has(f.field)) throw new ApiError(400, `查询字段 ${f.field} 不是报表的列`);
    }
    const draft: OnlineReportDef = { id: input.id ?? newId(), ...input, columns, sqlText: checked.sql };
    // A dry run: the SQL must execute (read-only, within the timeout) before it is saved.
    await this.rows(draft, {}, by, { pageNo: 1, pageSize: 1, sort: null });
    const now = formatDateTime();
    const values = {
      code: input.code,
      name: input.name,
      dbSource: input.dbSource || null,
      sqlText: checked.sql,
      columns: JSON.stringify(columns),
      params: JSON.stringify(input.params),
      queryFields: JSON.stringify(input.queryFields),
    };
    const other = await this.odb
      .selectFrom('onlCgreportHead')
      .select('id')
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (other && other.id !== input.id) throw new ApiError(400, `报表编码 ${input.code} 已存在`);
    if (input.id) {
      await this.byId(input.id);
      await this.odb
        .updateTable('onlCgreportHead')
        .set({ ...values, updateBy: by.username, updateTime: now })
        .where('id', '=', input.id)
        .execute();
    } else {
      await this.odb
        .insertInto('onlCgreportHead')
        .values({ id: draft.id, ...values, createBy: by.username, createTime: now, updateBy: null, updateTime: null })
        .execute();
    }
    return this.byId(draft.id);
  }

  async remove(id: string): Promise<void> {
    await this.byId(id);
    await this.odb.deleteFrom('onlCgreportHead').where('id', '=', id).execute();
  }

  /** The report's SQL with its parameters bound, filtered by its query fields. */
  private build(report: OnlineReportDef, query: Record<string, unknown>, user: AuthUser): RawBuilder<unknown> {
    const session = sessionParams(user);
    const given = (name: string): unknown => {
      if (name in session) return session[name];
      const raw = query[name] ?? query[`self_${name}`];
      const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
      if (value !== undefined && value !== '') return String(value).slice(0, 500);
      return report.params.find((p) => p.name === name)?.defaultValue ?? null;
    };
    const inner = sql.join(
      splitParams(report.sqlText).map((p) => (p.param ? sql.val(given(p.param)) : sql.raw(p.text ?? ''))),
      sql``,
    );
    const conditions: RawBuilder<unknown>[] = [];
    for (const f of report.queryFields) {
      const col = sql.ref(`t_report.${f.field}`);
      const one = (k: string) => {
        const raw = query[k];
        const v = Array.isArray(raw) ? raw[raw.length - 1] : raw;
        return v === undefined || v === '' ? null : String(v).slice(0, 500);
      };
      if (f.mode === 'range') {
        const begin = one(`${f.field}_begin`);
        const end = one(`${f.field}_end`);
        if (begin !== null) conditions.push(sql`${col} >= ${begin}`);
        if (end !== null) conditions.push(sql`${col} <= ${end}`);
        continue;
      }
      const v = one(f.field);
      if (v === null) continue;
      if (f.mode === 'like') {
        conditions.push(sql`${col} like ${`%${v.replace(/[*!%_]/g, (c) => (c === '*' ? '' : `!${c}`))}%`} escape '!'`);
      } else conditions.push(sql`${col} = ${v}`);
    }
    const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
    return sql`(${inner}) t_report${where}`;
  }

  private async run(
    body: RawBuilder<unknown>,
    tail: RawBuilder<unknown>,
    select: RawBuilder<unknown>,
    source: ConnectionTarget | null,
  ) {
    if (source) {
      const compiled = sql`select ${select} from ${body}${tail}`.compile(compilerFor(source.dbType));
      return runOnSource(source, this.sources.sqliteFolder, compiled, runSqliteWorker);
    }
    const plain = this.db.withoutPlugins();
    if (this.dialect === 'sqlite') {
      const compiled = sql`select ${select} from ${body}${tail}`.compile(plain);
      // The same file the app opened (database.ts): the worker opens it read-only.
      const file = path.resolve(this.databaseUrl.replace(/^(sqlite|file):(\/\/)?/, ''));
      return runSqliteWorker(file, compiled.sql, [...compiled.parameters]);
    }
    if (this.dialect === 'postgres') {
      return plain
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql`set local statement_timeout = ${sql.lit(ONLINE_LIMITS.reportTimeoutMs)}`.execute(trx);
          return (await sql<Record<string, unknown>>`select ${select} from ${body}${tail}`.execute(trx)).rows;
        });
    }
    if (this.mariadb === null) {
      const v = await sql<{ v: string }>`select version() as v`.execute(plain);
      this.mariadb = /mariadb/i.test(v.rows[0]?.v ?? '');
    }
    const seconds = ONLINE_LIMITS.reportTimeoutMs / 1000;
    const statement = this.mariadb
      ? sql`set statement max_statement_time=${sql.lit(seconds)} for select ${select} from ${body}${tail}`
      : sql`select /*+ MAX_EXECUTION_TIME(${sql.lit(ONLINE_LIMITS.reportTimeoutMs)}) */ ${select} from ${body}${tail}`;
    return plain
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => (await statement.execute(trx)).rows as Record<string, unknown>[]);
  }

  /** One page of a report (or, for export, up to the row cap). */
  async rows(
    report: OnlineReportDef,
    query: Record<string, unknown>,
    user: AuthUser,
    page: ReportQuery,
  ): Promise<PageResult<Record<string, unknown>>> {
    const body = this.build(report, query, user);
    let order = sql``;
    if (page.sort) {
      const col = report.columns.find((c) => c.field === page.sort!.field && c.sortable);
      if (!col) throw new ApiError(400, `不支持按字段 ${page.sort.field} 排序`);
      order = sql` order by ${sql.ref(`t_report.${col.field}`)} ${sql.raw(page.sort.order)}`;
    }
    const offset = (page.pageNo - 1) * page.pageSize;
    const limit = Math.max(0, Math.min(page.pageSize, ONLINE_LIMITS.reportMaxRows - offset));
    const source = await this.source(report.dbSource);
    try {
      const [countRows, records] = await Promise.all([
        this.run(body, sql``, sql`count(*) as total`, source),
        this.run(body, sql`${order} limit ${sql.lit(limit)} offset ${sql.lit(offset)}`, sql`t_report.*`, source),
      ]);
      const total = Math.min(Number(countRows[0]?.total ?? 0), ONLINE_LIMITS.reportMaxRows);
      return { records, total, size: page.pageSize, current: page.pageNo, pages: Math.ceil(total / page.pageSize) };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isTimeout(error)) throw new ApiError(400, ONLINE_MESSAGES.sqlTimeout, { cause: error });
      throw new ApiError(400, ONLINE_MESSAGES.sqlRun, { cause: error });
    }
  }
}
