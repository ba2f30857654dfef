import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ASSET_API, type PublicAsset } from '@district/shared';
import { queryClient } from '@/lib/query-client';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AssetCardList, CARD_TEXT } from './asset-card-list';

// The stylesheet as written (jsdom applies no CSS files).
const css = readFileSync(path.resolve(__dirname, 'public-display.css'), 'utf8');

let restore = () => undefined as void;
afterEach(() => {
  restore();
  queryClient.clear();
});

const asset = (id: string, images: string | null): PublicAsset => ({
  id,
  code: `ZC-${id}`,
  name: `公开资产${id}`,
  categoryId: 'c1',
  categoryName: '房屋',
  address: '锦江区示范路1号',
  regionCode: null,
  longitude: null,
  latitude: null,
  area: 100,
  status: 'idle',
  statusText: '闲置',
  useNature: null,
  useNatureText: null,
  images,
  description: null,
  publishTime: null,
});

/** The declarations of one exact selector in the stylesheet. */
function rule(selector: string): string {
  const at = css.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf('}', at));
}

describe('public asset cards', () => {
  it('shows a centred placeholder with an icon and text in the image area of a card without pictures', async () => {
    const http = mockHttp({
      [`GET ${ASSET_API.publicList}`]: ok({
        records: [asset('1', 'temp/one.jpg'), asset('2', null)],
        total: 2,
        size: 12,
        current: 1,
        pages: 1,
      }),
    });
    restore = http.restore;
    renderWithApp(<AssetCardList categories={[]} />);
    const card = (await screen.findByLabelText('公开资产2')).querySelector('article') as HTMLElement;
    const placeholder = within(card).getByTestId('card-no-image');
    // The placeholder takes the cover's place (same height class) and holds an icon above its text.
    expect(placeholder).toHaveClass('public-asset-card-cover', 'public-asset-card-nocover');
    expect(placeholder.querySelector('.public-asset-card-nocover-icon')).not.toBeNull();
    expect(within(placeholder).getByText(CARD_TEXT.noImage)).toBeInTheDocument();
    const withImage = (await screen.findByLabelText('公开资产1')).querySelector('article') as HTMLElement;
    expect(within(withImage).queryByTestId('card-no-image')).toBeNull();
    expect(withImage.querySelector('img.public-asset-card-cover')).not.toBeNull();
  });

  it('centres the placeholder with a rule the cover’s `display: block` cannot override', () => {
    // `.public-asset-card-cover { display: block }` comes later in the file; a single-class placeholder rule lost
    // to it and the text sat in the top-left corner.
    const placeholder = rule('.public-asset-card-cover.public-asset-card-nocover');
    expect(placeholder).toContain('display: flex');
    expect(placeholder).toContain('align-items: center');
    expect(placeholder).toContain('justify-content: center');
    expect(css).not.toMatch(/(^|\n)\.public-asset-card-nocover \{/);
  });
});
