import { PERM, TICKET_API } from '@district/shared';
import { ticketCancelSchema, ticketUseSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parse } from '../../lib/http.js';
import { dataChanged } from '../../lib/resource/resource.service.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { ticketResource } from './ticket.resource.js';
import { cancelTicket, expireTickets, ticketDetail, ticketUses, useTicket } from './ticket.service.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();
const ticketIdQuery = z.object({ ticketId: z.string().min(1, '参数 ticketId 不能为空').max(64) }).loose();

/** Room tickets: the resource's standard routes, details, uses, cancelling and the expiry run. */
export default async function ticketRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([ticketResource]));

  app.get(TICKET_API.detail, { config: { auth: PERM.ticketList } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    return ok(await ticketDetail(ticketResource, resourceContext(app, request), id), '');
  });

  app.get(TICKET_API.uses, { config: { auth: PERM.ticketList } }, async (request) => {
    const { ticketId } = parse(ticketIdQuery, request.query);
    return ok(await ticketUses(ticketResource, resourceContext(app, request), ticketId), '');
  });

  app.post(TICKET_API.use, { config: { auth: PERM.ticketUse } }, async (request) => {
    const input = parse(ticketUseSchema, request.body);
    return ok(await useTicket(ticketResource, resourceContext(app, request), input), '登记成功！');
  });

  app.put(TICKET_API.cancel, { config: { auth: PERM.ticketCancel } }, async (request) => {
    const input = parse(ticketCancelSchema, request.body);
    await cancelTicket(ticketResource, resourceContext(app, request), input);
    return ok(null, '作废成功！');
  });

  app.post(TICKET_API.expire, { config: { auth: PERM.ticketExpire } }, async (request) => {
    const ctx = resourceContext(app, request);
    const changed = await expireTickets(ctx.db, { tenantId: ctx.user.tenantId, by: ctx.user, crypto: app.ctx.fields });
    if (changed > 0) await dataChanged(app.ctx.kv);
    return ok({ changed }, changed > 0 ? `已将 ${changed} 张房票标记为已过期` : '没有需要过期的房票');
  });
  // The daily expiry is the shipped scheduled job 房票过期 (modules/job, handler roomTicketExpiry).
}
