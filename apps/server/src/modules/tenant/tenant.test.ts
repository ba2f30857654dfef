import { PERM, REACH_MESSAGES, TENANT_MESSAGES as M } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';

const STAFF_ID = seedId('user:staff');
const ADMIN_ID = seedId('user:admin');

describe.each(targets)('tenants on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('adds tenants with the id the administrator chose, lists, edits; names round-trip', async () => {
    const add = await call('POST', '/sys/tenant/add', {
      id: 2001,
      name: '新区租户🏙️𠮷',
      beginDate: '2026-01-01',
      endDate: '2026-12-31',
      status: 1,
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().result.id).toBe(2001);
    const list = (await call('GET', '/sys/tenant/list')).json().result;
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([1001, 1002, 2001]);
    const row = (await call('GET', '/sys/tenant/queryById?id=2001')).json().result;
    expect(row).toMatchObject({ id: 2001, name: '新区租户🏙️𠮷', status: 1, endDate: '2026-12-31' });
    expect(row.status_dictText).toBeTruthy();
    const edit = await call('PUT', '/sys/tenant/edit', { id: 2001, name: '新区', status: 0 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('GET', '/sys/tenant/queryById?id=2001')).json().result).toMatchObject({
      name: '新区',
      status: 0,
    });
  });

  it('answers 400 with clear messages and 403 without the permission', async () => {
    const dup = await call('POST', '/sys/tenant/add', { id: 1001, name: '重复' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(M.idTaken(1001));
    expect((await call('POST', '/sys/tenant/add', { name: '无编号' })).json().message).toBe(M.idRequired);
    expect((await call('POST', '/sys/tenant/add', { id: 'abc', name: 'x' })).json().message).toBe(M.idFormat);
    expect((await call('POST', '/sys/tenant/add', { id: 3001 })).json().message).toBe(M.nameRequired);
    const dates = await call('POST', '/sys/tenant/add', {
      id: 3002,
      name: '倒序',
      beginDate: '2026-05-01',
      endDate: '2026-04-01',
    });
    expect(dates.json().message).toBe(M.endBeforeBegin);
    expect((await call('POST', '/sys/tenant/add', { id: 3003, name: 'x', beginDate: '5/1' })).json().message).toBe(
      M.dateFormat,
    );
    const byBadId = await call('GET', '/sys/tenant/queryById?id=abc');
    expect(byBadId.statusCode).toBe(400);
    expect((await call('GET', '/sys/tenant/queryById?id=9999')).statusCode).toBe(404);
    expect((await call('GET', '/sys/tenant/list', undefined, staff)).statusCode).toBe(403);
    expect((await call('POST', '/sys/tenant/add', { id: 3004, name: 'x' }, staff)).statusCode).toBe(403);
  });

  it('manages members; keeps everyone in a tenant; refuses deleting a tenant with users', async () => {
    await call('POST', '/sys/tenant/add', { id: 4001, name: '成员测试' });
    const added = await call('POST', '/sys/tenant/addUsers', { tenantId: 4001, userIds: [STAFF_ID, ADMIN_ID] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(M.usersAdded);
    const users = (await call('GET', '/sys/tenant/users?tenantId=4001')).json().result;
    expect(users.total).toBe(2);
    // staff may now act in tenant 4001 (the auth cache was dropped).
    const asStaff = await t.request({ method: 'GET', url: '/sys/sysDepart/queryTreeList', token: staff, tenant: 4001 });
    expect(asStaff.statusCode).toBe(200);
    const refused = await call('DELETE', '/sys/tenant/delete?id=4001');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.hasUsers);
    // Tenant ids are integers: another id is a 400 before any query (PostgreSQL would fail on it), one or many.
    for (const url of ['/sys/tenant/delete?id=abc', '/sys/tenant/deleteBatch?ids=4001,x1']) {
      const bad = await call('DELETE', url);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(M.idFormat);
    }
    const removed = await call('DELETE', `/sys/tenant/removeUserBatch?tenantId=4001&userIds=${STAFF_ID},${ADMIN_ID}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await t.request({ method: 'GET', url: '/sys/sysDepart/queryTreeList', token: staff, tenant: 4001 });
    expect(gone.statusCode).toBe(403);
    const last = await call('DELETE', `/sys/tenant/removeUser?tenantId=1001&userId=${STAFF_ID}`);
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe(M.lastTenant);
    const del = await call('DELETE', '/sys/tenant/delete?id=4001');
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('POST', '/sys/tenant/addUsers', { tenantId: 4001, userIds: STAFF_ID })).statusCode).toBe(404);
    expect((await call('POST', '/sys/tenant/addUsers', { tenantId: 1001, userIds: 'ghost' })).statusCode).toBe(404);
    expect((await call('POST', '/sys/tenant/addUsers', { tenantId: 1001, userIds: '' })).json().message).toBe(
      M.usersRequired,
    );
    expect((await call('GET', '/sys/tenant/users?tenantId=1001', undefined, staff)).statusCode).toBe(403);
  });

  it('moves a removed member’s default tenant to one they keep', async () => {
    await call('POST', '/sys/tenant/add', { id: 5001, name: '默认租户测试' });
    await call('POST', '/sys/tenant/addUsers', { tenantId: 5001, userIds: STAFF_ID });
    await t.app.ctx.db.db.updateTable('sysUser').set({ loginTenantId: 5001 }).where('id', '=', STAFF_ID).execute();
    await call('DELETE', `/sys/tenant/removeUser?tenantId=5001&userId=${STAFF_ID}`);
    const row = await t.app.ctx.db.db
      .selectFrom('sysUser')
      .select('loginTenantId')
      .where('id', '=', STAFF_ID)
      .executeTakeFirstOrThrow();
    expect(Number(row.loginTenantId)).toBe(1001);
  });

  it('keeps a delegate of tenant members to their own tenants and to accounts within their reach', async () => {
    const role = await roleWith(t, admin, 1001, 'tenant_delegate', [PERM.tenantList, PERM.tenantUsers]);
    await accountWith(t, admin, 1001, 'tendelegate', [role]);
    const plainId = await accountWith(t, admin, 1001, 'tenplain', []);
    const token = await t.login('tendelegate', 'Passw0rd!');
    const other = await call('POST', '/sys/tenant/addUsers', { tenantId: 1002, userIds: [plainId] }, token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(REACH_MESSAGES.tenantOutside);
    // Nor read another tenant's members (names, phones).
    expect((await call('GET', '/sys/tenant/users?tenantId=1002', undefined, token)).statusCode).toBe(403);
    expect((await call('GET', '/sys/tenant/users?tenantId=1001', undefined, token)).statusCode).toBe(200);
    const removeOther = await call(
      'DELETE',
      `/sys/tenant/removeUser?tenantId=1002&userId=${ADMIN_ID}`,
      undefined,
      token,
    );
    expect(removeOther.statusCode).toBe(403);
    const above = await call('POST', '/sys/tenant/addUsers', { tenantId: 1001, userIds: [STAFF_ID] }, token);
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe(REACH_MESSAGES.accountAbove);
    const links = await t.app.ctx.db.db
      .selectFrom('sysUserTenant')
      .select('tenantId')
      .where('userId', '=', plainId)
      .execute();
    expect(links.map((l) => Number(l.tenantId))).toEqual([1001]);
    // The administrator role reaches every tenant.
    expect((await call('POST', '/sys/tenant/addUsers', { tenantId: 1002, userIds: [plainId] })).statusCode).toBe(200);
  });
});
