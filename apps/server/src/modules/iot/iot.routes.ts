import { DEVICE_KEY_HEADER, IOT_API, IOT_MESSAGES, PERM } from '@district/shared';
import { alarmHandleSchema, alarmPostSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IotDevice } from '../../db/schema.js';
import { ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { alarmResource, deviceResource } from './iot.resource.js';
import { MqttBridge } from './mqtt-bridge.js';
import { actOnAlarm, admitAlarm, deviceByKey, liveAlarms, recordAlarm, resetDeviceKey } from './iot.service.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();
const idBody = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();

const mqttBridges = new WeakMap<object, MqttBridge>();
/** The app's MQTT bridge (by its context), for tests. */
export const mqttBridgeOf = (ctx: object): MqttBridge | undefined => mqttBridges.get(ctx);

/** IoT devices, their alarm keys, the device alarm endpoint and the live alarms with 确认 / 处理. */
export default async function iotRoutes(app: FastifyInstance): Promise<void> {
  const hub = app.noticeHub;
  await app.register(resourcePlugin([deviceResource, alarmResource]));

  app.post(IOT_API.deviceKey, { config: { auth: PERM.deviceKey } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    return ok({ key: await resetDeviceKey(resourceContext(app, request), id) }, IOT_MESSAGES.keyGenerated);
  });

  // Devices have no session: the per-device key in its header is their credential, checked before the body is
  // even parsed (a wrong key is 401 whatever the body holds); then the body, its timestamp, nonce and the rate.
  const devices = new WeakMap<FastifyRequest, IotDevice>();
  app.post(
    IOT_API.alarm,
    {
      config: { auth: 'public' },
      bodyLimit: 4096,
      onRequest: async (request) => {
        devices.set(request, await deviceByKey(app.ctx.db.db, request.headers[DEVICE_KEY_HEADER]));
      },
    },
    async (request) => {
      const device = devices.get(request)!;
      const input = parse(alarmPostSchema, request.body);
      const nonceKey = await admitAlarm(app.ctx.kv, device, input);
      try {
        const alarm = await recordAlarm(app.ctx.db.db, hub, device, input);
        return ok({ id: alarm.id }, IOT_MESSAGES.recorded);
      } catch (error) {
        // Not stored: the device may send the same request again.
        await app.ctx.kv.del(nonceKey);
        throw error;
      }
    },
  );

  // Devices over MQTT (MQTT_URL; off when unset): connected once the app is ready, closed with it.
  const bridge = new MqttBridge({
    config: app.ctx.config,
    db: app.ctx.db.db,
    kv: app.ctx.kv,
    hub,
    log: app.log.child({ module: 'mqtt' }),
  });
  mqttBridges.set(app.ctx, bridge);
  app.addHook('onReady', async () => bridge.start());
  app.addHook('preClose', async () => bridge.stop());
  app.get(IOT_API.mqttStatus, { config: { auth: PERM.deviceList } }, async () => ok(bridge.status(), ''));

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
