import { GUEST_CREDENTIALS, MSG, PASSWORD_MESSAGES, PASSWORD_RULE, type LoginResult } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS, SEED_TENANTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const { admin, staff } = SEED_ACCOUNTS;

describe.each(targets)('session calls on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target, { loginMaxFailures: 3, loginIpMaxFailures: 1000 });
  });
  afterAll(() => t?.close());

  it('signs in with code 200, the user, company, departments, positions and tenants', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: admin.username, password: admin.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    const result = body.result as LoginResult;
    expect(result.token).toMatch(/^[\w-]{40,}$/);
    expect(result.userInfo).toMatchObject({
      username: 'admin',
      realname: admin.realname,
      orgCode: 'A01',
      selectDepartName: '示范区国资办',
    });
    expect(result.departList.map((d) => d.departName)).toEqual(['示范区国资办', '资产管理科', '综合办公室']);
    expect(result.positionList.map((p) => p.name).sort()).toEqual(['科员', '科长'].sort());
    expect(result.tenantList).toEqual(SEED_TENANTS.map((x) => ({ id: x.id, name: x.name })));
    expect(result.multi_depart).toBe(2);
    expect(result.company.name).toBe('示范区国有资产经营管理有限公司');
    expect(JSON.stringify(result)).not.toContain('$argon2');
  });

  it('gives one message whether the user exists or not, and logs every attempt', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: staff.username, password: 'nope-nope' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'nobody_here', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.loginFailed);
    expect(unknown.json().message).toBe(MSG.loginFailed);
    const logs = await t.app.ctx.db.db
      .selectFrom('sysLog')
      .select(['username', 'result', 'logContent'])
      .where('logType', '=', 1)
      .execute();
    expect(logs.some((l) => l.username === 'nobody_here' && l.result === 0)).toBe(true);
    expect(logs.some((l) => l.username === 'admin' && l.result === 1 && l.logContent.includes('登录成功'))).toBe(true);
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    const attempt = (password: string) =>
      t.request({ method: 'POST', url: '/sys/login', payload: { username: 'guest', password } });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).statusCode).toBe(400);
    const locked = await attempt(GUEST_CREDENTIALS.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MSG.accountLocked);
    // Another account from the same address is not affected.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/sys/login',
          payload: { username: staff.username, password: staff.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('rejects malformed JSON, wrong types and unknown fields with 400 and a Chinese message', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.badJson);
    const wrongType = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 42, password: 'x' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('请输入用户名');
    const extra = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'admin', password: 'x', isAdmin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('isAdmin');
  });

  it('lets the API login sign in the guest account only', async () => {
    const guest = await t.request({
      method: 'POST',
      url: '/sys/apiLogin',
      payload: { username: 'staff', password: staff.password },
    });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().message).toBe(MSG.notGuestAccount);
  });

  it('revokes the token at logout', async () => {
    const token = await t.login(staff.username);
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token })).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/sys/logout', token });
    expect(out.json()).toMatchObject({ success: true, message: MSG.logoutSuccess });
    const after = await t.request({ method: 'GET', url: '/sys/user/current', token });
    expect(after.statusCode).toBe(401);
    // Logging out twice is harmless.
    expect((await t.request({ method: 'POST', url: '/sys/logout', token })).statusCode).toBe(200);
  });

  it('changes the password: wrong old password, mismatch, success ends every session', async () => {
    const token = await t.login(staff.username);
    const other = await t.login(staff.username);
    const change = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/sys/user/updatePassword', token, payload });

    const wrongOld = await change({
      username: 'staff',
      oldpassword: 'not-it',
      password: 'NewPass#1',
      confirmpassword: 'NewPass#1',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().message).toBe(MSG.oldPasswordWrong);

    const mismatch = await change({
      username: 'staff',
      oldpassword: staff.password,
      password: 'NewPass#1',
      confirmpassword: 'NewPass#2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(PASSWORD_MESSAGES.mismatch);

    const missing = await change({
      username: 'staff',
      oldpassword: '',
      password: 'NewPass#1',
      confirmpassword: 'NewPass#1',
    });
    expect(missing.json().message).toBe(PASSWORD_MESSAGES.oldRequired);

    // The same rule as add and reset (issue 8 point 5): 111111 was accepted here.
    for (const weak of ['111111', 'abcdefgh', 'Ab1']) {
      const res = await change({ username: 'staff', oldpassword: staff.password, password: weak, confirmpassword: weak });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSWORD_RULE.message);
    }

    const someoneElse = await change({
      username: 'admin',
      oldpassword: staff.password,
      password: 'NewPass#1',
      confirmpassword: 'NewPass#1',
    });
    expect(someoneElse.statusCode).toBe(403);

    // None of the failures changed anything: the old password still works.
    expect(await t.login(staff.username, staff.password)).toBeTruthy();

    const done = await change({
      username: 'staff',
      oldpassword: staff.password,
      password: 'NewPass#1',
      confirmpassword: 'NewPass#1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MSG.passwordChanged);
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token: other })).statusCode).toBe(401);
    const oldLogin = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'staff', password: staff.password },
    });
    expect(oldLogin.statusCode).toBe(400);
    const fresh = await t.login('staff', 'NewPass#1');
    const back = await t.request({
      method: 'POST',
      url: '/sys/user/updatePassword',
      token: fresh,
      payload: {
        username: 'staff',
        oldpassword: 'NewPass#1',
        password: staff.password,
        confirmpassword: staff.password,
      },
    });
    expect(back.statusCode).toBe(200);
  });

  it('switches department and position only among the user’s own', async () => {
    const token = await t.login(admin.username);
    const departs = (await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token })).json().result;
    expect(departs.list).toHaveLength(3);
    expect(departs.orgCode).toBe('A01');
    const office = departs.list.find((d: { departName: string }) => d.departName === '综合办公室');
    const keyuan = departs.positions.find((p: { name: string }) => p.name === '科员');

    const res = await t.request({
      method: 'POST',
      url: '/sys/selectDepart',
      token,
      payload: { username: 'admin', selectDepartId: office.id, selectPositionId: keyuan.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.userInfo).toMatchObject({
      selectDepartName: '综合办公室',
      orgCode: 'A01A02',
      selectPositionName: '科员',
    });
    const card = (await t.request({ method: 'GET', url: '/sys/user/current', token })).json().result;
    expect(card).toMatchObject({ departName: '综合办公室', positionName: '科员', tenantName: SEED_TENANTS[0].name });

    const staffToken = await t.login(staff.username);
    const foreign = await t.request({
      method: 'POST',
      url: '/sys/selectDepart',
      token: staffToken,
      payload: { username: 'staff', selectDepartId: office.id, selectPositionId: keyuan.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MSG.departNotOwned);
    const noPosition = await t.request({
      method: 'POST',
      url: '/sys/selectDepart',
      token,
      payload: { username: 'admin', selectDepartId: office.id },
    });
    expect(noPosition.statusCode).toBe(400);
    expect(noPosition.json().message).toBe('请选择岗位');
  });

  it('ends the sessions of a user who is frozen', async () => {
    const token = await t.login(staff.username);
    await t.app.ctx.db.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'staff').execute();
    const res = await t.request({ method: 'GET', url: '/sys/user/current', token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.accountFrozen);
    const again = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'staff', password: staff.password },
    });
    expect(again.json().message).toBe(MSG.accountFrozen);
    await t.app.ctx.db.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'staff').execute();
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token })).statusCode).toBe(401);
  });

  it('shows the previous login on the user card', async () => {
    await t.login(admin.username);
    const token = await t.login(admin.username);
    const card = (await t.request({ method: 'GET', url: '/sys/user/current', token })).json().result;
    expect(card.username).toBe('admin');
    expect(card.lastLoginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(card.lastLoginIp).toBe('127.0.0.1');
  });
});

