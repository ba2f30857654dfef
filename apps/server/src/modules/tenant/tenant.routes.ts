import { PERM, TENANT_MESSAGES as M, TENANT_RESOURCE, resourceUrls } from '@district/shared';
import { tenantIdSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { decorateRows, findScoped } from '../../lib/resource/resource.service.js';
import { tenantResource } from './tenant.resource.js';

const tenantParam = (name: string) => z.object({ [name]: tenantIdSchema }).loose();

export default async function tenantRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([tenantResource]));

  const tenantOrFail = async (request: FastifyRequest, id: number) => {
    try {
      return await findScoped(tenantResource, resourceContext(app, request), String(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.tenantNotFound);
      throw error;
    }
  };

  app.get(resourceUrls(TENANT_RESOURCE.path).queryById, { config: { auth: PERM.tenantList } }, async (request) => {
    const { id } = parse(tenantParam('id'), request.query) as { id: number };
    const ctx = resourceContext(app, request);
    const row = await tenantOrFail(request, id);
    await decorateRows(tenantResource, [row], ctx, app.ctx.kv);
    return ok(row, '');
  });
}
