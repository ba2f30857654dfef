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

describe('the 钉钉 and 企业微信 presets', () => {
  it('fill their endpoints and claims; 企业微信 needs the application AgentId and both need a secret', () => {
    const [ding, wecom] = parseThirdProviders(
      JSON.stringify([
        { key: 'dingtalk', preset: 'dingtalk', clientId: 'dingapp', redirectUris: [`${cb}dingtalk`] },
        { key: 'wecom', preset: 'wecom', clientId: 'ww01', agentId: '1000002', redirectUris: [`${cb}wecom`] },
      ]),
      { THIRD_LOGIN_DINGTALK_CLIENT_SECRET: 'd', THIRD_LOGIN_WECOM_CLIENT_SECRET: 'w' },
    );
    expect(ding).toMatchObject({
      kind: 'dingtalk',
      name: '钉钉',
      tokenUrl: 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken',
      subjectClaim: 'unionId',
    });
    expect(wecom).toMatchObject({ kind: 'wecom', name: '企业微信', agentId: '1000002', subjectClaim: 'userid' });
    const wecomOnly = { key: 'wecom', preset: 'wecom', clientId: 'ww01', redirectUris: [`${cb}wecom`] };
    expect(() => parseThirdProviders(JSON.stringify([wecomOnly]), { THIRD_LOGIN_WECOM_CLIENT_SECRET: 'w' })).toThrow(
      '须设置 agentId',
    );
    expect(() =>
      parseThirdProviders(
        JSON.stringify([{ key: 'dingtalk', preset: 'dingtalk', clientId: 'x', redirectUris: [cb] }]),
        {},
      ),
    ).toThrow('须设置 clientSecret');
  });
});
