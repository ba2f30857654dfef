import { ASSET_API, PERM } from '@district/shared';
import { assetPublishSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { assetResource } from './asset.resource.js';
import { assetDetail, mapPoints, publishAssets, publishMessage } from './asset.service.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();

/** The asset register: the resource's standard routes, publishing, details and map points. */
export default async function assetRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([assetResource]));

  app.put(ASSET_API.publish, { config: { auth: PERM.assetPublish } }, async (request) => {
    const { ids, published } = parse(assetPublishSchema, request.body);
    const n = await publishAssets(resourceContext(app, request), assetResource, ids, published);
    return ok({ changed: n }, publishMessage(published, n));
  });

  app.get(ASSET_API.detail, { config: { auth: PERM.assetList } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    return ok(await assetDetail(resourceContext(app, request), id, assetResource), '');
  });

  app.get(ASSET_API.mapPoints, { config: { auth: PERM.assetMap } }, async (request) =>
    ok(await mapPoints(resourceContext(app, request), request.query, assetResource), ''),
  );
}
