import { describe, expect, it } from 'vitest';
import type { AssetPoint } from '@district/shared';
import { buildClusterIndex } from './cluster';
import { clusterIconHtml, clusterTitle } from './cluster-icon';
import { boundsOf, displayBoxToStored, fromDisplay, toDisplay } from './coords';
import { DEFAULT_MAP_CONFIG, parseMapConfig } from './map-settings';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** n points on a grid inside a few kilometres, statuses cycling. */
function grid(n: number): AssetPoint[] {
  const statuses = ['idle', 'in_use', 'leased', 'repair', 'disposed'];
  return Array.from({ length: n }, (_, i) => [
    `a${i}`,
    116.3 + (i % 100) * 0.001,
    39.9 + Math.floor(i / 100) * 0.001,
    statuses[i % 5]!,
    'c1',
  ]);
}

describe('cluster index', () => {
  it('groups 10,000 nearby points into count bubbles that add up to every point when zoomed out', () => {
    const index = buildClusterIndex(grid(10_000), 'gcj02');
    const items = index.query(WORLD, 5);
    expect(items.length).toBeLessThan(10);
    const total = items.reduce((sum, it) => sum + (it.kind === 'cluster' ? it.count : 1), 0);
    expect(total).toBe(10_000);
  });

  it('a group carries how many of its assets have each status, at every zoom level', () => {
    // 10,000 points, statuses cycling: 2,000 of each of the five.
    const index = buildClusterIndex(grid(10_000), 'gcj02');
    for (const zoom of [3, 5, 9]) {
      const clusters = index.query(WORLD, zoom).filter((it) => it.kind === 'cluster');
      expect(clusters.length).toBeGreaterThan(0);
      const sums = new Map<string, number>();
      for (const c of clusters) {
        if (c.kind !== 'cluster') continue;
        // Each group's counts add up to its size.
        expect(c.statuses.reduce((n, s) => n + s.count, 0)).toBe(c.count);
        for (const s of c.statuses) sums.set(s.status, (sums.get(s.status) ?? 0) + s.count);
      }
      if (zoom === 3) {
        // Zoomed out, all points are in groups: the counts are exact, not summed twice across levels.
        expect(Object.fromEntries(sums)).toEqual({
          idle: 2000,
          in_use: 2000,
          leased: 2000,
          repair: 2000,
          disposed: 2000,
        });
      }
    }
  });

  it('counts a mixed group per status, an unknown status as its own slice', () => {
    const points: AssetPoint[] = [
      ['a', 104.1, 30.6, 'idle', 'c'],
      ['b', 104.1001, 30.6, 'idle', 'c'],
      ['c', 104.1002, 30.6, 'leased', 'c'],
      ['d', 104.1003, 30.6, 'weird', 'c'],
    ];
    const [group] = buildClusterIndex(points, 'gcj02').query(WORLD, 10);
    expect(group).toMatchObject({
      kind: 'cluster',
      count: 4,
      statuses: [
        { status: 'idle', count: 2 },
        { status: 'leased', count: 1 },
        { status: '', count: 1 },
      ],
    });
  });

  it('shows single points with their id and status once zoomed in far enough', () => {
    const points: AssetPoint[] = [
      ['a', 116.3, 39.9, 'leased', 'c1'],
      ['b', 116.5, 40.1, 'idle', 'c2'],
    ];
    const index = buildClusterIndex(points, 'gcj02');
    const items = index.query([116.29, 39.89, 116.31, 39.91], 15);
    expect(items).toEqual([{ kind: 'point', id: 'a', lng: 116.3, lat: 39.9, status: 'leased', categoryId: 'c1' }]);
  });

  it('a bubble opens at a deeper zoom', () => {
    const index = buildClusterIndex(grid(50), 'gcj02');
    const bubble = index.query(WORLD, 3).find((it) => it.kind === 'cluster');
    expect(bubble?.kind).toBe('cluster');
    if (bubble?.kind === 'cluster') expect(index.expansionZoom(bubble.clusterId)).toBeGreaterThan(3);
  });

  it('leaves out points without usable coordinates instead of failing', () => {
    const index = buildClusterIndex(
      [
        ['ok', 116.3, 39.9, 'idle', 'c'],
        ['bad', Number.NaN, 39.9, 'idle', 'c'],
        ['far', 200, 39.9, 'idle', 'c'],
      ],
      'gcj02',
    );
    expect(index.size).toBe(1);
  });

  it('draws points shifted to WGS-84 over WGS-84 tiles', () => {
    const index = buildClusterIndex([['a', 116.4, 39.9, 'idle', 'c']], 'wgs84');
    const [item] = index.query(WORLD, 10);
    expect(item?.kind).toBe('point');
    // GCJ-02 is offset a few hundred metres from WGS-84 in Beijing.
    expect(item!.lng).toBeCloseTo(116.39376, 4);
    expect(item!.lat).toBeCloseTo(39.8986, 4);
  });
});

