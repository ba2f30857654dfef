import { PERM, PRINT_API, PRINT_MESSAGES as M } from '@district/shared';
import { printDataSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { scoped } from '../../lib/resource/resource.service.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { describeSources, sourceOf } from './print.registry.js';
import { printTemplateResource } from './print.resource.js';
import { printData } from './print.service.js';

const sourceQuery = z.object({ source: z.string().max(32).optional() }).loose();

/** scheme://host the caller reached us at, for links printed as QR codes (the public detail page). */
function originOf(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

/** Print design: templates, the printable sources, the drawer's templates and the records' values. */
export default async function printRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([printTemplateResource]));

  app.get(PRINT_API.sources, { config: { auth: PERM.printTemplateList } }, async () => ok(describeSources(), ''));

  // The print drawer: every template of one source (the caller's and the shipped ones), with its layout.
  app.get(PRINT_API.options, { config: { auth: PERM.printPrint } }, async (request) => {
    const { source } = parse(sourceQuery, request.query);
    if (source !== undefined && !sourceOf(source)) throw new ApiError(400, M.unknownSource(source));
    let q = await scoped(printTemplateResource, resourceContext(app, request));
    if (source) q = q.where('bizPrintTemplate.source', '=', source);
    const rows = await q.orderBy('bizPrintTemplate.code', 'asc').execute();
    return ok(
      rows.map((r) => ({ ...r, builtIn: r.tenantId === null ? 1 : 0 })),
      '',
    );
  });

  app.post(PRINT_API.data, { config: { auth: PERM.printPrint }, bodyLimit: 256 * 1024 }, async (request) => {
    const input = parse(printDataSchema, request.body);
    const ctx = resourceContext(app, request);
    return ok(await printData(ctx, app.ctx.kv, input, { origin: originOf(request) }), '');
  });
}
