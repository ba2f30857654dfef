import { MSG } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseServers,
  hasRedisServer,
  hostPort,
  proxied,
  startProxy,
  startRedis,
  type CuttableProxy,
  type ThrowAwayRedis,
} from '../../test/faults.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const sqlite = targets.find((target) => target.name === 'sqlite')!;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

describe.each(targets)('/health and /ready ($name)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(async () => t?.close());

  it('answer 200 at the root path, to anyone, without an operation-log row', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().result).toEqual({ status: 'up' });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result).toEqual({
      status: 'up',
      database: 'up',
      redis: target.name.includes('redis') ? 'up' : 'disabled',
    });
    await t.app.operationLog.flush();
    const rows = await t.app.ctx.db.db
      .selectFrom('sysLog')
      .select('id')
      .where('requestUrl', 'in', ['/health', '/ready'])
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe.runIf(hasRedisServer)('Redis outage (a throw-away redis-server)', () => {
  let redis: ThrowAwayRedis;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    redis = await startRedis();
    t = await startApp(sqlite, { redisUrl: redis.url });
    token = await t.login();
  });
  afterAll(async () => {
    redis?.thaw();
    await t?.close();
    await redis?.stop();
  });

  const guardedCall = () => t.request({ method: 'GET', url: '/sys/user/list', token });

  it('a frozen Redis: requests answer 503 with Retry-After within the command timeout, then recover', async () => {
    expect((await guardedCall()).statusCode).toBe(200);
    redis.freeze();
    try {
      const { value: res, ms } = await timed(guardedCall);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe(MSG.serviceUnavailable);
      expect(ms).toBeLessThan(4_000);

      const { value: ready, ms: readyMs } = await timed(() => t.app.inject({ method: 'GET', url: '/ready' }));
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json().result).toMatchObject({ status: 'down', database: 'up', redis: 'down' });
      expect(readyMs).toBeLessThan(3_000);
      // The process itself is up.
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      redis.thaw();
    }
    expect((await guardedCall()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });

  it('a stopped Redis: sign-in and guarded requests answer 503 at once, /health still 200', async () => {
    await redis.stop();
    const { value: res, ms } = await timed(guardedCall);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(ms).toBeLessThan(2_000);
    const login = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: 'x' } });
    expect(login.statusCode).toBe(503);
    expect(login.json().message).toBe(MSG.serviceUnavailable);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe.each(databaseServers)('database outage ($name, through a TCP proxy that is cut)', ({ name, url }) => {
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

  it('answers 503 with Retry-After while the database is away, and 200 once it is back', async () => {
    const list = () => t.request({ method: 'GET', url: '/sys/user/list', token });
    expect((await list()).statusCode).toBe(200);
    await proxy.cut();
    try {
      const { value: res, ms } = await timed(list);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe(MSG.serviceUnavailable);
      expect(ms).toBeLessThan(6_000);
      const ready = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().result).toMatchObject({ status: 'down', database: 'down' });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await proxy.restore();
    }
    expect((await list()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });
});
