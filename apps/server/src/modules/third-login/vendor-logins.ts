import type { ThirdProviderConfig } from '../../lib/third-providers.js';

/**
 * The two providers common in Chinese government offices that do not follow OAuth 2 closely enough for
 * openid-client: each exchange is a few plain HTTPS calls. Both answer the user-info record whose fields the
 * provider's claims name (钉钉: unionId, nick, avatarUrl; 企业微信: userid).
 */

const TIMEOUT_MS = 5_000;

export const isVendorKind = (kind: ThirdProviderConfig['kind']): kind is 'dingtalk' | 'wecom' =>
  kind === 'dingtalk' || kind === 'wecom';

// Plain http only for a provider on this machine (development, tests); anything else must be https.
export const isLoopbackHttp = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);
const allowed = (url: string) => url.startsWith('https://') || isLoopbackHttp(url);

async function json(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  if (!allowed(url)) throw new Error(`refused non-https provider address ${url}`);
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  const body: unknown = await res.json();
  if (!body || typeof body !== 'object') throw new Error(`${new URL(url).pathname} answered no object`);
  return body as Record<string, unknown>;
}

/** Where the browser goes: the provider's own page with our client id, callback and state. */
export function vendorAuthorizationUrl(p: ThirdProviderConfig, redirectUri: string, state: string): string {
  const url = new URL(p.authorizationUrl ?? '');
  const params: Record<string, string> =
    p.kind === 'dingtalk'
      ? {
          client_id: p.clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: p.scopes,
          state,
          prompt: 'consent',
        }
      : {
          login_type: 'CorpApp',
          appid: p.clientId,
          agentid: p.agentId ?? '',
          redirect_uri: redirectUri,
          state,
        };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

async function dingtalkUser(p: ThirdProviderConfig, query: Record<string, string>) {
  // 钉钉 answers `authCode` (and, on newer pages, `code` too).
  const code = query.authCode ?? query.code;
  if (!code) throw new Error('no authCode');
  const token = await json(p.tokenUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: p.clientId, clientSecret: p.clientSecret, code, grantType: 'authorization_code' }),
  });
  if (typeof token.accessToken !== 'string') throw new Error('no accessToken');
  return json(p.userinfoUrl ?? '', { headers: { 'x-acs-dingtalk-access-token': token.accessToken } });
}

// 企业微信's application token lives two hours and its issue is rate-limited: one per application, reused.
const wecomTokens = new Map<string, { token: string; until: number }>();
const WECOM_TOKEN_INVALID = new Set([40014, 42001]);

async function wecomAppToken(p: ThirdProviderConfig, fresh: boolean): Promise<string> {
  const key = `${p.tokenUrl}|${p.clientId}|${p.agentId}`;
  const held = wecomTokens.get(key);
  if (!fresh && held && held.until > Date.now()) return held.token;
  const url = new URL(p.tokenUrl ?? '');
  url.searchParams.set('corpid', p.clientId);
  url.searchParams.set('corpsecret', p.clientSecret ?? '');
  const answer = await json(url.href);
  if (answer.errcode !== 0 || typeof answer.access_token !== 'string') throw new Error(`gettoken ${answer.errcode}`);
  const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
  wecomTokens.set(key, { token: answer.access_token, until: Date.now() + Math.max(60, seconds - 300) * 1000 });
  return answer.access_token;
}

async function wecomUser(p: ThirdProviderConfig, query: Record<string, string>) {
  if (!query.code) throw new Error('no code');
  for (const fresh of [false, true]) {
    const url = new URL(p.userinfoUrl ?? '');
    url.searchParams.set('access_token', await wecomAppToken(p, fresh));
    url.searchParams.set('code', query.code);
    const answer = await json(url.href);
    if (WECOM_TOKEN_INVALID.has(Number(answer.errcode)) && !fresh) continue;
    if (answer.errcode !== 0) throw new Error(`getuserinfo ${answer.errcode}`);
    // A visitor outside the organisation gets only an openid: not an identity this product binds.
    if (typeof answer.userid !== 'string' || !answer.userid) throw new Error('not a member of the organisation');
    return answer;
  }
  throw new Error('getuserinfo: application token refused');
}

/** The provider's record of the user who came back with this callback query. */
export function vendorUser(p: ThirdProviderConfig, query: Record<string, string>): Promise<Record<string, unknown>> {
  return p.kind === 'dingtalk' ? dingtalkUser(p, query) : wecomUser(p, query);
}
