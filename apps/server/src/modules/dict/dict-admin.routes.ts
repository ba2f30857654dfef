import { DICT_ADMIN_API, DICT_MESSAGES, PERM } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ok } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { NOT_FOUND } from '../../lib/resource/resource.service.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { formatDateTime } from '../../lib/time.js';
import { dictItemResource } from './dict-item.resource.js';
import { dictResource } from './dict.resource.js';
import { DictService } from '../../lib/dict.service.js';
import { currentUser } from '../../lib/current-user.js';

/** The author the reference seed writes (seeds/reference.seed.ts). */
const SEED_AUTHOR = 'system';

function idParam(request: FastifyRequest): string {
  const { id } = request.params as { id?: string };
  if (!id || id.length > 64) throw new ApiError(400, '参数 id 不能为空');
  return id;
}

/** Dictionary administration: dictionaries, their items and the recycle bin. */
export default async function dictAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const dicts = new DictService(db, app.ctx.kv);

  // Every successful write here retires the cached items on every instance. onSend runs after the
  // handler's transaction has committed, so a read that follows the answer sees the change.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300) await dicts.refresh();
    return payload;
  });

  await app.register(resourcePlugin([dictResource, dictItemResource]));

  /** The recycle bin: deleted dictionaries, most recently deleted first. */
  app.get(DICT_ADMIN_API.deleteList, { config: { auth: PERM.dictRecycle } }, async () => {
    const rows = await db
      .selectFrom('sysDict')
      .select(['id', 'dictName', 'dictCode', 'description', 'createTime', 'updateBy', 'updateTime'])
      .where('delFlag', '=', 1)
      .orderBy('updateTime', 'desc')
      .orderBy('id')
      .limit(1000)
      .execute();
    return ok(rows, '');
  });

  const inBin = async (id: string) => {
    const row = await db.selectFrom('sysDict').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, NOT_FOUND);
    if (!row.delFlag) throw new ApiError(400, DICT_MESSAGES.notInRecycleBin);
    return row;
  };

  app.put(`${DICT_ADMIN_API.back}/:id`, { config: { auth: PERM.dictRecycle, platform: true } }, async (request) => {
    const row = await inBin(idParam(request));
    const by = currentUser(request).username;
    await db.transaction().execute(async (trx) => {
      const changes = { delFlag: 0, updateBy: by, updateTime: formatDateTime() };
      await trx.updateTable('sysDict').set(changes).where('id', '=', row.id).execute();
      await writeDataLog(trx, dictResource.name, row.id, 'edit', { ...row, ...changes }, currentUser(request));
    });
    return ok(null, DICT_MESSAGES.restored);
  });

  app.delete(
    `${DICT_ADMIN_API.deletePhysic}/:id`,
    { config: { auth: PERM.dictRecycle, platform: true } },
    async (request) => {
      const row = await inBin(idParam(request));
      // Reference dictionaries are re-created at start when missing; a new one with the same code would clash.
      if (row.createBy === SEED_AUTHOR) throw new ApiError(400, DICT_MESSAGES.builtIn);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sysDictItem').where('dictId', '=', row.id).execute();
        await trx.deleteFrom('sysDict').where('id', '=', row.id).execute();
      });
      return ok(null, DICT_MESSAGES.physicDeleted);
    },
  );
}