describe.each(targets)('image captcha on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target, { captchaEnabled: true });
  });
  afterAll(() => t?.close());

  const captchaText = async (key: string) => {
    const res = await t.request({ method: 'GET', url: `/sys/randomImage/${key}` });
    expect(res.json().result).toMatch(/^data:image\/svg\+xml;base64,/);
    return (await t.app.ctx.kv.get(`captcha:${key}`)) as string;
  };

  it('requires the captcha, refuses a wrong one, and accepts each captcha once', async () => {
    const login = (extra: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/sys/login',
        payload: { username: admin.username, password: admin.password, ...extra },
      });
    expect((await login({})).json().message).toBe(MSG.captchaRequired);
    await captchaText('k1');
    const wrong = await login({ captcha: 'zzzz', checkKey: 'k1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.captchaWrong);
    const text = await captchaText('k2');
    expect((await login({ captcha: text.toUpperCase(), checkKey: 'k2' })).statusCode).toBe(200);
    const reused = await login({ captcha: text, checkKey: 'k2' });
    expect(reused.json().message).toBe(MSG.captchaExpired);
    const info = (await t.request({ method: 'GET', url: '/sys/platform/info' })).json().result;
    expect(info.captchaEnabled).toBe(true);
  });

  it('refuses captcha keys that are not plain identifiers', async () => {
    const res = await t.request({ method: 'GET', url: `/sys/randomImage/${encodeURIComponent('a b;c')}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('address rate limit', () => {
  it('answers 429 once one address has failed too often', async () => {
    const t = await startApp(targets[0]!, { loginIpMaxFailures: 2, loginMaxFailures: 100 });
    try {
      for (const username of ['a_1', 'b_2']) {
        await t.request({ method: 'POST', url: '/sys/login', payload: { username, password: 'x' } });
      }
      const res = await t.request({
        method: 'POST',
        url: '/sys/login',
        payload: { username: admin.username, password: admin.password },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(MSG.tooManyRequests);
    } finally {
      await t.close();
    }
  });
});
