import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { API, ASSET_API, PERM, type AssetPoint } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { prepareLeafletForJsdom } from '@/components/map/leaflet-jsdom';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AssetMapPage } from './asset-map-page';
import { mapPointsParams } from './map-api';

beforeAll(() => prepareLeafletForJsdom());
let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], isPlatformAdmin: false });
});

const ONE: AssetPoint[] = [['a1', 104.1, 30.6, 'leased', 'c1']];
const ASSET = {
  id: 'a1',
  code: 'ZC20261125001',
  name: '锦江大厦 3 楼',
  status: 'leased',
  statusText: '出租',
  categoryName: '办公用房',
  ownerDepartName: '资产管理科',
  address: '成都市锦江区春熙路 1 号',
  area: 1234.5,
  images: ['temp/a.jpg', 'temp/b.jpg'],
};

function serve(points: AssetPoint[] = ONE) {
  const http = mockHttp({
    // Any box answers no point here, so the page visibly narrows and widens again.
    [`GET ${ASSET_API.mapPoints}`]: (c: InternalAxiosRequestConfig) =>
      ok((c.params as { bbox?: string }).bbox ? [] : points),
    [`GET ${ASSET_API.detail}`]: (c: InternalAxiosRequestConfig) =>
      ok({ ...ASSET, id: (c.params as { id: string }).id }),
    [`GET ${API.platformInfo}`]: ok({ systemName: '平台' }),
    'GET /sys/category/loadTreeRoot': ok([]),
  });
  restore = http.restore;
  const pointCalls = () =>
    http.calls.filter((c) => c.url === ASSET_API.mapPoints).map((c) => c.params as Record<string, string>);
  return { http, pointCalls };
}

describe('map filters', () => {
  it('sends only the filters that are set, statuses and the box comma-separated', () => {
    expect(mapPointsParams({ status: [] })).toEqual({});
    expect(
      mapPointsParams({
        categoryId: 'c1',
        status: ['idle', 'leased'],
        ownerDepartId: 'd1',
        bbox: [104, 30.5, 104.2, 30.7],
      }),
    ).toEqual({ categoryId: 'c1', status: 'idle,leased', ownerDepartId: 'd1', bbox: '104,30.5,104.2,30.7' });
  });
});

