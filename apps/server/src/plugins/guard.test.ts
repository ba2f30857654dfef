import { API, ASSET_API, GUEST_CREDENTIALS, IOT_API, MSG, PERM, POPUP_REPORT_API } from '@district/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../db/seeds/demo.seed.js';
import { seedId } from '../db/seeds/seed-id.js';
import { newId } from '../lib/ids.js';
import { REPORTS } from '../modules/report/report.registry.js';
import { createTestUser, startApp, targets, type TestApp } from '../test/harness.js';
import guard from './guard.js';

/** Public routes whose caller is a device, authenticated by its key (never a user's token). */
const DEVICE_KEY_ROUTES = [`POST ${IOT_API.alarm}`];

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

  it('walks every route as nobody, as the guest and as a holder of one unrelated permission', async () => {
    const t = await startApp(targets[0]!);
    try {
      const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
      const held = PERM.positionList;
      const holder = await loginWithOnly(t, held);
      const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
      // Widening the guest's reach must be a visible decision: this list changes with it.
      const display = routes
        .filter((r) => r.auth === 'display')
        .map((r) => `${r.method} ${r.url.slice(t.config.apiBase.length)}`)
        .sort();
      expect(display).toEqual(
        [
          `GET ${API.currentUser}`,
          `GET ${API.dictItems}/:code`,
          `GET ${API.userPermission}`,
          `GET ${ASSET_API.publicPoints}`,
          `GET ${ASSET_API.publicStats}`,
          `GET ${ASSET_API.publicList}`,
          `GET ${ASSET_API.publicDetail}`,
        ].sort(),
      );

      const declared = routes.filter((r) => r.url.startsWith(t.config.apiBase));
      expect(declared.length).toBeGreaterThan(100);
      let codeRoutes = 0;
      for (const route of declared) {
        const url = route.url.slice(t.config.apiBase.length).replace(/:\w+/g, 'x');
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const what = `${method} ${url} (${[route.auth].flat().join('|')})`;
        const anonymous = await t.request({ method, url });
        if (route.auth === 'public') {
          // Devices are no users: the alarm route authenticates its caller by the device key, so a call without
          // one is 401 however the guard lets it in.
          if (DEVICE_KEY_ROUTES.includes(`${method} ${url}`)) expect(anonymous.statusCode, what).toBe(401);
          else expect(anonymous.statusCode, what).not.toBe(401);
          continue;
        }
        expect(anonymous.statusCode, what).toBe(401);
        const asGuest = await t.request({ method, url, token: guest });
        if (route.auth === 'display') {
          expect([401, 403], what).not.toContain(asGuest.statusCode);
          continue;
        }
        expect(asGuest.statusCode, what).toBe(403);
        if (route.auth === 'user' || route.auth === held) continue;
        codeRoutes++;
        const asHolder = await t.request({ method, url, token: holder });
        expect(asHolder.statusCode, what).toBe(403);
        for (const code of [route.auth].flat()) expect(asHolder.json().message, what).toContain(code);
      }
      expect(codeRoutes).toBeGreaterThan(100);
    } finally {
      await t.close();
    }
  });
});

