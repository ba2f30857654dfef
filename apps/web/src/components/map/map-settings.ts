import { useQuery } from '@tanstack/react-query';
import { API, type MapBase, type MapBaseCollection, type MapBaseInput } from '@district/shared';
import { getAction, putAction } from '@/lib/request';
import type { BBox, LngLat, TileCrs } from './coords';

/**
 * The map's platform settings (the `map` object of /sys/platform/info, shared `MapSettings`) as the map
 * component uses them: a [lng, lat] centre and a [minLng, minLat, maxLng, maxLat] box.
 */
export interface MapConfig {
  /** Leaflet URL template ({z}/{x}/{y}, {s}, {key}); empty = no tiles, points on a plain background. */
  tileUrl: string;
  attribution: string;
  /** The map service key, filled into {key} of the template. */
  key: string;
  /** Default centre [lng, lat], GCJ-02. */
  center: LngLat;
  zoom: number;
  /** What the tiles are drawn in; stored points are GCJ-02 and converted for WGS-84 tiles. */
  crs: TileCrs;
  /** The district's box [minLng, minLat, maxLng, maxLat] GCJ-02, fitted when there are no points. */
  districtBox: BBox | null;
}

/**
 * Used while the settings are missing: no tiles (tests and intranets reach no tile server) and the demo
 * district (成都市锦江区, the platform's default).
 */
export const DEFAULT_MAP_CONFIG: MapConfig = {
  tileUrl: '',
  attribution: '',
  key: '',
  center: [104.118, 30.618],
  zoom: 13,
  crs: 'gcj02',
  districtBox: [104.075, 30.565, 104.165, 30.668],
};

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function numbers(v: unknown, length: number): number[] | null {
  const list = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(list) || list.length !== length) return null;
  const out = list.map(num);
  return out.every((n): n is number => n !== null) ? out : null;
}

const str = (...values: unknown[]): string => {
  for (const v of values) if (typeof v === 'string') return v.trim();
  return '';
};

/** A box as the server sends it ({ minLng, minLat, maxLng, maxLat }) or as a 4-number list; null when unusable. */
function boxOf(v: unknown): BBox | null {
  const o = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  const list = numbers(o ? [o.minLng, o.minLat, o.maxLng, o.maxLat] : v, 4);
  if (!list) return null;
  const [a, b, c, d] = list as [number, number, number, number];
  return a < c && b < d ? [a, b, c, d] : null;
}

/**
 * Reads whatever the server sent, field by field: a missing or malformed field keeps its default, so a
 * half-configured platform still draws a usable map.
 */
export function parseMapConfig(raw: unknown): MapConfig {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_MAP_CONFIG;
  const m = raw as Record<string, unknown>;
  const center = numbers(m.center ?? (m.centerLng !== undefined ? [m.centerLng, m.centerLat] : undefined), 2);
  const box = boxOf(m.districtBox);
  const zoom = num(m.zoom ?? m.defaultZoom);
  const crsText = str(m.tileCrs, m.crs).toLowerCase();
  return {
    tileUrl: str(m.tileUrl, m.url),
    attribution: str(m.attribution),
    key: str(m.mapKey, m.key),
    center:
      center && Math.abs(center[0]!) <= 180 && Math.abs(center[1]!) <= 90
        ? [center[0]!, center[1]!]
        : DEFAULT_MAP_CONFIG.center,
    zoom: zoom !== null && zoom >= 1 && zoom <= 20 ? zoom : DEFAULT_MAP_CONFIG.zoom,
    crs: crsText === 'wgs84' || crsText === 'wgs-84' ? 'wgs84' : 'gcj02',
    districtBox: box,
  };
}

/** The map settings from the platform info (readable by everyone, the guest included). */
export function useMapConfig(): MapConfig {
  const { data } = useQuery({
    queryKey: ['platform-info', 'map'],
    queryFn: async () => {
      const res = await getAction<{ map?: unknown }>(API.platformInfo, undefined, { silent: true });
      return parseMapConfig(res.result?.map);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? DEFAULT_MAP_CONFIG;
}

export const MAP_BASE_QUERY_KEY = ['platform-map-base'] as const;

/** The office's own offline base (平台设置 → 地图设置), or null for the shipped schematic. */
export async function fetchMapBase(): Promise<MapBaseCollection | null> {
  const res = await getAction<MapBase>(API.platformMapBase, undefined, { silent: true });
  const g = res.result?.geojson;
  return g && g.type === 'FeatureCollection' && Array.isArray(g.features) ? g : null;
}

export function saveMapBase(input: MapBaseInput) {
  return putAction<MapBase>(API.platformMapBase, input);
}

/**
 * The offline base the map draws when it has no tiles: asked for only then (`enabled`), and null (the shipped
 * schematic) while it loads or when the server cannot say.
 */
export function useMapBase(enabled: boolean): MapBaseCollection | null {
  const { data } = useQuery({
    queryKey: MAP_BASE_QUERY_KEY,
    queryFn: fetchMapBase,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? null;
}
