import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';

/**
 * The offline base of the demo district 成都市锦江区: a schematic written by hand for this project from general
 * geographic knowledge (GCJ-02 degrees, a few hundred metres off at places) — not copied from any map data set.
 * It gives a map without a tile server a sense of place: the district's rough outline, the ring roads (drawn as
 * ellipses around 天府广场), the rivers 锦江 and 沙河, and a few landmarks' names. Not a survey: the notice says so.
 */
export type BaseKind = 'district' | 'ring' | 'road' | 'river' | 'label';
export interface BaseProps {
  kind: BaseKind;
  name: string;
}
export type BaseFeature = Feature<Polygon | LineString | Point, BaseProps>;

/** 天府广场, the centre of Chengdu's ring roads. */
const CENTRE: [number, number] = [104.0657, 30.6573];

/** A ring road as a closed ellipse of 36 vertices: rx, ry in degrees of longitude and latitude. */
function ring(rx: number, ry: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= 36; i += 1) {
    const a = (i / 36) * 2 * Math.PI;
    out.push([+(CENTRE[0] + rx * Math.cos(a)).toFixed(5), +(CENTRE[1] + ry * Math.sin(a)).toFixed(5)]);
  }
  return out;
}

const line = (kind: BaseKind, name: string, coordinates: [number, number][]): BaseFeature => ({
  type: 'Feature',
  properties: { kind, name },
  geometry: { type: 'LineString', coordinates },
});

const label = (name: string, at: [number, number]): BaseFeature => ({
  type: 'Feature',
  properties: { kind: 'label', name },
  geometry: { type: 'Point', coordinates: at },
});

export const DISTRICT_BASE: FeatureCollection<Polygon | LineString | Point, BaseProps> = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { kind: 'district', name: '锦江区（示意）' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [104.072, 30.664],
            [104.085, 30.668],
            [104.098, 30.662],
            [104.112, 30.66],
            [104.128, 30.655],
            [104.145, 30.65],
            [104.16, 30.64],
            [104.165, 30.62],
            [104.16, 30.6],
            [104.15, 30.58],
            [104.135, 30.566],
            [104.115, 30.568],
            [104.1, 30.58],
            [104.09, 30.6],
            [104.082, 30.62],
            [104.076, 30.635],
            [104.072, 30.648],
            [104.072, 30.664],
          ],
        ],
      },
    },
    // Chengdu's ring roads are near circles around 天府广场: 一环 ≈ 3 km, 二环 ≈ 4.5 km, 三环 ≈ 8 km out.
    line('ring', '一环路', ring(0.031, 0.027)),
    line('ring', '二环路', ring(0.047, 0.04)),
    line('ring', '三环路', ring(0.084, 0.073)),
    line('road', '东大街', [
      [104.068, 30.655],
      [104.078, 30.652],
      [104.087, 30.65],
      [104.1, 30.645],
      [104.118, 30.638],
      [104.14, 30.628],
      [104.162, 30.618],
    ]),
    // 府河 and 南河 meet at 合江亭 and go on as 锦江, past 九眼桥 and 望江楼 to the south-east.
    line('river', '府河', [
      [104.055, 30.69],
      [104.07, 30.68],
      [104.078, 30.672],
      [104.083, 30.662],
      [104.084, 30.652],
      [104.0835, 30.6475],
    ]),
    line('river', '南河', [
      [104.04, 30.66],
      [104.048, 30.65],
      [104.06, 30.644],
      [104.072, 30.644],
      [104.0835, 30.6475],
    ]),
    line('river', '锦江', [
      [104.0835, 30.6475],
      [104.0895, 30.6405],
      [104.096, 30.6315],
      [104.105, 30.622],
      [104.112, 30.61],
      [104.118, 30.6],
      [104.123, 30.59],
      [104.125, 30.578],
      [104.128, 30.562],
    ]),
    line('river', '沙河', [
      [104.105, 30.69],
      [104.112, 30.67],
      [104.114, 30.655],
      [104.116, 30.64],
      [104.114, 30.625],
      [104.118, 30.6],
    ]),
    label('春熙路', [104.0805, 30.6575]),
    label('九眼桥', [104.0895, 30.6405]),
    label('望江楼', [104.096, 30.6315]),
    label('锦江', [104.11, 30.614]),
    label('沙河', [104.116, 30.648]),
    label('三圣乡', [104.137, 30.594]),
  ],
};
