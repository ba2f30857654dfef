import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_UPLOAD_MB, PASSWORD_RULE, SESSION_TTL_MS } from '@district/shared';

/** Everything the server reads from its environment; docs/configuration.md lists the same table. */
export interface AppConfig {
  port: number;
  host: string;
  apiBase: string;
  databaseUrl: string;
  redisUrl: string | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  uploadDir: string;
  /** Largest accepted upload in MB; bigger requests are answered 413 before anything is stored. */
  maxUploadMb: number;
  webDist: string | null;
  captchaEnabled: boolean;
  guestEnabled: boolean;
  showSettings: boolean;
  tokenTtlMs: number;
  /** Failed logins for one account before it is locked. */
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Failed logins from one address before it is refused with 429. */
  loginIpMaxFailures: number;
  seedDemo: boolean;
  /** Password of users imported from a spreadsheet without one (8+ characters, letters and digits). */
  userInitialPassword: string;
  trustProxy: boolean;
  logLevel: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`配置项 ${name} 必须是非负整数，当前值：${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const defaultDist = path.join(repoRoot, 'apps/web/dist');
  const config: AppConfig = {
    port: int('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    apiBase: env.API_BASE || '/api',
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(repoRoot, 'data/district-assets.db')}`,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'da:',
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(repoRoot, 'uploads')),
    maxUploadMb: int('MAX_UPLOAD_MB', env.MAX_UPLOAD_MB, DEFAULT_MAX_UPLOAD_MB),
    webDist: env.WEB_DIST === '' ? null : env.WEB_DIST || defaultDist,
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    guestEnabled: bool(env.GUEST_ENABLED, true),
    showSettings: bool(env.SHOW_SETTINGS, true),
    tokenTtlMs: int('TOKEN_TTL_MS', env.TOKEN_TTL_MS, SESSION_TTL_MS),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int('LOGIN_LOCK_MINUTES', env.LOGIN_LOCK_MINUTES, 10),
    loginIpMaxFailures: int('LOGIN_IP_MAX_FAILURES', env.LOGIN_IP_MAX_FAILURES, 30),
    seedDemo: bool(env.SEED_DEMO, true),
    userInitialPassword: env.USER_INITIAL_PASSWORD || 'Asset@2026',
    trustProxy: bool(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL || 'info',
    ...overrides,
  };
  // Imported users get this password: the same rule as every other path that sets one.
  if (!PASSWORD_RULE.pattern.test(config.userInitialPassword)) {
    throw new Error(`配置项 USER_INITIAL_PASSWORD 不符合密码规则：${PASSWORD_RULE.message}`);
  }
  if (!config.apiBase.startsWith('/')) throw new Error('配置项 API_BASE 必须以 / 开头');
  return config;
}
