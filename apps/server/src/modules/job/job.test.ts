import { GUEST_CREDENTIALS, JOB_API, JOB_MESSAGES, JOB_STATUS } from '@district/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { shippedJobId } from '../../db/seeds/ops.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { EmbeddedScheduler } from './job-scheduler.js';
import type { SysQuartzJob } from '../../db/schema.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(targets)('scheduled jobs on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, payload });
  const db = () => t.app.ctx.db.db;
  const jobCount = async () =>
    Number(
      (
        await db()
          .selectFrom('sysQuartzJob')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const job = (extra: object = {}) => ({
    jobName: `问候-${Math.random().toString(36).slice(2, 8)}`,
    handler: 'sayHello',
    parameter: '{"name": "李四"}',
    cronExpression: '0 0 3 * * ?',
    description: '测试',
    ...extra,
  });
  const add = async (extra: object = {}) => {
    const body = job(extra);
    const res = await call('POST', `${JOB_API.base}/add`, body);
    expect(res.statusCode, res.body).toBe(200);
    return db().selectFrom('sysQuartzJob').selectAll().where('jobName', '=', body.jobName).executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('ships the room-ticket expiry, cleanup, retention and hello jobs, with the handlers registered in code', async () => {
    const list = await call('GET', `${JOB_API.base}/list?pageSize=50`);
    expect(list.statusCode).toBe(200);
    const records = list.json().result.records as {
      id: string;
      handler: string;
      status: string;
      handler_dictText: string;
    }[];
    const byHandler = new Map(records.map((r) => [r.handler, r]));
    expect(byHandler.get('roomTicketExpiry')).toMatchObject({
      status: JOB_STATUS.running,
      handler_dictText: '房票过期',
    });
    expect(byHandler.get('expiredCleanup')?.status).toBe(JOB_STATUS.running);
    expect(byHandler.get('logRetention')?.status).toBe(JOB_STATUS.running);
    expect(byHandler.get('sayHello')?.status).toBe(JOB_STATUS.paused);
    expect(byHandler.get('databaseBackup')).toMatchObject({
      status: JOB_STATUS.running,
      cronExpression: '0 0 2 * * ?',
    });
    // 计提折旧 (issue 26): on the 1st of each month.
    expect(byHandler.get('monthlyDepreciation')).toMatchObject({
      status: JOB_STATUS.running,
      cronExpression: '0 30 1 1 * ?',
      handler_dictText: '计提折旧',
    });
    const handlers = await call('GET', JOB_API.handlers);
    expect((handlers.json().result as { key: string }[]).map((h) => h.key).sort()).toEqual(
      [
        'logRetention',
        'expiredCleanup',
        'roomTicketExpiry',
        'databaseBackup',
        'monthlyDepreciation',
        'sayHello',
      ].sort(),
    );
  });

  it('refuses bad input with a Chinese 400 and stores nothing', async () => {
    const before = await jobCount();
    const cases: [object, string][] = [
      [{ cronExpression: '0 0 3 * *' }, 'Cron 表达式应由 6 或 7 个字段组成'],
      [{ cronExpression: '0 0 3 * * MON' }, '日和周必须有且只有一个为 ?'],
      [{ cronExpression: '0 0 0 30 2 ?' }, JOB_MESSAGES.cronNeverFires],
      [{ cronExpression: '0 0 0 1 1 ? 2019' }, JOB_MESSAGES.cronNeverFires],
      [{ handler: 'java.lang.Runtime' }, JOB_MESSAGES.unknownHandler],
      [{ parameter: 'not json' }, JOB_MESSAGES.parameterNotJson],
      [{ parameter: '{"name": ""}' }, `${JOB_MESSAGES.parameterInvalid}名字不能为空`],
      [{ parameter: '{"other": 1}' }, `${JOB_MESSAGES.parameterInvalid}不认识的参数：other`],
      [{ handler: 'logRetention', parameter: '{"days": 179}' }, '保留天数须为 180 到 3650 的整数'],
      [{ jobName: '' }, JOB_MESSAGES.nameRequired],
      [{ status: 'x' }, JOB_MESSAGES.statusInvalid],
      [{ jobName: '房票过期' }, JOB_MESSAGES.nameTaken],
    ];
    for (const [extra, message] of cases) {
      const res = await call('POST', `${JOB_API.base}/add`, job(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await jobCount()).toBe(before);
  });

  it('runs a job now and keeps its log with paging; a failing run is logged as failed', async () => {
    const row = await add();
    const run = await call('POST', JOB_API.execute, { id: row.id });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().message).toBe(`${JOB_MESSAGES.executed}：你好，李四！`);
    await call('POST', JOB_API.execute, { id: row.id });
    const page = await call('GET', `${JOB_API.log}?jobId=${row.id}&pageNo=1&pageSize=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json().result).toMatchObject({ total: 2, size: 1, pages: 2 });
    expect(page.json().result.records[0]).toMatchObject({
      result: '1',
      triggerType: 'manual',
      message: '你好，李四！',
    });

    // A parameter that no longer fits the handler (edited in the database) fails the run, with the reason.
    await db().updateTable('sysQuartzJob').set({ parameter: '{"name": 5}' }).where('id', '=', row.id).execute();
    const failed = await call('POST', JOB_API.execute, { id: row.id });
    expect(failed.json().message).toContain(JOB_MESSAGES.executeFailed);
    expect(failed.json().result).toMatchObject({ result: '0' });
  });

  it('pauses, resumes, edits and deletes, refusing a double pause', async () => {
    const row = await add();
    const pause = await call('POST', JOB_API.pause, { id: row.id });
    expect(pause.json().message).toBe(JOB_MESSAGES.paused);
    const again = await call('POST', JOB_API.pause, { id: row.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(JOB_MESSAGES.alreadyPaused);
    expect(
      (await db().selectFrom('sysQuartzJob').select('status').where('id', '=', row.id).executeTakeFirstOrThrow())
        .status,
    ).toBe(JOB_STATUS.paused);
    expect((await call('POST', JOB_API.resume, { id: row.id })).json().message).toBe(JOB_MESSAGES.resumed);

    const badEdit = await call('PUT', `${JOB_API.base}/edit`, { id: row.id, cronExpression: '0 0 0 31 4 ?' });
    expect(badEdit.statusCode).toBe(400);
    const edit = await call('PUT', `${JOB_API.base}/edit`, { id: row.id, cronExpression: '0/30 * * * * ?' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      (
        await db()
          .selectFrom('sysQuartzJob')
          .select('cronExpression')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).cronExpression,
    ).toBe('0/30 * * * * ?');

    await call('POST', JOB_API.execute, { id: row.id });
    const del = await call('DELETE', `${JOB_API.base}/delete?id=${row.id}`);
    expect(del.statusCode).toBe(200);
    expect(await db().selectFrom('sysQuartzJobLog').select('id').where('jobId', '=', row.id).execute()).toEqual([]);
    expect((await call('POST', JOB_API.execute, { id: row.id })).statusCode).toBe(404);
  });

  it('the room-ticket expiry runs as a job', async () => {
    const run = await call('POST', JOB_API.execute, { id: shippedJobId('room-ticket-expiry') });
    expect(run.statusCode).toBe(200);
    expect(run.json().result.result).toBe('1');
    expect(run.json().message).toMatch(/房票/);
  });

  it('is closed to the guest and to users without the right', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    for (const token of [guest, staff]) {
      expect((await call('GET', `${JOB_API.base}/list`, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', JOB_API.execute, { id: shippedJobId('say-hello') }, token)).statusCode).toBe(403);
      expect((await call('GET', `${JOB_API.log}?jobId=x`, undefined, token)).statusCode).toBe(403);
    }
  });
});

describe('embedded scheduler (croner, fake clock)', () => {
  afterEach(() => vi.useRealTimers());

  const row = (cronExpression: string, status: string = JOB_STATUS.running): SysQuartzJob => ({
    id: 'j1',
    jobName: 'x',
    handler: 'sayHello',
    parameter: null,
    cronExpression,
    status,
    description: null,
    createBy: null,
    createTime: null,
    updateBy: null,
    updateTime: null,
  });

  it('fires on the Quartz schedule, and not after a pause', async () => {
    vi.useFakeTimers({ now: new Date(2030, 0, 7, 10, 0, 0, 500) });
    const fired: string[] = [];
    const scheduler = new EmbeddedScheduler(async () => {
      fired.push(new Date().toTimeString().slice(0, 8));
    });
    await scheduler.sync(row('0/5 * * * * ?'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fired).toEqual(['10:00:05', '10:00:10', '10:00:15', '10:00:20']);
    await scheduler.sync(row('0/5 * * * * ?', JOB_STATUS.paused));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fired).toHaveLength(4);
    expect(scheduler.scheduled()).toEqual([]);
    await scheduler.close();
  });

  it('numbers week days as Quartz does (1 = Sunday) and honours L', async () => {
    // Saturday 5 January 2030: "day 1 of the week" is Sunday the 6th, not Monday the 7th.
    vi.useFakeTimers({ now: new Date(2030, 0, 5, 0, 0, 0) });
    const fired: Date[] = [];
    const scheduler = new EmbeddedScheduler(async () => {
      fired.push(new Date());
    });
    await scheduler.sync(row('0 0 12 ? * 1'));
    await vi.advanceTimersByTimeAsync(48 * 3600_000);
    expect(fired.map((d) => d.getDate())).toEqual([6]);
    await scheduler.close();

    vi.setSystemTime(new Date(2030, 0, 30, 0, 0, 0));
    const last = new EmbeddedScheduler(async () => {
      fired.push(new Date());
    });
    await last.sync(row('0 0 12 L * ?'));
    await vi.advanceTimersByTimeAsync(48 * 3600_000);
    expect(fired.slice(1).map((d) => `${d.getMonth() + 1}-${d.getDate()}`)).toEqual(['1-31']);
    await last.close();
  });
});

// Two instances on one database and one Redis: a job due every second fires once per second in total.
describe.runIf(process.env.TEST_REDIS_URL)('scheduled jobs in cluster mode (BullMQ)', () => {
  const redisTarget = targets.find((x) => x.name === 'sqlite+redis')!;

  it('fires exactly once per second across two instances, and a paused job stays paused after a restart', async () => {
    const first = await startApp(redisTarget);
    const second = await buildApp(first.config);
    try {
      const admin = await first.login();
      const res = await first.request({
        method: 'POST',
        url: `${JOB_API.base}/add`,
        token: admin,
        payload: { jobName: '每秒问候', handler: 'sayHello', parameter: '', cronExpression: '* * * * * ?' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = await first.app.ctx.db.db
        .selectFrom('sysQuartzJob')
        .select('id')
        .where('jobName', '=', '每秒问候')
        .executeTakeFirstOrThrow();
      const runs = async () =>
        first.app.ctx.db.db
          .selectFrom('sysQuartzJobLog')
          .select(['startTime', 'instance'])
          .where('jobId', '=', id)
          .execute();
      const startedAt = Date.now();
      await new Promise((r) => setTimeout(r, 10_000));
      const pause = await first.request({ method: 'POST', url: JOB_API.pause, token: admin, payload: { id } });
      expect(pause.statusCode).toBe(200);
      const elapsed = (Date.now() - startedAt) / 1000;
      await new Promise((r) => setTimeout(r, 500));
      const total = (await runs()).length;
      // Once per second in total: about 10, where two instances each firing would give about 20.
      expect(total).toBeGreaterThanOrEqual(Math.floor(elapsed) - 2);
      expect(total).toBeLessThanOrEqual(Math.ceil(elapsed) + 1);
      // Each second of the clock ran at most once.
      const seconds = (await runs()).map((r) => r.startTime.slice(0, 19));
      expect(new Set(seconds).size).toBeGreaterThanOrEqual(seconds.length - 1);

      // Restart the second instance: the paused job does not come back.
      await second.close();
      const third = await buildApp(first.config);
      try {
        await new Promise((r) => setTimeout(r, 2_500));
        expect((await runs()).length).toBe(total);
      } finally {
        await third.close();
      }
    } finally {
      await second.close().catch(() => undefined);
      await first.close();
    }
  }, 40_000);
});
