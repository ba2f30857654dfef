import { z } from 'zod';
import {
  LOGIN_MESSAGES,
  LOGO_URL_PATTERN,
  MAP_BASE_LIMITS,
  MAP_BASE_MESSAGES,
  MAP_KEY_PATTERN,
  MAP_LIMITS,
  MAP_MESSAGES,
  TILE_URL_PATTERN,
  PASSWORD_MESSAGES,
  PLATFORM_LIMITS,
  PLATFORM_MESSAGES,
  SELECT_DEPART_MESSAGES,
  type LoginInput,
  type MapBaseCollection,
  type MapBaseInput,
  type MapSettings,
  type PlatformSettings,
  type SelectDepartInput,
  type UpdatePasswordInput,
} from './session.js';
import { PROJECT_MESSAGES } from './project.js';
import { RULES } from './validation.js';
import { zodString } from './zod-string.js';

export { zodString } from './zod-string.js';
export * from './schemas/position.schema.js';
export * from './schemas/permission.schema.js';
export * from './schemas/user.schema.js';
export * from './schemas/role.schema.js';
export * from './schemas/depart.schema.js';
export * from './schemas/tenant.schema.js';
export * from './schemas/dict.schema.js';
export * from './schemas/category.schema.js';
export * from './schemas/rule.schema.js';
export * from './schemas/asset.schema.js';
export * from './schemas/ticket.schema.js';
export * from './schemas/project.schema.js';
export * from './schemas/company.schema.js';
export * from './schemas/message.schema.js';
export * from './schemas/print.schema.js';
export * from './schemas/online.schema.js';
export * from './schemas/ops.schema.js';
export * from './schemas/account.schema.js';
export * from './schemas/security.schema.js';
// The check-rule engine carries re2js: like zod, it stays out of the package entry and the web's first page.
export * from './check-rule-engine.js';

/*
 * The zod schemas of the API, kept out of the package's entry (`@district/shared/schemas`) so the
 * web's first page does not carry zod: forms use the plain rules and messages, the server these.
 */

export const loginSchema: z.ZodType<LoginInput> = z.strictObject({
  username: zodString(RULES.username.slice(0, 1)),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .max(128, LOGIN_MESSAGES.passwordTooLong),
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
  remember_me: z.boolean().optional(),
});

export const apiLoginSchema = z.strictObject({
  username: zodString(RULES.username.slice(0, 1)),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .max(128, LOGIN_MESSAGES.passwordTooLong),
});

