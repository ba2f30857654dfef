import path from 'node:path';
import {
  fieldKey,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  RESOURCES,
  type OnlineField,
  type OnlineReportConfig,
  type OnlineReportDef,
  type PageResult,
} from '@district/shared';
import type { OnlineReportSaveInput } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { formatDateTime } from '../../lib/time.js';
import type { ConnectionTarget } from '../datasource/datasource.service.js';
import { onlineDb, type OnlCgreportHead } from './online.tables.js';
import { ReportRunner, type ReportJob } from './report-runner.js';
import {
  REPORT_BUSINESS_TABLES,
  REPORT_SYSTEM_TABLES,
  reportTableCatalogue,
  tableShadows,
  type ReportTableCatalogue,
} from './report-tables.js';
import { compilerFor, loadSource, runOnSource } from './report.source.js';
import { checkReportSql, splitParams, type CheckedSql } from './report.sql.js';

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

function isTimeout(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown; message?: unknown };
  return (
    e?.code === '57014' ||
    e?.errno === 3024 ||
    e?.errno === 1969 ||
    e?.errno === 1317 ||
    /statement timeout|max_statement_time|maximum statement execution time/i.test(String(e?.message ?? ''))
  );
}

type SqlRow = Record<string, unknown>;

/** A report's SQL as checked now (the allowlist may have changed since it was saved). */
interface Checked {
  checked: CheckedSql;
  /** Our own database's tables (null: a data source, whose tables are its own). */
  catalogue: ReportTableCatalogue | null;
  /** Reads every tenant's rows: only a platform administrator runs it. */
  platformOnly: boolean;
}

export interface ReportQuery {
  pageNo: number;
  pageSize: number;
  sort: { field: string; order: 'asc' | 'desc' } | null;
}

export class OnlineReportService {
  private mariadb: boolean | null = null;
  /** Where our tables live (the shadows name them with it): SQLite's main, PostgreSQL's schema, MySQL's database. */
  private schema: string | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly databaseUrl: string,
    /** Where reports with a data source find its password and (SQLite) its file. */
    private readonly sources: { secrets: SecretBox; sqliteFolder: string },
    readonly runner: ReportRunner,
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
    const { checked } = await this.check(input.sqlText, source);
    const declared = new Set(input.params.map((p) => p.name));
    const builtIn = Object.keys(sessionParams(by));
    for (const p of checked.params) {
      if (!declared.has(p) && !builtIn.includes(p)) throw new ApiError(400, `SQL 参数 :${p} 未在参数中配置`);
    }
    // Without 列: every column of the SQL, titled as the form designer named it where it reads a form's field.
    const columns = input.columns.length
      ? input.columns
      : await this.titled(
          checked.columns.map((c) => ({ field: c, label: c, sortable: true })),
          source ? [] : checked.tables,
        );
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

  /**
   * Checks a report's SQL against the allowlist as it stands now: on our database the business, form and allowed
   * system tables; on a data source anything but its catalogue.
   */
  private async check(sqlText: string, source: ConnectionTarget | null): Promise<Checked> {
    if (source) {
      return {
        checked: checkReportSql(sqlText, source.dbType, { kind: 'source' }),
        catalogue: null,
        platformOnly: true,
      };
    }
    const catalogue = await reportTableCatalogue(this.db);
    const checked = checkReportSql(sqlText, this.dialect, { kind: 'main', classify: (t) => catalogue.classify(t) });
    return { checked, catalogue, platformOnly: checked.tables.some((t) => catalogue.classify(t) === 'system') };
  }

  /**
   * The report as its pages see it: no SQL, and whether it reads every tenant's rows (a data source, or system
   * tables), which only a platform administrator may run.
   */
  async config(report: OnlineReportDef): Promise<OnlineReportConfig> {
    let platformOnly = !!report.dbSource;
    let columns = report.columns;
    if (!platformOnly) {
      try {
        const { tables } = checkReportSql(report.sqlText, this.dialect, {
          kind: 'main',
          // Whether or not the tables are allowed right now: the answer is what the report would read.
          classify: (t) =>
            Object.hasOwn(REPORT_SYSTEM_TABLES, t)
              ? 'system'
              : Object.hasOwn(REPORT_BUSINESS_TABLES, t) || t.startsWith(ONLINE_LIMITS.tablePrefix)
                ? 'business'
                : null,
        });
        platformOnly = tables.some((t) => Object.hasOwn(REPORT_SYSTEM_TABLES, t));
        // A report saved without 列 before its columns were titled: titled as it is shown.
        columns = await this.titled(report.columns, tables);
      } catch {
        // SQL that no longer passes the checks is refused when run.
      }
    }
    const { sqlText: _sql, ...rest } = report;
    void _sql;
    return { ...rest, columns, platformOnly };
  }

