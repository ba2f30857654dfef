import { PERM, POSITION_USER_MESSAGES as M, REACH_MESSAGES } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';

const STAFF_ID = seedId('user:staff');
const ADMIN_ID = seedId('user:admin');
const KEZHANG = seedId('position:kezhang');

describe.each(targets)('position users on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('lists a position’s users with their departments, adds and removes', async () => {
    const before = (await call('GET', `/sys/position/users?positionId=${KEZHANG}`)).json().result;
    expect(before.records.map((r: { username: string }) => r.username)).toEqual(['admin']);
    expect(before.records[0].orgCodeTxt).toContain('资产管理科');
    const added = await call('POST', '/sys/position/addUsers', { positionId: KEZHANG, userIds: [STAFF_ID] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(M.usersAdded);
    const again = await call('POST', '/sys/position/addUsers', {
      positionId: KEZHANG,
      userIds: `${STAFF_ID},${ADMIN_ID}`,
    });
    expect(again.statusCode).toBe(200);
    const mid = (
      await call('GET', `/sys/position/users?positionId=${KEZHANG}&realname=${encodeURIComponent('张三')}`)
    ).json().result;
    expect(mid.records.map((r: { username: string; orgCodeTxt: string }) => [r.username, r.orgCodeTxt])).toEqual([
      ['staff', '资产管理科'],
    ]);
    const removed = await call('DELETE', `/sys/position/removeUser?positionId=${KEZHANG}&userId=${STAFF_ID}`);
    expect(removed.json().message).toBe(M.userRemoved);
    expect((await call('GET', `/sys/position/users?positionId=${KEZHANG}`)).json().result.total).toBe(1);
  });

  it('answers 400/404 on bad input and 403 without the permission', async () => {
    expect((await call('GET', '/sys/position/users')).json().message).toBe(M.positionRequired);
    expect((await call('GET', '/sys/position/users?positionId=ghost')).statusCode).toBe(404);
    expect((await call('POST', '/sys/position/addUsers', { positionId: KEZHANG, userIds: [] })).json().message).toBe(
      M.usersRequired,
    );
    expect((await call('POST', '/sys/position/addUsers', { positionId: KEZHANG, userIds: ['ghost'] })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/sys/position/addUsers', { userIds: [STAFF_ID] })).json().message).toBe(
      M.positionRequired,
    );
    expect((await call('GET', `/sys/position/users?positionId=${KEZHANG}`, undefined, staff)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/sys/position/removeUser?positionId=${KEZHANG}&userId=${ADMIN_ID}`, undefined, staff))
        .statusCode,
    ).toBe(403);
  });

  it('keeps the position resource’s rules: a position with users cannot be deleted', async () => {
    const res = await call('DELETE', `/sys/position/delete?id=${KEZHANG}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('职务下还有用户，请先移除用户后再删除');
  });

  it('adds and removes only accounts within the delegate’s reach', async () => {
    const role = await roleWith(t, admin, 1001, 'position_delegate', [PERM.positionList, PERM.positionUsers]);
    await accountWith(t, admin, 1001, 'posdelegate', [role]);
    const plainId = await accountWith(t, admin, 1001, 'posplain', []);
    const token = await t.login('posdelegate', 'Passw0rd!');
    const above = await call(
      'POST',
      '/sys/position/addUsers',
      { positionId: KEZHANG, userIds: [plainId, STAFF_ID] },
      token,
    );
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe(REACH_MESSAGES.accountAbove);
    const remove = await call(
      'DELETE',
      `/sys/position/removeUser?positionId=${KEZHANG}&userId=${ADMIN_ID}`,
      undefined,
      token,
    );
    expect(remove.statusCode).toBe(403);
    expect(
      (await call('POST', '/sys/position/addUsers', { positionId: KEZHANG, userIds: [plainId] }, token)).statusCode,
    ).toBe(200);
  });
});
