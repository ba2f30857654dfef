import {
  DEFAULT_LOGO_TITLE,
  DEFAULT_MAP_SETTINGS,
  PROJECT_COST_CEILING_DEFAULT,
  PROJECT_COST_CEILING_KEY,
  type DistrictBox,
  type MapBaseCollection,
  type MapSettings,
  type PlatformSettings,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { formatDateTime } from './time.js';

// The platform settings (sys_platform_setting): stored configuration every module may read; 系统设置 edits them.

export const DEFAULT_SYSTEM_NAME = '区域资产资源管理与发布平台';

/** The settings an administrator edits, with their defaults filled in. */
export async function getPlatformSettings(db: Kysely<Database>): Promise<PlatformSettings & { map: MapSettings }> {
  const s = await getSettings(db);
  return {
    systemName: s.systemName || DEFAULT_SYSTEM_NAME,
    logoUrl: s.logoUrl ?? '',
    logoTitle: s.logoTitle || DEFAULT_LOGO_TITLE,
    map: mapFrom(s),
  };
}

/** Setting keys of the map settings in sys_platform_setting. */
const MAP_KEYS = {
  tileUrl: 'mapTileUrl',
  attribution: 'mapAttribution',
  mapKey: 'mapKey',
  centerLng: 'mapCenterLng',
  centerLat: 'mapCenterLat',
  zoom: 'mapZoom',
  tileCrs: 'mapTileCrs',
  districtBox: 'mapDistrictBox',
} as const;

function num(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** An unset key takes the default; a district box saved empty means "no box" (no out-of-district warning). */
function mapFrom(s: Record<string, string | undefined>): MapSettings {
  const d = DEFAULT_MAP_SETTINGS;
  const boxText = s[MAP_KEYS.districtBox];
  let box: DistrictBox | null = d.districtBox;
  if (boxText !== undefined) {
    const parts = boxText.split(',').map(Number);
    box =
      parts.length === 4 && parts.every(Number.isFinite)
        ? { minLng: parts[0]!, minLat: parts[1]!, maxLng: parts[2]!, maxLat: parts[3]! }
        : null;
  }
  return {
    tileUrl: s[MAP_KEYS.tileUrl] ?? d.tileUrl,
    attribution: s[MAP_KEYS.attribution] ?? d.attribution,
    mapKey: s[MAP_KEYS.mapKey] ?? d.mapKey,
    centerLng: num(s[MAP_KEYS.centerLng], d.centerLng),
    centerLat: num(s[MAP_KEYS.centerLat], d.centerLat),
    zoom: num(s[MAP_KEYS.zoom], d.zoom),
    tileCrs: s[MAP_KEYS.tileCrs] === 'wgs84' ? 'wgs84' : 'gcj02',
    districtBox: box,
  };
}

export async function getMapSettings(db: Kysely<Database>): Promise<MapSettings> {
  return mapFrom(await getSettings(db));
}

/**
 * The district's bounding box (GCJ-02) or null when the administrator cleared it. The asset register uses it
 * for the out-of-district warning (a warning, never a refusal).
 */
export async function districtBox(db: Kysely<Database>): Promise<DistrictBox | null> {
  return (await getMapSettings(db)).districtBox;
}

/** Whether a point lies inside the box (edges included); true when there is no box. */
export function insideDistrict(box: DistrictBox | null, lng: number, lat: number): boolean {
  return !box || (lng >= box.minLng && lng <= box.maxLng && lat >= box.minLat && lat <= box.maxLat);
}

/** The map settings as setting rows. */
export function mapSettingValues(map: MapSettings): Record<string, string> {
  const b = map.districtBox;
  return {
    [MAP_KEYS.tileUrl]: map.tileUrl,
    [MAP_KEYS.attribution]: map.attribution,
    [MAP_KEYS.mapKey]: map.mapKey,
    [MAP_KEYS.centerLng]: String(map.centerLng),
    [MAP_KEYS.centerLat]: String(map.centerLat),
    [MAP_KEYS.zoom]: String(map.zoom),
    [MAP_KEYS.tileCrs]: map.tileCrs,
    [MAP_KEYS.districtBox]: b ? [b.minLng, b.minLat, b.maxLng, b.maxLat].join(',') : '',
  };
}

/** Setting key of the office's offline base map: the cleaned GeoJSON as JSON text, '' for the shipped one. */
export const MAP_BASE_KEY = 'mapBaseLayer';

/** The office's offline base map, or null when none is stored (the map draws the shipped schematic). */
export async function getMapBase(db: Kysely<Database>): Promise<MapBaseCollection | null> {
  const row = await db
    .selectFrom('sysPlatformSetting')
    .select('settingValue')
    .where('settingKey', '=', MAP_BASE_KEY)
    .executeTakeFirst();
  if (!row?.settingValue) return null;
  try {
    // Stored only after parseMapBaseText cleaned it.
    return JSON.parse(row.settingValue) as MapBaseCollection;
  } catch {
    return null;
  }
}

export async function getSettings(db: Kysely<Database>): Promise<Record<string, string | undefined>> {
  const rows = await db.selectFrom('sysPlatformSetting').select(['settingKey', 'settingValue']).execute();
  return Object.fromEntries(rows.map((r) => [r.settingKey, r.settingValue ?? '']));
}

/** Upserts settings one key at a time, inside the caller's transaction when given one. */
export async function saveSettings(db: Kysely<Database>, values: Record<string, string>): Promise<void> {
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    for (const [settingKey, settingValue] of Object.entries(values)) {
      const updated = await trx
        .updateTable('sysPlatformSetting')
        .set({ settingValue, updateTime: now })
        .where('settingKey', '=', settingKey)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx.insertInto('sysPlatformSetting').values({ settingKey, settingValue, updateTime: now }).execute();
      }
    }
  });
}

/**
 * The projects' cost ceiling (percent of the budget an actual cost may reach, PROJECT_COST_CEILING_KEY):
 * the stored setting when it is a whole number of 100–1000, else the default.
 */
export async function projectCostCeiling(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('sysPlatformSetting')
    .select('settingValue')
    .where('settingKey', '=', PROJECT_COST_CEILING_KEY)
    .executeTakeFirst();
  const n = Number(row?.settingValue ?? '');
  return row?.settingValue && Number.isInteger(n) && n >= 100 && n <= 1000 ? n : PROJECT_COST_CEILING_DEFAULT;
}
