import { API, PERM } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../lib/http.js';
import { DICT_CODE, DictService } from '../../lib/dict.service.js';

export default async function dictRoutes(app: FastifyInstance) {
  const dicts = new DictService(app.ctx.db.db, app.ctx.kv);

  app.get(`${API.dictItems}/:code`, { config: { auth: 'display' } }, async (request) => {
    const { code } = request.params as { code: string };
    // Table dictionaries ("table,text,code") are accepted only once registered on the server.
    if (code.includes(',')) throw new ApiError(400, `未注册的表字典：${code.slice(0, 100)}`);
    if (!DICT_CODE.test(code)) throw new ApiError(400, '字典Code不正确');
    return ok(await dicts.items(code), '查询成功');
  });

  app.get(API.dictRefreshCache, { config: { auth: PERM.dictRefreshCache } }, async () => {
    await dicts.refresh();
    return ok(null, '刷新缓存完成！');
  });

  app.get(API.dictAllItems, { config: { auth: 'user' } }, async () => ok(await dicts.all(), '查询成功'));
}
