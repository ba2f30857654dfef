import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from 'helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
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
import socketAuth from './lib/socket-auth.js';
import { loadSecretBox, secretKeyFile } from './lib/secret-box.js';
import { createSmsProvider } from './lib/sms/sms-provider.js';
import healthRoutes from './modules/health/health.routes.js';
import authRoutes from './modules/auth/auth.routes.js';
import { hashPassword } from './modules/auth/login.service.js';
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
import operationLog from './plugins/operation-log.js';
import importReportRoutes from './lib/resource/resource.routes.js';
import staticWeb from './plugins/static-web.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
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
  const db = createDb(config.databaseUrl);
  // Timeouts and no offline queue: a lost or frozen Redis answers 503 at once instead of holding requests.
  const redis = config.redisUrl ? new Redis(config.redisUrl, REDIS_OPTIONS) : null;
  try {
    await migrateToLatest(db.db);
    await seedWithRetry(() =>
      runSeeds(db.db, {
        demo: config.seedDemo,
        demoAssets: config.seedDemoAssets,
        uploadDir: config.uploadDir,
        hashPassword,
      }),
    );
    if (redis) await redis.connect();
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
    secrets: loadSecretBox(config.secretKey, secretKeyFile(config.databaseUrl, config.uploadDir)),
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
  });
  app.decorate('ctx', ctx);
  // Connection errors are reported here (ioredis reconnects by itself); requests meanwhile answer 503.
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));

  let purge: NodeJS.Timeout | null = null;
  if (ctx.tokens instanceof DbTokenStore) {
    const store = ctx.tokens;
    purge = setInterval(() => void store.purgeExpired().catch(() => undefined), 60 * 60_000).unref();
  }
  app.addHook('onClose', async () => {
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
        // blob: for the PDF preview of 对象存储 (bytes fetched with the token, shown in a frame).
        frameSrc: ["'self'", 'https:', 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, next) =>
    securityHeaders(request.raw, reply.raw, (error) => next(error as Error | undefined)),
  );
  // Before the guard: sockets carry their token in the sub-protocol, and the guard checks it pre-upgrade.
  await app.register(socketAuth);
  await app.register(guard);
  await app.register(operationLog);
  await app.register(traceUserHook);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(permissionRoutes);
      await api.register(import('./modules/permission/permission-admin.routes.js'));
      await api.register(dictRoutes);
      await api.register(import('./modules/dict/dict-lookup.routes.js'));
      await api.register(platformRoutes);
      await api.register(tableSyncRoutes);
      await api.register(importReportRoutes);
      await api.register(positionRoutes);
      await api.register(import('./modules/dict/dict-admin.routes.js'));
      await api.register(import('./modules/category/category.routes.js'));
      await api.register(import('./modules/rule/rule.routes.js'));
      await api.register(import('./modules/user/user.routes.js'));
      await api.register(import('./modules/role/role.routes.js'));
      await api.register(import('./modules/depart/depart.routes.js'));
      await api.register(import('./modules/tenant/tenant.routes.js'));
      await api.register(logRoutes);
      await api.register(fileRoutes);
      await api.register(reportRoutes);
      await api.register(import('./modules/asset/public.routes.js'));
      await api.register(import('./modules/asset/asset.routes.js'));
      await api.register(import('./modules/asset/ledger.routes.js'));
      await api.register(import('./modules/house/ticket.routes.js'));
      await api.register(import('./modules/project/project.routes.js'));
      await api.register(import('./modules/print/print.routes.js'));
      await api.register(import('./modules/dashboard/dashboard.routes.js'));
      await api.register(import('./modules/company/company.routes.js'));
      await api.register(import('./modules/online/online.routes.js'));
      await api.register(import('./modules/message/message.routes.js'));
      await api.register(import('./modules/job/job.routes.js'));
      await api.register(import('./modules/gateway/gateway.routes.js'));
      await api.register(import('./modules/datasource/datasource.routes.js'));
      await api.register(import('./modules/monitor/monitor.routes.js'));
      await api.register(import('./modules/account/account.routes.js'));
      await api.register(import('./modules/third-login/third-login.routes.js'));
    },
    { prefix: config.apiBase },
  );
  // Load balancers probe /health and /ready at the root, whatever the API base.
  await app.register(healthRoutes);
  await app.register(staticWeb, { root: config.webDist, apiBase: config.apiBase });
  await app.ready();
  return app;
}
