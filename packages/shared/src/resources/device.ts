import { IOT_API, IOT_MESSAGES } from '../iot.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/** Letters, digits, underscores and hyphens. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** 物联网设备 (IoT devices): attached to assets; the alarm key is never answered (only its hash is stored). */
export const DEVICE_RESOURCE = describeResource({
  name: 'iot_device',
  title: '物联网设备',
  path: IOT_API.device,
  fields: {
    deviceId: {
      title: '设备编号',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 150 },
      query: 'like',
      rules: [
        { required: true, message: IOT_MESSAGES.deviceIdRequired },
        { max: 50, message: '设备编号最多50个字符' },
        { pattern: DEVICE_ID_PATTERN, message: IOT_MESSAGES.deviceIdFormat },
      ],
    },
    deviceName: {
      title: '设备名称',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 180 },
      query: 'like',
      rules: [
        { required: true, message: IOT_MESSAGES.deviceNameRequired },
        { max: 100, message: '设备名称最多100个字符' },
      ],
    },
    parentId: { title: '上级设备', type: 'string', filter: true },
    type: {
      title: '设备类型',
      type: 'string',
      filter: true,
      list: { width: 100 },
      rules: [{ max: 20, message: '设备类型最多20个字符' }],
    },
    /** The asset's id, answered with assetId_dictText (its name). */
    assetId: { title: '所属资产', type: 'string', filter: true, list: { width: 180 } },
    location: {
      title: '安装位置',
      type: 'string',
      filter: true,
      list: { width: 200 },
      rules: [{ max: 255, message: '安装位置最多255个字符' }],
    },
    longitude: { title: '经度', type: 'number' },
    latitude: { title: '纬度', type: 'number' },
    /** 1 online, 0 offline: set by the device's reports. */
    onlineStatus: { title: '在线状态', type: 'int', filter: true, sort: true, list: { width: 90 } },
    lastSeenTime: { title: '最近上报时间', type: 'datetime', sort: true, list: { width: 170 } },
    keyHash: { title: '密钥', type: 'string', hidden: true },
    remark: { title: '备注', type: 'string', rules: [{ max: 500, message: '备注最多500个字符' }] },
    createTime: { title: '创建时间', type: 'datetime', sort: true },
  },
  permissions: {
    list: PERM.deviceList,
    queryById: PERM.deviceList,
    add: PERM.deviceAdd,
    edit: PERM.deviceEdit,
    delete: PERM.deviceDelete,
  },
  unique: [{ index: 'uq_iot_device_device_id', fields: ['deviceId'], message: () => IOT_MESSAGES.deviceIdTaken }],
});
