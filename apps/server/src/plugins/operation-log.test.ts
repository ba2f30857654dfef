import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseServers, hostPort, proxied, startProxy, type CuttableProxy } from '../test/faults.js';
import { startApp, targets, type TestApp } from '../test/harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(targets)('operation log while the database refuses connections ($name, injected)', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(target);
    token = await t.login();
  });
  afterAll(async () => t?.close());

  it('answers 503 meanwhile, keeps the rows and writes them when the database answers again', async () => {
    const db = t.app.ctx.db.db;
    // Every query fails as it would with the server gone (the TCP proxy test below does it for real).
    t.app.ctx.db.db = db.withPlugin({
      transformQuery: () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
      transformResult: async (args) => args.result,
    });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await t.request({ method: 'GET', url: `/sys/user/list?username=injected-${i}`, token });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }
      await sleep(1_200);
    } finally {
      t.app.ctx.db.db = db;
    }
    let rows: unknown[] = [];
    for (let waited = 0; waited < 10_000 && rows.length < 5; waited += 250) {
      await sleep(250);
      rows = await db.selectFrom('sysLog').select('id').where('requestParam', 'like', '%injected-%').execute();
    }
    expect(rows).toHaveLength(5);
  });
});

describe.each(databaseServers)('operation log across a database outage ($name, TCP proxy cut)', ({ name, url }) => {
  let proxy: CuttableProxy;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    proxy = await startProxy(hostPort(url));
    t = await startApp(proxied(name, proxy));
    token = await t.login();
  });
  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.close();
  });

  const outageRows = () =>
    t.app.ctx.db.db
      .selectFrom('sysLog')
      .select(['requestParam', 'result'])
      .where('requestParam', 'like', '%outage-call-%')
      .execute();

  it('keeps the rows of calls made while the database is away and writes them once it is back', async () => {
    await proxy.cut();
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        const res = await t.request({ method: 'GET', url: `/sys/user/list?username=outage-call-${i}`, token });
        statuses.push(res.statusCode);
      }
      // Let the writer try (and fail) at least once during the outage.
      await sleep(1_500);
    } finally {
      await proxy.restore();
    }
    expect(new Set(statuses)).toEqual(new Set([503]));

    // No explicit flush: the writer retries by itself once the database answers.
    let rows: Awaited<ReturnType<typeof outageRows>> = [];
    for (let waited = 0; waited < 15_000 && rows.length < 30; waited += 250) {
      await sleep(250);
      rows = await outageRows();
    }
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.result === 0)).toBe(true);
  });
});
