import { z } from 'zod';

/**
 * One configured third-party login. `oidc` providers are found by discovery at their issuer (ID token, nonce and
 * the `sub` claim); `oauth2` providers (GitHub and the like) name their endpoints and the user-info field that is
 * the stable subject.
 */
export interface ThirdProviderConfig {
  key: string;
  name: string;
  kind: 'oidc' | 'oauth2';
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
    };
    if (kind === 'oidc' && !provider.issuer) {
      throw new Error(`配置项 THIRD_LOGIN_PROVIDERS：${item.key} 须设置 issuer`);
    }
    if (kind === 'oauth2' && !(provider.authorizationUrl && provider.tokenUrl && provider.userinfoUrl)) {
      throw new Error(
        `配置项 THIRD_LOGIN_PROVIDERS：${item.key} 须设置 issuer，或 authorizationUrl、tokenUrl 与 userinfoUrl`,
      );
    }
    return provider;
  });
}
