import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { API, ASSET_API } from '@district/shared';
import { prepareLeafletForJsdom } from '@/components/map/leaflet-jsdom';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PublicAssetMap } from './public-asset-map';

beforeAll(() => prepareLeafletForJsdom());
let restore = () => undefined as void;
afterEach(() => restore());

describe('PublicAssetMap', () => {
  it('says how many published assets are on the map and how many lack coordinates; the legend counts the map', () => {
    const http = mockHttp({ [`GET ${API.platformInfo}`]: ok({ systemName: '平台' }) });
    restore = http.restore;
    renderWithApp(
      <PublicAssetMap
        points={[
          ['a1', 104.08, 30.65, 'idle', 'c1'],
          ['a2', 104.09, 30.64, 'idle', 'c1'],
          ['a3', 104.1, 30.63, 'leased', 'c1'],
        ]}
        loading={false}
        published={3001}
      />,
    );
    expect(screen.getByText('地图上 3 项（另有 2,998 项未标注坐标）')).toBeInTheDocument();
    expect(screen.getByText('地图上的资产')).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: '图例' });
    expect(legend).toHaveTextContent('闲置2');
    expect(legend).toHaveTextContent('出租1');
    // The public reads a neutral notice: nothing about settings it cannot open.
    expect(screen.getByRole('status')).toHaveTextContent('在线底图不可用，显示区域示意图');
    expect(screen.queryByText(/平台设置/)).toBeNull();
  });

  it('a click on a point shows its public card with the way to its page', async () => {
    const http = mockHttp({
      [`GET ${API.platformInfo}`]: ok({ systemName: '平台' }),
      [`GET ${ASSET_API.publicDetail}`]: ok({
        id: 'a1',
        name: '春熙路临街商铺',
        categoryName: '商铺',
        status: 'leased',
        statusText: '出租',
        address: '成都市锦江区春熙路 8 号',
        area: 88.5,
        images: 'temp/a.jpg',
      }),
    });
    restore = http.restore;
    renderWithApp(<PublicAssetMap points={[['a1', 104.08, 30.65, 'leased', 'c1']]} loading={false} />);
    expect(screen.getByText('地图上 1 项')).toBeInTheDocument();
    // The view is fitted to the one point: it sits in the middle of the 800×600 map.
    const canvas = await waitFor(() => {
      const el = document.querySelector('.leaflet-overlay-pane canvas');
      expect(el).not.toBeNull();
      return el!;
    });
    fireEvent.click(canvas, { clientX: 400, clientY: 300 });
    const card = await screen.findByRole('region', { name: '资产卡片' });
    expect(await screen.findByText('春熙路临街商铺')).toBeInTheDocument();
    expect(card).toHaveTextContent('出租');
    expect(card).toHaveTextContent('88.5 m²');
    expect(screen.getByRole('link', { name: '查看详情' })).toHaveAttribute('href', '/infoDetails?id=a1');
    expect(http.calls.find((c) => c.url === ASSET_API.publicDetail)?.params).toMatchObject({ id: 'a1' });

    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '资产卡片' })).toBeNull());
  });
});
