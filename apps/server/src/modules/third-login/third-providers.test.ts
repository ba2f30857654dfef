import { describe, expect, it } from 'vitest';
import { parseThirdProviders } from './third-providers.js';

const cb = 'https://assets.example.gov.cn/api/sys/thirdLogin/callback/';

describe('THIRD_LOGIN_PROVIDERS', () => {
  it('is empty when unset, so the login page shows no other login buttons', () => {
    expect(parseThirdProviders(undefined, {})).toEqual([]);
    expect(parseThirdProviders('  ', {})).toEqual([]);
  });

  it('fills the GitHub preset and reads a secret from its own variable', () => {
    const [github] = parseThirdProviders(
      JSON.stringify([{ key: 'github', preset: 'github', clientId: 'abc', redirectUris: [`${cb}github`] }]),
      { THIRD_LOGIN_GITHUB_CLIENT_SECRET: 's3cret' },
    );
    expect(github).toMatchObject({
      kind: 'oauth2',
      name: 'GitHub',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      subjectClaim: 'id',
      clientSecret: 's3cret',
    });
  });

  it('stops the start with the reason for a bad list', () => {
    expect(() => parseThirdProviders('{', {})).toThrow('须为 JSON 数组');
    expect(() =>
      parseThirdProviders(JSON.stringify([{ key: 'oidc', clientId: 'a', redirectUris: [`${cb}oidc`] }]), {}),
    ).toThrow('须设置 issuer');
    expect(() =>
      parseThirdProviders(
        JSON.stringify([{ key: 'Bad Key', issuer: 'https://id.example', clientId: 'a', redirectUris: [cb] }]),
        {},
      ),
    ).toThrow('key');
    const one = { key: 'oidc', issuer: 'https://id.example', clientId: 'a', redirectUris: [`${cb}oidc`] };
    expect(() => parseThirdProviders(JSON.stringify([one, one]), {})).toThrow('key 重复');
    expect(() =>
      parseThirdProviders(JSON.stringify([{ ...one, redirectUris: ['javascript:alert(1)'] }]), {}),
    ).toThrow();
  });
});
