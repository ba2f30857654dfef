import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { THIRD_LOGIN_LIMITS, THIRD_LOGIN_MESSAGES as M } from '@district/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../lib/http.js';
import { isLoopbackHttp, isVendorKind, vendorAuthorizationUrl, vendorUser } from './vendor-logins.js';
import type { ThirdProviderConfig } from '../../lib/third-providers.js';

/** What the provider vouched for. */
export interface ThirdIdentity {
  subject: string;
  displayName: string | null;
  avatar: string | null;
}

/** The one-use record between leaving for the provider and coming back, keyed by `state`. */
interface StateRecord {
  key: string;
  verifier: string;
  nonce: string | null;
  redirectUri: string;
  /** Fingerprint of the browser's `da_third` key: the callback must come from the same browser. */
  browser: string;
  /** Set when a signed-in user binds from the personal centre: who, and the SHA-256 of the session's token. */
  bind: { userId: string; session: string } | null;
}

export const BROWSER_COOKIE = 'da_third';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
export const randomCode = () => randomBytes(24).toString('base64url');
/** What a record keeps of the browser key: the key itself never leaves the browser's HttpOnly cookie. */
export const browserFingerprint = sha256;

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's openid-client configuration; discovery once per process, retried after a failure. */
function configurationOf(p: ThirdProviderConfig): Promise<oidc.Configuration> {
  const cacheKey = `${p.key}|${p.issuer ?? p.authorizationUrl}|${p.clientId}`;
  let found = configurations.get(cacheKey);
  if (!found) {
    found = (async () => {
      const insecure = isLoopbackHttp(p.issuer ?? p.tokenUrl ?? '');
      if (p.kind === 'oidc') {
        return oidc.discovery(
          new URL(p.issuer ?? ''),
          p.clientId,
          undefined,
          p.clientSecret ? oidc.ClientSecretBasic(p.clientSecret) : oidc.None(),
          { timeout: 5, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
        );
      }
      const config = new oidc.Configuration(
        {
          issuer: new URL(p.authorizationUrl ?? '').origin,
          authorization_endpoint: p.authorizationUrl ?? '',
          token_endpoint: p.tokenUrl ?? '',
          userinfo_endpoint: p.userinfoUrl ?? '',
        },
        p.clientId,
        undefined,
        p.clientSecret ? oidc.ClientSecretPost(p.clientSecret) : oidc.None(),
      );
      config.timeout = 5;
      if (insecure) oidc.allowInsecureRequests(config);
      return config;
    })();
    found.catch(() => configurations.delete(cacheKey));
    configurations.set(cacheKey, found);
  }
  return found.catch(() => {
    throw new ApiError(502, M.providerUnreachable);
  });
}

/**
 * The provider's authorization URL with state, PKCE (S256) and, for OpenID Connect, a nonce; the record is kept
 * in the shared store for 10 minutes and tied to the browser's key (the caller holds it in the browser's cookie).
 */
export async function beginLogin(
  ctx: AppContext,
  p: ThirdProviderConfig,
  redirectUri: string,
  browserKey: string,
  bind: StateRecord['bind'],
): Promise<string> {
  const state = oidc.randomState();
  const save = (record: Omit<StateRecord, 'key' | 'redirectUri' | 'browser' | 'bind'>) =>
    ctx.kv.set(
      `third:state:${state}`,
      JSON.stringify({ ...record, key: p.key, redirectUri, browser: sha256(browserKey), bind } satisfies StateRecord),
      THIRD_LOGIN_LIMITS.stateTtlMs,
    );
  if (isVendorKind(p.kind)) {
    // Neither 钉钉 nor 企业微信 takes PKCE: the single-use state tied to this browser carries the protection.
    await save({ verifier: '', nonce: null });
    return vendorAuthorizationUrl(p, redirectUri, state);
  }
  const config = await configurationOf(p);
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = p.kind === 'oidc' ? oidc.randomNonce() : null;
  await save({ verifier, nonce });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: p.scopes,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  return url.href;
}

/**
 * Takes the state record (once: a replayed callback finds nothing) and checks it belongs to this provider and
 * this browser. Failures here are 400: nothing about the request can be trusted enough to redirect.
 */
export async function takeState(
  ctx: AppContext,
  key: string,
  state: string | undefined,
  cookieHeader: string | undefined,
): Promise<StateRecord> {
  const text = state && /^[\w-]{16,128}$/.test(state) ? await ctx.kv.take(`third:state:${state}`) : null;
  if (!text) throw new ApiError(400, M.stateInvalid);
  const record = JSON.parse(text) as StateRecord;
  if (record.key !== key) throw new ApiError(400, M.stateInvalid);
  if (!sameBrowser(cookieHeader, record.browser)) throw new ApiError(400, M.stateBrowser);
  return record;
}

const claimText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim()
    ? value.trim().slice(0, 255)
    : typeof value === 'number'
      ? String(value)
      : null;

/** Exchanges the code (with the PKCE verifier, checking state and nonce) and reads who signed in. */
export async function finishLogin(
  p: ThirdProviderConfig,
  record: StateRecord,
  state: string,
  query: Record<string, string>,
): Promise<ThirdIdentity> {
  let claims: Record<string, unknown>;
  try {
    if (isVendorKind(p.kind)) claims = await vendorUser(p, query);
    else claims = await standardClaims(p, record, state, query);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, M.providerFailed, { cause: error });
  }
  const subject = claimText(claims[p.subjectClaim]);
  if (!subject) throw new ApiError(400, M.providerFailed);
  const avatar = claimText(claims[p.avatarClaim]);
  return {
    subject,
    displayName: claimText(claims[p.nameClaim]) ?? claimText(claims.preferred_username),
    avatar: avatar && /^https?:\/\//.test(avatar) ? avatar.slice(0, 1024) : null,
  };
}

