import { z } from 'zod';
import {
  LOGIN_MESSAGES,
  LOGO_URL_PATTERN,
  MAP_KEY_PATTERN,
  MAP_LIMITS,
  MAP_MESSAGES,
  TILE_URL_PATTERN,
  PASSWORD_MESSAGES,
  PLATFORM_LIMITS,
  PLATFORM_MESSAGES,
  SELECT_DEPART_MESSAGES,
  type LoginInput,
  type MapSettings,
  type PlatformSettings,
  type SelectDepartInput,
  type UpdatePasswordInput,
} from './session.js';
import { PROJECT_MESSAGES } from './project.js';
import { PASSWORD_RULE, RULES } from './validation.js';
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
      // The one rule of every path that sets a password (add, reset, import), not a weaker one here.
      .regex(PASSWORD_RULE.pattern, PASSWORD_RULE.message),
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
