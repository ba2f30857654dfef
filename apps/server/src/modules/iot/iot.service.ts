import { ALARM_ACTION, ALARM_LIMITS, IOT_MESSAGES, type LiveAlarm } from '@district/shared';
import type { AlarmPostInput } from '@district/shared/schemas';
import type { Kysely } from 'kysely';
import type { Database, IotAlarm, IotDevice } from '../../db/schema.js';
import { hashDeviceKey, newDeviceKey } from '../../lib/device-key.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import type { KvStore } from '../../lib/kv-store.js';
import type { ResourceContext } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import type { NoticeHub } from '../../plugins/notice-hub.js';

/** Gives the device a new key (the old one stops working) and answers it, once. */
export async function resetDeviceKey(ctx: ResourceContext, id: string): Promise<string> {
  const key = newDeviceKey();
  let q = ctx.db
    .updateTable('iotDevice')
    .set({ keyHash: hashDeviceKey(key), updateTime: formatDateTime(), updateBy: ctx.user.username })
    .where('id', '=', id)
    .where('delFlag', '=', 0);
  q = ctx.user.tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', ctx.user.tenantId);
  const done = await q.executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new ApiError(404, '未找到对应数据');
  return key;
}

/**
 * The device whose key the request carries, found by the key's hash before the body is read; an unknown key (or
 * none) is 401, so nobody learns which device ids exist and a bad body with a wrong key tells nothing either.
 */
export async function deviceByKey(db: Kysely<Database>, header: unknown): Promise<IotDevice> {
  const key = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null;
  const device = key
    ? await db
        .selectFrom('iotDevice')
        .selectAll()
        .where('keyHash', '=', hashDeviceKey(key))
        .where('delFlag', '=', 0)
        .executeTakeFirst()
    : undefined;
  if (!device) throw new ApiError(401, IOT_MESSAGES.wrongKey);
  return device;
}

const NONCE_TTL_MS = ALARM_LIMITS.clockSkewMs * 2 + 60_000;

/**
 * Admits a device's request: its timestamp within the clock skew, the device under its rate, and its nonce never
 * seen while that timestamp could pass (kept in the KV store, Redis in a cluster, so a replay to another instance
 * is refused too). Answers the nonce's key, to forget should the alarm not be stored after all.
 */
export async function admitAlarm(
  kv: KvStore,
  device: IotDevice,
  input: AlarmPostInput,
  now = Date.now(),
): Promise<string> {
  if (input.deviceId !== device.deviceId) throw new ApiError(401, IOT_MESSAGES.wrongKey);
  if (Math.abs(now - input.timestamp) > ALARM_LIMITS.clockSkewMs) throw new ApiError(400, IOT_MESSAGES.timestampSkew);
  if ((await kv.incr(`iot:alarm-rate:${device.id}`, 60_000)) > ALARM_LIMITS.perMinute) {
    throw new ApiError(429, IOT_MESSAGES.tooManyAlarms);
  }
  const nonceKey = `iot:alarm-nonce:${device.id}:${input.nonce}`;
  // The first increment is the one that counts: concurrent replays on any instance see 2 or more.
  if ((await kv.incr(nonceKey, NONCE_TTL_MS)) > 1) throw new ApiError(409, IOT_MESSAGES.replayed);
  return nonceKey;
}

/**
 * POST /iot/alarm, once admitted: the alarm is stored, the device marked online, and every signed-in user of the
 * device's tenant hears of it over the notice socket.
 */
export async function recordAlarm(
  db: Kysely<Database>,
  hub: NoticeHub,
  device: IotDevice,
  input: AlarmPostInput,
): Promise<IotAlarm> {
  const now = formatDateTime();
  const alarm: IotAlarm = {
    id: newId(),
    deviceId: device.id,
    level: input.level,
    message: input.message,
    alarmTime: now,
    action: ALARM_ACTION.new,
    ackBy: null,
    ackTime: null,
    handleBy: null,
    handleTime: null,
    handleNote: null,
    tenantId: device.tenantId,
    createTime: now,
  };
  await db.insertInto('iotAlarm').values(alarm).execute();
  await db.updateTable('iotDevice').set({ onlineStatus: 1, lastSeenTime: now }).where('id', '=', device.id).execute();
  const live: LiveAlarm = {
    id: alarm.id,
    deviceId: device.id,
    deviceCode: device.deviceId,
    deviceName: device.deviceName,
    parentId: device.parentId,
    level: alarm.level,
    message: alarm.message,
    alarmTime: alarm.alarmTime,
    action: alarm.action,
    longitude: device.longitude,
    latitude: device.latitude,
    location: device.location,
    assetId: device.assetId,
  };
  await hub.toAll(device.tenantId, { cmd: 'alarm', msgId: alarm.id, msgTxt: alarm.message, data: live });
  return alarm;
}

/** The caller's tenant's alarms not handled yet, newest first, with their device's place. */
export async function liveAlarms(ctx: ResourceContext, limit = 200): Promise<LiveAlarm[]> {
  let q = ctx.db
    .selectFrom('iotAlarm as a')
    .innerJoin('iotDevice as d', 'd.id', 'a.deviceId')
    .select([
      'a.id',
      'a.deviceId',
      'd.deviceId as deviceCode',
      'd.deviceName',
      'd.parentId',
      'a.level',
      'a.message',
      'a.alarmTime',
      'a.action',
      'd.longitude',
      'd.latitude',
      'd.location',
      'd.assetId',
    ])
    .where('a.action', '!=', ALARM_ACTION.handled)
    .where('d.delFlag', '=', 0);
  q = ctx.user.tenantId === null ? q.where('a.tenantId', 'is', null) : q.where('a.tenantId', '=', ctx.user.tenantId);
  return q.orderBy('a.alarmTime', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/** 确认 (new → acknowledged) or 处理 (new/acknowledged → handled); the other screens hear of it. */
export async function actOnAlarm(
  ctx: ResourceContext,
  hub: NoticeHub,
  id: string,
  to: 'acknowledged' | 'handled',
  note: string | null = null,
): Promise<void> {
  const now = formatDateTime();
  const from = to === 'acknowledged' ? [ALARM_ACTION.new] : [ALARM_ACTION.new, ALARM_ACTION.acknowledged];
  let q = ctx.db
    .updateTable('iotAlarm')
    .set(
      to === 'acknowledged'
        ? { action: ALARM_ACTION.acknowledged, ackBy: ctx.user.realname, ackTime: now }
        : { action: ALARM_ACTION.handled, handleBy: ctx.user.realname, handleTime: now, handleNote: note },
    )
    .where('id', '=', id)
    .where('action', 'in', from);
  q = ctx.user.tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', ctx.user.tenantId);
  const done = await q.executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) {
    let find = ctx.db.selectFrom('iotAlarm').select('action').where('id', '=', id);
    find =
      ctx.user.tenantId === null ? find.where('tenantId', 'is', null) : find.where('tenantId', '=', ctx.user.tenantId);
    const row = await find.executeTakeFirst();
    if (!row) throw new ApiError(404, '未找到对应数据');
    throw new ApiError(400, row.action === ALARM_ACTION.handled ? IOT_MESSAGES.handled : IOT_MESSAGES.notNew);
  }
  await hub.toAll(ctx.user.tenantId, {
    cmd: 'alarm',
    msgId: id,
    data: { id, action: ALARM_ACTION[to === 'acknowledged' ? 'acknowledged' : 'handled'] },
  });
}
