import type { FastifyInstance } from 'fastify';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { positionResource } from './position.resource.js';

export default async function positionRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([positionResource]));
}
