import { ALARM_RESOURCE, DEVICE_RESOURCE, IOT_MESSAGES } from '@district/shared';
import {
  deviceCreateSchema,
  deviceUpdateSchema,
  type DeviceCreateInput,
  type DeviceUpdateInput,
} from '@district/shared/schemas';
import { sql, type SqlBool } from 'kysely';
import { ApiError } from '../../lib/http.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import { assertUnique, declared } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceContext, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';

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
export const deviceResource: ResourceDef<DeviceCreateInput, DeviceUpdateInput> = defineResource<
  DeviceCreateInput,
  DeviceUpdateInput
>(DEVICE_RESOURCE, {
  table: 'iotDevice',
  fields: {
    // Answered as assetId_dictText: the form's asset picker and the list show the asset's name, never its id.
    assetId: {
      dictTable: async (db, values) =>
        new Map(
          (await db.selectFrom('bizAsset').select(['id', 'name']).where('id', 'in', values).execute()).map((a) => [
            a.id,
            a.name,
          ]),
        ),
    },
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

  // Deleted devices keep their number (the index counts every row).
  beforeWrite: (row, existingId, ctx) => assertUnique(deviceResource, row, existingId, ctx),
});

/** The alarm history (list only): writes come from devices and from 确认 / 处理. */
export const alarmResource: ResourceDef = defineResource(ALARM_RESOURCE, {
  table: 'iotAlarm',
  fields: {
    deviceId: {
      dictTable: async (db, values) =>
        new Map(
          (await db.selectFrom('iotDevice').select(['id', 'deviceName']).where('id', 'in', values).execute()).map(
            (d) => [d.id, d.deviceName],
          ),
        ),
    },
  },
  skip: ['queryById'],
  tenancy: { kind: 'column' },
  defaultSort: { field: 'alarmTime', order: 'desc' },
  extraParams: {
    // 设备: the device's name or number, matched partially (people know devices by name, not by id).
    device: (q, value, ctx) => {
      const pattern = `%${escapeLike(value.trim().slice(0, 100))}%`;
      return q.where(
        'deviceId',
        'in',
        ctx.db
          .selectFrom('iotDevice')
          .select('iotDevice.id')
          .where((eb) =>
            eb.or([
              sql<SqlBool>`${eb.ref('iotDevice.deviceName')} like ${pattern} escape '!'`,
              sql<SqlBool>`${eb.ref('iotDevice.deviceId')} like ${pattern} escape '!'`,
            ]),
          ),
      );
    },
  },
});
