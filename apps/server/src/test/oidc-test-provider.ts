import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (panva's oidc-provider) on a random local port for the third-party login tests. Its
 * development login form accepts any login name as the subject; consent is granted without asking.
 */
export interface TestProvider {
  issuer: string;
  /** Signs in at the provider as `login`, starting from the authorization URL; answers where it sends the browser. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

interface GrantContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: {
      Grant: {
        new (init: { clientId: string; accountId: string }): { addOIDCScope(s: string): void; save(): Promise<string> };
        find(id: string): Promise<unknown>;
      };
    };
  };
}

export async function startTestProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      // The same application as a plain OAuth 2 client (GitHub style: secret in the body, endpoints named).
      {
        client_id: `${client.clientId}-post`,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Never in production: the development interactions (any login name, any password).
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], profile: ['name', 'picture'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, name: `外部用户 ${id}`, picture: `https://avatars.example.com/${id}.png` }),
    }),
    loadExistingGrant: async (ctx: GrantContext) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    let res = await send(authorizationUrl);
    for (let hop = 0; hop < 10; hop += 1) {
      const location = res.headers.get('location');
      if (!location) break;
      const next = new URL(location, issuer);
      if (next.origin !== issuer) return next;
      res = await send(next.href);
      if (res.status === 200 && next.pathname.startsWith('/interaction/')) {
        const body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
        res = await send(next.href, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      }
    }
    throw new Error(`the provider did not send the browser back (status ${res.status}): ${await res.text()}`);
  }

  return {
    issuer,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
