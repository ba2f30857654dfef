import fs from 'node:fs';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from 'helmet';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyServerOptions,
} from 'fastify';
import { Redis } from 'ioredis';
import { trustProxyOption, type AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { runSeeds } from './db/seeds/index.js';
import { AuthCache } from './lib/auth-cache.js';
import { MemoryKvStore, RedisKvStore } from './lib/kv-store.js';
import { DbTokenStore, RedisTokenStore } from './lib/token-store.js';
import { REDIS_OPTIONS } from './lib/outage.js';
import { trackRequests } from './lib/process-handlers.js';
import socketAuth from './lib/socket-auth.js';
import { loadSecretBox, secretKeyFile } from './lib/secret-box.js';
import { createFieldCrypto, fieldKeyFile, loadFieldKeys } from './lib/field-crypto.js';
import { checkFieldKeys, resealFields, startBackgroundReseal } from './lib/field-reseal.js';
import { createSmsProvider } from './lib/sms/sms-provider.js';
import healthRoutes from './modules/health/health.routes.js';
import authRoutes from './modules/auth/auth.routes.js';
import dictRoutes from './modules/dict/dict.routes.js';
import fileRoutes from './modules/file/file.routes.js';
import traceUserHook from './modules/monitor/trace-user.js';
import permissionRoutes from './modules/permission/permission.routes.js';
import platformRoutes from './modules/platform/platform.routes.js';
import reportRoutes from './modules/report/report.routes.js';
import positionRoutes from './modules/position/position.routes.js';
import logRoutes from './modules/log/log.routes.js';
import tableSyncRoutes from './modules/table-sync/table-sync.routes.js';
import errors from './plugins/errors.js';
import guard from './plugins/guard.js';
import noticeHub from './plugins/notice-hub.js';
import operationLog from './plugins/operation-log.js';
import importReportRoutes from './lib/resource/resource.routes.js';
import staticWeb from './plugins/static-web.js';
import { hashPassword } from './lib/password.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plugins declare their own option types
type RoutePlugin = FastifyPluginAsync<any> | FastifyPluginCallback<any>;
/** A module whose default export is a routes plugin. */
export type RouteModuleLoader = () => Promise<{ default: RoutePlugin }>;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** More route modules, registered under the API base after the API's own and loaded the same way (tests). */
  extraRoutes?: RouteModuleLoader[];
}

/**
 * How long one plugin may take to register before start-up fails. Fastify's default (10 s) was not enough
 * for the API on a loaded 2-core host, and the instance exited; starting slowly beats a crash loop. Still
 * bounded, so a plugin that hangs ends in an error the supervisor sees.
 */
export const PLUGIN_TIMEOUT_MS = 120_000;

const lazy = (load: RouteModuleLoader) => ({ load });

/** The API's routes in registration order: plugins imported with this file, or modules loaded before. */
const API_ROUTES: (RoutePlugin | { load: RouteModuleLoader })[] = [
  authRoutes,
  permissionRoutes,
  lazy(() => import('./modules/permission/permission-admin.routes.js')),
  dictRoutes,
  lazy(() => import('./modules/dict/dict-lookup.routes.js')),
  platformRoutes,
  tableSyncRoutes,
  importReportRoutes,
  positionRoutes,
  lazy(() => import('./modules/dict/dict-admin.routes.js')),
  lazy(() => import('./modules/category/category.routes.js')),
  lazy(() => import('./modules/rule/rule.routes.js')),
  lazy(() => import('./modules/user/user.routes.js')),
  lazy(() => import('./modules/role/role.routes.js')),
  lazy(() => import('./modules/depart/depart.routes.js')),
  lazy(() => import('./modules/tenant/tenant.routes.js')),
  lazy(() => import('./modules/membership/membership.routes.js')),
  logRoutes,
  fileRoutes,
  reportRoutes,
  lazy(() => import('./modules/asset/public.routes.js')),
  lazy(() => import('./modules/asset/asset.routes.js')),
  lazy(() => import('./modules/asset/ledger.routes.js')),
  lazy(() => import('./modules/depreciation/depreciation.routes.js')),
  lazy(() => import('./modules/inventory/inventory.routes.js')),
  lazy(() => import('./modules/house/ticket.routes.js')),
  lazy(() => import('./modules/project/project.routes.js')),
  lazy(() => import('./modules/print/print.routes.js')),
  lazy(() => import('./modules/dashboard/dashboard.routes.js')),
  lazy(() => import('./modules/company/company.routes.js')),
  lazy(() => import('./modules/online/online.routes.js')),
  lazy(() => import('./modules/message/message.routes.js')),
  lazy(() => import('./modules/iot/iot.routes.js')),
  lazy(() => import('./modules/job/job.routes.js')),
  lazy(() => import('./modules/gateway/gateway.routes.js')),
  lazy(() => import('./modules/datasource/datasource.routes.js')),
  lazy(() => import('./modules/monitor/monitor.routes.js')),
  lazy(() => import('./modules/account/account.routes.js')),
  lazy(() => import('./modules/third-login/third-login.routes.js')),
  lazy(() => import('./modules/api-docs/api-docs.routes.js')),
  lazy(() => import('./modules/backup/backup.routes.js')),
];

