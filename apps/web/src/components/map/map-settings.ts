import { useQuery } from '@tanstack/react-query';
import { API } from '@district/shared';
import { getAction } from '../../lib/request';
import type { BBox, LngLat, TileCrs } from './coords';

/** The map's platform settings (the `map` object of /sys/platform/info). */
export interface MapSettings {
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

/** Used while the settings are missing: no tiles (tests and intranets reach no tile server), a city view. */
export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: '',
  attribution: '',
  key: '',
  center: [116.397428, 39.90923],
  zoom: 12,
  crs: 'gcj02',
  districtBox: null,
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

/**
 * Reads whatever the server sent, field by field: a missing or malformed field keeps its default, so a
 * half-configured platform still draws a usable map.
 */
export function parseMapSettings(raw: unknown): MapSettings {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_MAP_SETTINGS;
  const m = raw as Record<string, unknown>;
  const center = numbers(m.center ?? m.defaultCenter, 2);
  const box = numbers(m.districtBox ?? m.bbox ?? m.districtBbox, 4);
  const zoom = num(m.zoom ?? m.defaultZoom);
  const crsText = str(m.crs, m.coordinateSystem, m.tileCrs, m.coordSystem).toLowerCase();
  return {
    tileUrl: str(m.tileUrl, m.url),
    attribution: str(m.attribution),
    key: str(m.key, m.mapKey),
    center:
      center && Math.abs(center[0]!) <= 180 && Math.abs(center[1]!) <= 90
        ? [center[0]!, center[1]!]
        : DEFAULT_MAP_SETTINGS.center,
    zoom: zoom !== null && zoom >= 1 && zoom <= 20 ? zoom : DEFAULT_MAP_SETTINGS.zoom,
    crs: crsText === 'wgs84' || crsText === 'wgs-84' ? 'wgs84' : 'gcj02',
    districtBox: box ? [box[0]!, box[1]!, box[2]!, box[3]!] : null,
  };
}

/** The map settings from the platform info (readable by everyone, the guest included). */
export function useMapSettings(): MapSettings {
  const { data } = useQuery({
    queryKey: ['platform-info', 'map'],
    queryFn: async () => {
      const res = await getAction<{ map?: unknown }>(API.platformInfo, undefined, { silent: true });
      return parseMapSettings(res.result?.map);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? DEFAULT_MAP_SETTINGS;
}
