import { PERM } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { currentUser } from '../../plugins/guard.js';
import { dataLogResource, logResource } from './log.resource.js';

const compareQuery = z
  .object({
    dataId1: z.string().min(1, '请选择两条数据日志').max(32),
    dataId2: z.string().min(1, '请选择两条数据日志').max(32),
  })
  .loose();
const versionQuery = z
  .object({
    dataTable: z.string().min(1, '表名不能为空').max(64),
    dataId: z.string().min(1, '数据ID不能为空').max(64),
  })
  .loose();

export const NO_TENANT_LOGS = '您不属于任何租户，无法查看日志';

export default async function logRoutes(app: FastifyInstance): Promise<void> {
  // The resource pattern reads a caller without a tenant as "no tenant filter"; logs fail closed instead.
  app.addHook('preHandler', async (request) => {
    if (request.user && request.user.tenantId === null) throw new ApiError(403, NO_TENANT_LOGS);
  });
  await app.register(resourcePlugin([logResource, dataLogResource]));
  const { db } = app.ctx.db;

  /** Two versions side by side: the records of two data-log rows (of the same record, in the caller's tenant). */
  app.get('/sys/dataLog/queryCompareList', { config: { auth: PERM.dataLogList } }, async (request) => {
    const { dataId1, dataId2 } = parse(compareQuery, request.query);
    const rows = await db
      .selectFrom('sysDataLog')
      .selectAll()
      .where('id', 'in', [dataId1, dataId2])
      .where('tenantId', '=', currentUser(request).tenantId)
      .execute();
    const first = rows.find((r) => r.id === dataId1);
    const second = rows.find((r) => r.id === dataId2);
    if (!first || !second) throw new ApiError(404, '未找到对应的数据日志');
    if (first.dataTable !== second.dataTable || first.dataId !== second.dataId) {
      throw new ApiError(400, '只能比较同一条数据的不同版本');
    }
    return ok(
      [first, second].sort((a, b) => a.dataVersion - b.dataVersion),
      '',
    );
  });

  /** Every version of one record written in the caller's tenant, oldest first. */
  app.get('/sys/dataLog/queryDataVersion', { config: { auth: PERM.dataLogList } }, async (request) => {
    const { dataTable, dataId } = parse(versionQuery, request.query);
    const rows = await db
      .selectFrom('sysDataLog')
      .select(['id', 'dataTable', 'dataId', 'dataVersion', 'action', 'createBy', 'createTime'])
      .where('dataTable', '=', dataTable)
      .where('dataId', '=', dataId)
      .where('tenantId', '=', currentUser(request).tenantId)
      .orderBy('dataVersion')
      .execute();
    return ok(rows, '');
  });
}
