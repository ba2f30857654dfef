/* eslint-disable @typescript-eslint/no-explicit-any -- the three log tables are reached by a name chosen at run time, which Kysely's types cannot follow */
import fs from 'node:fs';
import path from 'node:path';
import { JOB_API, type LogKind, type LogVerifyResult } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import * as logChain from '../../db/migrations/2026-11-28-0030-log-chain.js';
import type { Database } from '../../db/schema.js';
import { shippedJobId } from '../../db/seeds/ops.seed.js';
import { newId } from '../../lib/ids.js';
import { appendLogRows, chainKey, rowHash, type SysLogEntry } from '../../lib/log-chain.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { formatDateTime } from '../../lib/time.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { recordLogin } from './login-log.service.js';
import { verifyChain } from './log-verify.service.js';

/*
 * Tamper evidence of the three logs (issue 24 item 6) and their retention (item 5): every row the product writes is
 * chained; a row edited, removed or put in directly in the database is reported by 完整性校验 (pointing at it), on
 * every dialect; the retention job's removals are not.
 */

const daysAgo = (days: number) => formatDateTime(new Date(Date.now() - days * 24 * 60 * 60_000));

function opRow(tenantId: number | null, createTime = formatDateTime(), logType = 2): SysLogEntry {
  return {
    id: newId(),
    logType,
    logContent: logType === 1 ? '登录成功' : 'GET /api/test',
    operateType: logType === 1 ? null : 1,
    userid: null,
    username: 'tester',
    ip: '127.0.0.1',
    method: null,
    requestUrl: null,
    requestParam: null,
    requestType: null,
    costTime: logType === 1 ? null : 3,
    tenantId,
    createTime,
    result: 1,
  };
}

function dataRow(tenantId: number | null, createTime = formatDateTime()) {
  return {
    id: newId(),
    dataTable: 'sys_position',
    dataId: newId(),
    dataVersion: 1,
    dataContent: '{"name":"测试"}',
    action: 'add',
    createBy: 'tester',
    createTime,
    tenantId,
  };
}

describe('the hash of a row', () => {
  it('is SM3 over the previous hash and the row as text, and stays what the migration computes', () => {
    const row = { ...opRow(1001, '2026-01-01 00:00:00'), id: 'a'.repeat(32) };
    // Pinned: a change of the form would report every stored row as changed (the migration has its own copy).
    expect(rowHash('sm3', '', 'operation:1001', 1, 'sysLog', row)).toBe(
      'de6395cd80cb53cc5b84ba77f971ff0afac6b058ce12e0858540b11686cfad9b',
    );
    // Drivers answer numbers or text (PostgreSQL bigints): the same hash.
    expect(rowHash('sm3', '', 'operation:1001', 1, 'sysLog', { ...row, costTime: '3', tenantId: '1001' })).toBe(
      'de6395cd80cb53cc5b84ba77f971ff0afac6b058ce12e0858540b11686cfad9b',
    );
    expect(rowHash('sm3', 'x', 'operation:1001', 1, 'sysLog', row)).not.toBe(
      rowHash('sm3', '', 'operation:1001', 1, 'sysLog', row),
    );
  });
});

