import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API, ASSET_API, ASSET_MESSAGES, type PublicAsset } from '@district/shared';
import { prepareLeafletForJsdom } from '@/components/map/leaflet-jsdom';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { queryClient } from '@/lib/query-client';
import { renderWithApp } from '@/test/render';
import { InfoDetailsPage } from './info-details-page';

beforeAll(() => prepareLeafletForJsdom());
let restore = () => undefined as void;
afterEach(() => {
  restore();
  // The public shell provides the app's shared query client: no answer may leak into the next test.
  queryClient.clear();
});

const ASSET: PublicAsset = {
  id: 'a1',
  code: 'ZC20261125001',
  name: '春熙路临街商铺',
  categoryId: 'c1',
  categoryName: '商铺',
  address: '成都市锦江区春熙路 8 号',
  regionCode: '510104',
  longitude: 104.08,
  latitude: 30.65,
  area: 88.5,
  status: 'idle',
  statusText: '闲置',
  useNature: 'business',
  useNatureText: '经营用房',
  images: 'temp/a.jpg,temp/b.jpg',
  description: '<p>临街<strong>两层</strong></p><img src="x" onerror="alert(1)">',
  publishTime: '2026-11-20 10:00:00',
};

function serve(detail = ok(ASSET)) {
  const http = mockHttp({
    [`GET ${API.platformInfo}`]: ok({ systemName: '平台' }),
    [`GET ${ASSET_API.publicDetail}`]: detail,
  });
  restore = http.restore;
  return http;
}

describe('InfoDetailsPage', () => {
  it('shows a published asset’s public fields, its images, its point and the way back', async () => {
    const http = serve();
    renderWithApp(<InfoDetailsPage />, { route: '/infoDetails?id=a1' });
    expect(await screen.findByText('ZC20261125001')).toBeInTheDocument();
    expect(screen.getByText('春熙路临街商铺')).toBeInTheDocument();
    expect(screen.getByText('经营用房')).toBeInTheDocument();
    expect(screen.getByText('88.5 m²')).toBeInTheDocument();
    expect(screen.getByText('成都市锦江区春熙路 8 号')).toBeInTheDocument();
    expect(screen.getAllByAltText(/春熙路临街商铺 图片/)).toHaveLength(2);
    expect(screen.getByText('两层').tagName).toBe('STRONG');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: /返回/ })).toHaveAttribute('href', '/assetAllocationAll');
    expect(await screen.findByTestId('asset-map')).toBeInTheDocument();
    expect(http.calls.find((c) => c.url === ASSET_API.publicDetail)?.params).toMatchObject({ id: 'a1' });
  });

  it('an unpublished or unknown id shows the 404 state with the way back, and no error notice', async () => {
    serve(fail(404, ASSET_MESSAGES.publicNotFound));
    renderWithApp(<InfoDetailsPage />, { route: '/infoDetails?id=hidden' });
    expect(await screen.findByText('该资产不存在或未公开发布')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回资产一览' })).toHaveAttribute('href', '/assetAllocationAll');
    expect(screen.queryByText('ZC20261125001')).toBeNull();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('a page without an id is the same 404 state, asking nothing', async () => {
    const http = serve();
    renderWithApp(<InfoDetailsPage />, { route: '/infoDetails' });
    expect(await screen.findByText('该资产不存在或未公开发布')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.url === ASSET_API.publicDetail)).toHaveLength(0);
  });
});
