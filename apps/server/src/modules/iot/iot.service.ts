import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ALARM_ACTION, IOT_MESSAGES, type LiveAlarm } from '@district/shared';
import type { AlarmPostInput } from '@district/shared/schemas';
import type { Kysely } from 'kysely';
import type { Database, IotAlarm } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import type { ResourceContext } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import type { NoticeHub } from '../message/notice-hub.js';

export const hashDeviceKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new alarm key: 32 random bytes, base64url. Only its hash is kept. */
export function newDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}

function keyMatches(key: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashDeviceKey(key), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

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
 * POST /iot/alarm: a device reports an alarm with its key. An unknown device and a wrong key are the same 401,
 * so nobody learns which device ids exist. The alarm is stored, the device marked online, and every signed-in
 * user of the device's tenant hears of it over the notice socket.
 */
export async function recordAlarm(
  db: Kysely<Database>,
  hub: NoticeHub,
  key: string | null,
  input: AlarmPostInput,
): Promise<IotAlarm> {
  const device = await db
    .selectFrom('iotDevice')
    .selectAll()
    .where('deviceId', '=', input.deviceId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!device || !key || !keyMatches(key, device.keyHash)) throw new ApiError(401, IOT_MESSAGES.wrongKey);
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
