import { DATA_SOURCE_API, DATA_SOURCE_MESSAGES as M, PERM } from '@district/shared';
import { dataSourceTestSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { SecretBoxError } from '../../lib/secret-box.js';
import { PASSWORD_PURPOSE, dataSourceResource } from './datasource.resource.js';
import { testConnection } from './datasource.service.js';

/** Data sources: the resource routes and the connection test (no SQL of the caller's runs here). */
export default async function dataSourceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([dataSourceResource]));

  app.post(DATA_SOURCE_API.test, { config: { auth: PERM.dataSourceTest, platform: true } }, async (request) => {
    const input = parse(dataSourceTestSchema, request.body);
    let password = input.password || null;
    if (!password && input.id) {
      const stored = await app.ctx.db.db
        .selectFrom('sysDataSource')
        .select('password')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!stored) throw new ApiError(404, '数据源不存在');
      try {
        password = stored.password ? app.ctx.secrets.open(stored.password, PASSWORD_PURPOSE) : null;
      } catch (error) {
        if (error instanceof SecretBoxError) throw new ApiError(400, M.passwordUnreadable);
        throw error;
      }
    }
    await testConnection(
      {
        dbType: input.dbType,
        host: input.host ?? null,
        port: input.port ?? null,
        databaseName: input.databaseName,
        username: input.username ?? null,
        password,
      },
      app.ctx.config.dataSourceSqliteDir,
      // The driver's reason (refused, timed out, reset …) stays in the log; the answer does not tell them apart.
      (error) =>
        request.log.warn({ err: error, host: input.host, port: input.port }, 'data source connection test failed'),
    );
    return ok(null, M.succeeded);
  });
}
