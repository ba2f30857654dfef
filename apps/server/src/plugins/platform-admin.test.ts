import { MSG, REACH_MESSAGES, ROLE_MESSAGES } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../db/seeds/seed-id.js';
import { createTestUser, startApp, targets, type TestApp } from '../test/harness.js';

const ROLE_ADMIN = seedId('role:admin');
const ROLE_PLATFORM = seedId('role:platform_admin');
const SEED_ADMIN = seedId('user:admin');

/*
 * Platform objects (menus, tenants, jobs, …) are shared by every tenant: a tenant's administrator, however
 * broad their role, changes none of them, cannot make themselves a platform administrator, cannot touch a
 * platform administrator's account and cannot join another tenant.
 */
describe.each(targets)('platform and tenant administrators on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let tenantAdminId: string;
  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    // The administrator role, in tenant 1002 only: every permission code, but no platform role.
    const made = await createTestUser(t, {
      username: 'tenantadmin2',
      password: 'Passw0rd!',
      roleIds: [ROLE_ADMIN],
      tenants: [1002],
    });
    tenantAdmin = made.token;
    tenantAdminId = made.userId;
  });
  afterAll(() => t?.close());

  const refusedAsTenant = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.request({ method, url, token: tenantAdmin, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    expect(res.json().message).toBe(MSG.platformOnly);
  };

  it('answers every platform write of a tenant administrator 403, and lets the platform administrator through', async () => {
    const menu = { menuType: 0, name: '租户管理员的菜单', url: '/tenant-menu', component: 'layouts/RouteView' };
    await refusedAsTenant('POST', '/sys/permission/add', menu);
    await refusedAsTenant('DELETE', `/sys/permission/delete?id=${seedId('perm:dashboard')}`);
    await refusedAsTenant('POST', '/sys/tenant/add', { id: 3001, name: '新租户', status: 1 });
    await refusedAsTenant('POST', '/sys/quartzJob/add', {
      jobName: '租户任务',
      handler: 'ticketExpire',
      cronExpression: '0 0 1 * * ? *',
    });
    await refusedAsTenant('POST', '/sys/dict/add', { dictName: '租户字典', dictCode: 'tenant_dict' });
    await refusedAsTenant('DELETE', `/sys/dict/delete?id=${seedId('dict:sex')}`);
    await refusedAsTenant('POST', '/sys/category/add', { name: '租户分类', pid: '0' });
    await refusedAsTenant('POST', '/sys/fillRule/add', { ruleName: '租户规则', ruleCode: 'tenant_rule' });
    await refusedAsTenant('POST', '/sys/checkRule/add', { ruleName: '租户校验', ruleCode: 'tenant_check' });
    await refusedAsTenant('POST', '/sys/dataSource/add', {
      code: 'tenant_ds',
      name: '租户数据源',
      dbType: 'postgresql',
    });
    await refusedAsTenant('POST', '/sys/dataSource/testConnection', { dbType: 'postgresql', host: '127.0.0.1' });
    await refusedAsTenant('POST', '/sys/gatewayRoute/add', {
      routeId: 'tenant',
      name: '租户路由',
      uri: 'http://127.0.0.1',
    });
    await refusedAsTenant('PUT', '/sys/platform/settings', { systemName: '租户改的名字' });
    await refusedAsTenant('PUT', '/sys/message/mailSettings', { host: 'smtp.example.com' });
    // Reading stays as the permissions say.
    expect((await t.request({ method: 'GET', url: '/sys/tenant/list', token: tenantAdmin })).statusCode).toBe(200);

    const added = await t.request({
      method: 'POST',
      url: '/sys/tenant/add',
      token: admin,
      payload: { id: 3001, name: '新租户', status: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const menuAdded = await t.request({ method: 'POST', url: '/sys/permission/add', token: admin, payload: menu });
    expect(menuAdded.statusCode, menuAdded.body).toBe(200);
  });

  it('lists every platform route in the route table', () => {
    const platform = t.app.routeTable.filter((r) => r.platform).map((r) => `${r.method} ${r.url}`);
    expect(platform).toEqual(
      expect.arrayContaining([
        'POST /api/sys/permission/add',
        'POST /api/sys/tenant/add',
        'POST /api/sys/quartzJob/add',
      ]),
    );
    expect(platform).not.toContain('GET /api/sys/tenant/list');
  });

  it("keeps the platform role out of a tenant administrator's reach", async () => {
    // Giving it to themselves, through the user form or the role's user list.
    const self = await t.request({
      method: 'PUT',
      url: '/sys/user/edit',
      token: tenantAdmin,
      payload: { id: tenantAdminId, selectedroles: `${ROLE_ADMIN},${ROLE_PLATFORM}` },
    });
    expect(self.statusCode, self.body).toBe(403);
    expect(self.json().message).toBe(REACH_MESSAGES.platformRole);
    const viaRole = await t.request({
      method: 'POST',
      url: '/sys/user/addSysUserRole',
      token: tenantAdmin,
      payload: { roleId: ROLE_PLATFORM, userIdList: [tenantAdminId] },
    });
    expect(viaRole.statusCode, viaRole.body).toBe(403);
    // Nor may the role itself be renamed into something else or deleted, even by a platform administrator.
    const recode = await t.request({
      method: 'PUT',
      url: '/sys/role/edit',
      token: admin,
      payload: { id: ROLE_PLATFORM, roleCode: 'not_platform' },
    });
    expect(recode.json().message).toBe(ROLE_MESSAGES.platformCodeFixed);
    const del = await t.request({ method: 'DELETE', url: `/sys/role/delete?id=${ROLE_PLATFORM}`, token: admin });
    expect(del.json().message).toBe(ROLE_MESSAGES.deletePlatform);
    // The session after all this is still no platform administrator's.
    await refusedAsTenant('POST', '/sys/tenant/add', { id: 3002, name: '又一个租户', status: 1 });
  });

  it("keeps platform administrators' accounts and other tenants out of a tenant administrator's reach", async () => {
    // admin belongs to 1001 and 1002, so the tenant-1002 administrator sees the account; resetting its password
    // would take the platform over.
    const reset = await t.request({
      method: 'PUT',
      url: '/sys/user/changPassword',
      token: tenantAdmin,
      payload: { username: 'admin', password: 'Takeover1!', confirmpassword: 'Takeover1!' },
    });
    expect(reset.statusCode, reset.body).toBe(403);
    expect(reset.json().message).toBe(REACH_MESSAGES.accountAbove);
    const freeze = await t.request({
      method: 'PUT',
      url: '/sys/user/frozenBatch',
      token: tenantAdmin,
      payload: { ids: SEED_ADMIN, status: 2 },
    });
    expect(freeze.statusCode, freeze.body).toBe(403);
    expect((await t.login('admin')).length).toBeGreaterThan(0);

    // Joining tenant 1001 (where the tenant-1002 administrator does not belong) crosses tenants.
    const join = await t.request({
      method: 'POST',
      url: '/sys/tenant/addUsers',
      token: tenantAdmin,
      payload: { tenantId: 1001, userIds: [tenantAdminId] },
    });
    expect(join.statusCode, join.body).toBe(403);
    const tenants = await t.app.ctx.db.db
      .selectFrom('sysUserTenant')
      .select('tenantId')
      .where('userId', '=', tenantAdminId)
      .execute();
    expect(tenants.map((r) => Number(r.tenantId))).toEqual([1002]);
  });

  it('never makes the guest a platform administrator, whatever it holds', async () => {
    const { db } = t.app.ctx.db;
    await db
      .insertInto('sysUserRole')
      .values({
        id: seedId('test:guest-platform'),
        userId: seedId('user:guest'),
        roleId: ROLE_PLATFORM,
        tenantId: null,
      })
      .execute();
    const guest = await t.login('guest');
    const res = await t.request({
      method: 'POST',
      url: '/sys/tenant/add',
      token: guest,
      payload: { id: 3003, name: 'x', status: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});
