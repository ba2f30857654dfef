import type { FastifyInstance } from 'fastify';
import { FormResources } from './form-resources.js';
import { FormService } from './form.service.js';
import formDataRoutes from './form-data.routes.js';
import formDefinitionRoutes from './form-definition.routes.js';
import onlineReportRoutes from './report.routes.js';

/**
 * 表单开发 and 报表配置: form definitions (save, copy, synchronise, versions, enhancements), the generated pages'
 * data (the resource pattern over a definition built at run time) and online reports.
 */
export default async function onlineRoutes(app: FastifyInstance): Promise<void> {
  const forms = new FormService(app.ctx.db.db);
  // Deleting a definition drops the generated pages' cached resources.
  const resources = new FormResources(forms);
  await app.register(formDefinitionRoutes, { forms, resources });
  await app.register(formDataRoutes, { forms, resources });
  await app.register(onlineReportRoutes);
}
