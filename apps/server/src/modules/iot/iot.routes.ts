import { DEVICE_KEY_HEADER, IOT_API, IOT_MESSAGES, PERM } from '@district/shared';
import { alarmHandleSchema, alarmPostSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import type { NoticeHub } from '../message/notice-hub.js';
import { alarmResource, deviceResource } from './iot.resource.js';
import { actOnAlarm, liveAlarms, recordAlarm, resetDeviceKey } from './iot.service.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();
const idBody = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();

/** IoT devices, their alarm keys, the device alarm endpoint and the live alarms with 确认 / 处理. */
export async function iotRoutes(app: FastifyInstance, hub: NoticeHub): Promise<void> {
  await app.register(resourcePlugin([deviceResource, alarmResource]));

  app.post(IOT_API.deviceKey, { config: { auth: PERM.deviceKey } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    return ok({ key: await resetDeviceKey(resourceContext(app, request), id) }, IOT_MESSAGES.keyGenerated);
  });

  // Devices have no session: the per-device key in its header is their credential (checked in recordAlarm).
  app.post(IOT_API.alarm, { config: { auth: 'public' }, bodyLimit: 4096 }, async (request) => {
    const header = request.headers[DEVICE_KEY_HEADER];
    const key = typeof header === 'string' && header.length <= 200 ? header : null;
    const alarm = await recordAlarm(app.ctx.db.db, hub, key, parse(alarmPostSchema, request.body));
    return ok({ id: alarm.id }, IOT_MESSAGES.recorded);
  });

  app.get(IOT_API.live, { config: { auth: PERM.alarmList } }, async (request) =>
    ok(await liveAlarms(resourceContext(app, request)), ''),
  );

  app.put(IOT_API.acknowledge, { config: { auth: PERM.alarmHandle } }, async (request) => {
    const { id } = parse(idBody, request.body);
    await actOnAlarm(resourceContext(app, request), hub, id, 'acknowledged');
    return ok(null, IOT_MESSAGES.acknowledged);
  });

  app.put(IOT_API.handle, { config: { auth: PERM.alarmHandle } }, async (request) => {
    const { id, note } = parse(alarmHandleSchema, request.body);
    await actOnAlarm(resourceContext(app, request), hub, id, 'handled', note ?? null);
    return ok(null, IOT_MESSAGES.handledDone);
  });
}
