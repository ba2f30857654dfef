import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { API, type AssetPoint } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AssetMap, MAP_SETTINGS_PATH, NO_TILES_NOTICE } from './asset-map';
import { DEFAULT_MAP_CONFIG } from './map-settings';
import { prepareLeafletForJsdom } from './leaflet-jsdom';

beforeAll(() => prepareLeafletForJsdom());
afterEach(() => vi.clearAllTimers());

const near = (n: number, status = 'idle'): AssetPoint[] =>
  Array.from({ length: n }, (_, i) => [
    `p${i}`,
    116.3 + (i % 10) * 0.0005,
    39.9 + Math.floor(i / 10) * 0.0005,
    status,
    'c',
  ]);

describe('AssetMap', () => {
  it('says the base map is unavailable and still draws the points when no tile URL is configured', async () => {
    renderWithApp(<AssetMap points={near(120)} settings={DEFAULT_MAP_CONFIG} pointZoom={12} />);
    expect(screen.getByRole('status')).toHaveTextContent(NO_TILES_NOTICE);
    expect(document.querySelector('.leaflet-tile-pane img')).toBeNull();
    // Fitted to the points, all 120 sit in one or a few count bubbles.
    await waitFor(() => expect(document.querySelectorAll('.asset-map-cluster').length).toBeGreaterThan(0));
    const shown = [...document.querySelectorAll('.asset-map-cluster')].reduce(
      (sum, el) => sum + Number(el.textContent),
      0,
    );
    expect(shown).toBe(120);
  });

  it('colours each bubble by the statuses of its assets and names them in its title', async () => {
    renderWithApp(
      <AssetMap points={[...near(6, 'idle'), ...near(3, 'repair')]} settings={DEFAULT_MAP_CONFIG} pointZoom={12} />,
    );
    const bubble = await waitFor(() => {
      const el = document.querySelector('.asset-map-cluster');
      expect(el).not.toBeNull();
      return el!;
    });
    expect(bubble).toHaveTextContent('9');
    expect(bubble).toHaveAttribute('title', '9 个资产：闲置 6、维修 3');
    const arcs = [...bubble.querySelectorAll('circle.asset-map-cluster-arc')];
    expect(
      arcs.map((a) => [a.getAttribute('data-status'), a.getAttribute('data-count'), a.getAttribute('stroke')]),
    ).toEqual([
      ['idle', '6', '#52c41a'],
      ['repair', '3', '#eb2f96'],
    ]);
  });

  it('draws the district schematic under the points when there are no tiles, and not over tiles', () => {
    const { unmount } = renderWithApp(<AssetMap points={near(3)} settings={DEFAULT_MAP_CONFIG} />);
    const pane = document.querySelector('.leaflet-asset-base-pane')!;
    expect(pane).not.toBeNull();
    // Outline, three ring roads, a road and four rivers, and the landmarks' names.
    expect(pane.querySelectorAll('path').length).toBe(9);
    expect(pane).toHaveTextContent('春熙路');
    expect(pane).toHaveTextContent('九眼桥');
    // Under the points: the base pane sits below Leaflet's overlay pane (400), where the points' canvas is.
    expect(Number((pane as HTMLElement).style.zIndex)).toBeLessThan(400);
    unmount();
    renderWithApp(
      <AssetMap
        points={near(3)}
        settings={{ ...DEFAULT_MAP_CONFIG, tileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png' }}
      />,
    );
    expect(document.querySelectorAll('.leaflet-asset-base-pane path')).toHaveLength(0);
  });

  it("draws the office's own base from 地图设置 instead of the shipped one", async () => {
    const http = mockHttp({
      [`GET ${API.platformMapBase}`]: ok({
        geojson: {
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
        },
      }),
    });
    try {
      renderWithApp(<AssetMap points={near(3)} settings={DEFAULT_MAP_CONFIG} />);
      await waitFor(() => expect(document.querySelectorAll('.leaflet-asset-base-pane path')).toHaveLength(1));
      expect(document.querySelector('.leaflet-asset-base-pane')).not.toHaveTextContent('春熙路');
    } finally {
      http.restore();
    }
  });

  it('tells an administrator where to configure tiles, with a link when the user may open 平台设置', () => {
    const { unmount } = renderWithApp(
      <AssetMap
        points={near(3)}
        settings={DEFAULT_MAP_CONFIG}
        tileHelp="admin-link"
        overlay={<span>共 3 个点位</span>}
      />,
    );
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('未配置地图底图：请在 平台设置 → 地图设置 中填写瓦片地址');
    expect(screen.getByRole('link', { name: '平台设置 → 地图设置' })).toHaveAttribute('href', MAP_SETTINGS_PATH);
    // The count and the notice share the corner box, stacked: the notice never covers the count.
    const top = document.querySelector('.asset-map-top')!;
    expect([...top.children].map((c) => c.textContent)).toEqual([
      '共 3 个点位',
      '未配置地图底图：请在 平台设置 → 地图设置 中填写瓦片地址',
    ]);
    unmount();

    const second = renderWithApp(<AssetMap points={near(3)} settings={DEFAULT_MAP_CONFIG} tileHelp="admin" />);
    expect(screen.getByRole('status')).toHaveTextContent('请在 平台设置 → 地图设置 中填写瓦片地址');
    expect(screen.queryByRole('link')).toBeNull();
    second.unmount();

    renderWithApp(<AssetMap points={near(3)} settings={DEFAULT_MAP_CONFIG} />);
    expect(screen.getByRole('status')).toHaveTextContent(NO_TILES_NOTICE);
    expect(screen.queryByText(/平台设置/)).toBeNull();
  });

  it('draws tiles and no notice when a tile source is configured', () => {
    renderWithApp(
      <AssetMap
        points={near(3)}
        settings={{ ...DEFAULT_MAP_CONFIG, tileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png' }}
      />,
    );
    expect(screen.queryByText(NO_TILES_NOTICE)).toBeNull();
    expect(document.querySelector('.leaflet-tile-pane')).not.toBeNull();
  });

  it('falls back to the plain background when the tiles fail to load', async () => {
    renderWithApp(
      <AssetMap
        points={near(3)}
        settings={{ ...DEFAULT_MAP_CONFIG, tileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png' }}
      />,
    );
    const tile = await waitFor(() => {
      const img = document.querySelector('.leaflet-tile-pane img');
      expect(img).not.toBeNull();
      return img!;
    });
    fireEvent.error(tile);
    expect(await screen.findByText(NO_TILES_NOTICE)).toBeInTheDocument();
  });

  it('asks an administrator to check the tile address when the configured tiles fail', async () => {
    renderWithApp(
      <AssetMap
        points={near(3)}
        tileHelp="admin-link"
        settings={{ ...DEFAULT_MAP_CONFIG, tileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png' }}
      />,
    );
    const tile = await waitFor(() => {
      const img = document.querySelector('.leaflet-tile-pane img');
      expect(img).not.toBeNull();
      return img!;
    });
    fireEvent.error(tile);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '地图瓦片加载失败，当前显示区域示意图：请检查 平台设置 → 地图设置 中的瓦片地址',
    );
    expect(document.querySelectorAll('.leaflet-asset-base-pane path').length).toBeGreaterThan(0);
  });

  it('shows a legend of the statuses with how many points each has', () => {
    renderWithApp(<AssetMap points={[...near(4, 'idle'), ...near(2, 'leased')]} settings={DEFAULT_MAP_CONFIG} />);
    expect(screen.getByText('地图点位')).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: '图例' });
    expect(legend).toHaveTextContent('闲置4');
    expect(legend).toHaveTextContent('出租2');
    expect(legend).toHaveTextContent('处置0');
  });

  it('zooms into a bubble when it is clicked, until single points appear', async () => {
    renderWithApp(<AssetMap points={near(30)} settings={DEFAULT_MAP_CONFIG} pointZoom={12} />);
    const bubble = await waitFor(() => {
      const el = document.querySelector('.asset-map-cluster');
      expect(el).not.toBeNull();
      return el!;
    });
    fireEvent.click(bubble);
    await waitFor(() => expect(document.querySelectorAll('.asset-map-cluster').length).not.toBe(1));
  });
});
