import {
  CATEGORY_ADMIN_API,
  CATEGORY_ADMIN_MESSAGES,
  CATEGORY_API,
  CATEGORY_RESOURCE,
  CATEGORY_ROOT,
  PERM,
  resourceUrls,
} from '@district/shared';
import { categoryCreateSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { createRecord, decorateRows } from '../../lib/resource/resource.service.js';
import { categoryResource } from './category.resource.js';
import { CategoryService, parseCondition, toNode } from './category.service.js';
import { isRetryableWriteError } from '../../lib/code-segment.js';

type Query = Record<string, unknown>;

function param(query: Query, name: string, max = 2000): string {
  const value = query[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new ApiError(400, `参数 ${name} 有误`);
  if (value.length > max) throw new ApiError(400, `参数 ${name} 过长`);
  return value;
}

export default async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const categories = new CategoryService(db);
  await app.register(resourcePlugin([categoryResource]));

  app.post(
    resourceUrls(CATEGORY_RESOURCE.path).add,
    { config: { auth: PERM.categoryAdd, platform: true } },
    async (request) => {
      const body = parse(categoryCreateSchema, request.body);
      // The code is always generated here; only imports may bring their own.
      const input = { pid: body.pid ?? CATEGORY_ROOT, name: body.name };
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await createRecord(categoryResource, input, resourceContext(app, request));
          return ok({ id: row.id, code: row.code }, '添加成功！');
        } catch (error) {
          // Two adds under one parent may pick the same code: the unique column refuses one, which tries again.
          if (attempt >= 5 || !isRetryableWriteError(error)) throw error;
        }
      }
    },
  );

  /** Children of a row of the tree table, decorated like list rows (hasChildren, parentCode). */
  app.get(CATEGORY_ADMIN_API.childList, { config: { auth: PERM.categoryList } }, async (request) => {
    const pid = param(request.query as Query, 'pid', 32);
    if (!pid) throw new ApiError(400, '参数 pid 不能为空');
    const rows = await categories.children(pid);
    await decorateRows(categoryResource, rows, resourceContext(app, request), app.ctx.kv);
    return ok(rows, '');
  });

  // The category select widget's calls (widgets-spec §7): any signed-in user.
  app.get(CATEGORY_API.loadTreeRoot, { config: { auth: 'user' } }, async (request) => {
    const pid = await categories.pidOfCode(param(request.query as Query, 'pcode', 100));
    return ok((await categories.children(pid)).map(toNode), '');
  });

  app.get(CATEGORY_API.loadTreeChildren, { config: { auth: 'user' } }, async (request) => {
    const pid = param(request.query as Query, 'pid', 32) || CATEGORY_ROOT;
    return ok((await categories.children(pid)).map(toNode), '');
  });

  app.get(CATEGORY_API.loadOne, { config: { auth: 'user' } }, async (request) => {
    const query = request.query as Query;
    const field = param(query, 'field', 10);
    const val = param(query, 'val', 100);
    if (field !== 'code' && field !== 'id') throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.badField);
    const row = field === 'code' ? await categories.byCode(val) : await categories.byId(val);
    return row ? ok(row, '') : ok(null, '未找到对应数据');
  });

  app.get(CATEGORY_API.loadTreeData, { config: { auth: 'user' } }, async (request) => {
    const query = request.query as Query;
    const condition = parseCondition(param(query, 'condition'));
    const pid = param(query, 'pid', 32) || (await categories.pidOfCode(param(query, 'pcode', 100)));
    return ok((await categories.children(pid, condition)).map(toNode), '');
  });

  const loadDictItem = async (request: { query: unknown }) => {
    const raw = param(request.query as Query, 'ids', 40_000);
    const ids = raw.split(',').filter(Boolean);
    if (ids.length > 1000) throw new ApiError(400, '参数 ids 过多');
    return ok((await categories.names(ids)).join(','), '');
  };
  app.get(CATEGORY_API.loadDictItem, { config: { auth: 'user' } }, loadDictItem);
  app.get(CATEGORY_API.loadDictItem.replace(/\/$/, ''), { config: { auth: 'user' } }, loadDictItem);
}
