import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { API, ASSET_API, type AssetStats, type PublicAsset } from '@district/shared';
import { prepareLeafletForJsdom } from '@/components/map/leaflet-jsdom';
import { mockHttp, ok } from '@/test/mock-http';
import { queryClient } from '@/lib/query-client';
import { renderWithApp } from '@/test/render';
import { AssetAllocationAllPage } from './asset-allocation-all-page';

// echarts draws on a real canvas; the charts' data is what matters here.
vi.mock('../components/stat-charts', () => ({
  default: ({ stats }: { stats: AssetStats }) => <div data-testid="charts">{stats.byCategory.length} 个分类图表</div>,
}));

beforeAll(() => prepareLeafletForJsdom());
let restore = () => undefined as void;
afterEach(() => {
  restore();
  // The public shell provides the app's shared query client: no answer may leak into the next test.
  queryClient.clear();
});

const STATS: AssetStats = {
  total: 25,
  totalArea: 12345.67,
  byCategory: [
    { categoryId: 'c1', name: '房屋', count: 20, area: 12000 },
    { categoryId: 'c2', name: '土地', count: 5, area: 345.67 },
  ],
  byStatus: [
    { status: 'idle', text: '闲置', count: 15, area: 8000 },
    { status: 'leased', text: '出租', count: 10, area: 4345.67 },
  ],
};

const asset = (i: number): PublicAsset => ({
  id: `a${i}`,
  code: `ZC${i}`,
  name: `公开资产${i}`,
  categoryId: 'c1',
  categoryName: '房屋',
  address: `锦江区示范路${i}号`,
  regionCode: null,
  longitude: 104.1,
  latitude: 30.6,
  area: 100 + i,
  status: 'idle',
  statusText: '闲置',
  useNature: null,
  useNatureText: null,
  images: i === 1 ? 'temp/one.jpg,temp/two.jpg' : null,
  description: null,
  publishTime: '2026-11-20 10:00:00',
});

function serve() {
  const http = mockHttp({
    [`GET ${API.platformInfo}`]: ok({ systemName: '区域资产资源管理与发布平台', logoUrl: '' }),
    [`GET ${ASSET_API.publicStats}`]: ok(STATS),
    // No office base stored: the map draws the shipped schematic.
    [`GET ${API.platformMapBase}`]: ok({ geojson: null }),
    [`GET ${ASSET_API.publicPoints}`]: ok([
      ['a1', 104.1, 30.6, 'idle', 'c1'],
      ['a2', 104.12, 30.61, 'leased', 'c1'],
    ]),
    [`GET ${ASSET_API.publicList}`]: (c: InternalAxiosRequestConfig) => {
      const p = c.params as { keyword?: string; pageNo: number; pageSize: number };
      const all = Array.from({ length: 25 }, (_, i) => asset(i + 1)).filter(
        (a) => !p.keyword || a.name.includes(p.keyword),
      );
      const records = all.slice((p.pageNo - 1) * p.pageSize, p.pageNo * p.pageSize);
      return ok({ records, total: all.length, size: p.pageSize, current: p.pageNo, pages: 3 });
    },
  });
  restore = http.restore;
  return http;
}

describe('AssetAllocationAllPage', () => {
  it('shows the headline figures, the map, the charts and the cards of published assets', async () => {
    serve();
    renderWithApp(<AssetAllocationAllPage />, { route: '/assetAllocationAll' });
    expect(await screen.findByRole('heading', { name: '区域资产资源管理与发布平台' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/user/login');

    await screen.findByText('已发布资产');
    const figures = document.querySelector('.public-figures') as HTMLElement;
    await waitFor(() => expect(figures).toHaveTextContent('25个'));
    // Compact figures fit a card on a 390 px phone; the exact area is the card's tooltip.
    expect(figures).toHaveTextContent('1.23万m²');
    expect(screen.getByTitle('12,345.67 m²')).toHaveTextContent('总面积');
    expect(figures).toHaveTextContent('闲置15个');
    expect(figures).toHaveTextContent('面积 4,345.67 m²');
    const byCategory = screen.getByRole('list', { name: '按分类统计' });
    expect(byCategory).toHaveTextContent('房屋20 个12,000 m²');
    expect(byCategory).toHaveTextContent('土地5 个345.67 m²');
    expect(await screen.findByTestId('charts')).toHaveTextContent('2 个分类图表');
    // 25 published, 2 with coordinates: the map and the card say so instead of contradicting each other.
    expect(await screen.findByText('地图上 2 项（另有 23 项未标注坐标）')).toBeInTheDocument();
    await waitFor(() => expect(figures).toHaveTextContent('已发布资产25个地图上 2 项'));
    expect(screen.getByRole('status')).toHaveTextContent('在线底图不可用，显示区域示意图');

    const card = await screen.findByRole('link', { name: '公开资产1' });
    expect(card).toHaveAttribute('href', '/infoDetails?id=a1');
    expect(within(card).getByText('锦江区示范路1号')).toBeInTheDocument();
    expect(within(card).getByText('101 m²')).toBeInTheDocument();
    expect(within(card).getByText('闲置')).toBeInTheDocument();
    const cover = within(card).getByRole('img', { name: '公开资产1' });
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover.getAttribute('src')).toMatch(/temp\/one\.jpg$/);
    expect(screen.getByText('共 25 项')).toBeInTheDocument();
  });

  it('searches by keyword and pages, calling nothing but the public display routes', async () => {
    const http = serve();
    renderWithApp(<AssetAllocationAllPage />, { route: '/assetAllocationAll' });
    await screen.findByRole('link', { name: '公开资产1' });
    expect(screen.getByText('第 1 / 3 页')).toBeInTheDocument();
    fireEvent.click(screen.getByText('下一页').closest('button')!);
    expect(await screen.findByRole('link', { name: '公开资产13' })).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: '关键字' });
    fireEvent.change(search, { target: { value: '公开资产2' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByRole('link', { name: '公开资产13' })).toBeNull());
    expect(await screen.findByRole('link', { name: '公开资产21' })).toBeInTheDocument();
    const last = http.calls.filter((c) => c.url === ASSET_API.publicList).at(-1)!;
    expect(last.params).toMatchObject({ keyword: '公开资产2', pageNo: 1 });

    fireEvent.click(within(screen.getByRole('group', { name: '资产状态' })).getByText('出租'));
    await waitFor(() =>
      expect(http.calls.filter((c) => c.url === ASSET_API.publicList).at(-1)?.params).toMatchObject({
        keyword: '公开资产2',
        status: 'leased',
        pageNo: 1,
      }),
    );

    const allowed = new Set<string>([
      API.platformInfo,
      API.platformMapBase,
      ASSET_API.publicStats,
      ASSET_API.publicPoints,
      ASSET_API.publicList,
      ASSET_API.publicDetail,
    ]);
    expect(http.calls.length).toBeGreaterThan(0);
    expect(http.calls.map((c) => c.url).filter((u) => !allowed.has(u ?? ''))).toEqual([]);
  });
});
