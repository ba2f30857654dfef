import gcoord from 'gcoord';

/** The coordinate system a tile source is drawn in. Stored coordinates are always GCJ-02. */
export type TileCrs = 'gcj02' | 'wgs84';

/** [lng, lat] */
export type LngLat = [number, number];

/** A box as [minLng, minLat, maxLng, maxLat]. */
export type BBox = [number, number, number, number];

/**
 * Where a stored GCJ-02 point is drawn: unchanged over GCJ-02 tiles (and over no tiles), shifted to WGS-84
 * over WGS-84 tiles (OpenStreetMap and most international sources), otherwise points land a few hundred
 * metres off the streets.
 */
export function toDisplay(point: LngLat, crs: TileCrs): LngLat {
  if (crs !== 'wgs84') return point;
  const [lng, lat] = gcoord.transform(point, gcoord.GCJ02, gcoord.WGS84);
  return [lng, lat];
}

/** The inverse of toDisplay: a position on the map back to the GCJ-02 the server stores. */
export function fromDisplay(point: LngLat, crs: TileCrs): LngLat {
  if (crs !== 'wgs84') return point;
  const [lng, lat] = gcoord.transform(point, gcoord.WGS84, gcoord.GCJ02);
  return [lng, lat];
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A box drawn on the map (display coordinates) as the GCJ-02 bbox the server filters by, 6 decimals. */
export function displayBoxToStored(box: BBox, crs: TileCrs): BBox {
  const [minLng, minLat] = fromDisplay([box[0], box[1]], crs);
  const [maxLng, maxLat] = fromDisplay([box[2], box[3]], crs);
  return [
    round6(Math.min(minLng, maxLng)),
    round6(Math.min(minLat, maxLat)),
    round6(Math.max(minLng, maxLng)),
    round6(Math.max(minLat, maxLat)),
  ];
}

/** The bbox query parameter: minLng,minLat,maxLng,maxLat. */
export const bboxParam = (box: BBox): string => box.join(',');

/** The smallest box holding every point, or null for none. */
export function boundsOf(points: readonly LngLat[]): BBox | null {
  if (points.length === 0) return null;
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const [lng, lat] of points) {
    if (lng < minLng) minLng = lng;
    if (lng > maxLng) maxLng = lng;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  return [minLng, minLat, maxLng, maxLat];
}
