import {
  ACCOUNT_MESSAGES as M,
  DEFAULT_ACCOUNT_SETTINGS,
  GUEST_CREDENTIALS,
  MSG,
  PASSWORD_RULE,
  USER_STATUS,
  type AccountSettings,
  type LoginResult,
} from '@district/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import type { MemorySmsProvider } from '../../lib/sms/sms-provider.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { smsPhoneKey } from './sms-code.service.js';

const ADMIN_PHONE = '13800000001';
const STAFF_PHONE = '13800000002';

describe.each(targets)('account flows on $name', (target) => {
  let t: TestApp;
  let sms: MemorySmsProvider;
  let admin: string;
  let address = 0;
  // Every test sends from its own address, so the per-address limit of one test does not hit the next.
  let ip = '10.0.0.1';

  beforeAll(async () => {
    // Captchas on: every code is sent behind the image captcha, as in production.
    t = await startApp(target, { captchaEnabled: true, loginIpMaxFailures: 1000, smsProvider: 'memory' });
    sms = t.app.ctx.sms as MemorySmsProvider;
    admin = await passwordLogin(SEED_ACCOUNTS.admin.username, SEED_ACCOUNTS.admin.password);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    address += 1;
    ip = `10.0.${Math.floor(address / 250)}.${(address % 250) + 1}`;
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string | null) =>
    t.request({ method, url, payload, token, remoteAddress: ip } as never);

  /** A solved image captcha (read from the store, as a person reads the picture). */
  async function captcha() {
    const checkKey = `k${Math.random().toString(16).slice(2)}`;
    await t.request({ method: 'GET', url: `/sys/randomImage/${checkKey}` });
    return { checkKey, captcha: (await t.app.ctx.kv.get(`captcha:${checkKey}`)) ?? '' };
  }

  async function passwordLogin(username: string, password: string, userAgent?: string) {
    const res = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username, password, ...(await captcha()) },
      ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return (res.json().result as LoginResult).token;
  }

  /** The code in the last message to a phone, and lets the phone be sent to again at once. */
  async function codeFor(phone: string) {
    const text = sms.last(phone)?.text ?? '';
    await t.app.ctx.kv.del(`sms:minute:${smsPhoneKey(t.app.ctx, phone)}`);
    return /\d{6}/.exec(text)?.[0] ?? '';
  }

  const sendCode = async (mobile: string, purpose: 'login' | 'register') =>
    call('POST', '/account/sms', { mobile, purpose, ...(await captcha()) });

  async function settings(change: Partial<AccountSettings>) {
    const current = (await call('GET', '/account/settings', undefined, admin)).json().result as AccountSettings;
    const res = await call('PUT', '/account/settings', { ...current, ...change }, admin);
    expect(res.statusCode).toBe(200);
  }

  describe('SMS codes and phone login', () => {
    it('needs the image captcha before sending, and never answers the code', async () => {
      const before = sms.sent.length;
      const bare = await call('POST', '/account/sms', { mobile: ADMIN_PHONE, purpose: 'login' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().message).toBe(MSG.captchaRequired);
      const wrong = await call('POST', '/account/sms', {
        mobile: ADMIN_PHONE,
        purpose: 'login',
        ...(await captcha()),
        captcha: 'zzzz',
      });
      expect(wrong.json().message).toBe(MSG.captchaWrong);
      expect(sms.sent.length).toBe(before);

      const res = await sendCode(ADMIN_PHONE, 'login');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(M.smsSent);
      const code = /\d{6}/.exec(sms.last(ADMIN_PHONE)!.text)![0];
      expect(res.body).not.toContain(code);
      // Only a salted hash is kept.
      const stored = await t.app.ctx.kv.get(`sms:code:login:${smsPhoneKey(t.app.ctx, ADMIN_PHONE)}`);
      expect(stored).toBeTruthy();
      expect(stored).not.toContain(code);
      // The store's keys name the phone by its keyed hash, never the number.
      expect(await t.app.ctx.kv.get(`sms:code:login:${ADMIN_PHONE}`)).toBeNull();
      // One a minute per phone.
      const again = await sendCode(ADMIN_PHONE, 'login');
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toBe(M.smsTooFrequent);
      await codeFor(ADMIN_PHONE);
    });

    it('signs in by phone with the tenants to choose from; the code is single use and wrong codes count', async () => {
      await sendCode(ADMIN_PHONE, 'login');
      const code = await codeFor(ADMIN_PHONE);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await call('POST', '/sys/phoneLogin', { mobile: ADMIN_PHONE, captcha: wrongCode });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(M.smsCodeWrong);

      const res = await call('POST', '/sys/phoneLogin', { mobile: ADMIN_PHONE, captcha: code });
      expect(res.statusCode).toBe(200);
      const result = res.json().result as LoginResult;
      expect(result.userInfo.username).toBe('admin');
      expect(result.tenantList.map((x) => x.id)).toEqual([1001, 1002]);
      expect((await call('GET', '/sys/user/current', undefined, result.token)).statusCode).toBe(200);

      const replay = await call('POST', '/sys/phoneLogin', { mobile: ADMIN_PHONE, captcha: code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(M.smsCodeExpired);
    });

    it('voids a code after five wrong checks, even for the right code then', async () => {
      await sendCode(STAFF_PHONE, 'login');
      const code = await codeFor(STAFF_PHONE);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await call('POST', '/sys/phoneLogin', { mobile: STAFF_PHONE, captcha: wrongCode });
        expect(res.statusCode).toBe(400);
      }
      const late = await call('POST', '/sys/phoneLogin', { mobile: STAFF_PHONE, captcha: code });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(M.smsCodeExpired);
    });

    it('answers a phone without an account like any other but sends nothing; the login then fails', async () => {
      const before = sms.sent.length;
      const res = await sendCode('13912345678', 'login');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(M.smsSent);
      expect(sms.sent.length).toBe(before);
      const login = await call('POST', '/sys/phoneLogin', { mobile: '13912345678', captcha: '123456' });
      expect(login.statusCode).toBe(400);
    });

    it('limits a phone to ten codes a day and an address to twenty an hour', async () => {
      const phone = '13700000009';
      for (let i = 0; i < 10; i++) {
        expect((await sendCode(phone, 'login')).statusCode).toBe(200);
        await t.app.ctx.kv.del(`sms:minute:${smsPhoneKey(t.app.ctx, phone)}`);
      }
      const day = await sendCode(phone, 'login');
      expect(day.statusCode).toBe(429);
      expect(day.json().message).toBe(M.smsDailyLimit);
      // 11 counted from this address so far; 9 more pass, then the address is refused.
      for (let i = 0; i < 9; i++) expect((await sendCode(`1370000100${i}`, 'login')).statusCode).toBe(200);
      const many = await sendCode('13700002000', 'login');
      expect(many.statusCode).toBe(429);
      expect(many.json().message).toBe(M.smsAddressLimit);
    });

    it('refuses bad input and a closed phone login', async () => {
      const bad = await call('POST', '/account/sms', { mobile: '12345', purpose: 'login', ...(await captcha()) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('请输入正确手机号');
      const purpose = await call('POST', '/account/sms', {
        mobile: ADMIN_PHONE,
        purpose: 'forget',
        ...(await captcha()),
      });
      expect(purpose.statusCode).toBe(400);
      const short = await call('POST', '/sys/phoneLogin', { mobile: ADMIN_PHONE, captcha: '12' });
      expect(short.json().message).toBe(M.smsCodeFormat);
      await settings({ phoneLogin: false });
      const closed = await call('POST', '/sys/phoneLogin', { mobile: ADMIN_PHONE, captcha: '123456' });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().message).toBe(M.phoneLoginClosed);
      expect((await call('GET', '/account/options')).json().result.phoneLogin).toBe(false);
      await settings({ phoneLogin: true });
    });
  });

  describe('registration', () => {
    const depart = async () =>
      (
        await t.app.ctx.db.db
          .selectFrom('sysDepart')
          .select('id')
          .where('orgCode', '=', 'A01A02')
          .executeTakeFirstOrThrow()
      ).id;
    const role = async () =>
      (
        await t.app.ctx.db.db
          .selectFrom('sysRole')
          .select('id')
          .where('roleCode', '=', 'staff')
          .executeTakeFirstOrThrow()
      ).id;
    const users = async () =>
      Number(
        (
          await t.app.ctx.db.db
            .selectFrom('sysUser')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('is closed by default: the page options say so and the API refuses', async () => {
      expect(DEFAULT_ACCOUNT_SETTINGS.registerOpen).toBe(false);
      expect((await call('GET', '/account/options')).json().result.registerOpen).toBe(false);
      const sent = await sendCode('13600000001', 'register');
      expect(sent.statusCode).toBe(403);
      expect(sent.json().message).toBe(M.registerClosed);
      const reg = await call('POST', '/auth/register', {
        username: 'newbie',
        password: 'Newbie@2026',
        confirmPassword: 'Newbie@2026',
        mobile: '13600000001',
        smscode: '123456',
      });
      expect(reg.statusCode).toBe(403);
    });

    it('only administrators change the switches (not staff, not the guest)', async () => {
      const staff = await passwordLogin(SEED_ACCOUNTS.staff.username, SEED_ACCOUNTS.staff.password);
      const guest = (await t.request({ method: 'POST', url: '/sys/apiLogin', payload: GUEST_CREDENTIALS })).json()
        .result.token as string;
      for (const token of [staff, guest]) {
        expect((await call('PUT', '/account/settings', DEFAULT_ACCOUNT_SETTINGS, token)).statusCode).toBe(403);
        expect((await call('GET', '/account/profile', undefined, token)).statusCode).toBe(token === guest ? 403 : 200);
      }
      const bad = await call(
        'PUT',
        '/account/settings',
        { ...DEFAULT_ACCOUNT_SETTINGS, registerRoleId: 'nope' },
        admin,
      );
      expect(bad.statusCode).toBe(400);
    });

    it('registers with an SMS code into the configured department, role and tenant, waiting for approval', async () => {
      await settings({
        registerOpen: true,
        registerApproval: true,
        registerDepartId: await depart(),
        registerRoleId: await role(),
        registerTenantId: 1002,
      });
      const taken = await call('GET', '/auth/register/checkOnlyUser?username=admin');
      expect(taken.json()).toMatchObject({ success: false, message: M.usernameTaken });
      const phoneTaken = await call('GET', `/auth/register/checkOnlyUser?mobile=${STAFF_PHONE}`);
      expect(phoneTaken.json()).toMatchObject({ success: false, message: M.phoneTaken });
      // As the web sends it, with the request layer's _t.
      expect((await call('GET', '/auth/register/checkOnlyUser?username=newbie&_t=1')).json().success).toBe(true);
      expect((await call('GET', '/auth/register/checkOnlyUser?username=admin&_t=1')).json().success).toBe(false);
      expect((await sendCode(STAFF_PHONE, 'register')).json().message).toBe(M.phoneTaken);

      const phone = '13600000001';
      expect((await sendCode(phone, 'register')).statusCode).toBe(200);
      const code = await codeFor(phone);
      // The privacy notice accepted, as the form requires (my-data.test.ts tests its refusal).
      const base = {
        username: 'newbie',
        password: 'Newbie2026',
        confirmPassword: 'Newbie2026',
        mobile: phone,
        privacyAccepted: true,
      };
      const count = await users();
      const weak = await call('POST', '/auth/register', {
        ...base,
        password: 'weak',
        confirmPassword: 'weak',
        smscode: code,
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe(PASSWORD_RULE.message);
      const mismatch = await call('POST', '/auth/register', { ...base, confirmPassword: 'Other2026', smscode: code });
      expect(mismatch.json().message).toBe(M.passwordMismatch);
      const takenName = await call('POST', '/auth/register', { ...base, username: 'staff', smscode: code });
      expect(takenName.json().message).toBe(M.usernameTaken);
      // Differing only by case is the same name; a look-alike letter of another script is no user-name letter.
      for (const username of ['Staff', 'ADMIN']) {
        expect((await call('GET', `/auth/register/checkOnlyUser?username=${username}`)).json()).toMatchObject({
          success: false,
          message: M.usernameTaken,
        });
        const res = await call('POST', '/auth/register', { ...base, username, smscode: code });
        expect([res.statusCode, res.json().message], username).toEqual([400, M.usernameTaken]);
      }
      const cyrillic = await call('POST', '/auth/register', { ...base, username: 'st\u0430ff', smscode: code });
      expect([cyrillic.statusCode, cyrillic.json().message]).toEqual([400, '只允许字母、数字、下划线']);
      const wrongCode = await call('POST', '/auth/register', {
        ...base,
        smscode: code === '000000' ? '111111' : '000000',
      });
      expect(wrongCode.json().message).toBe(M.smsCodeWrong);
      expect(await users()).toBe(count);

      const res = await call('POST', '/auth/register', { ...base, smscode: code });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: M.registerPending, result: { username: 'newbie', pending: true } });
      expect(await users()).toBe(count + 1);
      // Waiting for approval (待审核, not 冻结): told so at login until an administrator approves the account.
      const stored = await t.app.ctx.db.db
        .selectFrom('sysUser')
        .select(['id', 'status'])
        .where('username', '=', 'newbie')
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe(USER_STATUS.pending);
      const login = await t.request({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'newbie', password: 'Newbie2026', ...(await captcha()) },
      });
      expect([login.statusCode, login.json().message]).toEqual([400, MSG.accountPending]);
      // Once approved (用户管理's 审核通过 sets status 1, see user.test.ts), it signs in.
      await t.app.ctx.db.db
        .updateTable('sysUser')
        .set({ status: USER_STATUS.normal })
        .where('id', '=', stored.id)
        .execute();
      expect(await passwordLogin('newbie', 'Newbie2026')).toBeTruthy();
    });

    it('without approval the new account signs in at once with its department, role and tenant', async () => {
      await settings({ registerOpen: true, registerApproval: false });
      const phone = '13600000002';
      await sendCode(phone, 'register');
      const code = await codeFor(phone);
      const res = await call('POST', '/auth/register', {
        username: 'newbie2',
        password: 'Newbie2026',
        confirmPassword: 'Newbie2026',
        mobile: phone,
        smscode: code,
        realname: '新用户',
        privacyAccepted: true,
      });
      expect(res.json()).toMatchObject({ message: M.registerDone, result: { pending: false } });
      const login = await t.request({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'newbie2', password: 'Newbie2026', ...(await captcha()) },
      });
      const result = login.json().result as LoginResult;
      expect(result.userInfo.realname).toBe('新用户');
      expect(result.departList.map((d) => d.departName)).toEqual(['综合办公室']);
      expect(result.tenantList.map((x) => x.id)).toEqual([1002]);
      // The same code cannot open a second account.
      const again = await call('POST', '/auth/register', {
        username: 'newbie3',
        password: 'Newbie2026',
        confirmPassword: 'Newbie2026',
        mobile: '13600000003',
        smscode: code,
        privacyAccepted: true,
      });
      expect(again.statusCode).toBe(400);
      await settings({ registerOpen: false });
    });
  });

  describe('account alteration (找回密码)', () => {
    it('walks the four steps with single-use tickets; skipping a step is refused; old sessions die', async () => {
      const user = { username: 'alter_me', phone: '13500000001' };
      await t.app.ctx.db.db
        .insertInto('sysUser')
        .values({
          id: 'alter-me-id',
          username: user.username,
          realname: 'Alter',
          password: (await import('../../lib/password.js').then((m) => m.hashPassword('Before2026'))) as string,
          phone: user.phone,
          status: 1,
          delFlag: 0,
        } as never)
        .execute();
      const oldSession = await passwordLogin(user.username, 'Before2026');

      const unknown = await call('POST', '/auth/forge-password/check', { username: 'nobody_x', ...(await captcha()) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(M.accountNotFound);
      const noCaptcha = await call('POST', '/auth/forge-password/check', { username: user.username });
      expect(noCaptcha.json().message).toBe(MSG.captchaRequired);
      const guest = await call('POST', '/auth/forge-password/check', { username: 'guest', ...(await captcha()) });
      expect(guest.json().message).toBe(M.accountNotFound);

      const step1 = await call('POST', '/auth/forge-password/check', { username: user.username, ...(await captcha()) });
      expect(step1.statusCode).toBe(200);
      const { ticket, phone } = step1.json().result as { ticket: string; phone: string };
      expect(phone).toBe('135****0001');

      // Skipping to step 3 with the step-1 ticket or a made-up one.
      for (const bad of [ticket, 'x'.repeat(32)]) {
        const skip = await call('POST', '/auth/forge-password/reset', {
          ticket: bad,
          password: 'After2026x',
          confirmPassword: 'After2026x',
        });
        expect(skip.statusCode).toBe(400);
        expect(skip.json().message).toBe(M.ticketInvalid);
      }

      expect((await call('POST', '/auth/forge-password/sms', { ticket })).statusCode).toBe(200);
      const code = await codeFor(user.phone);
      const wrong = await call('POST', '/auth/forge-password/verify', {
        ticket,
        smscode: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.json().message).toBe(M.smsCodeWrong);
      const step2 = await call('POST', '/auth/forge-password/verify', { ticket, smscode: code });
      expect(step2.statusCode).toBe(200);
      const ticket2 = step2.json().result.ticket as string;
      // The step-1 ticket is used up.
      expect((await call('POST', '/auth/forge-password/sms', { ticket })).json().message).toBe(M.ticketInvalid);

      const weak = await call('POST', '/auth/forge-password/reset', {
        ticket: ticket2,
        password: 'a',
        confirmPassword: 'a',
      });
      expect(weak.json().message).toBe(PASSWORD_RULE.message);
      const done = await call('POST', '/auth/forge-password/reset', {
        ticket: ticket2,
        password: 'After2026x',
        confirmPassword: 'After2026x',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().message).toBe(M.passwordReset);
      const replay = await call('POST', '/auth/forge-password/reset', {
        ticket: ticket2,
        password: 'Again2026x',
        confirmPassword: 'Again2026x',
      });
      expect(replay.json().message).toBe(M.ticketInvalid);

      expect((await call('GET', '/sys/user/current', undefined, oldSession)).statusCode).toBe(401);
      await passwordLogin(user.username, 'After2026x');
    });

    it('can be switched off', async () => {
      await settings({ alteration: false });
      const res = await call('POST', '/auth/forge-password/check', { username: 'staff', ...(await captcha()) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.alterationClosed);
      await settings({ alteration: true });
    });
  });

  describe('personal centre', () => {
    it('edits the profile, changes the phone with an SMS re-check, and signs out other sessions', async () => {
      const first = await passwordLogin(SEED_ACCOUNTS.staff.username, SEED_ACCOUNTS.staff.password);
      const chrome =
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
      const second = await passwordLogin(SEED_ACCOUNTS.staff.username, SEED_ACCOUNTS.staff.password, chrome);
      const profile = await call('GET', '/account/profile', undefined, first);
      expect(profile.json().result).toMatchObject({ username: 'staff', phone: STAFF_PHONE });
      const badMail = await call('PUT', '/account/profile', { realname: '张三', email: 'nope' }, first);
      expect(badMail.json().message).toBe('邮箱格式不正确');
      const saved = await call('PUT', '/account/profile', { realname: '张三丰', email: 'zs@example.com' }, first);
      expect(saved.json().result).toMatchObject({ realname: '张三丰', email: 'zs@example.com' });

      const taken = await call('POST', '/account/profile/sms', { mobile: ADMIN_PHONE }, first);
      expect(taken.json().message).toBe(M.phoneTaken);
      const phone = '13400000001';
      expect((await call('POST', '/account/profile/sms', { mobile: phone }, first)).statusCode).toBe(200);
      const code = await codeFor(phone);
      const changed = await call('PUT', '/account/profile/phone', { mobile: phone, smscode: code }, first);
      expect(changed.json().result.phone).toBe(phone);

      const sessions = (await call('GET', '/account/sessions', undefined, first)).json().result as {
        current: boolean;
        id: string;
        userAgent: string;
        client: string | null;
      }[];
      expect(sessions.length).toBeGreaterThanOrEqual(2);
      // The browser and system in words, as 在线用户 names them.
      expect(sessions.find((s) => s.userAgent === chrome)?.client).toBe('Chrome 156 · Linux');
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(JSON.stringify(sessions)).not.toContain(first);
      const out = await call('POST', '/account/sessions/signOutOthers', {}, first);
      expect(out.json().message).toBe(M.signedOutOthers);
      expect((await call('GET', '/sys/user/current', undefined, second)).statusCode).toBe(401);
      expect((await call('GET', '/sys/user/current', undefined, first)).statusCode).toBe(200);
      expect((await call('GET', '/account/sessions', undefined, first)).json().result).toHaveLength(1);
    });

    it('is a hidden page of every signed-in role, not of the guest', async () => {
      const paths = async (tokenOf: string) => {
        const res = await call('GET', '/sys/permission/getUserPermissionByToken', undefined, tokenOf);
        const found: { path: string; hidden?: boolean }[] = [];
        const walk = (items: { path: string; hidden?: boolean; children?: unknown[] }[]) =>
          items.forEach((i) => {
            found.push(i);
            walk((i.children ?? []) as never);
          });
        walk((res.json().result?.menu ?? []) as never);
        return found;
      };
      const staff = await passwordLogin(SEED_ACCOUNTS.staff.username, SEED_ACCOUNTS.staff.password);
      expect((await paths(staff)).find((p) => p.path === '/user/info')).toMatchObject({ hidden: true });
      const guest = (await t.request({ method: 'POST', url: '/sys/apiLogin', payload: GUEST_CREDENTIALS })).json()
        .result.token as string;
      expect((await paths(guest)).some((p) => p.path === '/user/info')).toBe(false);
    });

    it('remembers the chosen tenant as the next login default, only among the user’s tenants', async () => {
      const token = await passwordLogin(SEED_ACCOUNTS.admin.username, SEED_ACCOUNTS.admin.password);
      expect((await call('PUT', '/account/loginTenant', { tenantId: 1002 }, token)).statusCode).toBe(200);
      const res = await t.request({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'admin', password: SEED_ACCOUNTS.admin.password, ...(await captcha()) },
      });
      expect((res.json().result as LoginResult).userInfo.loginTenantId).toBe(1002);
      expect((await call('PUT', '/account/loginTenant', { tenantId: 999 }, token)).statusCode).toBe(403);
      await call('PUT', '/account/loginTenant', { tenantId: 1001 }, token);
    });
  });
});
