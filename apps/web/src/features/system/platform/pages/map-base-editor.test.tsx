import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, DEFAULT_MAP_SETTINGS, PERM, type AuthEntry, type MapBaseCollection } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PlatformSettingPage } from './platform-setting-page';

const SETTINGS = { systemName: '平台', logoUrl: '', logoTitle: '子系统', map: DEFAULT_MAP_SETTINGS };
const OFFICE: MapBaseCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: '府河', kind: 'river' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [104.08, 30.66],
          [104.09, 30.65],
        ],
      },
    },
  ],
};

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(stored: MapBaseCollection | null = null) {
  const entry = (action: string): AuthEntry => ({ action, type: '1', status: '1', describe: action });
  useSessionStore.setState({ auth: [entry(PERM.platformEdit)], allAuth: [entry(PERM.platformEdit)] });
  let current = stored;
  const mock = mockHttp({
    [`GET ${API.platformSettings}`]: ok(SETTINGS),
    [`GET ${API.platformInfo}`]: ok({ ...SETTINGS, showSettings: false, captchaEnabled: false }),
    [`GET ${API.platformMapBase}`]: () => ok({ geojson: current }),
    [`PUT ${API.platformMapBase}`]: (config) => {
      const { geojson } = JSON.parse(String(config.data)) as { geojson: string };
      current = geojson ? (JSON.parse(geojson) as MapBaseCollection) : null;
      return ok({ geojson: current }, geojson ? '示意底图已保存' : '已恢复内置示意底图');
    },
  });
  restore = mock.restore;
  renderWithApp(<PlatformSettingPage />, { route: '/system/platform' });
  const puts = () =>
    mock.calls
      .filter((c) => c.method === 'put' && c.url === API.platformMapBase)
      .map((c) => (JSON.parse(String(c.data)) as { geojson: string }).geojson);
  return { puts };
}

describe('platform settings page: 区域示意底图', () => {
  it('says the shipped schematic is in use, refuses a Point collection under the field, then stores a valid one', async () => {
    const { puts } = setup();
    expect(await screen.findByText(/内置示意图（成都市锦江区/)).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: '区域示意底图 GeoJSON' });
    const point = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [104, 30] } }],
    };
    fireEvent.change(field, { target: { value: JSON.stringify(point) } });
    fireEvent.click(screen.getByRole('button', { name: '启用此示意底图' }));
    expect(await screen.findByText('示意底图的要素只能是 Polygon（面）或 LineString（线）')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(puts()).toEqual([]);

    fireEvent.change(field, { target: { value: '{"type":' } });
    fireEvent.click(screen.getByRole('button', { name: '启用此示意底图' }));
    expect(await screen.findByText('示意底图不是有效的 JSON 文本')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: JSON.stringify(OFFICE) } });
    expect(screen.queryByText('示意底图不是有效的 JSON 文本')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '启用此示意底图' }));
    await waitFor(() => expect(puts()).toEqual([JSON.stringify(OFFICE)]));
    expect(await screen.findByText('示意底图已保存')).toBeInTheDocument();
    expect(await screen.findByText(/本单位的示意底图（1 个要素）/)).toBeInTheDocument();
  });

  it('reads a .geojson file into the field and goes back to the shipped schematic on request', async () => {
    const { puts } = setup(OFFICE);
    expect(await screen.findByText(/本单位的示意底图（1 个要素）/)).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const area = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: '本区' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [104, 30],
                [104.1, 30],
                [104.1, 30.1],
                [104, 30],
              ],
            ],
          },
        },
      ],
    };
    await userEvent.upload(input, new File([JSON.stringify(area)], 'district.geojson', { type: 'application/json' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '区域示意底图 GeoJSON' })).toHaveValue(JSON.stringify(area)),
    );
    fireEvent.click(screen.getByRole('button', { name: '恢复内置示意图' }));
    await waitFor(() => expect(puts()).toEqual(['']));
    expect(await screen.findByText('已恢复内置示意底图')).toBeInTheDocument();
    expect(await screen.findByText(/内置示意图（成都市锦江区/)).toBeInTheDocument();
  });
});
