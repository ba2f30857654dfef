import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AssetPoint } from '@district/shared';
import { renderWithApp } from '../../test/render';
import { AssetMap, NO_TILES_NOTICE } from './asset-map';
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

  it('shows a legend of the statuses with how many points each has', () => {
    renderWithApp(<AssetMap points={[...near(4, 'idle'), ...near(2, 'leased')]} settings={DEFAULT_MAP_CONFIG} />);
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
