import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, GUEST_CREDENTIALS } from '@district/shared';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const river = {
  type: 'Feature',
  id: 7,
  properties: { name: ' 府河 ', kind: 'river', source: 'survey 2020' },
  geometry: {
    type: 'LineString',
    coordinates: [
      [104.08, 30.66, 500],
      [104.09, 30.65],
    ],
  },
};
const outline = {
  type: 'Feature',
  properties: null,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [104.07, 30.57],
        [104.17, 30.57],
        [104.17, 30.67],
        [104.07, 30.57],
      ],
    ],
  },
};

describe.each(targets)('the offline base map on $name', (target) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login(SEED_ACCOUNTS.admin.username);
  });
  afterAll(() => t?.close());

  const read = async (token?: string) =>
    (await t.request({ method: 'GET', url: API.platformMapBase, ...(token ? { token } : {}) })).json().result;
  const put = (geojson: unknown, token = admin) =>
    t.request({ method: 'PUT', url: API.platformMapBase, token, payload: { geojson } });

  it('is the shipped schematic (null) until an administrator stores the office own, which everyone reads', async () => {
    expect(await read()).toEqual({ geojson: null });
    const res = await put(collection([river, outline]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('示意底图已保存');
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    // Stored cleaned: a name and a style kind kept, the rest (ids, foreign properties, altitudes) dropped.
    expect(await read(guest)).toEqual({
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
          { type: 'Feature', properties: {}, geometry: outline.geometry },
        ],
      },
    });
    // Not part of the platform info every page asks for.
    expect(JSON.stringify((await t.request({ method: 'GET', url: API.platformInfo })).json().result)).not.toContain(
      '府河',
    );

    const cleared = await put('');
    expect(cleared.json().message).toBe('已恢复内置示意底图');
    expect(await read()).toEqual({ geojson: null });
  });

  it('refuses what is not a FeatureCollection of areas and lines, with a Chinese message, keeping what was stored', async () => {
    await put(collection([river]));
    for (const [geojson, message] of [
      ['{"type":', '示意底图不是有效的 JSON 文本'],
      [JSON.stringify(river), '示意底图须为 GeoJSON 的 FeatureCollection'],
      [collection([]), '示意底图须包含 1 到 1000 个要素'],
      [
        collection([{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [104, 30] } }]),
        '示意底图的要素只能是 Polygon（面）或 LineString（线）',
      ],
      [
        collection([
          {
            ...river,
            geometry: {
              type: 'LineString',
              coordinates: [
                [104, 30],
                [204, 30],
              ],
            },
          },
        ]),
        '示意底图的坐标须为 [经度, 纬度]：经度 -180 到 180，纬度 -90 到 90',
      ],
      [
        collection([{ ...river, geometry: { type: 'LineString', coordinates: [[104, 30]] } }]),
        '示意底图的线至少须有 2 个点',
      ],
      [' '.repeat(300_001), '示意底图不能超过 300 KB'],
      [42, '请提供示意底图的 GeoJSON 文本'],
    ] as const) {
      const res = await put(geojson);
      expect(res.statusCode, String(geojson).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await read()).geojson.features[0].properties.name).toBe('府河');
  });

  it('forbids the ordinary user and the guest to change it', async () => {
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    expect((await put(collection([outline]), staff)).statusCode).toBe(403);
    expect((await read()).geojson.features[0].properties.name).toBe('府河');
  });
});
