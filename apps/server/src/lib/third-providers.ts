import { z } from 'zod';

/**
 * One configured third-party login. `oidc` providers are found by discovery at their issuer (ID token, nonce and
 * the `sub` claim); `oauth2` providers (GitHub and the like) name their endpoints and the user-info field that is
 * the stable subject. 钉钉 (`dingtalk`) and 企业微信 (`wecom`) bend OAuth 2 in their own ways (a JSON token call and
 * an `authCode`; an application token that turns the code into a `userid`) and have their own exchanges.
 */
export interface ThirdProviderConfig {
  key: string;
  name: string;
  kind: 'oidc' | 'oauth2' | 'dingtalk' | 'wecom';
  issuer: string | null;
  authorizationUrl: string | null;
  tokenUrl: string | null;
  userinfoUrl: string | null;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
  /** The only callback URLs the product sends to the provider; the first is the default. */
  redirectUris: string[];
  subjectClaim: string;
  nameClaim: string;
  avatarClaim: string;
  /** 企业微信 only: the application (AgentId) whose login page the browser is sent to. */
  agentId?: string | null;
}

const PRESETS: Record<string, Partial<ThirdProviderConfig>> = {
  github: {
    kind: 'oauth2',
    name: 'GitHub',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: 'read:user',
    subjectClaim: 'id',
    nameClaim: 'login',
    avatarClaim: 'avatar_url',
  },
  // 钉钉's OAuth 2 (login.dingtalk.com): the user's unionId is the same across the organisation's applications.
  dingtalk: {
    kind: 'dingtalk',
    name: '钉钉',
    authorizationUrl: 'https://login.dingtalk.com/oauth2/auth',
    tokenUrl: 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken',
    userinfoUrl: 'https://api.dingtalk.com/v1.0/contact/users/me',
    scopes: 'openid',
    subjectClaim: 'unionId',
    nameClaim: 'nick',
    avatarClaim: 'avatarUrl',
  },
  // 企业微信's web login for an internal application: clientId is the CorpID, clientSecret the application's Secret.
  wecom: {
    kind: 'wecom',
    name: '企业微信',
    authorizationUrl: 'https://login.work.weixin.qq.com/wwlogin/sso/login',
    tokenUrl: 'https://qyapi.weixin.qq.com/cgi-bin/gettoken',
    userinfoUrl: 'https://qyapi.weixin.qq.com/cgi-bin/auth/getuserinfo',
    scopes: 'snsapi_base',
    subjectClaim: 'userid',
    nameClaim: 'userid',
    avatarClaim: 'avatar',
  },
};

const url = z.string().regex(/^https?:\/\/\S+$/);
const entry = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/),
    preset: z.enum(Object.keys(PRESETS) as [string, ...string[]]).optional(),
    name: z.string().min(1).max(30).optional(),
    issuer: url.optional(),
    authorizationUrl: url.optional(),
    tokenUrl: url.optional(),
    userinfoUrl: url.optional(),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    scopes: z.string().min(1).optional(),
    redirectUris: z.array(url).min(1),
    subjectClaim: z.string().min(1).optional(),
    nameClaim: z.string().min(1).optional(),
    avatarClaim: z.string().min(1).optional(),
    agentId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  })
  .strict();

/**
 * THIRD_LOGIN_PROVIDERS: a JSON array of providers (docs/configuration.md). A secret may instead come from
 * THIRD_LOGIN_<KEY>_CLIENT_SECRET so the list itself holds none. A bad list stops the start with the reason.
 */
export function parseThirdProviders(text: string | undefined, env: NodeJS.ProcessEnv): ThirdProviderConfig[] {
  if (!text?.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('配置项 THIRD_LOGIN_PROVIDERS 须为 JSON 数组');
  }
  const parsed = z.array(entry).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`配置项 THIRD_LOGIN_PROVIDERS 有误（${issue?.path.join('.')}）：${issue?.message}`);
  }
  const seen = new Set<string>();
  return parsed.data.map((item) => {
    if (seen.has(item.key)) throw new Error(`配置项 THIRD_LOGIN_PROVIDERS 的 key 重复：${item.key}`);
    seen.add(item.key);
    const preset = item.preset ? PRESETS[item.preset] : {};
    const kind = preset?.kind ?? (item.issuer ? 'oidc' : 'oauth2');
    const provider: ThirdProviderConfig = {
      key: item.key,
      name: item.name ?? preset?.name ?? item.key,
      kind,
      issuer: item.issuer ?? null,
      authorizationUrl: item.authorizationUrl ?? preset?.authorizationUrl ?? null,
      tokenUrl: item.tokenUrl ?? preset?.tokenUrl ?? null,
      userinfoUrl: item.userinfoUrl ?? preset?.userinfoUrl ?? null,
      clientId: item.clientId,
      clientSecret: item.clientSecret ?? env[`THIRD_LOGIN_${item.key.toUpperCase()}_CLIENT_SECRET`] ?? null,
      scopes: item.scopes ?? preset?.scopes ?? 'openid profile',
      redirectUris: item.redirectUris,
      subjectClaim: item.subjectClaim ?? preset?.subjectClaim ?? 'sub',
      nameClaim: item.nameClaim ?? preset?.nameClaim ?? 'name',
      avatarClaim: item.avatarClaim ?? preset?.avatarClaim ?? 'picture',
      agentId: item.agentId ?? null,
    };
    if (kind === 'oidc' && !provider.issuer) {
      throw new Error(`配置项 THIRD_LOGIN_PROVIDERS：${item.key} 须设置 issuer`);
    }
    if ((kind === 'dingtalk' || kind === 'wecom') && !provider.clientSecret) {
      throw new Error(`配置项 THIRD_LOGIN_PROVIDERS：${item.key} 须设置 clientSecret`);
    }
    if (kind === 'wecom' && !provider.agentId) {
      throw new Error(`配置项 THIRD_LOGIN_PROVIDERS：${item.key} 须设置 agentId（企业微信应用的 AgentId）`);
    }
    if (kind !== 'oidc' && !(provider.authorizationUrl && provider.tokenUrl && provider.userinfoUrl)) {
      throw new Error(
        `配置项 THIRD_LOGIN_PROVIDERS：${item.key} 须设置 issuer，或 authorizationUrl、tokenUrl 与 userinfoUrl`,
      );
    }
    return provider;
  });
}
