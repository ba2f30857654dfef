import type { IncomingMessage, ServerResponse } from 'node:http';
import { MONITOR_API, ONLINE_USER_API, ONLINE_USER_MESSAGES as M, PERM, type OnlineSession } from '@district/shared';
import { onlineLogoutSchema, redisCommandSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { hashToken } from '../../lib/token-store.js';
import { formatDateTime } from '../../lib/time.js';
import { clientName } from './client-name.js';
import { HttpStats } from './http-stats.js';
import { RuntimeProbe, SystemProbe, disks, redisInfo } from './monitor.service.js';
import { terminalCommand } from './redis-terminal.js';
import { traceUser } from './trace-user.js';
import { currentUser } from '../../lib/current-user.js';

const onlineQuery = z
  .object({
    username: z.string().max(100).optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  })
  .loose();

/**
 * Online users (the token store's live sessions, force logout on every instance) and server monitoring: the
 * Node runtime (the spec's JVM page), the machine, our HTTP server (the spec's Tomcat page), disks, the HTTP
 * trace and Redis with its read-only terminal. Figures are this instance's.
 */
export default async function monitorRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const runtime = new RuntimeProbe();
  const system = new SystemProbe();
  const stats = new HttpStats();

  // Counted on the Node server itself, so every request (API, files, pages) is seen whatever plugin serves it.
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const start = process.hrtime.bigint();
    stats.started();
    res.once('close', () => {
      stats.finished({
        method: req.method ?? '',
        url: req.url ?? '',
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100,
        ip: req.socket.remoteAddress ?? '',
        user: traceUser(req),
      });
    });
  };
  app.server.on('request', onRequest);
  app.addHook('onClose', async () => {
    app.server.off('request', onRequest);
    runtime.close();
  });

  // Online users.
  app.get(ONLINE_USER_API.list, { config: { auth: PERM.onlineList } }, async (request) => {
    const { username, pageNo, pageSize } = parse(onlineQuery, request.query);
    const mine = hashToken(currentUser(request).token);
    const sessions = await ctx.tokens.list();
    const userIds = [...new Set(sessions.map((s) => s.userId))];
    const users = userIds.length
      ? await ctx.db.db
          .selectFrom('sysUser')
          .select(['id', 'username', 'realname'])
          .where('id', 'in', userIds)
          .execute()
      : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const needle = username?.trim().toLowerCase() ?? '';
    const rows: OnlineSession[] = sessions
      .map((s) => ({
        id: s.tokenHash,
        userId: s.userId,
        username: byId.get(s.userId)?.username ?? '',
        realname: byId.get(s.userId)?.realname ?? '',
        ip: s.ip,
        client: clientName(s.userAgent),
        loginTime: formatDateTime(new Date(s.createdAt)),
        lastSeen: formatDateTime(new Date(s.lastSeen)),
        expireTime: formatDateTime(new Date(s.expiresAt)),
        current: s.tokenHash === mine,
      }))
      .filter((s) => !needle || s.username.toLowerCase().includes(needle) || s.realname.toLowerCase().includes(needle));
    const records = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return ok(
      { records, total: rows.length, size: pageSize, current: pageNo, pages: Math.ceil(rows.length / pageSize) },
      '',
    );
  });

  app.post(ONLINE_USER_API.forceLogout, { config: { auth: PERM.onlineForceLogout } }, async (request) => {
    const { id } = parse(onlineLogoutSchema, request.body);
    if (id === hashToken(currentUser(request).token)) throw new ApiError(400, M.self);
    const revoked = await ctx.tokens.revokeHash(id);
    if (!revoked) throw new ApiError(404, M.notFound);
    // The guard caches sessions briefly, on every instance: drop them so the token fails everywhere at once.
    await ctx.authCache.invalidate();
    return ok(null, M.forcedOut);
  });

  // Monitoring.
  app.get(MONITOR_API.runtime, { config: { auth: PERM.monitorRuntime } }, async () => ok(runtime.read(), ''));
  app.get(MONITOR_API.system, { config: { auth: PERM.monitorSystem } }, async () => ok(system.read(), ''));
  app.get(MONITOR_API.http, { config: { auth: PERM.monitorHttp } }, async () => ok(stats.snapshot(), ''));
  app.get(MONITOR_API.trace, { config: { auth: PERM.monitorTrace } }, async () => ok(stats.trace(), ''));
  app.get(MONITOR_API.disk, { config: { auth: PERM.monitorDisk } }, async () => ok(disks(ctx.config.uploadDir), ''));
  app.get(MONITOR_API.redis, { config: { auth: PERM.monitorRedis } }, async () =>
    ok(await redisInfo(ctx.redis, ctx.config.redisPrefix), ''),
  );
  app.post(MONITOR_API.redisTerminal, { config: { auth: PERM.monitorRedisTerminal } }, async (request) => {
    const { command: line } = parse(redisCommandSchema, request.body);
    if (!ctx.redis) throw new ApiError(400, '未配置 Redis，终端不可用');
    const [command, args] = terminalCommand(line, ctx.config.redisPrefix);
    let answer: unknown;
    try {
      answer = await ctx.redis.call(command, ...args);
    } catch (error) {
      // Redis's own refusal (e.g. GET on a set): the terminal shows it, as redis-cli would.
      throw new ApiError(400, `Redis：${error instanceof Error ? error.message : String(error)}`);
    }
    return ok({ command: [command, ...args].join(' '), output: answer }, '');
  });
}
