import { PERM, PROJECT_API } from '@district/shared';
import { projectStatusSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { projectResource } from './project.resource.js';
import { changeStatus, projectDetail, resettlementProjects } from './project.service.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();

const STATUS_DONE = '项目状态已变更！';

/** Projects: the resource's standard routes, the detail, status changes and the ticket form's project options. */
export default async function projectRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([projectResource]));

  app.get(PROJECT_API.detail, { config: { auth: PERM.projectList } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    return ok(await projectDetail(resourceContext(app, request), id, projectResource), '');
  });

  app.put(PROJECT_API.status, { config: { auth: PERM.projectStatus } }, async (request) => {
    const input = parse(projectStatusSchema, request.body);
    return ok(await changeStatus(projectResource, resourceContext(app, request), input), STATUS_DONE);
  });

  // The ticket form's project choice: any ticket screen may ask, the list's holders and 发放房票's alike.
  app.get(PROJECT_API.resettlement, { config: { auth: [PERM.ticketList, PERM.ticketAdd] } }, async (request) =>
    ok(await resettlementProjects(resourceContext(app, request)), ''),
  );
}
