import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLite as Database } from '../../lib/sqlite-driver.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { DATA_SOURCE_API, MSG, ONLINE_API, ONLINE_MESSAGES as M } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { REPORT_BUSINESS_TABLES, REPORT_NEVER_TABLES } from './report-tables.js';
import { reportService } from './report.service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const LIMIT_MS = 2000;
const ROLE_ADMIN = seedId('role:admin');

/**
 * Counts the rows of :lim³: instant for a small :lim, minutes of CPU for 1000 (MariaDB stops a recursion at 1000
 * steps by default, hence the cross join rather than a deeper recursion).
 */
const COUNTER =
  'with recursive c(n) as (select 1 union all select n + 1 from c where n < :lim + 0) ' +
  'select count(*) as slow_marker from c a, c b, c d';
const SLOW = 'lim=1000';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `done` holds (or the time is up), answering whether it did. */
async function within(ms: number, done: () => boolean | Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > until) return false;
    await sleep(50);
  }
}

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/*
 * Online reports (issue 22, items 3, 5, 6): a query past its limit is stopped where it runs, not just answered; a
 * report on our database sees only the viewer's tenant; and the SQL reads only allowlisted tables and functions.
 */
describe.each(targets)('online reports: limits, tenants and the table allowlist on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let noTenant: string;
  const sourceFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'da-report-ds-'));

  const call = (method: Method, url: string, payload?: object, token = admin, tenant?: number) =>
    t.request({ method, url, token, payload, ...(tenant !== undefined ? { tenant } : {}) });
  const db = () => t.app.ctx.db.db;
  const save = (report: object, token = admin) => call('POST', `${ONLINE_API.report}/add`, report, token, 1001);
  const saved = async (report: object) => {
    const res = await save(report);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { id: string; code: string };
  };
  const refusal = async (sqlText: string) => {
    const res = await save({ code: 'refused', name: '拒绝', sqlText, params: [{ name: 'lim', label: 'lim' }] });
    expect(res.statusCode, `${sqlText}: ${res.body}`).toBe(400);
    return res.json().message as string;
  };
  const data = (code: string, token = admin, tenant?: number, query = '') =>
    call('GET', `${ONLINE_API.reportData}/${code}${query ? `?${query}` : ''}`, undefined, token, tenant);
  const allowSystem = (tables: string[], token = admin) =>
    call('PUT', ONLINE_API.reportSystemTables, { tables }, token, 1001);

  const asset = (tenantId: number, code: string, originalValue: number) => ({
    id: newId(),
    code,
    name: `资产${code}`,
    categoryId: 'cat',
    status: 'in_use',
    published: 0,
    version: 0,
    delFlag: 0,
    originalValue,
    tenantId,
  });

  beforeAll(async () => {
    t = await startApp(target, { reportTimeoutMs: LIMIT_MS, dataSourceSqliteDir: sourceFolder });
    admin = await t.login();
    tenantAdmin = (
      await createTestUser(t, {
        username: 'rpt_admin_1002',
        password: 'Passw0rd!',
        roleIds: [ROLE_ADMIN],
        tenants: [1002],
      })
    ).token;
    noTenant = (await createTestUser(t, { username: 'rpt_no_tenant', password: 'Passw0rd!', roleIds: [ROLE_ADMIN] }))
      .token;
    await db()
      .insertInto('bizAsset')
      .values([asset(1001, 'A1', 100), asset(1001, 'A2', 200), asset(1002, 'B1', 5000)] as never)
      .execute();
    await db()
      .insertInto('iotDevice')
      .values({
        id: newId(),
        deviceId: 'dev-1002',
        deviceName: '水表',
        onlineStatus: 0,
        keyHash: 'f'.repeat(64),
        tenantId: 1002,
        delFlag: 0,
      } as never)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(sourceFolder, { recursive: true, force: true });
  });

  it("runs a report on our database with the viewer's tenant applied, however the SQL reads the table", async () => {
    await saved({
      code: 'asset_values',
      name: '资产原值',
      sqlText: 'select code, name, original_value from biz_asset where del_flag = 0',
      params: [],
      columns: [
        { field: 'code', label: '编码', sortable: true },
        { field: 'name', label: '名称' },
        { field: 'original_value', label: '原值' },
      ],
    });
    const codes = async (code: string, token: string, tenant?: number) => {
      const res = await data(code, token, tenant, 'column=code&order=asc');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().result.records as { code: string }[]).map((r) => r.code);
    };
    expect(await codes('asset_values', admin, 1001)).toEqual(['A1', 'A2']);
    expect(await codes('asset_values', tenantAdmin)).toEqual(['B1']);
    // A viewer of no tenant sees no tenant's rows.
    expect(await codes('asset_values', noTenant)).toEqual([]);

    // Subqueries, unions, joins and the report's own CTEs read the same tenant's rows.
    await saved({
      code: 'asset_tricks',
      name: '资产统计',
      sqlText:
        'with mine as (select id, code from biz_asset) ' +
        'select (select count(*) from biz_asset) as total, ' +
        '(select max(original_value) from biz_asset where id in (select id from mine)) as top_value, ' +
        '(select count(*) from (select code from biz_asset union all select code from biz_asset) u) as doubled, ' +
        '(select count(*) from biz_asset a join mine m on m.id = a.id) as joined',
      params: [],
    });
    const row = async (token: string, tenant?: number) => (await data('asset_tricks', token, tenant)).json().result;
    const mine = (await row(tenantAdmin)).records[0];
    expect([mine.total, mine.top_value, mine.doubled, mine.joined].map(Number)).toEqual([1, 5000, 2, 1]);
    const theirs = (await row(admin, 1001)).records[0];
    expect([theirs.total, theirs.top_value].map(Number)).toEqual([2, 200]);
    // A recursive WITH of the report's own joins the tables' shadows.
    await saved({
      code: 'asset_recursive',
      name: '递归',
      sqlText:
        'with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) ' +
        'select count(*) as total from biz_asset, r',
      params: [],
    });
    expect(Number((await data('asset_recursive', tenantAdmin)).json().result.records[0].total)).toBe(3);

    // The popup calls and the export take the same path.
    const { id } = (await call('GET', `${ONLINE_API.report}/list?name=资产原值`)).json().result.records[0];
    const popup = await call('GET', `/online/cgreport/api/getData/${id}`, undefined, tenantAdmin);
    expect((popup.json().result.records as { code: string }[]).map((r) => r.code)).toEqual(['B1']);
    const xls = await call('GET', `${ONLINE_API.reportExport}/asset_values`, undefined, tenantAdmin);
    expect(xls.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells).toContain('B1');
    expect(cells).not.toContain('A1');

    // The config says who may run it.
    const config = (await call('GET', `${ONLINE_API.reportConfig}/asset_values`, undefined, tenantAdmin)).json().result;
    expect(config.platformOnly).toBe(false);
    expect(config.sqlText).toBeUndefined();
  });

  it('reads synchronised form tables by tenant, and refuses a form table that was never synchronised', async () => {
    const form = await call('POST', `${ONLINE_API.head}/add`, {
      tableName: 'onl_rpt_note',
      title: '报表备注',
      formKind: 'single',
      theme: 'plain',
      fields: [{ name: 'note', label: '备注', dbType: 'string', length: 50 }],
    });
    expect(form.statusCode, form.body).toBe(200);
    const sqlText = 'select note from onl_rpt_note';
    expect(await refusal(sqlText)).toBe(M.sqlTable('onl_rpt_note'));
    const synced = await call('POST', `${ONLINE_API.head}/sync`, { id: form.json().result.id });
    expect(synced.statusCode, synced.body).toBe(200);
    for (const [tenantId, note] of [
      [1001, '一'],
      [1002, '二'],
    ] as const) {
      await sql`insert into onl_rpt_note (id, tenant_id, note) values (${newId()}, ${tenantId}, ${note})`.execute(db());
    }
    await saved({ code: 'notes', name: '备注', sqlText, params: [] });
    expect((await data('notes', tenantAdmin)).json().result.records).toEqual([{ note: '二' }]);

    // Saved without 列: the column is titled as the form designer named the field, not by its raw name.
    const columnsOf = async () =>
      (await call('GET', `${ONLINE_API.reportConfig}/notes`, undefined, tenantAdmin)).json().result.columns;
    expect(await columnsOf()).toEqual([{ field: 'note', label: '备注', sortable: true }]);
    // A report saved so before the columns were titled is shown titled too.
    await sql`update onl_cgreport_head set columns = ${JSON.stringify([{ field: 'note', label: 'note', sortable: true }])} where code = 'notes'`.execute(
      db(),
    );
    expect(await columnsOf()).toEqual([{ field: 'note', label: '备注', sortable: true }]);

    // A business table's columns take its resource's titles; a column named by an alias keeps its name.
    await saved({ code: 'titled', name: '资产', sqlText: 'select code, name, 1 as n from biz_asset', params: [] });
    const titled = (await call('GET', `${ONLINE_API.reportConfig}/titled`, undefined, tenantAdmin)).json().result;
    expect(titled.columns.map((c: { label: string }) => c.label)).toEqual(['资产编号', '资产名称', 'n']);
  });

  it('reads every allowlisted table: the business tables, and the system tables once allowed', async () => {
    const all = (await call('GET', ONLINE_API.reportSystemTables)).json().result;
    expect(all.allowed).toEqual([]);
    expect((await allowSystem(all.available)).statusCode).toBe(200);
    for (const table of [...Object.keys(REPORT_BUSINESS_TABLES), ...all.available]) {
      const res = await save({ code: `all_${table}`, name: table, sqlText: `select * from ${table}`, params: [] });
      expect(res.statusCode, `${table}: ${res.body}`).toBe(200);
    }
    expect((await allowSystem([])).statusCode).toBe(200);
  }, 60_000);

  it('leaves secret columns out of the tables reports read', async () => {
    await saved({ code: 'devices', name: '设备', sqlText: 'select * from iot_device', params: [] });
    const devices = (await data('devices', tenantAdmin)).json().result.records as Record<string, unknown>[];
    expect(devices.map((d) => d.device_id)).toEqual(['dev-1002']);
    expect(Object.keys(devices[0]!)).not.toContain('key_hash');
    expect(await refusal('select device_id, key_hash from iot_device')).toBe(M.sqlRun);
    expect(await refusal('select holder_id_card from biz_room_ticket')).toBe(M.sqlRun);

    expect((await allowSystem(['sys_user'])).statusCode).toBe(200);
    await saved({ code: 'users', name: '用户', sqlText: 'select * from sys_user', params: [] });
    const users = (await data('users', admin, 1001)).json().result.records as Record<string, unknown>[];
    expect(users.length).toBeGreaterThan(0);
    expect(Object.keys(users[0]!)).not.toContain('password');
    expect(await refusal('select username, password from sys_user')).toBe(M.sqlRun);
    expect((await allowSystem([])).statusCode).toBe(200);
  });

  it('lets only a platform administrator change report definitions, make their menus and allow system tables', async () => {
    const report = { code: 'tenant_try', name: '租户', sqlText: 'select name from biz_company', params: [] };
    const refusedAsTenant = async (method: Method, url: string, payload?: object) => {
      const res = await call(method, url, payload, tenantAdmin);
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([403, MSG.platformOnly]);
    };
    await refusedAsTenant('POST', `${ONLINE_API.report}/add`, report);
    const made = await saved(report);
    await refusedAsTenant('PUT', `${ONLINE_API.report}/edit`, { ...report, id: made.id, name: '改' });
    await refusedAsTenant('DELETE', `${ONLINE_API.report}/delete?id=${made.id}`);
    await refusedAsTenant('POST', ONLINE_API.reportMenu, { id: made.id });
    await refusedAsTenant('PUT', ONLINE_API.reportSystemTables, { tables: ['sys_depart'] });
    // Viewing stays open to viewers, within their tenant.
    const companies = (await data('tenant_try', tenantAdmin)).json().result.records as { name: string }[];
    expect(companies.length).toBe(1);
    const routes = t.app.routeTable.filter((r) => r.platform).map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        `POST /api${ONLINE_API.report}/add`,
        `PUT /api${ONLINE_API.report}/edit`,
        `DELETE /api${ONLINE_API.report}/delete`,
        `POST /api${ONLINE_API.reportMenu}`,
        `PUT /api${ONLINE_API.reportSystemTables}`,
      ]),
    );
  });

  it('runs reports on allowed system tables or a data source for platform administrators only', async () => {
    expect(await refusal('select depart_name from sys_depart')).toBe(M.sqlTable('sys_depart'));
    // Only tables that may be allowed can be; secrets never.
    for (const secret of ['sys_token', 'sys_third_account', 'sys_data_source', 'sys_log', 'nope']) {
      const res = await allowSystem(['sys_depart', secret]);
      expect([res.statusCode, res.json().message]).toEqual([400, M.systemTableUnknown(secret)]);
    }
    const allowed = await allowSystem(['sys_depart']);
    expect(allowed.json().result.allowed).toEqual(['sys_depart']);
    await saved({ code: 'departs', name: '部门', sqlText: 'select depart_name from sys_depart', params: [] });
    const config = (await call('GET', `${ONLINE_API.reportConfig}/departs`, undefined, tenantAdmin)).json().result;
    expect(config.platformOnly).toBe(true);
    const refused = await data('departs', tenantAdmin);
    expect([refused.statusCode, refused.json().message]).toEqual([403, M.reportPlatformOnly]);
    const popup = await call('GET', `/online/cgreport/api/getData/${config.id}`, undefined, tenantAdmin);
    expect(popup.statusCode).toBe(403);
    expect((await data('departs', admin, 1001)).statusCode).toBe(200);
    // Taking the table back stops the report.
    await allowSystem([]);
    const stopped = await data('departs', admin, 1001);
    expect([stopped.statusCode, stopped.json().message]).toEqual([400, M.sqlTable('sys_depart')]);

    const file = path.join(sourceFolder, 'side.db');
    const side = new Database(file);
    side.exec("create table stock (name text); insert into stock values ('纸');");
    side.close();
    const source = await call('POST', `${DATA_SOURCE_API.base}/add`, {
      code: 'side_db',
      name: '外部库',
      dbType: 'sqlite',
      databaseName: 'side.db',
    });
    expect(source.statusCode, source.body).toBe(200);
    await saved({ code: 'side', name: '外部', dbSource: 'side_db', sqlText: 'select name from stock', params: [] });
    expect(
      (await call('GET', `${ONLINE_API.reportConfig}/side`, undefined, tenantAdmin)).json().result.platformOnly,
    ).toBe(true);
    expect((await data('side', tenantAdmin)).statusCode).toBe(403);
    expect((await data('side', admin, 1001)).json().result.records).toEqual([{ name: '纸' }]);
  });

  it('refuses the secret tables by name and through every spelling, and table functions', async () => {
    const secrets = ['sys_token', 'sys_third_account', 'sys_data_source', 'sys_log', 'sys_data_log', 'sys_message'];
    const schema = target.name === 'postgres' ? 'public' : target.name === 'mysql' ? 'da' : 'main';
    for (const s of secrets) {
      expect(REPORT_NEVER_TABLES).toContain(s);
      expect(await refusal(`select * from ${s}`)).toBe(M.sqlTable(s));
      expect(await refusal(`select * from "${s}"`)).toMatch(/^SQL 中不允许查询表|^SQL 解析失败/);
      expect(await refusal(`select * from ${s.toUpperCase()}`)).toBe(M.sqlTable(s.toUpperCase()));
      expect(await refusal(`select * from ${schema}.${s}`)).toBe(M.sqlTable(`${schema}.${s}`));
      expect(await refusal(`select code from biz_asset where id in (select id from ${s})`)).toBe(M.sqlTable(s));
      expect(await refusal(`select (select count(*) from ${s}) as n from biz_asset`)).toBe(M.sqlTable(s));
      expect(await refusal(`select code from biz_asset where exists (select 1 from ${s} x)`)).toBe(M.sqlTable(s));
      expect(await refusal(`select code from biz_asset union select id from ${s}`)).toBe(M.sqlTable(s));
      expect(await refusal(`select a.code from biz_asset a join ${s} b on b.id = a.id`)).toBe(M.sqlTable(s));
      expect(await refusal(`with x as (select * from ${s}) select * from x`)).toBe(M.sqlTable(s));
      // A CTE named like an allowed table would replace its tenant filter.
      expect(await refusal(`with biz_asset as (select * from ${s}) select * from biz_asset`)).toBe(
        M.sqlCteName('biz_asset'),
      );
      // Comments could hide text from the checks.
      expect(await refusal(`select * from biz_asset /* x */ union select * from ${s}`)).toBe(M.sqlComment);
      expect(await refusal(`select * from biz_asset -- x\nunion select * from ${s}`)).toBe(M.sqlComment);
      expect(await refusal(`select * from biz_asset # x\nunion select * from ${s}`)).toBe(M.sqlComment);
    }
    // A CTE reference the databases could read as a table is refused.
    expect(await refusal('with sys_token as (select * from sys_token) select * from sys_token')).toBe(
      M.sqlCteScope('sys_token'),
    );
    expect(await refusal('with a as (select * from b), b as (select 1 as n) select * from a')).toBe(M.sqlCteScope('b'));
    expect(await refusal('(with x as (select 1 as n) select n from x) union select id from x')).toBe(M.sqlNestedWith);
    expect(await refusal('select * from (with x as (select 1 as n) select n from x) y')).toBe(M.sqlNestedWith);
    // Backslashes, dollar quotes and placeholders are read differently by the databases: refused.
    expect(await refusal("select code from biz_asset where name = 'a\\' union select token from sys_token")).toBe(
      M.sqlChar('\\'),
    );
    expect(await refusal('select $$x$$ as a from biz_asset')).toBe(M.sqlChar('$'));
    expect(await refusal('select code from biz_asset where id = ?')).toBe(M.sqlChar('?'));

    // Table functions and functions reading files, settings or the catalogue.
    // (MariaDB's grammar has no table functions: there it does not parse at all.)
    expect([M.sqlTableFunction('pragma_table_info'), M.sqlParse]).toContain(
      await refusal("select * from pragma_table_info('sys_token')"),
    );
    expect([M.sqlTableFunction('json_each'), M.sqlParse]).toContain(await refusal("select * from json_each('[1]')"));
    expect(await refusal('select * from pragma_database_list')).toBe(M.sqlTable('pragma_database_list'));
    expect(await refusal('select name from sqlite_master')).toBe(M.sqlTable('sqlite_master'));
    expect(await refusal('select * from pg_user')).toBe(M.sqlTable('pg_user'));
    expect(await refusal('select * from information_schema.tables')).toBe(M.sqlTable('information_schema.tables'));
    for (const [text, name] of [
      ["select load_extension('x') as a", 'load_extension'],
      ["select readfile('/etc/passwd') as a", 'readfile'],
      ["select pg_read_file('/etc/passwd') as a", 'pg_read_file'],
      ["select pg_ls_dir('.') as a", 'pg_ls_dir'],
      ["select current_setting('data_directory') as a", 'current_setting'],
      ['select version() as a', 'version'],
      ["select load_file('/etc/passwd') as a", 'load_file'],
      ["select sys_exec('id') as a", 'sys_exec'],
      ['select sqlite_version() as a', 'sqlite_version'],
      ['select user as a from biz_asset', 'user'],
    ]) {
      expect(await refusal(text!)).toBe(M.sqlFunction(name!));
    }
    expect(await refusal('select @@datadir as a')).toMatch(/^SQL 中不允许使用变量|^SQL 解析失败/);
    // Nothing refused was stored.
    expect((await call('GET', `${ONLINE_API.report}/list?name=拒绝`)).json().result.total).toBe(0);
  }, 60_000);

  /** Whether the statement with the marker is still running on the database server. */
  const stillRunning = async () => {
    if (target.name === 'postgres') {
      const r = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
        where state = 'active' and pid <> pg_backend_pid() and query like ${'%slow' + '_marker%'}`.execute(db());
      return Number(r.rows[0]?.n) > 0;
    }
    if (target.name === 'mysql') {
      const r = await sql<{ n: number }>`select count(*) as n from information_schema.processlist
        where command <> 'Sleep' and id <> connection_id() and info like ${'%slow' + '_marker%'}`.execute(db());
      return Number(r.rows[0]?.n) > 0;
    }
    return false;
  };

  it('stops a query that runs past the limit where it runs, and answers the next report at once', async () => {
    await saved({
      code: 'counter',
      name: '计数',
      sqlText: COUNTER,
      params: [{ name: 'lim', label: '上限', defaultValue: '10' }],
    });
    expect(
      (await data('counter', admin, 1001)).json().result.records.map((r: object) => Object.values(r).map(Number)),
    ).toEqual([[1000]]);
    const runner = reportService(t.app).runner;
    const started = Date.now();
    const slow = data('counter', admin, 1001, SLOW);
    let pid: number | undefined;
    if (target.name !== 'postgres' && target.name !== 'mysql') {
      expect(await within(LIMIT_MS, () => (pid = runner.busyPids()[0]) !== undefined)).toBe(true);
    } else {
      expect(await within(LIMIT_MS, stillRunning)).toBe(true);
    }
    const res = await slow;
    expect([res.statusCode, res.json().message]).toEqual([400, M.sqlTimeout(LIMIT_MS / 1000)]);
    expect(Date.now() - started).toBeLessThan(LIMIT_MS + 1500);
    // Within a second the statement is gone: its process (SQLite) or its query on the server.
    if (pid !== undefined) expect(await within(1000, () => gone(pid!))).toBe(true);
    expect(await within(1000, async () => !(await stillRunning()))).toBe(true);
    const next = await data('counter', admin, 1001, 'lim=5');
    expect([next.statusCode, Number(Object.values(next.json().result.records[0])[0])]).toEqual([200, 125]);
    // Saving a report whose dry run runs away is answered the same way.
    expect(await refusal(COUNTER.replace(':lim + 0', '1000'))).toBe(M.sqlTimeout(LIMIT_MS / 1000));
  }, 30_000);

  it('stops a runaway query on a SQLite data source the same way', async () => {
    const file = path.join(sourceFolder, 'slow.db');
    new Database(file).close();
    await call('POST', `${DATA_SOURCE_API.base}/add`, {
      code: 'slow_db',
      name: '慢库',
      dbType: 'sqlite',
      databaseName: 'slow.db',
    });
    await saved({
      code: 'slow_side',
      name: '慢',
      dbSource: 'slow_db',
      sqlText: COUNTER,
      params: [{ name: 'lim', label: '上限', defaultValue: '3' }],
    });
    const runner = reportService(t.app).runner;
    const slow = data('slow_side', admin, 1001, SLOW);
    let pid: number | undefined;
    expect(await within(LIMIT_MS, () => (pid = runner.busyPids()[0]) !== undefined)).toBe(true);
    expect((await slow).json().message).toBe(M.sqlTimeout(LIMIT_MS / 1000));
    expect(await within(1000, () => gone(pid!))).toBe(true);
    expect((await data('slow_side', admin, 1001)).statusCode).toBe(200);
  }, 30_000);

  it.runIf(target.name === 'sqlite' && process.env.TEST_PG_URL)(
    'cancels a runaway query on a PostgreSQL data source on the server',
    async () => {
      const url = new URL(process.env.TEST_PG_URL!);
      const added = await call('POST', `${DATA_SOURCE_API.base}/add`, {
        code: 'slow_pg',
        name: 'PG',
        dbType: 'postgres',
        host: url.hostname,
        port: Number(url.port || 5432),
        databaseName: url.pathname.slice(1),
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password) || undefined,
      });
      expect(added.statusCode, added.body).toBe(200);
      const marker = `slow_pg_${process.pid}`;
      await saved({
        code: 'slow_pg_report',
        name: 'PG 慢',
        dbSource: 'slow_pg',
        sqlText: COUNTER.replace('slow_marker', marker),
        params: [{ name: 'lim', label: '上限', defaultValue: '3' }],
      });
      const res = await data('slow_pg_report', admin, 1001, SLOW);
      expect(res.json().message).toBe(M.sqlTimeout(LIMIT_MS / 1000));
      const { Client } = (await import('pg')).default;
      const probe = new Client({ connectionString: process.env.TEST_PG_URL });
      await probe.connect();
      try {
        const active = async () =>
          Number(
            (
              await probe.query(
                "select count(*) as n from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and query like $1",
                [`%${marker}%`],
              )
            ).rows[0].n,
          );
        expect(await within(1000, async () => (await active()) === 0)).toBe(true);
      } finally {
        await probe.end();
      }
    },
    30_000,
  );

  it.runIf(target.name === 'sqlite' && process.env.TEST_MYSQL_URL)(
    'kills a runaway query on a MariaDB data source on the server',
    async () => {
      const url = new URL(process.env.TEST_MYSQL_URL!);
      const added = await call('POST', `${DATA_SOURCE_API.base}/add`, {
        code: 'slow_my',
        name: 'MariaDB',
        dbType: 'mysql',
        host: url.hostname,
        port: Number(url.port || 3306),
        databaseName: url.pathname.slice(1),
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password) || undefined,
      });
      expect(added.statusCode, added.body).toBe(200);
      const marker = `slow_my_${process.pid}`;
      await saved({
        code: 'slow_my_report',
        name: 'MariaDB 慢',
        dbSource: 'slow_my',
        sqlText: COUNTER.replace('slow_marker', marker),
        params: [{ name: 'lim', label: '上限', defaultValue: '3' }],
      });
      const res = await data('slow_my_report', admin, 1001, SLOW);
      expect(res.json().message).toBe(M.sqlTimeout(LIMIT_MS / 1000));
      const { createConnection } = await import('mysql2/promise');
      const probe = await createConnection({ uri: process.env.TEST_MYSQL_URL! });
      try {
        const active = async () => {
          const [rows] = await probe.query(
            "select count(*) as n from information_schema.processlist where command <> 'Sleep' and id <> connection_id() and info like ?",
            [`%${marker}%`],
          );
          return Number((rows as { n: number }[])[0]?.n);
        };
        expect(await within(1000, async () => (await active()) === 0)).toBe(true);
      } finally {
        await probe.end();
      }
    },
    30_000,
  );
});

describe.each(targets)('online reports at once on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let closed = false;

  beforeAll(async () => {
    t = await startApp(target, { reportTimeoutMs: LIMIT_MS, reportConcurrency: 1, reportQueueMs: 300 });
    admin = await t.login();
    const res = await t.request({
      method: 'POST',
      url: `${ONLINE_API.report}/add`,
      token: admin,
      payload: {
        code: 'counter',
        name: '计数',
        sqlText: COUNTER,
        params: [{ name: 'lim', label: '上限', defaultValue: '3' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    if (!closed) await t?.close();
  });

  const data = (lim: number) =>
    t.request({ method: 'GET', url: `${ONLINE_API.reportData}/counter?lim=${lim}`, token: admin });

  it('lets the extra queries wait briefly, then answers them 报表查询繁忙, never a 500', async () => {
    const answers = await Promise.all([1000, 1000, 1000, 1000].map((lim) => data(lim)));
    const seen = answers.map((r) => [r.statusCode, r.json().message]);
    for (const [status] of seen) expect([400, 503]).toContain(status);
    expect(seen).toContainEqual([503, M.reportBusy]);
    expect(seen).toContainEqual([400, M.sqlTimeout(LIMIT_MS / 1000)]);
    // The slot is back: an ordinary report runs.
    expect(await within(LIMIT_MS, async () => (await data(4)).statusCode === 200)).toBe(true);
  }, 30_000);

  it('does not hold up shutdown with a running query', async () => {
    const runner = reportService(t.app).runner;
    const slow = data(1000);
    let pid: number | undefined;
    // Under way: in a runner process (SQLite), or on the database server.
    if (target.name === 'postgres' || target.name === 'mysql') await sleep(500);
    else expect(await within(LIMIT_MS, () => (pid = runner.busyPids()[0]) !== undefined)).toBe(true);
    const started = Date.now();
    closed = true;
    await t.close();
    expect(Date.now() - started).toBeLessThan(LIMIT_MS);
    if (target.name !== 'postgres' && target.name !== 'mysql') expect(gone(pid!)).toBe(true);
    expect((await slow).statusCode).not.toBe(200);
  }, 30_000);
});
