import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BACKUP_DEFAULT_KEEP_DAYS,
  DEFAULT_MAX_UPLOAD_MB,
  ONLINE_LIMITS,
  PASSWORD_RULE,
  SESSION_TTL_MS,
} from '@district/shared';
import { SMS_PROVIDERS, type SmsProviderName } from './lib/sms/sms-provider.js';
import { parseThirdProviders, type ThirdProviderConfig } from './lib/third-providers.js';
import { FIELD_CIPHERS, type FieldCipher } from './lib/field-crypto.js';

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
  /** FILE_SWEEP_HOURS: uploads no record uses are deleted once this old (hourly); 0 turns the sweep off. */
  fileSweepHours: number;
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
  /** Uniqueness checks (duplicate check, checkOnlyUser) one user may make per minute before 429. */
  uniqueCheckPerMinute: number;
  seedDemo: boolean;
  /** With seedDemo: 10,000 demo assets with ledgers and sample pictures, once into an empty asset table. */
  seedDemoAssets: boolean;
  /** Password of users imported from a spreadsheet without one (8+ characters, letters and digits). */
  userInitialPassword: string;
  /**
   * Which proxies' X-Forwarded-For to believe: none (false), that many hops nearest to us (a number; TRUST_PROXY=true
   * is one hop), or only these addresses/CIDRs. Handed to Fastify's `trustProxy` as is.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** SHUTDOWN_DRAIN_MS: after SIGTERM/SIGINT, how long requests in flight may finish while /ready answers 503. */
  shutdownDrainMs: number;
  /** SHUTDOWN_TIMEOUT_MS: from the signal, when the process exits (1) whatever is still open. */
  shutdownTimeoutMs: number;
  /** DATASOURCE_SQLITE_DIR: the only folder SQLite data sources (数据源管理) may name files in. */
  dataSourceSqliteDir: string;
  /** REPORT_TIMEOUT_MS: an online report's query (both its statements) is stopped after this long. */
  reportTimeoutMs: number;
  /** REPORT_CONCURRENCY: report queries run at once (each SQLite one in a process of its own); the rest queue. */
  reportConcurrency: number;
  /** REPORT_QUEUE_MS: how long a report query waits for its turn before 503 报表查询繁忙. */
  reportQueueMs: number;
  /** GATEWAY_ALLOWED_HOSTS: the only hosts (host or host:port, lower case) gateway routes may point at. */
  gatewayAllowedHosts: string[];
  /** SECRET_KEY: seals stored secrets (SMTP, data-source passwords); null = a generated key file (lib/secret-box.ts). */
  secretKey: string | null;
  /**
   * FIELD_KEYS: the keys personal data is sealed with (`id:key` entries, the first current; lib/field-crypto.ts);
   * null = the generated key file `.field-keys` beside the secret key file.
   */
  fieldKeys: string | null;
  /** FIELD_CIPHER: `sm4` (SM4-CBC + HMAC-SM3, the default) or `aes-256-gcm`, for values sealed from now on. */
  fieldCipher: FieldCipher;
  /** TLS_CERT_FILE / TLS_KEY_FILE (PEM): both set, the server itself answers HTTPS. */
  tls: { certFile: string; keyFile: string } | null;
  /** HSTS_MAX_AGE: seconds of the Strict-Transport-Security header on HTTPS answers; 0 sends none. */
  hstsMaxAge: number;
  /** Where text messages go (`SMS_PROVIDER`): `log` (development: the server log only) or `memory` (tests). */
  smsProvider: SmsProviderName;
  /** With the log provider: also append each message as a JSON line to this file (end-to-end tests read it). */
  smsLogFile: string | null;
  /**
   * CAS single sign-on (`CAS_SERVER_URL`, e.g. https://cas.example.gov.cn/cas): tickets are validated there. The
   * service URL (`CAS_SERVICE_URL`) is fixed here, never taken from a request. Both unset: CAS login is off.
   */
  casServerUrl: string | null;
  casServiceUrl: string | null;
  /** Where uploaded files are kept (`STORAGE_TYPE`): the upload folder (default) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** THIRD_LOGIN_PROVIDERS: OpenID Connect / OAuth 2 logins (modules/third-login); empty = no buttons. */
  thirdLoginProviders: ThirdProviderConfig[];
  /** BACKUP_DIR: where backups (modules/backup) are written, one folder each; default data/backups. */
  backupDir: string;
  /** BACKUP_KEEP_DAYS: backups older than this are removed by the backup job (0 keeps them all). */
  backupKeepDays: number;
  /**
   * MQTT_URL (mqtt://, mqtts://, ws://, wss://; broker credentials in the URL): devices' alarms arrive over MQTT
   * (modules/iot/mqtt-bridge.ts). Unset: no connection is attempted.
   */
  mqttUrl: string | null;
  /** MQTT_TOPIC_ROOT: the first topic level(s) of `{root}/{tenant}/devices/{deviceCode}/alarm`; default `district`. */
  mqttTopicRoot: string;
  /** MQTT_SHARE_GROUP: the shared subscription's group, so each message reaches one instance of the cluster. */
  mqttShareGroup: string;
  /** MQTT_RECONNECT_MS: the first pause before reconnecting to the broker; it doubles per failure up to 30 s. */
  mqttReconnectMs: number;
}