/** Loads the route modules one after another, in order (as registering them did before). */
async function loadRoutes(routes: (RoutePlugin | { load: RouteModuleLoader })[]): Promise<RoutePlugin[]> {
  const plugins: RoutePlugin[] = [];
  for (const route of routes) plugins.push(typeof route === 'function' ? route : (await route.load()).default);
  return plugins;
}

async function seedWithRetry(run: () => Promise<void>) {
  // Another instance starting at the same moment may have inserted the same rows: look again. It may still be
  // seeding the next table when we look, so a few tries with growing pauses, then the real error.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run();
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/** Builds the whole API (migrated and seeded) without listening, so tests can drive it with inject. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // Module loading (seconds of CPU on a busy host) overlaps the migrations' database work, and happens outside
  // Fastify's plugin timer: the API plugin below only registers what is already loaded.
  const routesLoading = loadRoutes([...API_ROUTES, ...(opts.extraRoutes ?? []).map(lazy)]);
  // Awaited below; a failed migration throws first and must not leave this rejection unhandled.
  routesLoading.catch(() => undefined);
  const db = createDb(config.databaseUrl);
  // Timeouts and no offline queue: a lost or frozen Redis answers 503 at once instead of holding requests.
  const redis = config.redisUrl ? new Redis(config.redisUrl, REDIS_OPTIONS) : null;
  let routes: RoutePlugin[];
  const keyFile = secretKeyFile(config.databaseUrl, config.uploadDir);
  let fields: AppContext['fields'];
  let tls: ReturnType<typeof tlsOptions>;
  let sealedAtStart = 0;
  try {
    // Keys and certificate first: a configuration that cannot open the stored data, or a certificate that cannot be
    // read, stops here, before anything is written.
    fields = createFieldCrypto(loadFieldKeys(config.fieldKeys, fieldKeyFile(keyFile)), config.fieldCipher);
    tls = tlsOptions(config);
    await migrateToLatest(db.db);
    await seedWithRetry(() =>
      runSeeds(db.db, {
        demo: config.seedDemo,
        demoAssets: config.seedDemoAssets,
        uploadDir: config.uploadDir,
        hashPassword,
      }),
    );
    await checkFieldKeys(db.db, fields);
    // Personal data still plain (an upgraded database, what the seeds just inserted) is sealed before serving, so
    // every search and uniqueness check finds it by its hash.
    sealedAtStart = await resealFields(db.db, fields, { mode: 'plain', batch: 500 });
    if (redis) await redis.connect();
    routes = await routesLoading;
  } catch (error) {
    await db.destroy();
    redis?.disconnect();
    throw error;
  }

  const kv = redis ? new RedisKvStore(redis, config.redisPrefix) : new MemoryKvStore();
  const ctx: AppContext = {
    config,
    db,
    redis,
    kv,
    authCache: new AuthCache(kv),
    secrets: loadSecretBox(config.secretKey, keyFile),
    fields,
    // The log provider logs through the app's logger, which exists by the time anything is sent.
    sms: createSmsProvider(config.smsProvider, (fields, message) => app.log.info(fields, message), config.smsLogFile),
    tokens: redis
      ? new RedisTokenStore(redis, config.tokenTtlMs, `${config.redisPrefix}token:`)
      : new DbTokenStore(db.db, config.tokenTtlMs),
  };
  // A revoked session must not live on in the guard's cache, on this instance or any other.
  const { revoke, revokeUser } = ctx.tokens;
  ctx.tokens.revoke = async (token) => {
    await revoke.call(ctx.tokens, token);
    await ctx.authCache.invalidate();
  };
  ctx.tokens.revokeUser = async (userId) => {
    await revokeUser.call(ctx.tokens, userId);
    await ctx.authCache.invalidate();
  };

  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Request ids are generated here; tracing headers from outside are not trusted.
    genReqId: () => crypto.randomUUID(),
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // HTTPS served by the server itself (TLS_CERT_FILE, TLS_KEY_FILE). The instance's type stays the HTTP one: the
    // routes see the same request and reply either way.
    ...(tls as object),
  });
  app.decorate('ctx', ctx);
  // Requests in flight and the draining flag of a graceful shutdown (lib/process-handlers.ts).
  app.decorate('lifecycle', trackRequests(app));
  // Connection errors are reported here (ioredis reconnects by itself); requests meanwhile answer 503.
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));

  let reseal: { stop(): Promise<void> } | null = null;
  let purge: NodeJS.Timeout | null = null;
  if (ctx.tokens instanceof DbTokenStore) {
    const store = ctx.tokens;
    purge = setInterval(() => void store.purgeExpired().catch(() => undefined), 60 * 60_000).unref();
  }
  app.addHook('onClose', async () => {
    await reseal?.stop();
    if (purge) clearInterval(purge);
    await ctx.kv.close();
    await db.destroy();
    // quit() needs an answer; a Redis that is down gets its connection dropped instead.
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });

  await app.register(errors);
  // API answers (10,000 map points are ~1 MB of JSON) go compressed to clients that accept it; a quick
  // Brotli level keeps the CPU cost low. Static files arrive precompressed and are left alone.
  await app.register(compress, {
    global: true,
    threshold: 2048,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Security headers from helmet, configured once: @fastify/helmet built and parsed the whole policy again
  // on every request (4% of a list request's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // https: for iframe menu pages (layouts/IframePageView shows an entry's outside address in the layout);
        // blob: for the PDF preview of 对象存储 (bytes fetched with the token, shown in a frame). The enhancement
        // sandbox does not lean on this list: its script runs in a worker, which cannot navigate anywhere.
        frameSrc: ["'self'", 'https:', 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent below, on HTTPS answers only (browsers ignore it over HTTP) and with the configured age.
    strictTransportSecurity: false,
  });
  const hsts = config.hstsMaxAge > 0 ? `max-age=${config.hstsMaxAge}; includeSubDomains` : null;
  app.addHook('onRequest', (request, reply, next) => {
    // HTTPS here, or at a trusted proxy that says so (X-Forwarded-Proto with TRUST_PROXY).
    if (hsts && request.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', hsts);
    securityHeaders(request.raw, reply.raw, (error) => next(error as Error | undefined));
  });
  // Before the guard: sockets carry their token in the sub-protocol, and the guard checks it pre-upgrade.
  await app.register(socketAuth);
  await app.register(guard);
  await app.register(operationLog);
  await app.register(traceUserHook);
  // Announcements, messages and IoT alarms reach connected users through one hub.
  await app.register(noticeHub);
  await app.register(
    async (api) => {
      for (const plugin of routes) await api.register(plugin);
    },
    { prefix: config.apiBase },
  );
  // Load balancers probe /health and /ready at the root, whatever the API base.
  await app.register(healthRoutes);
  await app.register(staticWeb, { root: config.webDist, apiBase: config.apiBase });
  await app.ready();
  if (sealedAtStart > 0) app.log.info({ values: sealedAtStart }, `已加密存量个人信息：${sealedAtStart} 个值`);
  // Values of older keys (a rotation) are sealed again in the background, a small batch at a time.
  reseal = startBackgroundReseal(db.db, fields, app.log);
  return app;
}

/** Fastify's `https` option from TLS_CERT_FILE / TLS_KEY_FILE, or nothing (plain HTTP). */
function tlsOptions(config: AppConfig): { https?: { cert: Buffer; key: Buffer } } {
  if (!config.tls) return {};
  const read = (file: string, name: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new Error(`无法读取 ${name}（${file}）：${(error as Error).message}`, { cause: error });
    }
  };
  return { https: { cert: read(config.tls.certFile, 'TLS_CERT_FILE'), key: read(config.tls.keyFile, 'TLS_KEY_FILE') } };
}