export const updatePasswordSchema: z.ZodType<UpdatePasswordInput> = z
  .strictObject({
    username: z.string({ error: '请输入用户名' }).min(1, '请输入用户名'),
    oldpassword: z.string({ error: PASSWORD_MESSAGES.oldRequired }).min(1, PASSWORD_MESSAGES.oldRequired),
    password: z
      .string({ error: PASSWORD_MESSAGES.newRequired })
      .min(1, PASSWORD_MESSAGES.newRequired)
      // The rule of 安全设置 (the server checks it, lib/password-policy.ts): only a bound here.
      .max(128, LOGIN_MESSAGES.passwordTooLong),
    confirmpassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmpassword, { message: PASSWORD_MESSAGES.mismatch, path: ['confirmpassword'] })
  .refine((v) => v.password !== v.oldpassword, { message: PASSWORD_MESSAGES.sameAsOld, path: ['password'] });

export const selectDepartSchema: z.ZodType<SelectDepartInput> = z.strictObject({
  username: z.string({ error: '请输入用户名' }).min(1, '请输入用户名'),
  selectDepartId: z
    .string({ error: SELECT_DEPART_MESSAGES.departRequired })
    .min(1, SELECT_DEPART_MESSAGES.departRequired)
    .max(32),
  selectPositionId: z
    .string({ error: SELECT_DEPART_MESSAGES.positionRequired })
    .min(1, SELECT_DEPART_MESSAGES.positionRequired)
    .max(32),
});

const degrees = (max: number, message: string) =>
  z.number({ error: message }).refine((v) => Number.isFinite(v) && v >= -max && v <= max, message);

export const mapSettingsSchema: z.ZodType<MapSettings> = z.strictObject({
  tileUrl: z
    .string({ error: MAP_MESSAGES.tileUrlScheme })
    .trim()
    .max(MAP_LIMITS.tileUrl, MAP_MESSAGES.tileUrlTooLong)
    .refine((v) => v === '' || TILE_URL_PATTERN.test(v), MAP_MESSAGES.tileUrlScheme),
  attribution: z
    .string({ error: MAP_MESSAGES.attributionTooLong })
    .trim()
    .max(MAP_LIMITS.attribution, MAP_MESSAGES.attributionTooLong)
    .refine((v) => !/[<>]/.test(v), MAP_MESSAGES.attributionPlain),
  mapKey: z
    .string({ error: MAP_MESSAGES.mapKey })
    .trim()
    .max(MAP_LIMITS.mapKey, MAP_MESSAGES.mapKey)
    .regex(MAP_KEY_PATTERN, MAP_MESSAGES.mapKey),
  centerLng: degrees(180, MAP_MESSAGES.centerLng),
  centerLat: degrees(90, MAP_MESSAGES.centerLat),
  zoom: z
    .number({ error: MAP_MESSAGES.zoom })
    .int(MAP_MESSAGES.zoom)
    .min(MAP_LIMITS.minZoom, MAP_MESSAGES.zoom)
    .max(MAP_LIMITS.maxZoom, MAP_MESSAGES.zoom),
  tileCrs: z.enum(['gcj02', 'wgs84'], { error: MAP_MESSAGES.tileCrs }),
  districtBox: z
    .strictObject({
      minLng: degrees(180, MAP_MESSAGES.boxLng),
      minLat: degrees(90, MAP_MESSAGES.boxLat),
      maxLng: degrees(180, MAP_MESSAGES.boxLng),
      maxLat: degrees(90, MAP_MESSAGES.boxLat),
    })
    .refine((b) => b.minLng < b.maxLng && b.minLat < b.maxLat, MAP_MESSAGES.boxOrder)
    .nullable(),
});

const MB = MAP_BASE_MESSAGES;
const mapBasePosition = z
  .array(z.number({ error: MB.coordinates }), { error: MB.coordinates })
  .min(2, MB.coordinates)
  .max(3, MB.coordinates)
  .refine((p) => Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90, MB.coordinates)
  // Only longitude and latitude are kept (an altitude is dropped).
  .transform((p): [number, number] => [p[0]!, p[1]!]);

const mapBaseGeometry = z
  .object({ type: z.string({ error: MB.geometry }), coordinates: z.unknown() }, { error: MB.geometry })
  .pipe(
    z.discriminatedUnion(
      'type',
      [
        z.object({
          type: z.literal('Polygon'),
          coordinates: z
            .array(z.array(mapBasePosition, { error: MB.coordinates }).min(4, MB.ring), { error: MB.coordinates })
            .min(1, MB.ring),
        }),
        z.object({
          type: z.literal('LineString'),
          coordinates: z.array(mapBasePosition, { error: MB.coordinates }).min(2, MB.line),
        }),
      ],
      { error: MB.geometry },
    ),
  );

const mapBaseFeature = z.object(
  {
    type: z.literal('Feature', { error: MB.feature }),
    // Other members (id, bbox, foreign properties) are dropped; a name and a style kind are kept.
    properties: z
      .record(z.string(), z.unknown())
      .nullish()
      .catch(null)
      .transform((p) => {
        const out: { name?: string; kind?: string } = {};
        if (typeof p?.name === 'string' && p.name.trim()) out.name = p.name.trim().slice(0, MAP_BASE_LIMITS.name);
        if (typeof p?.kind === 'string' && ['district', 'ring', 'road', 'river'].includes(p.kind)) out.kind = p.kind;
        return out;
      }),
    geometry: mapBaseGeometry,
  },
  { error: MB.feature },
);

/** An office's offline base map: a FeatureCollection of Polygon and LineString features, capped in size. */
export const mapBaseCollectionSchema: z.ZodType<MapBaseCollection, unknown> = z
  .object(
    {
      type: z.literal('FeatureCollection', { error: MB.collection }),
      features: z
        .array(mapBaseFeature, { error: MB.collection })
        .min(1, MB.features)
        .max(MAP_BASE_LIMITS.features, MB.features),
    },
    { error: MB.collection },
  )
  .refine(
    (c) =>
      c.features.reduce(
        (n, f) =>
          n +
          (f.geometry.type === 'Polygon'
            ? f.geometry.coordinates.reduce((m, ring) => m + ring.length, 0)
            : f.geometry.coordinates.length),
        0,
      ) <= MAP_BASE_LIMITS.vertices,
    MB.vertices,
  );

export const mapBaseInputSchema: z.ZodType<MapBaseInput> = z.strictObject({
  geojson: z.string({ error: MB.text }).max(MAP_BASE_LIMITS.chars, MB.tooLarge),
});

/**
 * Reads an office's GeoJSON text: the cleaned collection, or the first problem in Chinese. Both the settings
 * form (at once, under the field) and the server (before storing) use it.
 */
export function parseMapBaseText(
  text: string,
): { success: true; data: MapBaseCollection } | { success: false; message: string } {
  if (text.length > MAP_BASE_LIMITS.chars) return { success: false, message: MB.tooLarge };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { success: false, message: MB.json };
  }
  const parsed = mapBaseCollectionSchema.safeParse(raw);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, message: parsed.error.issues[0]?.message ?? MB.collection };
}

export const platformSettingsSchema: z.ZodType<PlatformSettings> = z.strictObject({
  systemName: z
    .string({ error: PLATFORM_MESSAGES.systemNameRequired })
    .trim()
    .min(1, PLATFORM_MESSAGES.systemNameRequired)
    .max(PLATFORM_LIMITS.systemName, PLATFORM_MESSAGES.systemNameTooLong),
  logoUrl: z
    .string()
    .trim()
    .max(PLATFORM_LIMITS.logoUrl, PLATFORM_MESSAGES.logoUrlTooLong)
    .refine((v) => v === '' || LOGO_URL_PATTERN.test(v), PLATFORM_MESSAGES.logoUrlScheme),
  logoTitle: z
    .string({ error: PLATFORM_MESSAGES.logoTitleRequired })
    .trim()
    .min(1, PLATFORM_MESSAGES.logoTitleRequired)
    .max(PLATFORM_LIMITS.logoTitle, PLATFORM_MESSAGES.logoTitleTooLong),
  map: mapSettingsSchema.optional(),
  projectCostCeilingPercent: z
    .number({ error: PROJECT_MESSAGES.ceilingRange })
    .int(PROJECT_MESSAGES.ceilingRange)
    .min(100, PROJECT_MESSAGES.ceilingRange)
    .max(1000, PROJECT_MESSAGES.ceilingRange)
    .optional(),
});
