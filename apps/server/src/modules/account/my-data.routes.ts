import { AUDIT_EVENT, PRIVACY_API, PRIVACY_AUDIT, myDataDocument } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/current-user.js';
import { ok } from '../../lib/http.js';
import { myDataOf } from './my-data.service.js';

/**
 * 个人中心 → 我的数据 (issue 24 item 12): the signed-in account's own data, never another's (the id is the session's,
 * no parameter names a user). 'user' routes: the display's guest account is refused.
 */
export default async function myDataRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(PRIVACY_API.myData, { config: { auth: 'user' } }, async (request) =>
    ok(await myDataOf(ctx, currentUser(request).id), '查询成功'),
  );

  /** The same as a JSON file with Chinese names; every download is an audit event (导出个人数据). */
  app.get(
    PRIVACY_API.myDataExport,
    { config: { auth: 'user', audit: AUDIT_EVENT.exportPersonalData(PRIVACY_AUDIT.exportMine) } },
    async (request, reply) => {
      const me = currentUser(request);
      const data = await myDataOf(ctx, me.id);
      const name = `我的数据-${me.username}.json`;
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(JSON.stringify(myDataDocument(data), null, 2));
    },
  );
}