/** `S3_*`: an S3-compatible bucket (AWS, MinIO, OSS/COS in S3 mode); keys are `S3_PREFIX` + the stored path. */
export interface S3StorageConfig {
  type: 's3';
  /** S3_ENDPOINT; null = AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Both null: the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle: boolean;
  prefix: string;
}

export type StorageConfig = { type: 'local' } | S3StorageConfig;

function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const type = env.STORAGE_TYPE?.trim().toLowerCase() || 'local';
  if (type === 'local') return { type };
  if (type !== 's3') throw new Error(`配置项 STORAGE_TYPE 须为 local 或 s3，当前值：${env.STORAGE_TYPE}`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('配置项 STORAGE_TYPE=s3 时须设置 S3_BUCKET');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint && !/^https?:\/\/\S+$/.test(endpoint)) {
    throw new Error(`配置项 S3_ENDPOINT 须为 http(s) 地址，当前值：${endpoint}`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('配置项 S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置');
  }
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  if (prefix.split('/').some((s) => s === '..' || s === '.')) throw new Error('配置项 S3_PREFIX 不能包含 . 或 ..');
  return {
    type,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
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

/**
 * TRUST_PROXY: `false` (default), `true` (the one proxy in front of us: its hop only, so a forged
 * X-Forwarded-For entry further left is never taken as the client), a number of hops, or a comma list of
 * proxy addresses / CIDRs. Believing every hop would let a client pick its own address and get past the
 * per-address login limit.
 */
function trustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const list = text.split(',').map((s) => s.trim());
  for (const item of list) {
    const [address = '', bits, ...rest] = item.split('/');
    const version = isIP(address);
    const max = version === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!version || !bitsOk || rest.length > 0) {
      throw new Error(`配置项 TRUST_PROXY 须为 true、跳数或以逗号分隔的代理地址/网段，当前值：${value}`);
    }
  }
  return list;
}

/**
 * Fastify's `trustProxy` for the configured value. Fastify (5.12) ignores a bare hop count (it cannot vouch for
 * the immediate peer), so hops become a function: the socket's peer and the next hops-1 entries are our
 * proxies, and the entry after them is the client. A list is handed over as is.
 */
export function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

function fieldCipher(value: string | undefined): FieldCipher {
  const name = value?.trim().toLowerCase() || 'sm4';
  if (!(FIELD_CIPHERS as readonly string[]).includes(name)) {
    throw new Error(`配置项 FIELD_CIPHER 须为 ${FIELD_CIPHERS.join('、')} 之一，当前值：${value}`);
  }
  return name as FieldCipher;
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both or neither; the files are read when the server starts (server.ts). */
function tlsFiles(env: NodeJS.ProcessEnv): AppConfig['tls'] {
  const certFile = env.TLS_CERT_FILE?.trim() || null;
  const keyFile = env.TLS_KEY_FILE?.trim() || null;
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('配置项 TLS_CERT_FILE 与 TLS_KEY_FILE 须同时设置');
  return certFile && keyFile ? { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) } : null;
}

