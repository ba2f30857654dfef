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

describe.each(targets)('third-party login on $name', (target) => {
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

  /** Leaves for the provider as a browser would: the authorization URL and the cookie the product set. */
  async function leave(query = '') {
    const res = await call('GET', `/sys/thirdLogin/render/oidc${query}`);
    expect(res.statusCode, res.body).toBe(302);
    const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    return { authorization: String(res.headers.location), cookie };
  }

  /** The whole trip: product → provider (signed in as `login`) → the product's callback. */
  async function roundTrip(login: string, query = '') {
    const { authorization, cookie } = await leave(query);
    const back = await idp.signIn(authorization, login);
    expect(back.href.startsWith(REDIRECT)).toBe(true);
    const callbackPath = `${back.pathname.replace(/^\/api/, '')}${back.search}`;
    const res = await call('GET', callbackPath, { cookie });
    return { res, callbackPath, cookie, location: res.headers.location ? new URL(String(res.headers.location)) : null };
  }

  async function handOver(login: string) {
    const { location } = await roundTrip(login);
    expect(location?.pathname).toBe('/user/login');
    return { code: location?.searchParams.get('thirdCode') ?? '', type: location?.searchParams.get('thirdType') };
  }

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

  it('refuses a replayed callback, and a callback from another browser', async () => {
    const first = await roundTrip('replay-user');
    expect(first.res.statusCode).toBe(302);
    const again = await call('GET', first.callbackPath, { cookie: first.cookie });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.stateInvalid);

    const { authorization } = await leave();
    const back = await idp.signIn(authorization, 'other-browser');
    const foreign = await call('GET', `${back.pathname.replace(/^\/api/, '')}${back.search}`, {
      cookie: 'da_third=someone-elses-cookie',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(M.stateBrowser);
  });

  it('binds an unlinked identity only after the password, counting a wrong one, then signs in directly', async () => {
    const { code, type } = await handOver('ext-staff');
    expect(type).toBe('oidc');
    const bindRes = await call('GET', `/sys/thirdLogin/getLoginUser/${code}/oidc`);
    expect(bindRes.statusCode).toBe(200);
    const bind = bindRes.json().result as ThirdBindRequired;
    expect(bind).toMatchObject({ bindRequired: true, thirdType: 'oidc', displayName: '外部用户 ext-staff' });
    expect(bind).not.toHaveProperty('token');
    // The hand-over code works once.
    const replay = await call('GET', `/sys/thirdLogin/getLoginUser/${code}/oidc`);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(M.handOverInvalid);

    const wrong = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: STAFF.username, password: 'Wrong@2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.loginFailed);
    expect(await t.app.ctx.kv.get(`login:fail:user:${STAFF.username}`)).toBe('1');
    expect(await t.app.ctx.kv.get(`login:fail:ip:${ip}`)).toBe('1');

    const right = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: STAFF.username, password: STAFF.password },
    });
    expect(right.statusCode, right.body).toBe(200);
    const login = right.json().result as LoginResult;
    expect(login.userInfo.username).toBe(STAFF.username);
    // The bind code is spent with the successful bind.
    const reuse = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: STAFF.username, password: STAFF.password },
    });
    expect(reuse.json().message).toBe(M.bindTokenInvalid);

    const mine = (await call('GET', '/sys/thirdLogin/mine', { token: login.token })).json()
      .result as ThirdAccountView[];
    expect(mine).toMatchObject([
      { thirdType: 'oidc', providerName: '统一身份认证', subject: 'ext-staff', displayName: '外部用户 ext-staff' },
    ]);

    // Next time the same identity signs straight in, with the same result shape as the password login.
    const next = await handOver('ext-staff');
    const direct = await call('GET', `/sys/thirdLogin/getLoginUser/${next.code}/oidc`);
    expect(direct.statusCode).toBe(200);
    const result = direct.json().result as LoginResult;
    expect(result.userInfo.username).toBe(STAFF.username);
    expect(Object.keys(result).sort()).toEqual(Object.keys(login).sort());
    const me = await call('GET', '/sys/thirdLogin/mine', { token: result.token });
    expect(me.statusCode).toBe(200);
    expect((await call('GET', `/sys/thirdLogin/getLoginUser/${next.code}/oidc`)).statusCode).toBe(400);

    // Another provider key cannot redeem a code, and a second account cannot take the bound identity.
    const stolen = await handOver('ext-staff');
    expect((await call('GET', `/sys/thirdLogin/getLoginUser/${stolen.code}/github`)).statusCode).toBe(400);

    // The user unbinds it; the identity asks for a password again.
    const id = (mine[0] as ThirdAccountView).id;
    const gone = await call('DELETE', `/sys/thirdLogin/mine?id=${id}`, { token: result.token });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(M.unbound);
    const after = await handOver('ext-staff');
    const again = (await call('GET', `/sys/thirdLogin/getLoginUser/${after.code}/oidc`)).json().result;
    expect(again.bindRequired).toBe(true);
  });

  it('binds to the signed-in user from the personal centre; administrators see and remove bindings', async () => {
    const staffToken = await t.login(STAFF.username, STAFF.password);
    const adminToken = await t.login(ADMIN.username, ADMIN.password);
    const start = await call('GET', '/sys/thirdLogin/bindStart/oidc', { token: staffToken });
    expect(start.statusCode).toBe(200);
    const ticketQuery = `?bindTicket=${start.json().result.bindTicket as string}`;
    const { location } = await roundTrip('centre-user', ticketQuery);
    expect(location?.pathname).toBe('/user/info');
    expect(new URLSearchParams(location?.hash.slice(1)).get('thirdBind')).toBe('ok');
    // The ticket was single-use.
    const replay = await call('GET', `/sys/thirdLogin/render/oidc${ticketQuery}`);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(M.bindTicketInvalid);

    // The same identity cannot be bound to a second account.
    const adminStart = await call('GET', '/sys/thirdLogin/bindStart/oidc', { token: adminToken });
    const taken = await roundTrip('centre-user', `?bindTicket=${adminStart.json().result.bindTicket as string}`);
    expect(new URLSearchParams(taken.location?.hash.slice(1)).get('thirdBind')).toBe(M.alreadyBoundOther);

    const staffId = (
      await t.app.ctx.db.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', STAFF.username)
        .executeTakeFirstOrThrow()
    ).id;
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
    const outsiderStart = await call('GET', '/sys/thirdLogin/bindStart/oidc', { token: outsiderToken });
    await roundTrip('outsider-user', `?bindTicket=${outsiderStart.json().result.bindTicket as string}`);
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
    const outcome = (await call('GET', `/sys/thirdLogin/getLoginUser/${code}/plain`)).json()
      .result as ThirdBindRequired;
    expect(outcome).toMatchObject({ bindRequired: true, providerName: '开放平台', displayName: '外部用户 plain-user' });
  });

  it('refuses a bound identity whose account has been frozen', async () => {
    const { userId } = await createTestUser(t, { username: 'third_frozen', password: 'Frozen#2026', tenants: [1001] });
    const first = await handOver('frozen-ext');
    const bind = (await call('GET', `/sys/thirdLogin/getLoginUser/${first.code}/oidc`)).json()
      .result as ThirdBindRequired;
    const bound = await call('POST', '/sys/thirdLogin/bindLogin', {
      payload: { bindToken: bind.bindToken, username: 'third_frozen', password: 'Frozen#2026' },
    });
    expect(bound.statusCode).toBe(200);
    await t.app.ctx.db.db.updateTable('sysUser').set({ status: USER_STATUS.frozen }).where('id', '=', userId).execute();
    const next = await handOver('frozen-ext');
    const refused = await call('GET', `/sys/thirdLogin/getLoginUser/${next.code}/oidc`);
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
