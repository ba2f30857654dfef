import { AUDIT_EVENT, DATA_LOG_API, DATA_LOG_RESOURCE, LOG_API, LOG_KINDS, LOG_MESSAGES, PERM } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { dataLogResource, logResource } from './log.resource.js';
import { currentUser } from '../../lib/current-user.js';
import { auditEvent } from '../../lib/audit-event.js';
import { verifyLogs } from './log-verify.service.js';
import { dataLogView } from '../../lib/resource/data-log-view.js';
import { DictService } from '../../lib/dict.service.js';

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

const verifyQuery = z
  .object({ kind: z.enum(LOG_KINDS, { error: LOG_MESSAGES.kindInvalid }), _t: z.unknown().optional() })
  .strict();

export const NO_TENANT_LOGS = '您不属于任何租户，无法查看日志';

export default async function logRoutes(app: FastifyInstance): Promise<void> {
  // The resource pattern reads a caller without a tenant as "no tenant filter"; logs fail closed instead.
  app.addHook('preHandler', async (request) => {
    if (request.user && request.user.tenantId === null) throw new ApiError(403, NO_TENANT_LOGS);
  });
  await app.register(resourcePlugin([logResource, dataLogResource]));
  const { db } = app.ctx.db;
  const dicts = new DictService(db, app.ctx.kv);
  /** 新增 / 编辑 / 删除 for add / edit / delete. */
  const actionLabels = async () =>
    new Map((await dicts.items(DATA_LOG_RESOURCE.fields.action.dict)).map((i) => [String(i.value), i.text]));

  /** Two versions side by side: the records of two data-log rows (of the same record, in the caller's tenant). */
  app.get(DATA_LOG_API.queryCompareList, { config: { auth: PERM.dataLogList } }, async (request) => {
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
    const pair = [first, second].sort((a, b) => a.dataVersion - b.dataVersion);
    // Each version also as a person reads it (titles, names, yuan, labels), beside the stored content.
    const views = await dataLogView(
      db,
      app.ctx.kv,
      first.dataTable,
      pair.map((r) => JSON.parse(r.dataContent) as Record<string, unknown>),
    );
    const actions = await actionLabels();
    return ok(
      pair.map((r, i) => ({ ...r, action_dictText: actions.get(r.action) ?? r.action, dataFields: views[i] })),
      '',
    );
  });

  /**
   * 完整性校验: the chain of one log in the caller's tenant (and of rows without a tenant), with the first rows
   * changed or removed outside the product. A read: the logs stay append-only (no POST/PUT/DELETE under them).
   */
  app.get(
    LOG_API.verify,
    { config: { auth: PERM.logVerify, doc: { summary: '日志完整性校验', tag: '系统日志' } } },
    async (request) => {
      const { kind } = parse(verifyQuery, request.query);
      const result = await verifyLogs(db, kind, currentUser(request).tenantId!);
      const problems = result.chains.reduce((n, c) => n + c.problems.length, 0);
      auditEvent(request, AUDIT_EVENT.logVerify(kind, result.intact, problems));
      return ok(
        result,
        result.intact
          ? LOG_MESSAGES.verifyIntact(
              kind,
              result.chains.reduce((n, c) => n + c.checked, 0),
            )
          : LOG_MESSAGES.verifyBroken(kind, problems),
      );
    },
  );

  /** Every version of one record written in the caller's tenant, oldest first. */
  app.get(DATA_LOG_API.queryDataVersion, { config: { auth: PERM.dataLogList } }, async (request) => {
    const { dataTable, dataId } = parse(versionQuery, request.query);
    const rows = await db
      .selectFrom('sysDataLog')
      .select(['id', 'dataTable', 'dataId', 'dataVersion', 'action', 'createBy', 'createTime'])
      .where('dataTable', '=', dataTable)
      .where('dataId', '=', dataId)
      .where('tenantId', '=', currentUser(request).tenantId)
      .orderBy('dataVersion')
      .execute();
    const actions = await actionLabels();
    return ok(
      rows.map((r) => ({ ...r, action_dictText: actions.get(r.action) ?? r.action })),
      '',
    );
  });
}