  /**
   * Columns whose title is still their raw name (area_name) get the title the field has where it comes from: the
   * label the form designer gave it (a form's table), or its resource's title (资产编号 of biz_asset.code). The tables
   * are tried in the order the SQL reads them; the first naming the column wins, the others are left as they are.
   */
  private async titled<C extends { field: string; label: string }>(columns: C[], tables: string[]): Promise<C[]> {
    if (!tables.length || !columns.some((c) => c.label === c.field)) return columns;
    const forms = tables.filter((t) => t.startsWith(ONLINE_LIMITS.tablePrefix));
    const rows = forms.length
      ? await this.odb
          .selectFrom('onlCgformHead')
          .select(['tableName', 'fields'])
          .where('tableName', 'in', forms)
          .execute()
      : [];
    // By the key the API answers a column with (camelCase), as the resources name their fields.
    const labels = new Map<string, string>();
    const add = (key: string, label: string | undefined) => {
      if (label && !labels.has(key)) labels.set(key, label);
    };
    for (const table of tables) {
      const row = rows.find((r) => r.tableName === table);
      for (const f of row ? (JSON.parse(row.fields) as OnlineField[]) : []) add(fieldKey(f.name), f.label);
      const resource = RESOURCES.find((r) => r.name === table);
      for (const [key, f] of Object.entries(resource?.fields ?? {})) add(key, f.title);
    }
    return columns.map((c) =>
      c.label === c.field ? { ...c, label: labels.get(fieldKey(c.field.toLowerCase())) ?? c.label } : c,
    );
  }

  private async schemaName(): Promise<string> {
    if (this.schema === null) {
      const plain = this.db.withoutPlugins();
      if (this.dialect === 'sqlite') this.schema = 'main';
      else if (this.dialect === 'postgres') {
        this.schema = (await sql<{ s: string }>`select current_schema() as s`.execute(plain)).rows[0]?.s ?? 'public';
      } else this.schema = (await sql<{ s: string }>`select database() as s`.execute(plain)).rows[0]?.s ?? '';
    }
    return this.schema;
  }

  /**
   * The report's two statements (its row count and one page), parameters bound, filtered by its query fields. On
   * our database every table it reads is first shadowed by a CTE of the viewer's tenant's rows, merged with the
   * report's own leading WITH, so the report's SQL cannot see another tenant whatever it says.
   */
  private async statements(
    report: OnlineReportDef,
    { checked, catalogue }: Checked,
    query: Record<string, unknown>,
    user: AuthUser,
    page: ReportQuery,
  ): Promise<[RawBuilder<unknown>, RawBuilder<unknown>]> {
    const session = sessionParams(user);
    const given = (name: string): unknown => {
      if (name in session) return session[name];
      const raw = query[name] ?? query[`self_${name}`];
      const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
      if (value !== undefined && value !== '') return String(value).slice(0, 500);
      return report.params.find((p) => p.name === name)?.defaultValue ?? null;
    };
    const bind = (text: string) =>
      sql.join(
        splitParams(text).map((p) => (p.param ? sql.val(given(p.param)) : sql.raw(p.text ?? ''))),
        sql``,
      );
    const lead = checked.leadingWith;
    const ctes = [
      ...(catalogue ? tableShadows(checked.tables, catalogue, await this.schemaName(), user.tenantId) : []),
      ...(lead ? [bind(lead.ctes)] : []),
    ];
    const prefix = ctes.length ? sql`with ${sql.raw(lead?.recursive ? 'recursive ' : '')}${sql.join(ctes)} ` : sql``;
    const inner = bind(lead ? lead.main : checked.sql);
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
    const body = sql`(${inner}) t_report${where}`;
    let order = sql``;
    if (page.sort) {
      const col = report.columns.find((c) => c.field === page.sort!.field && c.sortable);
      if (!col) throw new ApiError(400, `不支持按字段 ${page.sort.field} 排序`);
      order = sql` order by ${sql.ref(`t_report.${col.field}`)} ${sql.raw(page.sort.order)}`;
    }
    const offset = (page.pageNo - 1) * page.pageSize;
    const limit = Math.max(0, Math.min(page.pageSize, ONLINE_LIMITS.reportMaxRows - offset));
    return [
      sql`${prefix}select count(*) as total from ${body}`,
      sql`${prefix}select t_report.* from ${body}${order} limit ${sql.lit(limit)} offset ${sql.lit(offset)}`,
    ];
  }

