import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

describe.each(targets)('platform settings on $name', (target) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login(SEED_ACCOUNTS.admin.username);
  });
  afterAll(() => t?.close());

  it('shows the logo and system name to anyone', async () => {
    const res = await t.request({ method: 'GET', url: '/sys/platform/info' });
    expect(res.json().result).toMatchObject({
      systemName: '区域资产资源管理与发布平台',
      logoUrl: '',
      captchaEnabled: false,
    });
  });

  it('keeps the settings drawer (a development preview) off unless SHOW_SETTINGS asks for it', async () => {
    const info = (await t.request({ method: 'GET', url: '/sys/platform/info' })).json().result;
    expect(info.showSettings).toBe(false);
  });

  it('stores names with Chinese, emoji and four-byte characters unchanged', async () => {
    const systemName = '𠮷祥区资产平台🏠 Ⅱ';
    const put = await t.request({
      method: 'PUT',
      url: '/sys/platform/settings',
      token: admin,
      payload: { systemName, logoUrl: '/logo.png', logoTitle: '物联网🛰️子系统' },
    });
    expect(put.statusCode).toBe(200);
    const info = (await t.request({ method: 'GET', url: '/sys/platform/info' })).json().result;
    expect(info).toMatchObject({ systemName, logoUrl: '/logo.png', logoTitle: '物联网🛰️子系统' });
  });

  it('refuses bad settings with a Chinese message and keeps what was stored', async () => {
    const before = (await t.request({ method: 'GET', url: '/sys/platform/settings', token: admin })).json().result;
    for (const [payload, message] of [
      [{ systemName: '', logoUrl: '', logoTitle: '子系统' }, '请输入系统名称'],
      [{ systemName: 'x'.repeat(51), logoUrl: '', logoTitle: '子系统' }, '系统名称不能超过50个字符'],
      [
        { systemName: '平台', logoUrl: 'javascript:alert(1)', logoTitle: '子系统' },
        'Logo地址必须以 http(s):// 或 / 开头',
      ],
      [{ systemName: '平台', logoUrl: '', logoTitle: '子系统', theme: 'dark' }, '不支持的参数：theme'],
      [{ systemName: 5, logoUrl: '', logoTitle: '子系统' }, '请输入系统名称'],
      [{ systemName: '平台', logoUrl: '' }, '请输入菜单Logo标题'],
      [{ systemName: '平台', logoUrl: '', logoTitle: '长'.repeat(21) }, '菜单Logo标题不能超过20个字符'],
    ] as const) {
      const res = await t.request({ method: 'PUT', url: '/sys/platform/settings', token: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const after = (await t.request({ method: 'GET', url: '/sys/platform/settings', token: admin })).json().result;
    expect(after).toEqual(before);
  });

  it('answers 413 to an oversized body and 415 to a body it cannot read, storing nothing', async () => {
    const huge = await t.request({
      method: 'PUT',
      url: '/sys/platform/settings',
      token: admin,
      payload: { systemName: '大'.repeat(600_000), logoUrl: '', logoTitle: '子系统' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('请求体过大');
    const xml = await t.request({
      method: 'PUT',
      url: '/sys/platform/settings',
      token: admin,
      headers: { 'content-type': 'application/xml' },
      payload: '<systemName>x</systemName>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe('不支持的请求内容类型');
    expect((await t.request({ method: 'GET', url: '/sys/platform/info' })).json().result.systemName).not.toMatch(
      /^大|^x$/,
    );
  });

  it('forbids the ordinary user to change them', async () => {
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const res = await t.request({
      method: 'PUT',
      url: '/sys/platform/settings',
      token: staff,
      payload: { systemName: '被改了', logoUrl: '', logoTitle: '子系统' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/sys/platform/info' })).json().result.systemName).not.toBe('被改了');
  });
});
