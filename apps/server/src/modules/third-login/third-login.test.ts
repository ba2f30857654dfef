import {
  MSG,
  THIRD_LOGIN_MESSAGES as M,
  USER_STATUS,
  type LoginResult,
  type ThirdAccountView,
  type ThirdBindRequired,
} from '@district/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { startTestProvider, type TestProvider } from '../../test/oidc-test-provider.js';
import { maskParams } from '../../plugins/operation-log.js';

const REDIRECT = 'http://localhost/api/sys/thirdLogin/callback/oidc';
const PLAIN_REDIRECT = 'http://localhost/api/sys/thirdLogin/callback/plain';
const { admin: ADMIN, staff: STAFF } = SEED_ACCOUNTS;

describe.each(targets)('third-party login (OpenID Connect against oidc-provider) on $name', (target) => {
  let t: TestApp;
  let idp: TestProvider;
  let address = 0;
  let ip = '10.9.0.1';

  beforeAll(async () => {
    idp = await startTestProvider({
      clientId: 'district',
      clientSecret: 'district-secret',
      redirectUris: [REDIRECT, PLAIN_REDIRECT],
    });
    t = await startApp(target, {
      thirdLoginProviders: [
        {
          key: 'oidc',
          name: '统一身份认证',
          kind: 'oidc',
          issuer: idp.issuer,
          authorizationUrl: null,
          tokenUrl: null,
          userinfoUrl: null,
          clientId: 'district',
          clientSecret: 'district-secret',
          scopes: 'openid profile',
          redirectUris: [REDIRECT],
          subjectClaim: 'sub',
          nameClaim: 'name',
          avatarClaim: 'picture',
        },
        {
          // GitHub-style OAuth 2: no discovery, no nonce; the subject is read from the user-info answer.
          key: 'plain',
          name: '开放平台',
          kind: 'oauth2',
          issuer: null,
          authorizationUrl: `${idp.issuer}/auth`,
          tokenUrl: `${idp.issuer}/token`,
          userinfoUrl: `${idp.issuer}/me`,
          clientId: 'district-post',
          clientSecret: 'district-secret',
          scopes: 'openid profile',
          redirectUris: [PLAIN_REDIRECT],
          subjectClaim: 'sub',
          nameClaim: 'name',
          avatarClaim: 'picture',
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });
  beforeEach(() => {
    address += 1;
    ip = `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`;
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { payload?: object; token?: string; cookie?: string } = {},
  ) =>
    t.request({
      method,
      url,
      payload: opts.payload,
      token: opts.token,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      remoteAddress: ip,
    } as never);

  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0] ?? '';

  /** Leaves for the provider as a browser would (holding `cookie`): the authorization URL and the browser's cookie. */
  async function leave(query = '', cookie?: string) {
    const res = await call('GET', `/sys/thirdLogin/render/oidc${query}`, { cookie });
    expect(res.statusCode, res.body).toBe(302);
    return { authorization: String(res.headers.location), cookie: cookieOf(res) };
  }

  /** The whole trip: product → provider (signed in as `login`) → the product's callback. */
  async function roundTrip(login: string, query = '', browser?: string) {
    const { authorization, cookie } = await leave(query, browser);
    const back = await idp.signIn(authorization, login);
    expect(back.href.startsWith(REDIRECT)).toBe(true);
    const callbackPath = `${back.pathname.replace(/^\/api/, '')}${back.search}`;
    const res = await call('GET', callbackPath, { cookie });
    return { res, callbackPath, cookie, location: res.headers.location ? new URL(String(res.headers.location)) : null };
  }

  async function handOver(login: string) {
    const { location, cookie } = await roundTrip(login);
    expect(location?.pathname).toBe('/user/login');
    return {
      code: location?.searchParams.get('thirdCode') ?? '',
      type: location?.searchParams.get('thirdType'),
      cookie,
    };
  }

  /** An unbound identity at the login page's password form, in the browser that came back from the provider. */
  async function bindForm(login: string) {
    const { code, cookie } = await handOver(login);
    const res = await call('GET', `/sys/thirdLogin/getLoginUser/${code}/oidc`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return { bind: res.json().result as ThirdBindRequired, cookie };
  }

  /** 绑定 in 个人中心 up to the confirmation: the browser's cookie and the code 个人中心 receives. */
  async function centreTrip(token: string, login: string) {
    const start = await call('GET', '/sys/thirdLogin/bindStart/oidc', { token });
    expect(start.statusCode, start.body).toBe(200);
    const cookie = cookieOf(start);
    expect(start.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Lax/);
    const ticket = start.json().result.bindTicket as string;
    const trip = await roundTrip(login, `?bindTicket=${ticket}`, cookie);
    expect(trip.cookie).toBe(cookie);
    expect(trip.location?.pathname).toBe('/user/info');
    const hash = new URLSearchParams(trip.location?.hash.slice(1));
    return { cookie, ticket, code: hash.get('thirdBindCode') ?? '', failure: hash.get('thirdBind') };
  }

  const userIdOf = async (username: string) =>
    (
      await t.app.ctx.db.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  const bindingsOf = async (username: string) =>
    t.app.ctx.db.db
      .selectFrom('sysThirdAccount')
      .select(['subject', 'thirdType'])
      .where('userId', '=', await userIdOf(username))
      .execute();

  it('lists the configured providers for the login page, without their secrets', async () => {
    const res = await call('GET', '/sys/thirdLogin/providers');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      { key: 'oidc', name: '统一身份认证' },
      { key: 'plain', name: '开放平台' },
    ]);
    expect(res.body).not.toContain('district-secret');
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, on an allowed callback only', async () => {
    const { authorization, cookie } = await leave();
    const url = new URL(authorization);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(cookie).toMatch(/^da_third=[\w-]+$/);

    const evil = await call(
      'GET',
      `/sys/thirdLogin/render/oidc?redirect_uri=${encodeURIComponent('https://evil.example.com/cb')}`,
    );
    expect(evil.statusCode).toBe(400);
    expect(evil.json().message).toBe(M.redirectNotAllowed);
    const unknown = await call('GET', '/sys/thirdLogin/render/wechat_enterprise');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.providerUnknown);
  });

  /** A refused callback sends the browser to the login page with the message (no raw JSON page). */
  const refusedTo = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.pathname).toBe('/user/login');
    return to.searchParams.get('thirdError');
  };

  it('refuses a replayed callback, and a callback from another browser', async () => {
    const first = await roundTrip('replay-user');
    expect(first.res.statusCode).toBe(302);
    const again = await call('GET', first.callbackPath, { cookie: first.cookie });
    expect(refusedTo(again)).toBe(M.stateInvalid);

    const { authorization } = await leave();
    const back = await idp.signIn(authorization, 'other-browser');
    const foreign = await call('GET', `${back.pathname.replace(/^\/api/, '')}${back.search}`, {
      cookie: 'da_third=someone-elses-cookie',
    });
    expect(refusedTo(foreign)).toBe(M.stateBrowser);

    // A cookie that is not even percent-decodable is a foreign browser, not a fault.
    const garbled = await roundTrip('garbled-cookie');
    const fresh = await leave();
    const freshBack = await idp.signIn(fresh.authorization, 'garbled-cookie');
    const broken = await call('GET', `${freshBack.pathname.replace(/^\/api/, '')}${freshBack.search}`, {
      cookie: 'da_third=%E0%A4%A',
    });
    expect(refusedTo(broken)).toBe(M.stateBrowser);
    const code = garbled.location?.searchParams.get('thirdCode') ?? '';
    const redeem = await call('GET', `/sys/thirdLogin/getLoginUser/${code}/oidc`, { cookie: 'da_third=%E0%A4%A' });
    expect(redeem.statusCode).toBe(400);
    expect(redeem.json().message).toBe(M.stateBrowser);
  });

  it('binds an unlinked identity only after the password, counting a wrong one, then signs in directly', async () => {
    const { code, type, cookie } = await handOver('ext-staff');
    expect(type).toBe('oidc');
    const bindRes = await call('GET', `/sys/thirdLogin/getLoginUser/${code}/oidc`, { cookie });
    expect(bindRes.statusCode).toBe(200);
    const bind = bindRes.json().result as ThirdBindRequired;
    expect(bind).toMatchObject({
      bindRequired: true,
      thirdType: 'oidc',
      displayName: '外部用户 ext-staff',
      subject: 'ext-staff',
    });
    expect(bind).not.toHaveProperty('token');
    // The hand-over code works once.
    const replay = await call('GET', `/sys/thirdLogin/getLoginUser/${code}/oidc`, { cookie });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(M.handOverInvalid);

    const wrong = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: STAFF.username, password: 'Wrong@2026' },
      cookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.loginFailed);
    expect(await t.app.ctx.kv.get(`login:fail:user:${STAFF.username}`)).toBe('1');
    expect(await t.app.ctx.kv.get(`login:fail:ip:${ip}`)).toBe('1');

    const right = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: STAFF.username, password: STAFF.password },
      cookie,
    });
    expect(right.statusCode, right.body).toBe(200);
    const login = right.json().result as LoginResult;
    expect(login.userInfo.username).toBe(STAFF.username);
    // The bind code is spent with the successful bind.
    const reuse = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: STAFF.username, password: STAFF.password },
      cookie,
    });
    expect(reuse.json().message).toBe(M.bindTokenInvalid);

    const mine = (await call('GET', '/sys/thirdLogin/mine', { token: login.token })).json()
      .result as ThirdAccountView[];
    expect(mine).toMatchObject([
      { thirdType: 'oidc', providerName: '统一身份认证', subject: 'ext-staff', displayName: '外部用户 ext-staff' },
    ]);

    // Next time the same identity signs straight in, with the same result shape as the password login.
    const next = await handOver('ext-staff');
    const direct = await call('GET', `/sys/thirdLogin/getLoginUser/${next.code}/oidc`, { cookie: next.cookie });
    expect(direct.statusCode).toBe(200);
    const result = direct.json().result as LoginResult;
    expect(result.userInfo.username).toBe(STAFF.username);
    expect(Object.keys(result).sort()).toEqual(Object.keys(login).sort());
    const me = await call('GET', '/sys/thirdLogin/mine', { token: result.token });
    expect(me.statusCode).toBe(200);
    expect(
      (await call('GET', `/sys/thirdLogin/getLoginUser/${next.code}/oidc`, { cookie: next.cookie })).statusCode,
    ).toBe(400);

    // Another provider key cannot redeem a code, and a second account cannot take the bound identity.
    const stolen = await handOver('ext-staff');
    const other = await call('GET', `/sys/thirdLogin/getLoginUser/${stolen.code}/plain`, { cookie: stolen.cookie });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(M.handOverInvalid);

    // The user unbinds it; the identity asks for a password again.
    const id = (mine[0] as ThirdAccountView).id;
    const gone = await call('DELETE', `/sys/thirdLogin/mine?id=${id}`, { token: result.token });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(M.unbound);
    const after = await handOver('ext-staff');
    const again = (
      await call('GET', `/sys/thirdLogin/getLoginUser/${after.code}/oidc`, { cookie: after.cookie })
    ).json().result;
    expect(again.bindRequired).toBe(true);
  });

  it('binds to the signed-in user from the personal centre; administrators see and remove bindings', async () => {
    const staffToken = await t.login(STAFF.username, STAFF.password);
    const adminToken = await t.login(ADMIN.username, ADMIN.password);
    const trip = await centreTrip(staffToken, 'centre-user');
    expect(trip.failure).toBeNull();
    // Back from the provider nothing is bound yet: 个人中心 shows both sides and waits for the user's confirmation.
    expect(await bindingsOf(STAFF.username)).toEqual([]);
    const preview = await call('GET', `/sys/thirdLogin/bindPending?bindToken=${trip.code}&_t=1764000000`, {
      token: staffToken,
      cookie: trip.cookie,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().result).toEqual({
      thirdType: 'oidc',
      providerName: '统一身份认证',
      displayName: '外部用户 centre-user',
      subject: 'centre-user',
      username: STAFF.username,
      realname: STAFF.realname,
    });
    const confirmed = await call('POST', '/sys/thirdLogin/bindConfirm', {
      payload: { bindToken: trip.code },
      token: staffToken,
      cookie: trip.cookie,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(M.bound);
    expect(await bindingsOf(STAFF.username)).toEqual([{ subject: 'centre-user', thirdType: 'oidc' }]);
    // The ticket and the confirmation were single-use.
    const replay = await call('GET', `/sys/thirdLogin/render/oidc?bindTicket=${trip.ticket}`, { cookie: trip.cookie });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(M.bindTicketInvalid);
    const again = await call('POST', '/sys/thirdLogin/bindConfirm', {
      payload: { bindToken: trip.code },
      token: staffToken,
      cookie: trip.cookie,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.bindTicketInvalid);

    // The same identity cannot be bound to a second account.
    const taken = await centreTrip(adminToken, 'centre-user');
    expect(taken.failure).toBe(M.alreadyBoundOther);
    expect(taken.code).toBe('');

    const staffId = await userIdOf(STAFF.username);
    const forbidden = await call('GET', `/sys/thirdLogin/userAccounts?userId=${staffId}`, { token: staffToken });
    expect(forbidden.statusCode).toBe(403);
    const list = await call('GET', `/sys/thirdLogin/userAccounts?userId=${staffId}&_t=1764000000`, {
      token: adminToken,
    });
    const rows = list.json().result as ThirdAccountView[];
    expect(rows.map((r) => r.subject)).toEqual(['centre-user']);
    const removed = await call('DELETE', `/sys/thirdLogin/userAccounts?id=${rows[0]?.id}`, { token: adminToken });
    expect(removed.statusCode).toBe(200);
    const empty = await call('GET', '/sys/thirdLogin/mine', { token: staffToken });
    expect(empty.json().result).toEqual([]);
    // A user of another tenant is out of the administrator's reach.
    const { userId: outsider, token: outsiderToken } = await createTestUser(t, {
      username: 'third_outsider',
      password: 'Outsider#2026',
      tenants: [990001],
    });
    const outsiderTrip = await centreTrip(outsiderToken, 'outsider-user');
    const outsiderBound = await call('POST', '/sys/thirdLogin/bindConfirm', {
      payload: { bindToken: outsiderTrip.code },
      token: outsiderToken,
      cookie: outsiderTrip.cookie,
    });
    expect(outsiderBound.statusCode).toBe(200);
    const [outsiderRow] = (await call('GET', '/sys/thirdLogin/mine', { token: outsiderToken })).json()
      .result as ThirdAccountView[];
    const hidden = await call('GET', `/sys/thirdLogin/userAccounts?userId=${outsider}`, { token: adminToken });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(M.userNotFound);
    const untouched = await call('DELETE', `/sys/thirdLogin/userAccounts?id=${outsiderRow?.id}`, { token: adminToken });
    expect(untouched.statusCode).toBe(404);
    expect((await call('GET', '/sys/thirdLogin/mine', { token: outsiderToken })).json().result).toHaveLength(1);

    const bad = await call('GET', `/sys/thirdLogin/userAccounts?userId=${encodeURIComponent("x' or 1=1")}`, {
      token: adminToken,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a bind link opened in another browser: the ticket is single-use, for its provider, and binds nothing', async () => {
    const staffToken = await t.login(STAFF.username, STAFF.password);
    const start = await call('GET', '/sys/thirdLogin/bindStart/oidc', { token: staffToken });
    const mine = cookieOf(start);
    const ticket = start.json().result.bindTicket as string;
    // Someone else's browser opens the link: without a cookie, or with its own.
    const bare = await call('GET', `/sys/thirdLogin/render/oidc?bindTicket=${ticket}`);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(M.bindForeign);
    expect(bare.headers['set-cookie']).toBeUndefined();
    const theirs = (await leave()).cookie;
    const second = await call('GET', '/sys/thirdLogin/bindStart/oidc', { token: staffToken, cookie: mine });
    expect(cookieOf(second)).toBe(mine);
    const foreign = await call('GET', `/sys/thirdLogin/render/oidc?bindTicket=${second.json().result.bindTicket}`, {
      cookie: theirs,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(M.bindForeign);
    // Tried once: not even the browser that asked for them can use these tickets now.
    for (const used of [ticket, second.json().result.bindTicket as string]) {
      const replay = await call('GET', `/sys/thirdLogin/render/oidc?bindTicket=${used}`, { cookie: mine });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(M.bindTicketInvalid);
    }
    // A ticket for one provider does not start another's sign-in.
    const third = await call('GET', '/sys/thirdLogin/bindStart/oidc', { token: staffToken, cookie: mine });
    const swapped = await call('GET', `/sys/thirdLogin/render/plain?bindTicket=${third.json().result.bindTicket}`, {
      cookie: mine,
    });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().message).toBe(M.bindTicketInvalid);
    expect(await bindingsOf(STAFF.username)).toEqual([]);
  });

  it('binds from 个人中心 only when the browser and the session that started it confirm', async () => {
    const staffToken = await t.login(STAFF.username, STAFF.password);
    const otherSession = await t.login(STAFF.username, STAFF.password);
    const adminToken = await t.login(ADMIN.username, ADMIN.password);
    const confirm = (code: string, token: string, cookie?: string) =>
      call('POST', '/sys/thirdLogin/bindConfirm', { payload: { bindToken: code }, token, cookie });

    // Confirmed without the browser's cookie (the code carried elsewhere): refused, and the code is gone.
    const first = await centreTrip(staffToken, 'confirm-user');
    const noCookie = await confirm(first.code, staffToken);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().message).toBe(M.bindForeign);
    expect((await confirm(first.code, staffToken, first.cookie)).json().message).toBe(M.bindTicketInvalid);

    // The same user's other session, and another user, in the right browser: refused; a look destroys it too.
    const second = await centreTrip(staffToken, 'confirm-user');
    expect((await confirm(second.code, otherSession, second.cookie)).json().message).toBe(M.bindForeign);
    const third = await centreTrip(staffToken, 'confirm-user');
    const peek = await call('GET', `/sys/thirdLogin/bindPending?bindToken=${third.code}`, {
      token: adminToken,
      cookie: third.cookie,
    });
    expect(peek.statusCode).toBe(400);
    expect(peek.json().message).toBe(M.bindForeign);
    expect(peek.body).not.toContain('confirm-user');
    expect((await confirm(third.code, staffToken, third.cookie)).json().message).toBe(M.bindTicketInvalid);
    expect(await bindingsOf(STAFF.username)).toEqual([]);
    expect(await bindingsOf(ADMIN.username)).toEqual([]);

    const malformed = await confirm('x', staffToken, third.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(M.bindTicketInvalid);
    expect((await call('POST', '/sys/thirdLogin/bindConfirm', { payload: { bindToken: third.code } })).statusCode).toBe(
      401,
    );
  });

  it('signs nobody in and binds nothing when a hand-over or bind code reaches another browser (login CSRF)', async () => {
    // Someone binds their own identity to their own account, then carries a fresh hand-over code to a victim.
    const { bind, cookie } = await bindForm('csrf-attacker');
    const own = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: ADMIN.username, password: ADMIN.password },
      cookie,
    });
    expect(own.statusCode).toBe(200);
    const planted = await handOver('csrf-attacker');
    const victim = (await leave()).cookie;
    for (const browser of [undefined, victim]) {
      const fresh = browser ? planted : await handOver('csrf-attacker');
      const res = await call('GET', `/sys/thirdLogin/getLoginUser/${fresh.code}/oidc`, { cookie: browser });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.stateBrowser);
      expect(res.body).not.toContain('"token"');
      // Spent: not even its own browser can use it afterwards.
      const later = await call('GET', `/sys/thirdLogin/getLoginUser/${fresh.code}/oidc`, { cookie: fresh.cookie });
      expect(later.json().message).toBe(M.handOverInvalid);
    }

    // An unbound identity's password form carried to a victim, who types their own password: nothing is bound,
    // and the password is not even checked.
    const unbound = await handOver('csrf-unbound');
    const form = await call('GET', `/sys/thirdLogin/getLoginUser/${unbound.code}/oidc`, { cookie: victim });
    expect(form.json().message).toBe(M.stateBrowser);
    const carried = await bindForm('csrf-unbound');
    const victimBind = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: carried.bind.bindToken, username: STAFF.username, password: 'Wrong@2026' },
      cookie: victim,
    });
    expect(victimBind.statusCode).toBe(400);
    expect(victimBind.json().message).toBe(M.stateBrowser);
    expect(await t.app.ctx.kv.get(`login:fail:user:${STAFF.username}`)).toBeNull();
    const afterwards = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: carried.bind.bindToken, username: STAFF.username, password: STAFF.password },
      cookie: carried.cookie,
    });
    expect(afterwards.json().message).toBe(M.bindTokenInvalid);
    expect(await bindingsOf(STAFF.username)).toEqual([]);
  });

  it('turns the provider refusing into a message on the login page', async () => {
    const { authorization, cookie } = await leave();
    const state = new URL(authorization).searchParams.get('state') ?? '';
    const res = await call('GET', `/sys/thirdLogin/callback/oidc?error=access_denied&state=${state}`, { cookie });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/user/login');
    expect(location.searchParams.get('thirdError')).toBe(M.providerDenied);
  });

  it('signs in through a plain OAuth 2 provider (named endpoints, the subject from the user info)', async () => {
    const res = await call('GET', '/sys/thirdLogin/render/plain');
    expect(res.statusCode, res.body).toBe(302);
    const authorization = new URL(String(res.headers.location));
    expect(authorization.searchParams.get('nonce')).toBeNull();
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    const back = await idp.signIn(authorization.href, 'plain-user');
    expect(back.href.startsWith(PLAIN_REDIRECT)).toBe(true);
    const done = await call('GET', `${back.pathname.replace(/^\/api/, '')}${back.search}`, { cookie });
    expect(done.statusCode, done.body).toBe(302);
    const location = new URL(String(done.headers.location));
    expect(location.searchParams.get('thirdType')).toBe('plain');
    const code = location.searchParams.get('thirdCode') ?? '';
    const outcome = (await call('GET', `/sys/thirdLogin/getLoginUser/${code}/plain`, { cookie })).json()
      .result as ThirdBindRequired;
    expect(outcome).toMatchObject({ bindRequired: true, providerName: '开放平台', displayName: '外部用户 plain-user' });
  });

  it('refuses a bound identity whose account has been frozen', async () => {
    const { userId } = await createTestUser(t, { username: 'third_frozen', password: 'Frozen#2026', tenants: [1001] });
    const { bind, cookie } = await bindForm('frozen-ext');
    const bound = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: 'third_frozen', password: 'Frozen#2026' },
      cookie,
    });
    expect(bound.statusCode).toBe(200);
    await t.app.ctx.db.db.updateTable('sysUser').set({ status: USER_STATUS.frozen }).where('id', '=', userId).execute();
    const next = await handOver('frozen-ext');
    const refused = await call('GET', `/sys/thirdLogin/getLoginUser/${next.code}/oidc`, { cookie: next.cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.accountFrozen);
  });
});

describe('the bind token in the operation log', () => {
  it('is masked like other tokens', () => {
    expect(maskParams({ bindToken: 'secret-value', username: 'staff' })).toEqual({
      bindToken: '******',
      username: 'staff',
    });
  });
});