function smsProvider(value: string | undefined): SmsProviderName {
  const name = value?.trim() || 'log';
  if (!(SMS_PROVIDERS as readonly string[]).includes(name)) {
    throw new Error(`配置项 SMS_PROVIDER 须为 ${SMS_PROVIDERS.join('、')} 之一，当前值：${value}`);
  }
  return name as SmsProviderName;
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
    fileSweepHours: int('FILE_SWEEP_HOURS', env.FILE_SWEEP_HOURS, 24),
    webDist: env.WEB_DIST === '' ? null : env.WEB_DIST || defaultDist,
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    guestEnabled: bool(env.GUEST_ENABLED, true),
    // The appearance drawer is a development preview (app-spec §2): off unless asked for.
    showSettings: bool(env.SHOW_SETTINGS, false),
    tokenTtlMs: int('TOKEN_TTL_MS', env.TOKEN_TTL_MS, SESSION_TTL_MS),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int('LOGIN_LOCK_MINUTES', env.LOGIN_LOCK_MINUTES, 10),
    loginIpMaxFailures: int('LOGIN_IP_MAX_FAILURES', env.LOGIN_IP_MAX_FAILURES, 30),
    uniqueCheckPerMinute: int('UNIQUE_CHECK_PER_MINUTE', env.UNIQUE_CHECK_PER_MINUTE, 60),
    seedDemo: bool(env.SEED_DEMO, true),
    seedDemoAssets: bool(env.SEED_DEMO_ASSETS, true),
    userInitialPassword: env.USER_INITIAL_PASSWORD || 'Asset@2026',
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 10_000),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000),
    dataSourceSqliteDir: path.resolve(env.DATASOURCE_SQLITE_DIR || path.join(repoRoot, 'data/datasources')),
    reportTimeoutMs: int('REPORT_TIMEOUT_MS', env.REPORT_TIMEOUT_MS, ONLINE_LIMITS.reportTimeoutMs),
    reportConcurrency: Math.max(1, int('REPORT_CONCURRENCY', env.REPORT_CONCURRENCY, 2)),
    reportQueueMs: int('REPORT_QUEUE_MS', env.REPORT_QUEUE_MS, 5000),
    gatewayAllowedHosts: (env.GATEWAY_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    secretKey: env.SECRET_KEY || null,
    fieldKeys: env.FIELD_KEYS?.trim() || null,
    fieldCipher: fieldCipher(env.FIELD_CIPHER),
    tls: tlsFiles(env),
    // A year: browsers then refuse plain HTTP to this host for that long once they have seen HTTPS.
    hstsMaxAge: int('HSTS_MAX_AGE', env.HSTS_MAX_AGE, 31_536_000),
    smsProvider: smsProvider(env.SMS_PROVIDER),
    smsLogFile: env.SMS_LOG_FILE || null,
    casServerUrl: env.CAS_SERVER_URL?.replace(/\/+$/, '') || null,
    casServiceUrl: env.CAS_SERVICE_URL || null,
    thirdLoginProviders: parseThirdProviders(env.THIRD_LOGIN_PROVIDERS, env),
    storage: storageConfig(env),
    backupDir: path.resolve(env.BACKUP_DIR || path.join(repoRoot, 'data/backups')),
    backupKeepDays: int('BACKUP_KEEP_DAYS', env.BACKUP_KEEP_DAYS, BACKUP_DEFAULT_KEEP_DAYS),
    mqttUrl: env.MQTT_URL?.trim() || null,
    mqttTopicRoot: env.MQTT_TOPIC_ROOT?.trim().replace(/^\/+|\/+$/g, '') || 'district',
    mqttShareGroup: env.MQTT_SHARE_GROUP?.trim() || 'district-assets',
    mqttReconnectMs: Math.max(100, int('MQTT_RECONNECT_MS', env.MQTT_RECONNECT_MS, 1000)),
    ...overrides,
  };
  // Imported users get this password: the same rule as every other path that sets one.
  if (!PASSWORD_RULE.pattern.test(config.userInitialPassword)) {
    throw new Error(`配置项 USER_INITIAL_PASSWORD 不符合密码规则：${PASSWORD_RULE.message}`);
  }
  if (!config.apiBase.startsWith('/')) throw new Error('配置项 API_BASE 必须以 / 开头');
  for (const [name, value] of [
    ['CAS_SERVER_URL', config.casServerUrl],
    ['CAS_SERVICE_URL', config.casServiceUrl],
  ] as const) {
    if (value && !/^https?:\/\/\S+$/.test(value)) throw new Error(`配置项 ${name} 须为 http(s) 地址，当前值：${value}`);
  }
  if (Boolean(config.casServerUrl) !== Boolean(config.casServiceUrl)) {
    throw new Error('配置项 CAS_SERVER_URL 与 CAS_SERVICE_URL 须同时设置');
  }
  checkMqtt(config);
  return config;
}

/** MQTT_URL's scheme, and topic levels without wildcards or empty levels (they would subscribe to other topics). */
function checkMqtt(config: AppConfig): void {
  if (config.mqttUrl && !/^(mqtts?|wss?|tcp|ssl):\/\/\S+$/.test(config.mqttUrl)) {
    throw new Error('配置项 MQTT_URL 须为 mqtt://、mqtts://、ws:// 或 wss:// 地址');
  }
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(config.mqttTopicRoot)) {
    throw new Error(`配置项 MQTT_TOPIC_ROOT 只能包含字母、数字、_ . - 和分隔层级的 /，当前值：${config.mqttTopicRoot}`);
  }
  if (!/^[A-Za-z0-9_.-]+$/.test(config.mqttShareGroup)) {
    throw new Error(`配置项 MQTT_SHARE_GROUP 只能包含字母、数字和 _ . -，当前值：${config.mqttShareGroup}`);
  }
}
