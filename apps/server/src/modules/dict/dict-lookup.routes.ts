import { DICT_LOOKUP_API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../lib/http.js';
import { DICT_LOOKUP_MSG, DictLookupService, parsePageSize } from './dict-lookup.service.js';
import { currentUser } from '../../lib/current-user.js';

type Query = Record<string, unknown>;

/** One string parameter; repeated or overlong parameters are refused rather than guessed at. */
function param(query: Query, name: string, max = 2000): string {
  const value = query[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new ApiError(400, `参数 ${name} 有误`);
  if (value.length > max) throw new ApiError(400, DICT_LOOKUP_MSG.tooLong);
  return value;
}

/** Dictionary lookups for the select, search-select and tree-select widgets (any signed-in user). */
export default async function dictLookupRoutes(app: FastifyInstance) {
  const lookups = new DictLookupService(app.ctx.db.db, app.ctx.kv);

  app.get(`${DICT_LOOKUP_API.loadDict}/:dict`, { config: { auth: 'user' } }, async (request) => {
    const { dict } = request.params as { dict: string };
    const query = request.query as Query;
    const options = await lookups.loadDict(
      dict,
      param(query, 'keyword'),
      parsePageSize(param(query, 'pageSize')),
      currentUser(request).tenantId,
    );
    return ok(options, '查询成功');
  });

  app.get(`${DICT_LOOKUP_API.loadDictItem}/:dict`, { config: { auth: 'user' } }, async (request) => {
    const { dict } = request.params as { dict: string };
    const raw = param(request.query as Query, 'key', 100_000);
    const keys = raw === '' ? [] : raw.split(',');
    const labels = await lookups.loadDictItem(dict, keys, currentUser(request).tenantId);
    return ok(labels.join(','), '查询成功');
  });

  app.get(DICT_LOOKUP_API.loadTreeData, { config: { auth: 'user' } }, async (request) => {
    const query = request.query as Query;
    const nodes = await lookups.loadTreeData(
      {
        pid: param(query, 'pid'),
        tableName: param(query, 'tableName'),
        text: param(query, 'text'),
        code: param(query, 'code'),
        pidField: param(query, 'pidField'),
        hasChildField: param(query, 'hasChildField'),
        condition: param(query, 'condition'),
      },
      currentUser(request).tenantId,
    );
    return ok(nodes, '查询成功');
  });
}