describe('AssetMapPage', () => {
  it('counts the points and asks again with the chosen statuses', async () => {
    const { pointCalls } = serve([...ONE, ['a2', 104.11, 30.61, 'idle', 'c1']]);
    renderWithApp(<AssetMapPage />);
    expect(await screen.findByText('共 2 个点位')).toBeInTheDocument();
    // An ordinary user: a neutral notice, nothing to configure.
    expect(screen.getByRole('status')).toHaveTextContent('在线底图不可用，显示区域示意图');

    const select = screen.getByRole('combobox', { name: '资产状态' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('闲置'));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('出租'));
    await waitFor(() => expect(pointCalls().at(-1)).toMatchObject({ status: 'idle,leased' }));
    expect(pointCalls().at(-1)).not.toHaveProperty('bbox');
  });

  it('tells a user who may open 平台设置 how to configure tiles, with a link there', async () => {
    useSessionStore.setState({
      auth: [{ action: PERM.platformView, describe: '查看平台设置', type: '1', status: '1' }],
      allAuth: [],
    });
    serve();
    renderWithApp(<AssetMapPage />);
    expect(await screen.findByText('共 1 个点位')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('未配置地图底图：请在 平台设置 → 地图设置 中填写瓦片地址');
    expect(screen.getByRole('link', { name: '平台设置 → 地图设置' })).toHaveAttribute('href', '/system/platform');
  });

  it('tells a platform administrator without that right where to configure tiles, without a link', async () => {
    useSessionStore.setState({ isPlatformAdmin: true });
    serve();
    renderWithApp(<AssetMapPage />);
    expect(await screen.findByText('共 1 个点位')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('请在 平台设置 → 地图设置 中填写瓦片地址');
    expect(screen.queryByRole('link', { name: '平台设置 → 地图设置' })).toBeNull();
  });

  it('fits the view again to the points a new filter brings', async () => {
    const far: AssetPoint[] = [['b1', 104.16, 30.66, 'idle', 'c1']];
    const http = mockHttp({
      [`GET ${ASSET_API.mapPoints}`]: (c: InternalAxiosRequestConfig) =>
        ok((c.params as { status?: string }).status ? far : ONE),
      [`GET ${API.platformInfo}`]: ok({ systemName: '平台' }),
      'GET /sys/category/loadTreeRoot': ok([]),
      [`GET ${ASSET_API.detail}`]: (c: InternalAxiosRequestConfig) =>
        ok({ ...ASSET, id: (c.params as { id: string }).id }),
    });
    restore = http.restore;
    renderWithApp(<AssetMapPage />);
    await screen.findByText('共 1 个点位');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '资产状态' }));
    fireEvent.click(await screen.findByTitle('闲置'));
    await waitFor(() =>
      expect(http.calls.filter((c) => c.url === ASSET_API.mapPoints).at(-1)?.params).toMatchObject({ status: 'idle' }),
    );
    // The new point is now in the middle of the map: a click there opens it, not the old one.
    const canvas = document.querySelector('.leaflet-overlay-pane canvas')!;
    await waitFor(async () => {
      fireEvent.click(canvas, { clientX: 400, clientY: 300 });
      expect(await screen.findByRole('dialog', {}, { timeout: 500 })).toBeInTheDocument();
    });
    expect(http.calls.filter((c) => c.url === ASSET_API.detail).at(-1)?.params).toMatchObject({ id: 'b1' });
  });

  it('框选: a dragged rectangle filters by its box, 清除框选 drops it', async () => {
    const { pointCalls } = serve();
    renderWithApp(<AssetMapPage />);
    await screen.findByText('共 1 个点位');
    fireEvent.click(screen.getByText('框选').closest('button')!);
    const map = document.querySelector('.leaflet-container')!;
    fireEvent.mouseDown(map, { clientX: 100, clientY: 100, button: 0 });
    fireEvent.mouseMove(map, { clientX: 300, clientY: 250, button: 0 });
    fireEvent.mouseUp(map, { clientX: 300, clientY: 250, button: 0 });
    await waitFor(() => expect(pointCalls().at(-1)?.bbox).toBeDefined());
    const [minLng, minLat, maxLng, maxLat] = pointCalls().at(-1)!.bbox!.split(',').map(Number);
    expect(minLng).toBeLessThan(maxLng!);
    expect(minLat).toBeLessThan(maxLat!);
    // The box lies around the single point the view was fitted to.
    expect(minLng).toBeLessThan(104.1);
    expect(maxLat).toBeGreaterThan(30.6);

    expect(await screen.findByText('共 0 个点位')).toBeInTheDocument();

    const clear = screen.getByText('清除框选').closest('button')!;
    expect(clear).toBeEnabled();
    fireEvent.click(clear);
    expect(await screen.findByText('共 1 个点位')).toBeInTheDocument();
    expect(clear).toBeDisabled();
  });

  it('clicking a point opens 点位详情 with the asset, its images and a link to its details', async () => {
    serve();
    renderWithApp(<AssetMapPage />);
    await screen.findByText('共 1 个点位');
    // The view is fitted to the one point, so it sits in the middle of the 800×600 map.
    const canvas = await waitFor(() => {
      const el = document.querySelector('.leaflet-overlay-pane canvas');
      expect(el).not.toBeNull();
      return el!;
    });
    fireEvent.click(canvas, { clientX: 400, clientY: 300 });
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('点位详情')).toBeInTheDocument();
    expect(await within(drawer).findByText('ZC20261125001')).toBeInTheDocument();
    expect(within(drawer).getByText('出租')).toBeInTheDocument();
    expect(within(drawer).getByText('资产管理科')).toBeInTheDocument();
    expect(within(drawer).getByText('1,234.5 m²')).toBeInTheDocument();
    const images = within(drawer).getAllByAltText(/锦江大厦 3 楼 图片/);
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(within(drawer).getByRole('link', { name: '查看详情' })).toHaveAttribute('href', '/asset/details?id=a1');
  });
});
