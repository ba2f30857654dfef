import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { THIRD_LOGIN_MESSAGES as M, type ThirdBindRequired } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import type { ThirdProviderConfig } from '../../lib/third-providers.js';

const CALLBACK = 'http://localhost/api/sys/thirdLogin/callback/';

/** A local stand-in for api.dingtalk.com and qyapi.weixin.qq.com that records what the product asked. */
interface Seen {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

function startVendors() {
  const seen: Seen[] = [];
  const state = { wecomToken: 'app-token-1', tokensIssued: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body });
      const send = (status: number, value: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/ding/token') {
        const input = JSON.parse(body || '{}') as Record<string, string>;
        if (input.clientSecret !== 'ding-secret' || input.code !== 'AUTH-1') return send(400, { code: 'invalid' });
        return send(200, { accessToken: 'ding-user-token', expireIn: 7200 });
      }
      if (url.pathname === '/ding/me') {
        if (req.headers['x-acs-dingtalk-access-token'] !== 'ding-user-token') return send(401, { code: 'auth' });
        return send(200, { unionId: 'union-42', nick: '钉钉用户', avatarUrl: 'https://static.example/a.png' });
      }
      if (url.pathname === '/wecom/gettoken') {
        if (url.searchParams.get('corpsecret') !== 'wecom-secret') return send(200, { errcode: 40001 });
        state.tokensIssued += 1;
        return send(200, { errcode: 0, access_token: state.wecomToken, expires_in: 7200 });
      }
      if (url.pathname === '/wecom/getuserinfo') {
        if (url.searchParams.get('access_token') !== state.wecomToken) return send(200, { errcode: 42001 });
        const code = url.searchParams.get('code');
        if (code === 'OUTSIDER') return send(200, { errcode: 0, openid: 'o-outsider' });
        return send(200, { errcode: 0, userid: `member-${code}` });
      }
      send(404, {});
    });
  });
  return new Promise<{ base: string; seen: Seen[]; state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        seen,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

const provider = (over: Partial<ThirdProviderConfig>): ThirdProviderConfig => ({
  key: 'x',
  name: 'x',
  kind: 'oauth2',
  issuer: null,
  authorizationUrl: null,
  tokenUrl: null,
  userinfoUrl: null,
  clientId: '',
  clientSecret: null,
  scopes: 'openid',
  redirectUris: [],
  subjectClaim: 'sub',
  nameClaim: 'name',
  avatarClaim: 'picture',
  ...over,
});

describe('钉钉 and 企业微信 login (against local fakes of their APIs: neither has a local counterpart)', () => {
  let t: TestApp;
  let vendors: Awaited<ReturnType<typeof startVendors>>;

  beforeAll(async () => {
    vendors = await startVendors();
    const b = vendors.base;
    t = await startApp(targets[0]!, {
      thirdLoginProviders: [
        provider({
          key: 'dingtalk',
          name: '钉钉',
          kind: 'dingtalk',
          authorizationUrl: 'https://login.dingtalk.com/oauth2/auth',
          tokenUrl: `${b}/ding/token`,
          userinfoUrl: `${b}/ding/me`,
          clientId: 'ding-app',
          clientSecret: 'ding-secret',
          redirectUris: [`${CALLBACK}dingtalk`],
          subjectClaim: 'unionId',
          nameClaim: 'nick',
          avatarClaim: 'avatarUrl',
        }),
        provider({
          key: 'wecom',
          name: '企业微信',
          kind: 'wecom',
          authorizationUrl: 'https://login.work.weixin.qq.com/wwlogin/sso/login',
          tokenUrl: `${b}/wecom/gettoken`,
          userinfoUrl: `${b}/wecom/getuserinfo`,
          clientId: 'ww-corp',
          clientSecret: 'wecom-secret',
          agentId: '1000002',
          scopes: 'snsapi_base',
          redirectUris: [`${CALLBACK}wecom`],
          subjectClaim: 'userid',
          nameClaim: 'userid',
          avatarClaim: 'avatar',
        }),
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    await vendors?.close();
  });

  /** Leaves for the provider and comes back with `answer` as the provider's query; the product's redirect. */
  async function trip(key: string, answer: (state: string) => string) {
    const out = await t.request({ method: 'GET', url: `/sys/thirdLogin/render/${key}` });
    expect(out.statusCode, out.body).toBe(302);
    const authorization = new URL(String(out.headers.location));
    const cookie = String(out.headers['set-cookie']).split(';')[0] ?? '';
    const state = authorization.searchParams.get('state') ?? '';
    const back = await t.request({
      method: 'GET',
      url: `/sys/thirdLogin/callback/${key}?${answer(state)}`,
      headers: { cookie },
    } as never);
    expect(back.statusCode, back.body).toBe(302);
    return { authorization, location: new URL(String(back.headers.location)), cookie };
  }

  /** The login page's redemption, from the browser that came back (the hand-over is tied to it). */
  const redeem = async ({ location, cookie }: { location: URL; cookie: string }) => {
    const res = await t.request({
      method: 'GET',
      url: `/sys/thirdLogin/getLoginUser/${location.searchParams.get('thirdCode')}/${location.searchParams.get('thirdType')}`,
      headers: { cookie },
    } as never);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as ThirdBindRequired;
  };

  it('钉钉: its own login page, the JSON token call with the authCode, the user read with its header', async () => {
    const back = await trip('dingtalk', (state) => `authCode=AUTH-1&state=${state}`);
    const { authorization, location } = back;
    expect(authorization.origin + authorization.pathname).toBe('https://login.dingtalk.com/oauth2/auth');
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: 'ding-app',
      redirect_uri: `${CALLBACK}dingtalk`,
      response_type: 'code',
      prompt: 'consent',
    });
    const token = vendors.seen.find((s) => s.path === '/ding/token')!;
    expect(JSON.parse(token.body)).toEqual({
      clientId: 'ding-app',
      clientSecret: 'ding-secret',
      code: 'AUTH-1',
      grantType: 'authorization_code',
    });
    expect(location.pathname).toBe('/user/login');
    expect(await redeem(back)).toMatchObject({ bindRequired: true, providerName: '钉钉', displayName: '钉钉用户' });
  });

  it('钉钉: a code the provider refuses comes back to the login page as a message, nothing bound', async () => {
    const { location } = await trip('dingtalk', (state) => `authCode=WRONG&state=${state}`);
    expect(location.searchParams.get('thirdError')).toBe(M.providerFailed);
  });

  it('企业微信: the CorpApp login page; one application token, renewed when refused; outsiders turned away', async () => {
    const first = await trip('wecom', (state) => `code=A1&state=${state}`);
    expect(Object.fromEntries(first.authorization.searchParams)).toMatchObject({
      login_type: 'CorpApp',
      appid: 'ww-corp',
      agentid: '1000002',
      redirect_uri: `${CALLBACK}wecom`,
    });
    expect(await redeem(first)).toMatchObject({ bindRequired: true, displayName: 'member-A1' });
    const second = await trip('wecom', (state) => `code=A2&state=${state}`);
    expect(await redeem(second)).toMatchObject({ displayName: 'member-A2' });
    expect(vendors.state.tokensIssued).toBe(1);

    // The provider rotates its token (errcode 42001): the product asks for a new one once and goes on.
    vendors.state.wecomToken = 'app-token-2';
    const third = await trip('wecom', (state) => `code=A3&state=${state}`);
    expect(await redeem(third)).toMatchObject({ displayName: 'member-A3' });
    expect(vendors.state.tokensIssued).toBe(2);

    const outsider = await trip('wecom', (state) => `code=OUTSIDER&state=${state}`);
    expect(outsider.location.searchParams.get('thirdError')).toBe(M.providerFailed);
  });
});