describe('cluster bubble', () => {
  it('draws one arc per status, as long as its share, in the status colour, with the count in the middle', () => {
    const html = clusterIconHtml(30, [
      { status: 'idle', count: 20 },
      { status: 'leased', count: 10 },
    ]);
    const el = document.createElement('div');
    el.innerHTML = html;
    expect(el.textContent).toBe('30');
    const arcs = [...el.querySelectorAll('circle.asset-map-cluster-arc')];
    expect(arcs.map((a) => a.getAttribute('stroke'))).toEqual(['#52c41a', '#fa8c16']);
    const lengths = arcs.map((a) => Number(a.getAttribute('stroke-dasharray')!.split(' ')[0]));
    expect(lengths[0]! / lengths[1]!).toBeCloseTo(2, 2);
    // The second arc starts where the first ends.
    expect(Number(arcs[1]!.getAttribute('stroke-dashoffset'))).toBeCloseTo(-lengths[0]!, 1);
  });

  it('names the statuses in its title', () => {
    expect(
      clusterTitle(1200, [
        { status: 'idle', count: 1000 },
        { status: 'repair', count: 200 },
      ]),
    ).toBe('1,200 个资产：闲置 1,000、维修 200');
  });
});

describe('coordinate conversion', () => {
  it('keeps GCJ-02 as it is over GCJ-02 tiles and round-trips through WGS-84', () => {
    expect(toDisplay([116.4, 39.9], 'gcj02')).toEqual([116.4, 39.9]);
    const shown = toDisplay([116.4, 39.9], 'wgs84');
    expect(shown[0]).not.toBeCloseTo(116.4, 4);
    const back = fromDisplay(shown, 'wgs84');
    expect(back[0]).toBeCloseTo(116.4, 5);
    expect(back[1]).toBeCloseTo(39.9, 5);
  });

  it('turns a drawn box into an ordered GCJ-02 bbox with six decimals', () => {
    expect(displayBoxToStored([116.5, 40.0000004, 116.3, 39.9], 'gcj02')).toEqual([116.3, 39.9, 116.5, 40]);
  });

  it('finds the bounds of points', () => {
    expect(
      boundsOf([
        [1, 5],
        [3, 2],
      ]),
    ).toEqual([1, 2, 3, 5]);
    expect(boundsOf([])).toBeNull();
  });
});

describe('map settings', () => {
  it('falls back to no tiles when the platform says nothing about the map', () => {
    expect(parseMapConfig(undefined)).toEqual(DEFAULT_MAP_CONFIG);
    expect(parseMapConfig({}).tileUrl).toBe('');
  });

  it('reads the tile source, centre, zoom, coordinate system and district box, dropping malformed fields', () => {
    const s = parseMapConfig({
      tileUrl: 'https://t{s}.example/{z}/{x}/{y}?key={key}',
      mapKey: 'k1',
      centerLng: 118.1,
      centerLat: 24.5,
      zoom: 13,
      tileCrs: 'wgs84',
      districtBox: { minLng: 118, minLat: 24, maxLng: 119, maxLat: 25 },
    });
    expect(s).toMatchObject({
      key: 'k1',
      center: [118.1, 24.5],
      zoom: 13,
      crs: 'wgs84',
      districtBox: [118, 24, 119, 25],
    });
    const bad = parseMapConfig({
      centerLng: 500,
      centerLat: 1,
      zoom: 99,
      districtBox: { minLng: 2, minLat: 1, maxLng: 1 },
    });
    expect(bad.center).toEqual(DEFAULT_MAP_CONFIG.center);
    expect(bad.zoom).toBe(DEFAULT_MAP_CONFIG.zoom);
    expect(bad.districtBox).toBeNull();
    expect(bad.crs).toBe('gcj02');
  });
});
