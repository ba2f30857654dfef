import fs from 'node:fs';
import { API_DOCS_PATH, PERM } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi, type PermissionName } from '../../lib/openapi.js';

const version = (() => {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

/**
 * 接口文档: the OpenAPI 3.1 description of every route, for administrators (never the guest): integrators of other
 * district systems read it, and 系统监控 → 接口文档 shows it. Built per request from the route table and the
 * permission entries' current names, so a renamed menu reads as the administrators see it.
 */
export default async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_DOCS_PATH,
    { config: { auth: PERM.apiDocs, doc: { summary: '接口文档（OpenAPI 3.1）' } } },
    async (_request, reply) => {
      const rows = await app.ctx.db.db
        .selectFrom('sysPermission as p')
        .leftJoin('sysPermission as m', 'm.id', 'p.parentId')
        .select(['p.perms', 'p.name', 'm.name as menu'])
        .where('p.perms', 'is not', null)
        .where('p.delFlag', '=', 0)
        .execute();
      const names = new Map<string, PermissionName>();
      for (const r of rows) if (r.perms) names.set(r.perms, { name: r.name, menu: r.menu ?? null });
      const doc = buildOpenApi(app.routeTable, { apiBase: app.ctx.config.apiBase, version, names });
      // The description itself, not the envelope: tools read it as it is.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(doc));
    },
  );
}
