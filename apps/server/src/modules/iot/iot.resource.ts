import { IOT_API, IOT_MESSAGES, PERM } from '@district/shared';
import {
  deviceCreateSchema,
  deviceUpdateSchema,
  type DeviceCreateInput,
  type DeviceUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef, Row } from '../../lib/resource/resource.types.js';

async function checkAsset(row: Row, ctx: ResourceContext): Promise<void> {
  if (!row.assetId) return;
  const asset = await ctx.db
    .selectFrom('bizAsset')
    .select('id')
    .where('id', '=', String(row.assetId))
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!asset) throw new ApiError(400, IOT_MESSAGES.assetUnknown);
}

/** IoT devices (设备管理): attached to assets; the alarm key is never answered (only its hash is stored). */
export const deviceResource: ResourceDef<DeviceCreateInput, DeviceUpdateInput> = {
  name: 'iot_device',
  title: '物联网设备',
  table: 'iotDevice',
  path: IOT_API.device,
  fields: {
    deviceId: { type: 'string', title: '设备编号', filter: true, sort: true },
    deviceName: { type: 'string', title: '设备名称', filter: true, sort: true },
    parentId: { type: 'string', title: '上级设备', filter: true },
    type: { type: 'string', title: '设备类型', filter: true },
    assetId: { type: 'string', title: '所属资产', filter: true },
    location: { type: 'string', title: '安装位置', filter: true },
    longitude: { type: 'number', title: '经度' },
    latitude: { type: 'number', title: '纬度' },
    onlineStatus: { type: 'int', title: '在线状态', filter: true, sort: true },
    lastSeenTime: { type: 'datetime', title: '最近上报时间', sort: true },
    keyHash: { type: 'string', title: '密钥', hidden: true },
    remark: { type: 'string', title: '备注' },
    createTime: { type: 'datetime', title: '创建时间', sort: true },
  },
  permissions: {
    list: PERM.deviceList,
    queryById: PERM.deviceList,
    add: PERM.deviceAdd,
    edit: PERM.deviceEdit,
    delete: PERM.deviceDelete,
  },
  tenancy: { kind: 'column' },
  softDelete: true,
  defaultSort: { field: 'createTime', order: 'desc' },
  createSchema: deviceCreateSchema,
  updateSchema: deviceUpdateSchema as ResourceDef<DeviceCreateInput, DeviceUpdateInput>['updateSchema'],

  async toRow(body, ctx) {
    const row = declared(deviceResource, body);
    delete row.keyHash;
    await checkAsset(row, ctx);
    return { ...row, onlineStatus: 0, delFlag: 0 };
  },

  async toUpdate(body, _before, ctx) {
    const row = declared(deviceResource, body);
    for (const k of ['keyHash', 'onlineStatus', 'lastSeenTime']) delete row[k];
    await checkAsset(row, ctx);
    return row;
  },

  async beforeWrite(row, existingId, ctx) {
    if (typeof row.deviceId !== 'string') return;
    let q = ctx.db.selectFrom('iotDevice').select('id').where('deviceId', '=', row.deviceId);
    if (existingId !== null) q = q.where('id', '!=', existingId);
    if (await q.executeTakeFirst()) throw new ApiError(400, IOT_MESSAGES.deviceIdTaken);
  },
};

/** The alarm history (list only): writes come from devices and from 确认 / 处理. */
export const alarmResource: ResourceDef = {
  name: 'iot_alarm',
  title: '设备告警',
  table: 'iotAlarm',
  path: '/iot/alarm',
  fields: {
    deviceId: {
      type: 'string',
      title: '设备',
      filter: true,
      dictTable: async (db, values) =>
        new Map(
          (await db.selectFrom('iotDevice').select(['id', 'deviceName']).where('id', 'in', values).execute()).map(
            (d) => [d.id, d.deviceName],
          ),
        ),
    },
    level: { type: 'string', title: '告警级别', filter: true, sort: true },
    message: { type: 'string', title: '告警内容', filter: true },
    alarmTime: { type: 'datetime', title: '告警时间', filter: true, sort: true },
    action: { type: 'string', title: '处理状态', filter: true, sort: true },
    ackBy: { type: 'string', title: '确认人' },
    ackTime: { type: 'datetime', title: '确认时间' },
    handleBy: { type: 'string', title: '处理人' },
    handleTime: { type: 'datetime', title: '处理时间' },
    handleNote: { type: 'string', title: '处理说明' },
  },
  permissions: { list: PERM.alarmList },
  skip: ['queryById'],
  tenancy: { kind: 'column' },
  defaultSort: { field: 'alarmTime', order: 'desc' },
};