describe.each(targets)('log chains on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let db: Kysely<Database>;
  beforeAll(async () => {
    t = await startApp(target);
    db = t.app.ctx.db.db;
    admin = await t.login();
  });
  afterAll(() => t?.close());

  const verify = async (kind: LogKind) => {
    const res = await t.request({ method: 'GET', url: `/sys/log/verify?kind=${kind}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as LogVerifyResult;
  };
  const tenantChain = async (kind: LogKind) => (await verify(kind)).chains.find((c) => c.scope === 'tenant')!;
  const tableOf = (kind: LogKind) => (kind === 'data' ? 'sysDataLog' : 'sysLog');
  /** Rows of tenant 1001's chain of a kind, oldest first. */
  const chainRows = async (kind: LogKind) =>
    (await (db as Kysely<any>)
      .selectFrom(tableOf(kind))
      .selectAll()
      .where('chainKey', '=', chainKey(kind, 1001))
      .orderBy('chainSeq')
      .execute()) as Record<string, unknown>[];

  /** Some rows in tenant 1001 of each log: calls, sign-ins, and versions of a record. */
  const work = async () => {
    await t.login();
    await t.login();
    const id = (
      await t.request({
        method: 'POST',
        url: '/sys/position/add',
        token: admin,
        payload: { code: `CH${Date.now() % 100000}`, name: '链一' },
      })
    ).json().result.id as string;
    await t.request({ method: 'PUT', url: '/sys/position/edit', token: admin, payload: { id, name: '链二' } });
    await t.request({ method: 'PUT', url: '/sys/position/edit', token: admin, payload: { id, name: '链三' } });
    for (let i = 0; i < 3; i++) await t.request({ method: 'GET', url: '/sys/position/list', token: admin });
    await t.app.operationLog.flush();
  };

  it('chains every row the product writes, and the check passes', async () => {
    await work();
    for (const kind of ['operation', 'login', 'data'] as const) {
      const rows = await chainRows(kind);
      expect(rows.length, kind).toBeGreaterThanOrEqual(3);
      expect(rows.map((r) => Number(r.chainSeq))).toEqual(rows.map((_, i) => i + 1));
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.chainHash)))).toBe(true);
      const chain = await tenantChain(kind);
      expect(chain, kind).toMatchObject({ intact: true, algorithm: 'sm3', cutSeq: 1, problems: [] });
      expect(chain.checked).toBeGreaterThanOrEqual(rows.length);
    }
    // The check is itself an audit event.
    await t.app.operationLog.flush();
    const event = await db
      .selectFrom('sysLog')
      .select(['logContent', 'operateType'])
      .where('logContent', 'like', '审计事件：完整性校验%')
      .executeTakeFirst();
    expect(event).toMatchObject({ operateType: 7 });
  });

  it.each(['operation', 'login', 'data'] as const)(
    'reports a row of the %s log edited in the database, and passes again once it is put back',
    async (kind) => {
      await work();
      const rows = await chainRows(kind);
      const victim = rows[1]!;
      const column = kind === 'data' ? 'dataContent' : 'logContent';
      await (db as Kysely<any>)
        .updateTable(tableOf(kind))
        .set({ [column]: `${String(victim[column])} ` })
        .where('id', '=', victim.id)
        .execute();
      const broken = await tenantChain(kind);
      expect(broken.intact).toBe(false);
      expect(broken.problems[0]).toMatchObject({ type: 'changed', seq: Number(victim.chainSeq), id: victim.id });
      expect(broken.problems[0]!.message).toContain('已在系统之外被修改');
      // One edit is one problem, not one per later row.
      expect(broken.problems).toHaveLength(1);
      const result = await verify(kind);
      expect(result.intact).toBe(false);
      await (db as Kysely<any>)
        .updateTable(tableOf(kind))
        .set({ [column]: victim[column] })
        .where('id', '=', victim.id)
        .execute();
      expect((await tenantChain(kind)).intact).toBe(true);
    },
  );

  it.each(['operation', 'login', 'data'] as const)(
    'reports rows of the %s log removed in the database (in the middle, and the newest)',
    async (kind) => {
      await work();
      const rows = await chainRows(kind);
      const victim = rows[1]!;
      await (db as Kysely<any>).deleteFrom(tableOf(kind)).where('id', '=', victim.id).execute();
      const broken = await tenantChain(kind);
      expect(broken.intact).toBe(false);
      expect(broken.problems[0]).toMatchObject({
        type: 'removed',
        seq: Number(victim.chainSeq),
        toSeq: Number(victim.chainSeq),
        id: rows[2]!.id,
      });
      expect(broken.problems[0]!.message).toContain('已在系统之外被删除');
      await (db as Kysely<any>).insertInto(tableOf(kind)).values(victim).execute();
      expect((await tenantChain(kind)).intact).toBe(true);

      if (kind === 'operation') return; // its newest row changes with every call
      const newest = (await chainRows(kind)).at(-1)!;
      await (db as Kysely<any>).deleteFrom(tableOf(kind)).where('id', '=', newest.id).execute();
      const tail = await tenantChain(kind);
      expect(tail.problems[0]).toMatchObject({ type: 'removed', seq: Number(newest.chainSeq), id: null });
      expect(tail.problems[0]!.message).toContain('最新的记录');
      await (db as Kysely<any>).insertInto(tableOf(kind)).values(newest).execute();
      expect((await tenantChain(kind)).intact).toBe(true);
    },
  );

  it('reports a row put into a log directly, which the product did not write', async () => {
    const forged = { ...opRow(1001, formatDateTime(), 1), logContent: '登录成功（伪造）' };
    await db.insertInto('sysLog').values(forged).execute();
    const broken = await tenantChain('login');
    expect(broken.problems).toEqual([expect.objectContaining({ type: 'inserted', id: forged.id })]);
    await db.deleteFrom('sysLog').where('id', '=', forged.id).execute();
    expect((await tenantChain('login')).intact).toBe(true);
  });

  it('refuses a kind it does not know with a Chinese 400', async () => {
    const res = await t.request({ method: 'GET', url: '/sys/log/verify?kind=all', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('请选择要校验的日志：操作日志、登录日志或数据日志');
    const staff = await t.login('staff');
    expect((await t.request({ method: 'GET', url: '/sys/log/verify?kind=login', token: staff })).statusCode).toBe(403);
  });

  it('keeps rows older than 180 days only until the retention job, which is not read as tampering', async () => {
    const tenant = 2001;
    await appendLogRows(db, 'sysLog', [
      opRow(tenant, daysAgo(400)),
      opRow(tenant, daysAgo(300)),
      opRow(tenant, daysAgo(200)),
      opRow(tenant, daysAgo(100)),
      opRow(tenant, daysAgo(1)),
      opRow(tenant, daysAgo(365), 1),
      opRow(tenant, daysAgo(190), 1),
    ]);
    await appendLogRows(db, 'sysDataLog', [
      dataRow(tenant, daysAgo(500)),
      dataRow(tenant, daysAgo(181)),
      dataRow(tenant),
    ]);
    for (const kind of ['operation', 'login', 'data'] as const)
      expect((await verifyChain(db, kind, tenant)).intact).toBe(true);

    const run = await t.request({
      method: 'POST',
      url: JOB_API.execute,
      token: admin,
      payload: { id: shippedJobId('data-log-retention') },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().message).toContain('删除');

    const left = async (kind: LogKind) =>
      (
        await (db as Kysely<any>)
          .selectFrom(tableOf(kind))
          .select('createTime')
          .where('chainKey', '=', chainKey(kind, tenant))
          .execute()
      ).length;
    // The operation chain also holds the job's own audit row now.
    expect(await left('operation')).toBe(3);
    expect(await left('login')).toBe(0);
    expect(await left('data')).toBe(1);
    for (const kind of ['operation', 'login', 'data'] as const) {
      const chain = await verifyChain(db, kind, tenant);
      expect(chain, kind).toMatchObject({ intact: true, problems: [] });
      expect(chain.cutSeq, kind).toBeGreaterThan(1);
      expect(chain.cutTime, kind).not.toBeNull();
    }
    // What it removed is an audit event of the tenant: counts per log, and the cut-off.
    const audit = await db
      .selectFrom('sysLog')
      .select(['logContent', 'operateType', 'requestParam'])
      .where('tenantId', '=', tenant)
      .where('operateType', '=', 7)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.logContent).toMatch(
      /^审计事件：日志保留：删除 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 之前的日志（保留 180 天）/,
    );
    expect(audit[0]!.logContent).toContain('操作日志 3 条');
    expect(audit[0]!.logContent).toContain('登录日志 2 条');
    expect(audit[0]!.logContent).toContain('数据日志 2 条');
    expect(JSON.parse(audit[0]!.requestParam!)).toMatchObject({
      days: 180,
      removed: { operation: 3, login: 2, data: 2 },
    });

    // A row removed by hand after the cut is still reported.
    const first = await (db as Kysely<any>)
      .selectFrom('sysLog')
      .select(['id', 'chainSeq'])
      .where('chainKey', '=', chainKey('operation', tenant))
      .orderBy('chainSeq')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('sysLog').where('id', '=', first.id).execute();
    const broken = await verifyChain(db, 'operation', tenant);
    expect(broken.problems[0]).toMatchObject({ type: 'removed', seq: Number(first.chainSeq) });
  });

  it('never keeps fewer than 180 days: a shorter retention is refused', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${JOB_API.base}/add`,
      token: admin,
      payload: {
        jobName: '日志保留（30天）',
        handler: 'logRetention',
        parameter: '{"days": 30}',
        cronExpression: '0 0 3 * * ?',
        status: '-1',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('保留天数须为 180 到 3650 的整数');
  });

  it('chains the rows written before, at migration', async () => {
    // Back to the schema before the chain, rows written as the earlier release did, and forward again.
    const raw = db.withoutPlugins() as unknown as Kysely<any>;
    // Nothing of the running app's may be written while the schema is taken back.
    await t.app.operationLog.flush();
    await logChain.down(raw);
    const old = (id: string, logType: number, tenant: number | null, time: string) => ({
      id,
      log_type: logType,
      log_content: 'GET /api/sys/user/list',
      operate_type: 1,
      userid: null,
      username: 'old',
      ip: '10.0.0.1',
      method: 'GET /api/sys/user/list',
      request_url: '/api/sys/user/list',
      request_param: '{"query":{"pageNo":"1"}}',
      request_type: 'GET',
      cost_time: 12,
      tenant_id: tenant,
      create_time: time,
      result: 1,
    });
    await raw
      .insertInto('sys_log')
      .values([
        old('old_op_1', 2, 1001, '2020-01-01 00:00:01'),
        old('old_op_2', 2, 1001, '2020-01-01 00:00:02'),
        old('old_login_1', 1, 1001, '2020-01-01 00:00:03'),
        old('old_anon_1', 2, null, '2020-01-01 00:00:04'),
      ])
      .execute();
    await logChain.up(raw);
    // The earliest rows of every chain are the old ones, and every chain checks out with the product's check.
    const first = await db
      .selectFrom('sysLog')
      .select('id')
      .where('chainKey', '=', 'operation:1001')
      .where('chainSeq', '=', 1)
      .executeTakeFirst();
    expect(first?.id).toBe('old_op_1');
    for (const kind of ['operation', 'login', 'data'] as const) {
      expect((await verifyChain(db, kind, 1001)).intact, kind).toBe(true);
      expect((await verifyChain(db, kind, null)).intact, kind).toBe(true);
    }
    // New rows go on from there.
    await t.login();
    expect((await verifyChain(db, 'login', 1001)).intact).toBe(true);
  });

  it('stays one unbroken chain with two instances writing at once', async () => {
    // SQLite is the embedded mode of one instance (two processes on one file refuse each other's deferred
    // transactions): there the writers race within the instance; the servers get a second instance.
    const other: FastifyInstance | null = target.name.startsWith('sqlite') ? null : await buildApp(t.config);
    try {
      const tenant = 3001;
      const apps = [t.app, other ?? t.app];
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 20; i++) {
        const app = apps[i % 2]!;
        writes.push(
          recordLogin(app.ctx.db.db, { content: `登录成功 ${i}`, success: true, ip: '10.0.0.2', tenantId: tenant }),
        );
        writes.push(app.operationLog.audit({ content: `并发 ${i}`, tenantId: tenant }));
        writes.push(
          app.ctx.db.db
            .transaction()
            .execute((trx) =>
              writeDataLog(
                trx,
                'sys_position',
                `p${i}`,
                'add',
                { id: `p${i}`, name: `并发${i}` },
                { username: 'x', tenantId: tenant },
              ),
            ),
        );
      }
      await Promise.all(writes);
      for (const kind of ['operation', 'login', 'data'] as const) {
        const chain = await verifyChain(db, kind, tenant);
        expect(chain, kind).toMatchObject({ intact: true, headSeq: 20, checked: 20 });
      }
    } finally {
      await other?.close();
    }
  });
});

