import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  DEFAULT_MAP_SETTINGS,
  PERM,
  PROJECT_MESSAGES,
  type AuthEntry,
  type PlatformSettings,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PlatformSettingPage } from './platform-setting-page';

const SETTINGS: PlatformSettings = {
  systemName: '区域资产资源管理与发布平台',
  logoUrl: '',
  logoTitle: '资产物联网子系统',
  map: DEFAULT_MAP_SETTINGS,
};

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup() {
  const entry = (action: string): AuthEntry => ({ action, type: '1', status: '1', describe: action });
  useSessionStore.setState({ auth: [entry(PERM.platformEdit)], allAuth: [entry(PERM.platformEdit)] });
  const mock = mockHttp({
    [`GET ${API.platformSettings}`]: ok(SETTINGS),
    [`PUT ${API.platformSettings}`]: (config) => ok(JSON.parse(String(config.data)), '保存成功！'),
    [`GET ${API.platformInfo}`]: ok({ ...SETTINGS, showSettings: false, captchaEnabled: false }),
  });
  restore = mock.restore;
  renderWithApp(<PlatformSettingPage />, { route: '/system/platform' });
  const saved = () =>
    JSON.parse(String(mock.calls.filter((c) => c.method === 'put').at(-1)?.data ?? 'null')) as PlatformSettings;
  return { saved };
}

describe('platform settings page: map settings', () => {
  it('shows the stored map settings and saves edits with the platform settings', async () => {
    const { saved } = setup();
    const tileUrl = await screen.findByPlaceholderText('留空表示不加载底图');
    expect(screen.getByLabelText('最小经度')).toHaveValue(String(DEFAULT_MAP_SETTINGS.districtBox!.minLng));
    // Pasted: user-event reads braces as key names when typing.
    await userEvent.click(tileUrl);
    await userEvent.paste('/tiles/{z}/{x}/{y}.png');
    await userEvent.click(screen.getByLabelText('WGS-84'));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved()).not.toBeNull());
    expect(saved().map).toEqual({ ...DEFAULT_MAP_SETTINGS, tileUrl: '/tiles/{z}/{x}/{y}.png', tileCrs: 'wgs84' });
  });

  it('sends no district box when all four numbers are cleared, and refuses a tile URL of another scheme', async () => {
    const { saved } = setup();
    const tileUrl = await screen.findByPlaceholderText('留空表示不加载底图');
    for (const label of ['最小经度', '最小纬度', '最大经度', '最大纬度'])
      await userEvent.clear(screen.getByLabelText(label));
    await userEvent.type(tileUrl, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('瓦片地址必须以 http(s):// 或 / 开头')).toBeInTheDocument();
    await userEvent.clear(tileUrl);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved()).not.toBeNull());
    expect(saved().map?.districtBox).toBeNull();
  });

  it('edits the projects’ cost ceiling: a whole number of 100–1000', async () => {
    const { saved } = setup();
    const ceiling = await screen.findByLabelText('项目成本上限');
    await userEvent.type(ceiling, '99');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(PROJECT_MESSAGES.ceilingRange)).toBeInTheDocument();
    expect(saved()).toBeNull();
    await userEvent.clear(ceiling);
    await userEvent.type(ceiling, '150');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved()).not.toBeNull());
    expect(saved().projectCostCeilingPercent).toBe(150);
  });
});
