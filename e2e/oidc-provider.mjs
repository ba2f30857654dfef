// A real OpenID provider for the third-party login journey (panva's oidc-provider, a dev dependency of the
// server). Its development login form takes any login name as the subject; consent is granted without asking.
// Never used outside the journeys.
import http from 'node:http';
import Provider from 'oidc-provider';

export async function startOidcProvider({ port, clientId, clientSecret, redirectUris }) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], profile: ['name', 'picture'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, name: `外部用户 ${id}` }) }),
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, server };
}
