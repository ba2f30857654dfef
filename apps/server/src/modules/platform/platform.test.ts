import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_SETTINGS, GUEST_CREDENTIALS } from '@district/shared';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { districtBox, insideDistrict } from '../../lib/platform-settings.js';

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

  it('gives everyone, the guest included, the map settings: by default no tiles and the demo district', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const info = (await t.request({ method: 'GET', url: '/sys/platform/info', token: guest })).json().result;
    expect(info.map).toEqual(DEFAULT_MAP_SETTINGS);
    expect(info.map.tileUrl).toBe('');
    expect(await districtBox(t.app.ctx.db.db)).toEqual(DEFAULT_MAP_SETTINGS.districtBox);
  });

  it('saves the map settings with the platform settings; an empty box switches the district check off', async () => {
    const base = { systemName: '平台', logoUrl: '', logoTitle: '子系统' };
    const map = {
      tileUrl: 'http://tiles.intranet/{z}/{x}/{y}.png?key={key}',
      attribution: '© 内网地图',
      mapKey: 'abc-123_X',
      centerLng: 104.1,
      centerLat: 30.6,
      zoom: 12,
      tileCrs: 'wgs84',
      districtBox: { minLng: 104, minLat: 30.5, maxLng: 104.2, maxLat: 30.7 },
    };
    const put = await t.request({
      method: 'PUT',
      url: '/sys/platform/settings',
      token: admin,
      payload: { ...base, map },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/sys/platform/info' })).json().result.map).toEqual(map);
    const box = await districtBox(t.app.ctx.db.db);
    expect(insideDistrict(box, 104.1, 30.6)).toBe(true);
    expect(insideDistrict(box, 104.3, 30.6)).toBe(false);
    // A save without map keeps the stored map.
    await t.request({ method: 'PUT', url: '/sys/platform/settings', token: admin, payload: base });
    expect((await t.request({ method: 'GET', url: '/sys/platform/settings', token: admin })).json().result.map).toEqual(
      map,
    );
    const cleared = { ...map, tileUrl: '', districtBox: null };
    await t.request({ method: 'PUT', url: '/sys/platform/settings', token: admin, payload: { ...base, map: cleared } });
    expect((await t.request({ method: 'GET', url: '/sys/platform/info' })).json().result.map).toEqual(cleared);
    expect(await districtBox(t.app.ctx.db.db)).toBeNull();
    expect(insideDistrict(null, 0, 0)).toBe(true);
  });

  it('refuses bad map settings with a Chinese message naming the field', async () => {
    const base = { systemName: '平台', logoUrl: '', logoTitle: '子系统' };
    const before = (await t.request({ method: 'GET', url: '/sys/platform/settings', token: admin })).json().result;
    const good = { ...DEFAULT_MAP_SETTINGS };
    for (const [change, message] of [
      [{ tileUrl: 'javascript:alert(1)' }, '瓦片地址必须以 http(s):// 或 / 开头'],
      [{ attribution: '<img src=x onerror=alert(1)>' }, '地图版权说明不能包含尖括号'],
      [{ mapKey: 'a b' }, '地图密钥只能包含字母、数字、下划线和连字符，且不超过100个字符'],
      [{ centerLng: 181 }, '默认中心经度须在 -180 到 180 之间'],
      [{ centerLat: '30' }, '默认中心纬度须在 -90 到 90 之间'],
      [{ zoom: 1.5 }, '默认缩放级别须为 1 到 18 之间的整数'],
      [{ zoom: 19 }, '默认缩放级别须为 1 到 18 之间的整数'],
      [{ tileCrs: 'bd09' }, '瓦片坐标系须为 gcj02 或 wgs84'],
      [{ districtBox: { minLng: 105, minLat: 30, maxLng: 104, maxLat: 31 } }, '区域范围的最小经纬度须小于最大经纬度'],
      [{ districtBox: { minLng: 104, minLat: -91, maxLng: 105, maxLat: 31 } }, '区域范围的纬度须在 -90 到 90 之间'],
      [{ districtBox: { minLng: null, minLat: 30, maxLng: 105, maxLat: 31 } }, '区域范围的经度须在 -180 到 180 之间'],
      [{ theme: 'dark' }, '不支持的参数：theme'],
    ] as const) {
      const payload = { ...base, map: { ...good, ...change } };
      const res = await t.request({ method: 'PUT', url: '/sys/platform/settings', token: admin, payload });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toBe(message);
    }
    const after = (await t.request({ method: 'GET', url: '/sys/platform/settings', token: admin })).json().result;
    expect(after).toEqual(before);
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
