import { GUEST_CREDENTIALS, MSG, PERM } from '@district/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../test/harness.js';
import guard from './guard.js';

describe('route declarations', () => {
  it('refuses to start with a route that declares neither a permission nor public', async () => {
    const app = Fastify();
    await app.register(guard);
    const start = async () => {
      await app.register(async (scope) => {
        scope.get('/undeclared', async () => 'open by omission');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/未声明权限/);
    await app.close();
  });

  it('walks every registered route: 401 without a token, 403 without the permission', async () => {
    const t = await startApp(targets[0]!);
    try {
      const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
      const declared = t.app.routeTable.filter((r) => r.url.startsWith(t.config.apiBase) && r.method !== 'HEAD');
      expect(declared.length).toBeGreaterThan(10);
      for (const route of declared) {
        const url = route.url.slice(t.config.apiBase.length).replace(/:\w+/g, 'x');
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const anonymous = await t.request({ method, url });
        if (route.auth === 'public') {
          expect(anonymous.statusCode, `${method} ${url}`).not.toBe(401);
          continue;
        }
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        if (route.auth !== 'user') {
          // The guest account holds no permission code at all.
          expect((await t.request({ method, url, token: guest })).statusCode, `${method} ${url}`).toBe(403);
        }
      }
    } finally {
      await t.close();
    }
  });
});

describe.each(targets)('permission guard on $name', (target) => {
  let t: TestApp;
  let adminToken: string;
  let staffToken: string;
  beforeAll(async () => {
    t = await startApp(target);
    adminToken = await t.login(SEED_ACCOUNTS.admin.username);
    staffToken = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('answers 401 for a token it does not know', async () => {
    const res = await t.request({ method: 'GET', url: '/sys/user/current', token: 'forged-token-value' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.tokenExpired);
  });

  it('answers 403 to a user without the route’s permission, 200 to one with it', async () => {
    const denied = await t.request({ method: 'GET', url: '/sys/platform/settings', token: staffToken });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain(PERM.platformView);
    const allowed = await t.request({ method: 'GET', url: '/sys/platform/settings', token: adminToken });
    expect(allowed.statusCode).toBe(200);
  });

  it('honours the tenant header only for the user’s own tenants', async () => {
    const own = await t.request({ method: 'GET', url: '/sys/user/current', token: adminToken, tenant: 1002 });
    expect(own.statusCode).toBe(200);
    expect(own.json().result.tenantName).toBe('示范区城市建设投资集团');
    const foreign = await t.request({ method: 'GET', url: '/sys/user/current', token: staffToken, tenant: 1002 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MSG.tenantForbidden);
    const garbage = await t.request({ method: 'GET', url: '/sys/user/current', token: staffToken, tenant: '1 or 1=1' });
    expect(garbage.statusCode).toBe(403);
    // No header, or the web's default 0: the user's own default tenant, never "all".
    const none = await t.request({ method: 'GET', url: '/sys/user/current', token: staffToken });
    expect(none.json().result.tenantName).toBe('示范区国有资产管理中心');
    const zero = await t.request({ method: 'GET', url: '/sys/user/current', token: staffToken, tenant: 0 });
    expect(zero.json().result.tenantName).toBe('示范区国有资产管理中心');
  });

  it('renews a token while its user works', async () => {
    const token = await t.login(SEED_ACCOUNTS.staff.username);
    const first = await t.app.ctx.tokens.resolve(token);
    expect(first).not.toBeNull();
    if (!target.name.includes('redis')) {
      // Pretend the token was issued six days ago and last renewed then.
      const { db } = t.app.ctx.db;
      const sixDays = 6 * 24 * 3600_000;
      const rows = await db
        .selectFrom('sysToken')
        .select(['tokenHash', 'expiresAt'])
        .where('userId', '=', first!.userId)
        .execute();
      for (const r of rows) {
        await db
          .updateTable('sysToken')
          .set({ expiresAt: Number(r.expiresAt) - sixDays, renewedAt: Date.now() - sixDays })
          .where('tokenHash', '=', r.tokenHash)
          .execute();
      }
    }
    const res = await t.request({ method: 'GET', url: '/sys/user/current', token });
    expect(res.statusCode).toBe(200);
    const renewed = await t.app.ctx.tokens.resolve(token);
    expect(renewed!.expiresAt).toBeGreaterThan(Date.now() + t.config.tokenTtlMs - 120_000);
  });

  it('refuses an expired token', async () => {
    if (target.name.includes('redis')) return; // Redis expires keys itself.
    const token = await t.login(SEED_ACCOUNTS.staff.username);
    await t.app.ctx.db.db
      .updateTable('sysToken')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token })).statusCode).toBe(401);
  });
});