  /** PostgreSQL: the statement limit on the server, and pg_cancel_backend from another connection on time-out. */
  private onPostgres(job: ReportJob, statements: RawBuilder<unknown>[]): Promise<SqlRow[][]> {
    const plain = this.db.withoutPlugins();
    return plain.connection().execute(async (conn) => {
      job.assertLive();
      const pid = Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]?.pid);
      job.onCancel(() => sql`select pg_cancel_backend(${pid})`.execute(plain));
      try {
        await sql`begin transaction read only`.execute(conn);
        await sql`set local statement_timeout = ${sql.lit(this.runner.serverLimitMs)}`.execute(conn);
        const results: SqlRow[][] = [];
        for (const s of statements) results.push((await s.execute(conn)).rows as SqlRow[]);
        return results;
      } finally {
        // A cancel already sent must land before the connection goes back to the pool.
        await job.settle();
        await sql`rollback`
          .execute(conn)
          .catch(() => sql`rollback`.execute(conn))
          .catch(() => undefined);
      }
    });
  }

  /** MariaDB: max_statement_time; MySQL: max_execution_time; and KILL QUERY from another connection on time-out. */
  private onMysql(job: ReportJob, statements: RawBuilder<unknown>[]): Promise<SqlRow[][]> {
    const plain = this.db.withoutPlugins();
    const ms = this.runner.serverLimitMs;
    return plain.connection().execute(async (conn) => {
      job.assertLive();
      if (this.mariadb === null) {
        const v = await sql<{ v: string }>`select version() as v`.execute(conn);
        this.mariadb = /mariadb/i.test(v.rows[0]?.v ?? '');
      }
      const mariadb = this.mariadb;
      const id = Number((await sql<{ id: number }>`select connection_id() as id`.execute(conn)).rows[0]?.id);
      job.onCancel(() => sql`kill query ${sql.lit(id)}`.execute(plain));
      try {
        if (!mariadb) await sql`set session max_execution_time = ${sql.lit(ms)}`.execute(conn);
        await sql`start transaction read only`.execute(conn);
        const results: SqlRow[][] = [];
        for (const s of statements) {
          const statement = mariadb ? sql`set statement max_statement_time=${sql.lit(ms / 1000)} for ${s}` : s;
          results.push((await statement.execute(conn)).rows as SqlRow[]);
        }
        return results;
      } finally {
        await job.settle();
        // A KILL QUERY that arrived between statements interrupts the next one: the retry gets through.
        await sql`rollback`
          .execute(conn)
          .catch(() => sql`rollback`.execute(conn))
          .catch(() => undefined);
        if (!mariadb) await sql`set session max_execution_time = default`.execute(conn).catch(() => undefined);
      }
    });
  }

  /** Runs the statements in a report slot, on our database or the report's data source. */
  private execute(statements: RawBuilder<unknown>[], source: ConnectionTarget | null): Promise<SqlRow[][]> {
    return this.runner.run(async (job) => {
      if (source) {
        const compiled = statements.map((s) => s.compile(compilerFor(source.dbType)));
        return runOnSource(source, this.sources.sqliteFolder, compiled, job, this.runner);
      }
      if (this.dialect === 'sqlite') {
        const plain = this.db.withoutPlugins();
        // The same file the app opened (database.ts): the runner opens it read-only and keeps it open.
        const file = path.resolve(this.databaseUrl.replace(/^(sqlite|file):(\/\/)?/, ''));
        const compiled = statements.map((s) => s.compile(plain));
        return this.runner.sqlite(
          job,
          file,
          compiled.map((c) => ({ sql: c.sql, params: [...c.parameters] })),
          true,
        );
      }
      if (this.dialect === 'postgres') return this.onPostgres(job, statements);
      return this.onMysql(job, statements);
    });
  }

  /** One page of a report (or, for export, up to the row cap), with the viewer's tenant applied. */
  async rows(
    report: OnlineReportDef,
    query: Record<string, unknown>,
    user: AuthUser,
    page: ReportQuery,
  ): Promise<PageResult<Record<string, unknown>>> {
    const source = await this.source(report.dbSource);
    const checked = await this.check(report.sqlText, source);
    if (checked.platformOnly && !user.session?.isPlatformAdmin) {
      throw new ApiError(403, ONLINE_MESSAGES.reportPlatformOnly);
    }
    const statements = await this.statements(report, checked, query, user, page);
    try {
      const [countRows, records] = await this.execute(statements, source);
      const total = Math.min(Number(countRows?.[0]?.total ?? 0), ONLINE_LIMITS.reportMaxRows);
      return {
        records: records ?? [],
        total,
        size: page.pageSize,
        current: page.pageNo,
        pages: Math.ceil(total / page.pageSize),
      };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isTimeout(error)) {
        throw new ApiError(400, ONLINE_MESSAGES.sqlTimeout(this.runner.timeoutSeconds), { cause: error });
      }
      throw new ApiError(400, ONLINE_MESSAGES.sqlRun, { cause: error });
    }
  }
}

const services = new WeakMap<AppContext, OnlineReportService>();

/**
 * The app's one report service: every path that runs a report (报表配置, the report auto list and its export, the
 * popup calls) shares its runner, so the limit on queries at once holds for all of them. The app's onClose kills
 * the runner processes.
 */
export function reportService(app: FastifyInstance): OnlineReportService {
  let service = services.get(app.ctx);
  if (!service) {
    const { config, db } = app.ctx;
    const runner = new ReportRunner({
      timeoutMs: config.reportTimeoutMs ?? ONLINE_LIMITS.reportTimeoutMs,
      concurrency: config.reportConcurrency ?? 2,
      queueMs: config.reportQueueMs ?? 5000,
    });
    service = new OnlineReportService(
      db.db,
      db.dialect,
      config.databaseUrl,
      { secrets: app.ctx.secrets, sqliteFolder: config.dataSourceSqliteDir },
      runner,
    );
    services.set(app.ctx, service);
    app.addHook('onClose', async () => runner.close());
  }
  return service;
}
