import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATA_SOURCE_API, DATA_SOURCE_MESSAGES as M, GUEST_CREDENTIALS } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(targets)('data sources on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'da-ds-'));
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, payload });
  const count = async () => (await t.app.ctx.db.db.selectFrom('sysDataSource').select('id').execute()).length;
  const pgUrl = process.env.TEST_PG_URL ? new URL(process.env.TEST_PG_URL) : null;

  beforeAll(async () => {
    t = await startApp(target, { dataSourceSqliteDir: folder });
    admin = await t.login();
    const db = new Database(path.join(folder, 'reports.db'));
    db.exec('create table t (x integer)');
    db.close();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('stores the password sealed and never answers it', async () => {
    const res = await call('POST', `${DATA_SOURCE_API.base}/add`, {
      code: 'report_pg',
      name: '报表库',
      dbType: 'postgres',
      host: 'db.internal',
      port: 5432,
      databaseName: 'reports',
      username: 'reader',
      password: 'S3cret-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.app.ctx.db.db
      .selectFrom('sysDataSource')
      .selectAll()
      .where('code', '=', 'report_pg')
      .executeTakeFirstOrThrow();
    expect(row.password).not.toContain('S3cret');
    expect(t.app.ctx.secrets.open(row.password!, 'datasource.password')).toBe('S3cret-pass');
    const list = await call('GET', `${DATA_SOURCE_API.base}/list`);
    expect(list.body).not.toContain('S3cret');
    expect(list.body).not.toContain(row.password!);
    expect(list.json().result.records[0]).toMatchObject({
      code: 'report_pg',
      hasPassword: true,
      dbType_dictText: 'PostgreSQL',
    });
    const one = await call('GET', `${DATA_SOURCE_API.base}/queryById?id=${row.id}`);
    expect(one.body).not.toContain(row.password!);
    // An edit without a password keeps the stored one.
    const edit = await call('PUT', `${DATA_SOURCE_API.base}/edit`, {
      id: row.id,
      name: '报表库（只读）',
      password: '',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await t.app.ctx.db.db
      .selectFrom('sysDataSource')
      .select('password')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.password).toBe(row.password);
  });

  it('refuses bad input with a Chinese 400 and stores nothing', async () => {
    const before = await count();
    const base = { code: 'ds_x', name: 'x', dbType: 'mysql', host: 'db', databaseName: 'x' };
    for (const [extra, message] of [
      [{ code: '1bad' }, M.codeInvalid],
      [{ dbType: 'oracle' }, M.typeInvalid],
      [{ host: '' }, M.hostRequired],
      [{ host: 'a b;rm' }, M.hostInvalid],
      [{ port: 70000 }, M.portInvalid],
      [{ dbType: 'sqlite', databaseName: '../etc/passwd' }, M.sqliteFileInvalid],
      [{ dbType: 'sqlite', databaseName: '/tmp/x.db' }, M.sqliteFileInvalid],
      [{ code: 'report_pg' }, M.codeTaken],
    ] as [object, string][]) {
      const res = await call('POST', `${DATA_SOURCE_API.base}/add`, { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('tests a connection: a SQLite file in the folder, a refused port, a host that never answers (5 s)', async () => {
    const sqlite = await call('POST', DATA_SOURCE_API.test, { dbType: 'sqlite', databaseName: 'reports.db' });
    expect(sqlite.statusCode, sqlite.body).toBe(200);
    expect(sqlite.json().message).toBe(M.succeeded);
    const missing = await call('POST', DATA_SOURCE_API.test, { dbType: 'sqlite', databaseName: 'none.db' });
    expect(missing.json().message).toBe(M.sqliteFileMissing);

    const refused = await call('POST', DATA_SOURCE_API.test, {
      dbType: 'postgres',
      host: '127.0.0.1',
      port: 1,
      databaseName: 'x',
      username: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(M.failed);

    const started = Date.now();
    // 10.255.255.1 is not routed: the SYN is never answered.
    const silent = await call('POST', DATA_SOURCE_API.test, {
      dbType: 'mysql',
      host: '10.255.255.1',
      port: 3306,
      databaseName: 'x',
      username: 'x',
    });
    const took = Date.now() - started;
    expect(silent.statusCode).toBe(400);
    expect(silent.json().message).toBe(M.timeout);
    expect(took).toBeLessThan(7000);
  }, 20_000);

  it.runIf(pgUrl)('connects to a real PostgreSQL with the stored, sealed password', async () => {
    const add = await call('POST', `${DATA_SOURCE_API.base}/add`, {
      code: 'real_pg',
      name: '测试库',
      dbType: 'postgres',
      host: pgUrl!.hostname,
      port: Number(pgUrl!.port || 5432),
      databaseName: pgUrl!.pathname.slice(1) || 'postgres',
      username: decodeURIComponent(pgUrl!.username) || 'postgres',
      password: decodeURIComponent(pgUrl!.password) || 'unused',
    });
    expect(add.statusCode, add.body).toBe(200);
    const { id } = await t.app.ctx.db.db
      .selectFrom('sysDataSource')
      .select('id')
      .where('code', '=', 'real_pg')
      .executeTakeFirstOrThrow();
    const res = await call('POST', DATA_SOURCE_API.test, {
      id,
      dbType: 'postgres',
      host: pgUrl!.hostname,
      port: Number(pgUrl!.port || 5432),
      databaseName: pgUrl!.pathname.slice(1) || 'postgres',
      username: decodeURIComponent(pgUrl!.username) || 'postgres',
    });
    expect(res.statusCode, res.body).toBe(200);
    const wrongDb = await call('POST', DATA_SOURCE_API.test, {
      dbType: 'postgres',
      host: pgUrl!.hostname,
      port: Number(pgUrl!.port || 5432),
      databaseName: 'no_such_database_here',
      username: decodeURIComponent(pgUrl!.username) || 'postgres',
    });
    expect(wrongDb.statusCode).toBe(400);
    expect(wrongDb.json().message).toContain(M.failed);
  });

  it('is closed to the guest and to users without the right', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    for (const token of [guest, staff]) {
      expect((await call('GET', `${DATA_SOURCE_API.base}/list`, undefined, token)).statusCode).toBe(403);
      expect(
        (await call('POST', DATA_SOURCE_API.test, { dbType: 'sqlite', databaseName: 'reports.db' }, token)).statusCode,
      ).toBe(403);
    }
  });
});