/** OpenID Connect and plain OAuth 2 through openid-client: the code exchanged with PKCE, state and nonce checked. */
async function standardClaims(
  p: ThirdProviderConfig,
  record: StateRecord,
  state: string,
  query: Record<string, string>,
): Promise<Record<string, unknown>> {
  const config = await configurationOf(p);
  const current = new URL(record.redirectUri);
  for (const [name, value] of Object.entries(query)) current.searchParams.set(name, value);
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: record.verifier,
    expectedState: state,
    ...(record.nonce ? { expectedNonce: record.nonce, idTokenExpected: true } : {}),
  });
  if (p.kind === 'oidc') {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    const claims: Record<string, unknown> = { ...idClaims };
    // Name and picture may only be in the user info; the subject stays the ID token's.
    if (config.serverMetadata().userinfo_endpoint && !(claims[p.nameClaim] && claims[p.avatarClaim])) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      return { ...info, ...claims };
    }
    return claims;
  }
  const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(p.userinfoUrl ?? ''), 'GET');
  if (!res.ok) throw new Error(`userinfo ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** `Cookie` header value of one cookie (undefined when absent or not percent-decodable). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The browser's key from its `da_third` cookie, when it is one this server could have made (randomCode). */
export function browserKeyOf(cookieHeader: string | undefined): string | null {
  const key = readCookie(cookieHeader, BROWSER_COOKIE);
  return key && /^[\w-]{32}$/.test(key) ? key : null;
}

/** Whether the request comes from the browser whose key a record was tied to. */
export function sameBrowser(cookieHeader: string | undefined, fingerprint: string): boolean {
  const key = browserKeyOf(cookieHeader);
  return key !== null && sha256(key) === fingerprint;
}

/** The configured provider of a key (404 when there is none). */
export function providerOf(providers: readonly ThirdProviderConfig[], key: string): ThirdProviderConfig {
  const found = providers.find((p) => p.key === key);
  if (!found) throw new ApiError(404, M.providerUnknown);
  return found;
}

/** The provider's display name (its key when it is no longer configured). */
export const providerName = (providers: readonly ThirdProviderConfig[], key: string) =>
  providers.find((p) => p.key === key)?.name ?? key;

/** The provider's callback URL on this request's origin, else its first. */
export function defaultRedirect(p: ThirdProviderConfig, request: FastifyRequest): string {
  const origin = `${request.protocol}://${request.host}`;
  return p.redirectUris.find((u) => new URL(u).origin === origin) ?? (p.redirectUris[0] as string);
}

/**
 * The key tying every step of a flow to this browser: the one its `da_third` cookie holds, else a new one; the
 * cookie is (re)set on the answer. HttpOnly keeps it from scripts; SameSite=Lax lets the provider's top-level
 * redirect back carry it while a cross-site request or form does not.
 */
export function holdBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const key = browserKeyOf(request.headers.cookie) ?? randomCode();
  const maxAge = Math.floor(THIRD_LOGIN_LIMITS.browserTtlMs / 1000);
  // Secure whenever the page is HTTPS: served so here, or by a trusted proxy that says so (X-Forwarded-Proto).
  const https = secure || request.protocol === 'https';
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${key}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`,
  );
  return key;
}

/**
 * The hand-over record behind a login-page code: a bound user, or an identity waiting for a password. `browser` is
 * the fingerprint of the browser that came back from the provider: only that browser may redeem it.
 */
export type HandOver = { thirdType: string; browser: string } & ({ userId: string } | { identity: ThirdIdentity });
export type BindCode = { thirdType: string; browser: string; identity: ThirdIdentity };
/** 绑定 in 个人中心: the user, the SHA-256 of the session's token and the browser that asked. */
export interface BindTicket {
  thirdType: string;
  userId: string;
  session: string;
  browser: string;
}
/** An identity back from the provider for a bind from 个人中心, waiting for the user's confirmation. */
export type PendingBind = BindTicket & { identity: ThirdIdentity };
