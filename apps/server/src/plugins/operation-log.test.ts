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

describe.each(targets)('operation log of writes refused before their handler ran ($name)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(async () => t?.close());

  const rowOf = async (marker: string) => {
    await t.app.operationLog.flush();
    return t.app.ctx.db.db
      .selectFrom('sysLog')
      .select(['requestParam', 'result', 'username', 'requestUrl'])
      .where('requestParam', 'like', `%${marker}%`)
      .execute();
  };
  const addUser = (payload: string | Record<string, unknown>, token: string | null, contentType?: string) =>
    t.request({
      method: 'POST',
      url: '/sys/user/add',
      token,
      headers: contentType ? { 'content-type': contentType } : {},
      payload,
    });

  it('a write refused by the guard during a database outage (503) keeps its masked parameters', async () => {
    // Signed in but never used: the guard has to ask the database, which is gone.
    const token = await t.login();
    const db = t.app.ctx.db.db;
    t.app.ctx.db.db = db.withPlugin({
      transformQuery: () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
      transformResult: async (args) => args.result,
    });
    let status: number;
    try {
      const res = await addUser({ username: 'refused-outage', realname: '停机时', password: 'Outage@2026x' }, token);
      status = res.statusCode;
    } finally {
      t.app.ctx.db.db = db;
    }
    expect(status).toBe(503);
    const rows = await rowOf('refused-outage');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.result).toBe(0);
    expect(JSON.parse(rows[0]!.requestParam!)).toEqual({
      body: { username: 'refused-outage', realname: '停机时', password: '******' },
    });
  });

  it('a 403 write and a 401 write keep theirs; a form-encoded one too, masked the same way', async () => {
    const staff = await t.login('staff');
    const forbidden = await addUser({ username: 'refused-403', password: 'Forbid@2026x', captcha: 'ab12' }, staff);
    expect(forbidden.statusCode).toBe(403);
    const [row403] = await rowOf('refused-403');
    expect(row403!.username).toBe('staff');
    expect(JSON.parse(row403!.requestParam!)).toEqual({
      body: { username: 'refused-403', password: '******', captcha: '******' },
    });

    const anonymous = await addUser({ username: 'refused-401', newPassword: 'Anon@2026x' }, null);
    expect(anonymous.statusCode).toBe(401);
    const [row401] = await rowOf('refused-401');
    expect(JSON.parse(row401!.requestParam!)).toEqual({ body: { username: 'refused-401', newPassword: '******' } });

    const form = await addUser(
      'username=refused-form&pwd=Form%402026x&token=abc',
      staff,
      'application/x-www-form-urlencoded',
    );
    expect(form.statusCode).toBe(403);
    const [rowForm] = await rowOf('refused-form');
    expect(JSON.parse(rowForm!.requestParam!)).toEqual({
      body: { username: 'refused-form', pwd: '******', token: '******' },
    });
  });

  it('a body that cannot be parsed is logged by its size, never as text that could hold a password', async () => {
    const admin = await t.login();
    const broken = '{"username":"refused-badjson","password":"Broken@2026x"';
    const res = await addUser(broken, admin, 'application/json');
    expect(res.statusCode).toBe(400);
    await t.app.operationLog.flush();
    const rows = await t.app.ctx.db.db
      .selectFrom('sysLog')
      .select('requestParam')
      .where('requestUrl', 'like', '%/sys/user/add')
      .where('result', '=', 0)
      .execute();
    const params = rows.map((r) => r.requestParam ?? '');
    expect(params).toContain(JSON.stringify({ bodyBytes: Buffer.byteLength(broken) }));
    expect(params.join()).not.toContain('Broken@2026x');
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
