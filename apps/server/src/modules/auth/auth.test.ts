import {
  GUEST_CREDENTIALS,
  MSG,
  PASSWORD_MESSAGES,
  PASSWORD_RULE,
  SECURITY_MESSAGES,
  type LoginResult,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { SEED_ACCOUNTS, SEED_TENANTS } from '../../db/seeds/demo.seed.js';
import { hashPassword } from '../../lib/password.js';
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
      t.request({ method: 'POST', url: '/sys/login', payload: { username: staff.username, password } });
    await t.login(staff.username); // a success clears the failures earlier tests left
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).statusCode).toBe(400);
    const locked = await attempt(staff.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MSG.accountLocked);
    // Another account from the same address is not affected.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/sys/login',
          payload: { username: admin.username, password: admin.password },
        })
      ).statusCode,
    ).toBe(200);
    // The later tests sign staff in again.
    await t.app.ctx.kv.del(`login:lock:user:${staff.username}`);
  });

  it('never locks the shared guest account: six wrong passwords, then the right one from elsewhere', async () => {
    const guestLogin = (url: string, password: string, remoteAddress: string) =>
      t.request({ method: 'POST', url, remoteAddress, payload: { username: GUEST_CREDENTIALS.username, password } });
    for (let i = 0; i < 6; i++) {
      const wrong = await guestLogin(i % 2 ? '/sys/apiLogin' : '/sys/login', 'wrong-password', '198.51.100.7');
      expect([wrong.statusCode, wrong.json().message]).toEqual([400, MSG.loginFailed]);
    }
    expect((await guestLogin('/sys/apiLogin', GUEST_CREDENTIALS.password, '198.51.100.8')).statusCode).toBe(200);
    // Spelling the name differently does not lock it either.
    for (let i = 0; i < 4; i++) {
      await t.request({
        method: 'POST',
        url: '/sys/login',
        remoteAddress: '198.51.100.7',
        payload: { username: GUEST_CREDENTIALS.username.toUpperCase(), password: 'wrong-password' },
      });
    }
    expect((await guestLogin('/sys/apiLogin', GUEST_CREDENTIALS.password, '198.51.100.9')).statusCode).toBe(200);
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
      const res = await change({
        username: 'staff',
        oldpassword: staff.password,
        password: weak,
        confirmpassword: weak,
      });
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
    // The old password is one of the last five: refused (security-login.test.ts covers the history).
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
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(SECURITY_MESSAGES.passwordReused(5));
    // The later tests sign in with the seeded password again.
    await t.app.ctx.db.db
      .updateTable('sysUser')
      .set({ password: await hashPassword(staff.password) })
      .where('username', '=', 'staff')
      .execute();
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
  it('counts wrong guest passwords against the caller’s address only', async () => {
    const t = await startApp(targets[0]!, { loginIpMaxFailures: 3, loginMaxFailures: 100 });
    try {
      const guestLogin = (password: string, remoteAddress: string) =>
        t.request({
          method: 'POST',
          url: '/sys/apiLogin',
          remoteAddress,
          payload: { username: GUEST_CREDENTIALS.username, password },
        });
      for (let i = 0; i < 3; i++) expect((await guestLogin('wrong-password', '198.51.100.20')).statusCode).toBe(400);
      const limited = await guestLogin(GUEST_CREDENTIALS.password, '198.51.100.20');
      expect([limited.statusCode, limited.json().message]).toEqual([429, MSG.tooManyRequests]);
      expect((await guestLogin(GUEST_CREDENTIALS.password, '198.51.100.21')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('behind one trusted proxy hop, rotating X-Forwarded-For values do not reset the limit', async () => {
    const t = await startApp(targets[0]!, {
      loginIpMaxFailures: 3,
      loginMaxFailures: 100,
      trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy,
    });
    try {
      // The proxy at 10.0.0.5 appends the address it saw (203.0.113.9); the client forges what comes before.
      const attempt = (forged: string, password = 'x') =>
        t.request({
          method: 'POST',
          url: '/sys/login',
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
          payload: { username: admin.username, password },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`192.0.2.${i + 1}`)).statusCode).toBe(400);
      const res = await attempt('192.0.2.200', admin.password);
      expect([res.statusCode, res.json().message]).toEqual([429, MSG.tooManyRequests]);
      // Another client behind the same proxy is not affected.
      const other = await t.request({
        method: 'POST',
        url: '/sys/login',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '203.0.113.10' },
        payload: { username: admin.username, password: admin.password },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with a list of proxies, trusts only those hops', async () => {
    const t = await startApp(targets[0]!, {
      loginIpMaxFailures: 2,
      loginMaxFailures: 100,
      trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy,
    });
    try {
      const attempt = (remoteAddress: string, xff: string) =>
        t.request({
          method: 'POST',
          url: '/sys/login',
          remoteAddress,
          headers: { 'x-forwarded-for': xff },
          payload: { username: admin.username, password: 'x' },
        });
      // Two proxies of ours, then the client; the forged first entry is not believed.
      await attempt('10.1.2.3', '192.0.2.1, 203.0.113.50, 192.168.1.1');
      await attempt('10.1.2.3', '192.0.2.2, 203.0.113.50, 192.168.1.1');
      expect((await attempt('10.1.2.3', '192.0.2.3, 203.0.113.50, 192.168.1.1')).statusCode).toBe(429);
      // A caller that is not one of our proxies is taken at its own address, whatever it forwards.
      expect((await attempt('203.0.113.77', '203.0.113.50')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('reads TRUST_PROXY as off, one hop, a number of hops or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow('TRUST_PROXY');
  });

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
