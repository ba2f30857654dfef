import {
  DEFAULT_IDLE_MINUTES,
  DEFAULT_PASSWORD_POLICY,
  IDLE_LIMITS,
  PASSWORD_CLASSES,
  PASSWORD_LIMITS,
  SECURITY_SETTING_KEYS as K,
  type PasswordClass,
  type SecuritySettings,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { getSettings, saveSettings } from './platform-settings.js';

/*
 * 平台设置 → 安全设置 (issue 24): ONE settings object for every security control, stored as platform setting rows
 * (SECURITY_SETTING_KEYS). Each control reads its part: the password policy, the idle timeout, the roles that need a
 * second factor, the demo accounts. A control of another helper adds its key to the shared type and here.
 */

const whole = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The settings as stored; a missing or broken value takes its default (never a weaker one). */
export function securityFrom(s: Record<string, string | undefined>): SecuritySettings {
  const d = DEFAULT_PASSWORD_POLICY;
  const storedClasses = s[K.passwordClasses];
  const classes =
    storedClasses === undefined
      ? d.classes
      : list(storedClasses).filter((c): c is PasswordClass => (PASSWORD_CLASSES as string[]).includes(c));
  return {
    password: {
      minLength: whole(s[K.passwordMinLength], d.minLength, PASSWORD_LIMITS.minLength, PASSWORD_LIMITS.maxLength),
      classes,
      maxAgeDays: whole(s[K.passwordMaxAgeDays], d.maxAgeDays, 0, PASSWORD_LIMITS.maxAgeDays),
      warnDays: whole(s[K.passwordWarnDays], d.warnDays, 0, PASSWORD_LIMITS.warnDays),
      historyCount: whole(s[K.passwordHistory], d.historyCount, 0, PASSWORD_LIMITS.historyCount),
    },
    idleMinutes: whole(s[K.idleMinutes], DEFAULT_IDLE_MINUTES, IDLE_LIMITS.min, IDLE_LIMITS.max),
    totpRoleCodes: list(s[K.totpRoles]),
    demoAccounts: list(s[K.demoAccounts]),
    threeOfficerMode: s[K.threeOfficerMode] === '1',
  };
}

export async function getSecuritySettings(db: Kysely<Database>): Promise<SecuritySettings> {
  return securityFrom(await getSettings(db));
}

/** The settings as setting rows. */
export function securityValues(input: SecuritySettings): Record<string, string> {
  return {
    [K.passwordMinLength]: String(input.password.minLength),
    [K.passwordClasses]: PASSWORD_CLASSES.filter((c) => input.password.classes.includes(c)).join(','),
    [K.passwordMaxAgeDays]: String(input.password.maxAgeDays),
    [K.passwordWarnDays]: String(input.password.warnDays),
    [K.passwordHistory]: String(input.password.historyCount),
    [K.idleMinutes]: String(input.idleMinutes),
    [K.totpRoles]: [...new Set(input.totpRoleCodes)].join(','),
    [K.demoAccounts]: [...new Set(input.demoAccounts)].join(','),
    [K.threeOfficerMode]: input.threeOfficerMode ? '1' : '0',
  };
}

export async function saveSecuritySettings(db: Kysely<Database>, input: SecuritySettings): Promise<void> {
  await saveSettings(db, securityValues(input));
}

/**
 * The settings for the guard, which needs them on every request: kept per instance for as long as the auth cache's
 * epoch stands. Saving the settings bumps the epoch (authCache.invalidate), so every instance reads them again.
 */
const caches = new WeakMap<Kysely<Database>, { epoch: string; at: number; value: Promise<SecuritySettings> }>();
/** Even with a steady epoch, settings written by hand in the database are picked up within this time. */
const CACHE_MS = 30_000;

export function cachedSecuritySettings(db: Kysely<Database>, epoch: string): Promise<SecuritySettings> {
  let cached = caches.get(db);
  if (!cached || cached.epoch !== epoch || Date.now() - cached.at > CACHE_MS) {
    const value = getSecuritySettings(db);
    cached = { epoch, at: Date.now(), value };
    caches.set(db, cached);
    // A failed read is not kept: the next request reads again.
    value.catch(() => {
      if (caches.get(db)?.value === value) caches.delete(db);
    });
  }
  return cached.value;
}