/** Signs in a new user whose one role grants exactly `code` (in tenant 1001). */
async function loginWithOnly(t: TestApp, code: string): Promise<string> {
  const { db } = t.app.ctx.db;
  const suffix = code.replace(/\W/g, '_');
  const roleId = newId();
  await db
    .insertInto('sysRole')
    .values({
      id: roleId,
      roleCode: `only_${suffix}`,
      roleName: `仅${code}`,
      description: null,
      tenantId: null,
      createBy: null,
      createTime: null,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  const permission = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('perms', '=', code)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sysRolePermission')
    .values({ id: newId(), roleId, permissionId: permission.id, dataRuleIds: null, operateDate: null, operateIp: null })
    .execute();
  const { token } = await createTestUser(t, {
    username: `only_${suffix}`.slice(0, 50),
    password: 'OnlyOne#2026',
    roleIds: [roleId],
    tenants: [1001],
  });
  return token;
}

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

  it('keeps the guest to the public display: personal data, code drawing and cache refresh are 403', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const enc = encodeURIComponent;
    const userReport = REPORTS.find((r) => r.code === 'sys_user_report')!.configId;
    const depart = seedId('depart:zcgl');
    const leaks: [method: 'GET' | 'PUT', url: string][] = [
      ['GET', `${POPUP_REPORT_API.data}/${userReport}`],
      ['GET', `${POPUP_REPORT_API.columns}/sys_user_report`],
      ['GET', `/sys/user/queryUserByDepId?id=${depart}`],
      ['GET', `/sys/dict/loadDict/${enc('sys_user,realname,username')}?keyword=`],
      ['GET', `/sys/dict/loadDictItem/${enc('sys_user,realname,username')}?key=admin`],
      ['GET', '/sys/sysDepart/queryTreeList'],
      ['GET', '/sys/sysDepart/queryDepartTreeSync'],
      ['GET', '/sys/fillRule/executeRuleByCode/asset_code'],
      ['PUT', '/sys/fillRule/executeRuleByCode/asset_code'],
      ['GET', API.dictRefreshCache],
      ['GET', API.dictAllItems],
    ];
    for (const [method, url] of leaks) {
      // A signed-in user reaches them (the ones needing a code: the admin), so the 403 is the guest's scope.
      const admin = await t.request({ method, url, token: adminToken, payload: method === 'PUT' ? {} : undefined });
      expect(admin.statusCode, `${method} ${url} as admin`).toBe(200);
      const res = await t.request({ method, url, token: guest, payload: method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toContain(MSG.forbidden);
    }
    // What the public display needs still answers the guest.
    for (const url of [API.userPermission, API.currentUser, `${API.dictItems}/sex`]) {
      expect((await t.request({ method: 'GET', url, token: guest })).statusCode, url).toBe(200);
    }
  });

  it('needs 生成编码 to draw a code, 测试编码规则 to test a rule and 刷新字典缓存 to refresh the cache', async () => {
    // 张三 of the asset office (资产管理科 role) numbers assets: he may draw a code.
    const draw = await t.request({
      method: 'GET',
      url: '/sys/fillRule/executeRuleByCode/asset_code',
      token: staffToken,
    });
    expect(draw.statusCode).toBe(200);
    const other = await loginWithOnly(t, PERM.dataLogList);
    const calls = [
      ['GET', '/sys/fillRule/executeRuleByCode/asset_code', PERM.fillRuleExecute],
      ['PUT', '/sys/fillRule/executeRuleByCode/asset_code', PERM.fillRuleExecute],
      ['PUT', '/sys/fillRule/testRule/asset_code', PERM.fillRuleTest],
      ['GET', API.dictRefreshCache, PERM.dictRefreshCache],
    ] as const;
    for (const [method, url, code] of calls) {
      const res = await t.request({ method, url, token: other, payload: method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toContain(code);
      const admin = await t.request({ method, url, token: adminToken, payload: method === 'PUT' ? {} : undefined });
      expect(admin.statusCode, `${method} ${url}`).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: API.dictRefreshCache, token: adminToken })).json().message).toBe(
      '刷新缓存完成！',
    );
  });

  it('fails closed: a disabled permission is held by nobody, the admin included', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const list = (token: string) => t.request({ method: 'GET', url: '/sys/tenant/list', token });
    const setStatus = async (status: '0' | '1') => {
      const res = await t.request({
        method: 'PUT',
        url: '/sys/permission/edit',
        token: adminToken,
        payload: { id: seedId(`perm:${PERM.tenantList}`), status },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect((await list(adminToken)).statusCode).toBe(200);
    await setStatus('0');
    try {
      for (const token of [guest, staffToken, adminToken]) expect((await list(token)).statusCode).toBe(403);
    } finally {
      await setStatus('1');
    }
    expect((await list(adminToken)).statusCode).toBe(200);
    expect((await list(staffToken)).statusCode).toBe(403);
  });

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