describe('the logs stay append-only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(targets[0]!);
  });
  afterAll(() => t?.close());

  it('has no route that writes under the log paths', () => {
    const logPaths = /\/sys\/(log|dataLog)(\/|$)/;
    const routes = t.app.routeTable.filter((r) => logPaths.test(r.url));
    expect(routes.length).toBeGreaterThan(0);
    const writes = routes.filter((r) => !['GET', 'HEAD'].includes(r.method));
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('writes the log tables only through the chained writers (and removes rows only in the retention job)', () => {
    const root = path.resolve(__dirname, '../..');
    const allowed = new Set(
      [
        'lib/log-chain.ts',
        'modules/log/log-retention.service.ts',
        // Frozen migrations: the tables' own history.
      ].map((p) => path.join(root, p)),
    );
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!['test', 'migrations'].includes(entry.name)) walk(file);
          continue;
        }
        if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name) || allowed.has(file)) continue;
        const text = fs.readFileSync(file, 'utf8');
        const pattern =
          /(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`](sysLog|sysDataLog|sysLogChain|sys_log|sys_data_log|sys_log_chain)['"`]|(insert\s+into|update|delete\s+from)\s+(sys_log|sys_data_log|sys_log_chain)\b/gi;
        if (pattern.test(text)) offenders.push(path.relative(root, file));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
