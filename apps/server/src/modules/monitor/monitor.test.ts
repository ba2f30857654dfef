import {
  GUEST_CREDENTIALS,
  MONITOR_API,
  MONITOR_MESSAGES,
  ONLINE_USER_API,
  ONLINE_USER_MESSAGES,
  type OnlineSession,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { hashToken } from '../../lib/token-store.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { clientName } from './client-name.js';
import { maskedPath } from './http-stats.js';
import { terminalCommand } from './redis-terminal.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe.each(targets)('online users and monitoring on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let base: string;
  const get = (url: string, token = admin) => t.request({ method: 'GET', url, token });
  const loginAs = async (userAgent: string, username: string = SEED_ACCOUNTS.admin.username) => {
    const known = Object.values(SEED_ACCOUNTS).find((a) => a.username === username)!;
    const res = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username, password: known.password },
      headers: { 'user-agent': userAgent },
    });
    return res.json().result.token as string;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('lists live sessions with user, address, client and times, never the token', async () => {
    const other = await loginAs(CHROME_WINDOWS, SEED_ACCOUNTS.staff.username);
    const res = await get(`${ONLINE_USER_API.list}?username=${SEED_ACCOUNTS.staff.username}`);
    expect(res.statusCode).toBe(200);
    const records = res.json().result.records as OnlineSession[];
    const row = records.find((r) => r.id === hashToken(other));
    expect(row).toMatchObject({
      username: SEED_ACCOUNTS.staff.username,
      client: 'Chrome 120 · Windows',
      current: false,
    });
    expect(row?.ip).toBeTruthy();
    expect(row?.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body).not.toContain(other);
    const mine = (await get(ONLINE_USER_API.list)).json().result.records as OnlineSession[];
    expect(mine.find((r) => r.id === hashToken(admin))?.current).toBe(true);
  });

  it('force logout revokes the session at once (on every instance), but not the caller’s own', async () => {
    const victim = await loginAs(CHROME_WINDOWS, SEED_ACCOUNTS.staff.username);
    // Another instance on the same stores (cluster mode) has the session cached in its guard.
    const peer = t.config.redisUrl ? await buildApp(t.config) : null;
    try {
      const whoAmI = (app: TestApp['app'], token: string) =>
        app.inject({
          method: 'GET',
          url: `${t.config.apiBase}/sys/user/queryUserByDepId`,
          headers: { 'x-access-token': token },
        });
      expect((await whoAmI(t.app, victim)).statusCode).not.toBe(401);
      if (peer) expect((await whoAmI(peer, victim)).statusCode).not.toBe(401);

      const self = await t.request({
        method: 'POST',
        url: ONLINE_USER_API.forceLogout,
        token: admin,
        payload: { id: hashToken(admin) },
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(ONLINE_USER_MESSAGES.self);
      const bad = await t.request({
        method: 'POST',
        url: ONLINE_USER_API.forceLogout,
        token: admin,
        payload: { id: 'x' },
      });
      expect(bad.statusCode).toBe(400);

      const res = await t.request({
        method: 'POST',
        url: ONLINE_USER_API.forceLogout,
        token: admin,
        payload: { id: hashToken(victim) },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(ONLINE_USER_MESSAGES.forcedOut);
      expect((await whoAmI(t.app, victim)).statusCode).toBe(401);
      if (peer) expect((await whoAmI(peer, victim)).statusCode).toBe(401);
      const again = await t.request({
        method: 'POST',
        url: ONLINE_USER_API.forceLogout,
        token: admin,
        payload: { id: hashToken(victim) },
      });
      expect(again.statusCode).toBe(404);
      const listed = (await get(ONLINE_USER_API.list)).json().result.records as OnlineSession[];
      expect(listed.some((r) => r.id === hashToken(victim))).toBe(false);
    } finally {
      await peer?.close();
    }
  });

  it('traces real requests with secrets masked, and counts them on the HTTP server page', async () => {
    const before = (await get(MONITOR_API.http)).json().result.totalRequests as number;
    await fetch(`${base}${t.config.apiBase}/sys/dict/getDictItems/sex?token=abc123&password=p4ss&name=ok`);
    await fetch(`${base}${t.config.apiBase}/no/such/route`);
    const trace = (
      await fetch(`${base}${t.config.apiBase}${MONITOR_API.trace}`, { headers: { 'x-access-token': admin } }).then(
        (r) => r.json() as Promise<{ result: unknown }>,
      )
    ).result as { path: string; status: number; method: string; durationMs: number }[];
    const dict = trace.find((e) => e.path.includes('getDictItems'));
    expect(dict?.path).toContain('token=******');
    expect(dict?.path).toContain('password=******');
    expect(dict?.path).toContain('name=ok');
    expect(JSON.stringify(trace)).not.toContain('abc123');
    expect(trace.find((e) => e.path.includes('/no/such/route'))?.status).toBe(404);
    const http = (await get(MONITOR_API.http)).json().result;
    expect(http.totalRequests).toBeGreaterThanOrEqual(before + 2);
    expect(http.statusCounts['4xx']).toBeGreaterThanOrEqual(1);
    expect(http.perSecond).toHaveLength(60);
    expect(http.latencyP99Ms).toBeGreaterThanOrEqual(http.latencyP50Ms);
  });

  it('names the signed-in user of each traced request, also when refused, and nobody for anonymous calls', async () => {
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const marker = `u${Date.now()}`;
    const call = (path: string, token?: string) =>
      fetch(`${base}${t.config.apiBase}${path}`, { headers: token ? { 'x-access-token': token } : {} });
    await call(`/sys/dict/getDictItems/sex?m=${marker}a`, admin);
    await call(`${MONITOR_API.runtime}?m=${marker}s`, staff);
    await call(`/sys/dict/getDictItems/sex?m=${marker}n`);
    const trace = (await get(MONITOR_API.trace)).json().result as {
      path: string;
      status: number;
      user: string | null;
    }[];
    const entry = (suffix: string) => trace.find((e) => e.path.endsWith(`m=${marker}${suffix}`));
    expect(entry('a')).toMatchObject({ user: SEED_ACCOUNTS.admin.username, status: 200 });
    expect(entry('s')).toMatchObject({ user: SEED_ACCOUNTS.staff.username, status: 403 });
    expect(entry('n')).toMatchObject({ user: null, status: 401 });
  });

  it('reads the runtime, the machine and the disks', async () => {
    const runtime = (await get(MONITOR_API.runtime)).json().result;
    expect(runtime.nodeVersion).toBe(process.version);
    expect(runtime.heapUsed).toBeGreaterThan(0);
    expect(runtime.heapTotal).toBeGreaterThanOrEqual(runtime.heapUsed);
    expect(runtime.eventLoopDelayP99Ms).toBeGreaterThanOrEqual(runtime.eventLoopDelayP50Ms);
    const system = (await get(MONITOR_API.system)).json().result;
    expect(system.cpuCount).toBeGreaterThan(0);
    expect(system.totalMemory).toBeGreaterThan(system.freeMemory);
    expect(system.loadAverage).toHaveLength(3);
    const disks = (await get(MONITOR_API.disk)).json().result as { size: number; used: number; free: number }[];
    expect(disks.length).toBeGreaterThan(0);
    for (const d of disks) {
      expect(d.size).toBeGreaterThan(0);
      expect(d.used + d.free).toBeLessThanOrEqual(d.size);
    }
  });

  it('shows Redis, or says it is not configured; the terminal runs only the read-only allowlist', async () => {
    const info = (await get(MONITOR_API.redis)).json().result;
    const run = (command: string) =>
      t.request({ method: 'POST', url: MONITOR_API.redisTerminal, token: admin, payload: { command } });
    if (!t.config.redisUrl) {
      expect(info).toEqual({ configured: false, message: MONITOR_MESSAGES.redisNotConfigured });
      expect((await run('DBSIZE')).statusCode).toBe(400);
      return;
    }
    const prefix = t.config.redisPrefix;
    expect(info.configured).toBe(true);
    expect(info.prefixKeys).toBeGreaterThan(0);
    expect(info.dbSize).toBeGreaterThanOrEqual(info.prefixKeys);
    expect(info.sections.map((s: { name: string }) => s.name)).toContain('memory');
    expect((await run('INFO server')).json().result.output).toContain('redis_version');
    expect((await run('dbsize')).statusCode).toBe(200);
    expect((await run(`SCAN 0 MATCH ${prefix}* COUNT 100`)).statusCode).toBe(200);
    expect((await run(`TYPE ${prefix}token:sessions`)).json().result.output).toBe('zset');
    for (const refused of [
      'KEYS *',
      'CONFIG GET *',
      'FLUSHALL',
      'FLUSHDB',
      "EVAL 'return 1' 0",
      `SET ${prefix}x 1`,
      `DEL ${prefix}token:sessions`,
    ]) {
      const res = await run(refused);
      expect(res.statusCode, refused).toBe(400);
      expect(res.json().message).toContain(MONITOR_MESSAGES.commandNotAllowed);
    }
    for (const outside of ['GET other:key', 'SCAN 0 MATCH *', 'SCAN 0', 'TTL']) {
      expect((await run(outside)).statusCode, outside).toBe(400);
    }
    expect((await run(`GET ${prefix}token:sessions`)).json().message).toContain('WRONGTYPE');
  });

  it('is closed to the guest and to users without the right', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    for (const token of [guest, staff]) {
      for (const url of [ONLINE_USER_API.list, ...Object.values(MONITOR_API).filter((u) => !u.endsWith('terminal'))]) {
        expect((await get(url, token)).statusCode, url).toBe(403);
      }
      const terminal = await t.request({
        method: 'POST',
        url: MONITOR_API.redisTerminal,
        token,
        payload: { command: 'DBSIZE' },
      });
      expect(terminal.statusCode).toBe(403);
      const logout = await t.request({
        method: 'POST',
        url: ONLINE_USER_API.forceLogout,
        token,
        payload: { id: hashToken(admin) },
      });
      expect(logout.statusCode).toBe(403);
    }
  });
});

describe('monitoring helpers', () => {
  it('masks secret query values in the trace', () => {
    expect(maskedPath('/api/x?token=abc&pageNo=1&captcha=12&smscode=99')).toBe(
      '/api/x?token=******&pageNo=1&captcha=******&smscode=******',
    );
    expect(maskedPath('/api/plain')).toBe('/api/plain');
  });

  it('names clients', () => {
    expect(clientName(CHROME_WINDOWS)).toBe('Chrome 120 · Windows');
    expect(clientName(null)).toBeNull();
  });

  it('lets only read-only commands under the prefix through', () => {
    expect(terminalCommand('scan 0 match da:* count 10', 'da:')).toEqual([
      'SCAN',
      ['0', 'match', 'da:*', 'count', '10'],
    ]);
    expect(() => terminalCommand('SCAN 0 MATCH da:* COUNT 100000', 'da:')).toThrow();
    expect(() => terminalCommand('GET db:x', 'da:')).toThrow(MONITOR_MESSAGES.keyOutsidePrefix);
    expect(() => terminalCommand('SHUTDOWN', 'da:')).toThrow(MONITOR_MESSAGES.commandNotAllowed);
  });
});
