import dns from 'node:dns';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SQLite as Database } from '../../lib/sqlite-driver.js';
import { DATA_SOURCE_API, DATA_SOURCE_MESSAGES as M, GUEST_CREDENTIALS } from '@district/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { connectionFailure, testConnection } from './datasource.service.js';

/** A port nothing listens on (a server bound it and closed again). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('测试连接 failures in Chinese', () => {
  const err = (message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), extra);
  it.each([
    ['refused', err('connect ECONNREFUSED 10.0.0.5:5432', { code: 'ECONNREFUSED' }), M.unreachable],
    ['timed out', err('connect ETIMEDOUT', { code: 'ETIMEDOUT' }), M.unreachable],
    ['unknown host', err('getaddrinfo ENOTFOUND db.example', { code: 'ENOTFOUND' }), M.unreachable],
    ['TLS', err('self-signed certificate in certificate chain', { code: 'SELF_SIGNED_CERT_IN_CHAIN' }), M.unreachable],
    ['not a database', err('file is not a database', { code: 'SQLITE_NOTADB' }), M.unreachable],
    [
      'PG password',
      err('password authentication failed for user "x"', { severity: 'FATAL', code: '28P01' }),
      M.authFailed,
    ],
    ['PG no password', err('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'), M.authFailed],
    ['PG database', err('database "x" does not exist', { severity: 'FATAL', code: '3D000' }), M.databaseMissing],
    ['PG too many', err('sorry, too many clients already', { severity: 'FATAL', code: '53300' }), M.serverRefused],
    [
      'MySQL password',
      err("Access denied for user 'x'@'y'", { errno: 1045, sqlMessage: 'Access denied' }),
      M.authFailed,
    ],
    ['MySQL database', err("Unknown database 'x'", { errno: 1049, sqlMessage: 'Unknown database' }), M.databaseMissing],
    ['MySQL other', err('Too many connections', { errno: 1040, sqlMessage: 'Too many connections' }), M.serverRefused],
  ])('%s', (_what, error, expected) => {
    expect(connectionFailure(error)).toMatchObject({ status: 400, message: expected });
    expect(connectionFailure(error).message).not.toMatch(/[A-Za-z]{4,}/);
  });
});

describe.each(targets)('data sources on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'da-ds-'));
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, payload });
  const count = async () => (await t.app.ctx.db.db.selectFrom('sysDataSource').select('id').execute()).length;
  const pgUrl = process.env.TEST_PG_URL ? new URL(process.env.TEST_PG_URL) : null;
  const mysqlUrl = process.env.TEST_MYSQL_URL ? new URL(process.env.TEST_MYSQL_URL) : null;

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
  afterEach(() => vi.restoreAllMocks());

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

  it('refuses metadata and link-local hosts in every spelling, when saved and when tested, and stores nothing', async () => {
    const before = await count();
    const realLookup = dns.lookup.bind(dns);
    // A name that resolves to the metadata address (only through this stub: no DNS server is involved).
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: object, callback: never) => {
      if (host !== 'rebind.example.com') return (realLookup as (...a: unknown[]) => void)(host, options, callback);
      const all = [
        { address: '10.0.0.8', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ];
      (callback as (e: null, a: typeof all) => void)(null, all);
    }) as never);
    for (const host of [
      '169.254.169.254',
      '169.254.10.1',
      '100.100.100.200',
      '2852039166',
      '0xa9fea9fe',
      '0251.0376.0251.0376',
      '169.254.43518',
      'metadata.google.internal',
      'METADATA.google.internal',
      'metadata.ec2.internal',
      'fd00:ec2::254',
      '[fd00:ec2::254]',
      'fe80::1',
      '::ffff:169.254.169.254',
      '[::ffff:a9fe:a9fe]',
      'rebind.example.com',
    ]) {
      for (const dbType of ['postgres', 'mysql']) {
        const fields = { dbType, host, port: 5432, databaseName: 'x', username: 'x' };
        const saved = await call('POST', `${DATA_SOURCE_API.base}/add`, { code: 'ds_meta', name: 'x', ...fields });
        expect(saved.statusCode, `${host} ${saved.body}`).toBe(400);
        expect(saved.json().message, host).toBe(M.addressForbidden);
        const tested = await call('POST', DATA_SOURCE_API.test, fields);
        expect(tested.statusCode, host).toBe(400);
        expect(tested.json().message, host).toBe(M.addressForbidden);
      }
    }
    // An edit cannot move a stored source there either.
    const { id } = await t.app.ctx.db.db
      .selectFrom('sysDataSource')
      .select('id')
      .where('code', '=', 'report_pg')
      .executeTakeFirstOrThrow();
    const moved = await call('PUT', `${DATA_SOURCE_API.base}/edit`, { id, host: '0xa9fea9fe' });
    expect(moved.json().message).toBe(M.addressForbidden);
    expect(await count()).toBe(before);
    const kept = await t.app.ctx.db.db
      .selectFrom('sysDataSource')
      .select('host')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.host).toBe('db.internal');
  });

  it('tests a SQLite file in the folder', async () => {
    const sqlite = await call('POST', DATA_SOURCE_API.test, { dbType: 'sqlite', databaseName: 'reports.db' });
    expect(sqlite.statusCode, sqlite.body).toBe(200);
    expect(sqlite.json().message).toBe(M.succeeded);
    const missing = await call('POST', DATA_SOURCE_API.test, { dbType: 'sqlite', databaseName: 'none.db' });
    expect(missing.json().message).toBe(M.sqliteFileMissing);
  });

  it('answers every network failure with one message: closed port, silent port, HTTP server, garbage, no route', async () => {
    const closed = await freePort();
    const servers = [
      // Accepts and says nothing (an open port of some other service, or a filtering firewall's black hole).
      net.createServer(() => undefined),
      // Answers HTTP (to whatever it is sent) and hangs up.
      net.createServer((s) => {
        s.on('error', () => undefined);
        s.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      }),
      // Writes bytes no database writes, then resets the connection.
      net.createServer((s) => {
        s.on('error', () => undefined);
        s.write(Buffer.from('\xff\x00\x00\x01garbage\n', 'latin1'));
        setTimeout(() => s.resetAndDestroy(), 20);
      }),
    ];
    const ports = await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve) =>
            server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
          ),
      ),
    );
    try {
      const cases = [
        ['127.0.0.1', closed],
        ...ports.map((port) => ['127.0.0.1', port] as const),
        // Not routed: the SYN is never answered (or the network says unreachable at once).
        ['10.255.255.1', 3306],
        ['no-such-host.invalid', 5432],
      ] as const;
      const started = Date.now();
      const answers = await Promise.all(
        cases.flatMap(([host, port]) =>
          ['postgres', 'mysql'].map(async (dbType) => {
            const res = await call('POST', DATA_SOURCE_API.test, {
              dbType,
              host,
              port,
              databaseName: 'x',
              username: 'x',
            });
            return { what: `${dbType} ${host}:${port}`, status: res.statusCode, message: res.json().message as string };
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer, answer.what).toMatchObject({ status: 400, message: M.unreachable });
      }
      // The 5-second limit holds (the attempts ran side by side).
      expect(Date.now() - started).toBeLessThan(9000);
    } finally {
      for (const server of servers) server.close();
    }
  }, 30_000);

  it('keeps the driver reason for the log only', async () => {
    const port = await freePort();
    const logged: unknown[] = [];
    const failure = await testConnection(
      { dbType: 'postgres', host: '127.0.0.1', port, databaseName: 'x', username: 'x', password: null },
      folder,
      (error) => logged.push(error),
    ).catch((error: Error) => error);
    expect((failure as Error).message).toBe(M.unreachable);
    expect(logged).toHaveLength(1);
    expect((logged[0] as { code?: string }).code).toBe('ECONNREFUSED');
  });

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
    expect(wrongDb.json().message).toBe(M.databaseMissing);
    // The server answered as PostgreSQL: an unknown role is said as such (trust authentication has no password).
    const wrongUser = await call('POST', DATA_SOURCE_API.test, {
      dbType: 'postgres',
      host: pgUrl!.hostname,
      port: Number(pgUrl!.port || 5432),
      databaseName: pgUrl!.pathname.slice(1) || 'postgres',
      username: 'no_such_role_here',
      password: 'x',
    });
    expect(wrongUser.json().message).toBe(M.authFailed);
  });

  it.runIf(mysqlUrl)(
    "tells a real MySQL/MariaDB server's answers apart: success, unknown database, wrong user",
    async () => {
      const fields = {
        dbType: 'mysql',
        host: mysqlUrl!.hostname,
        port: Number(mysqlUrl!.port || 3306),
        username: decodeURIComponent(mysqlUrl!.username) || 'root',
        password: decodeURIComponent(mysqlUrl!.password) || undefined,
      };
      const okay = await call('POST', DATA_SOURCE_API.test, {
        ...fields,
        databaseName: mysqlUrl!.pathname.slice(1) || 'mysql',
      });
      expect(okay.statusCode, okay.body).toBe(200);
      const wrongDb = await call('POST', DATA_SOURCE_API.test, { ...fields, databaseName: 'no_such_database_here' });
      expect(wrongDb.json().message).toBe(M.databaseMissing);
      const wrongUser = await call('POST', DATA_SOURCE_API.test, {
        ...fields,
        databaseName: 'mysql',
        username: 'no_such_user_here',
        password: 'wrong',
      });
      expect(wrongUser.json().message).toBe(M.authFailed);
    },
  );

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
