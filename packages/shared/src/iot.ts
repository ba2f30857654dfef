/*
 * IoT devices and alarms (issue 12, shared/design/domain.md): devices attached to assets, alarms they post with
 * their own key, shown live on the asset map and acknowledged / handled there.
 */

/** Permission codes of the IoT screens; spread into PERM. */
export const IOT_PERM = {
  deviceList: 'iot:device:list',
  deviceAdd: 'iot:device:add',
  deviceEdit: 'iot:device:edit',
  deviceDelete: 'iot:device:delete',
  /** Generates a device's alarm key (shown once). */
  deviceKey: 'iot:device:key',
  alarmList: 'iot:alarm:list',
  /** Acknowledge and handle alarms. */
  alarmHandle: 'iot:alarm:handle',
} as const;

export const IOT_API = {
  /** The device resource: list, add, edit, delete, deleteBatch, queryById below it. */
  device: '/iot/device',
  /** POST ?id: a new alarm key for the device, answered once. */
  deviceKey: '/iot/device/resetKey',
  /** POST { deviceId, level, message, timestamp, nonce } with header X-Device-Key: a device reports an alarm. */
  alarm: '/iot/alarm',
  alarmList: '/iot/alarm/list',
  /** GET: the alarms not handled yet, with their device's place (map and indicator). */
  live: '/iot/alarm/live',
  acknowledge: '/iot/alarm/acknowledge',
  handle: '/iot/alarm/handle',
  /** GET: the MQTT bridge's connection and message counters (MqttBridgeStatus). */
  mqttStatus: '/iot/mqtt/status',
} as const;

export const IOT_ROUTES = { device: '/iot/device', alarm: '/iot/alarm' } as const;

/** The header a device sends its key in. */
export const DEVICE_KEY_HEADER = 'x-device-key';

/**
 * Replay protection and rate of a device's alarms: its request's timestamp (epoch milliseconds) may be this far from
 * the server's clock either way, each nonce is accepted once while its timestamp could still pass, and one device
 * may post this many alarms a minute.
 */
export const ALARM_LIMITS = { clockSkewMs: 5 * 60_000, perMinute: 30 } as const;
/** A nonce (or message id): 1 to 64 letters, digits, `_`, `-`, `.` or `:`. */
export const ALARM_NONCE = /^[A-Za-z0-9_.:-]{1,64}$/;

export const ALARM_LEVEL_ITEMS = [
  { value: '1', text: '提示', color: 'blue' },
  { value: '2', text: '警告', color: 'orange' },
  { value: '3', text: '严重', color: 'red' },
] as const;

export const ALARM_ACTION = { new: '0', acknowledged: '1', handled: '2' } as const;
export const ALARM_ACTION_ITEMS = [
  { value: '0', text: '未确认', color: 'red' },
  { value: '1', text: '已确认', color: 'orange' },
  { value: '2', text: '已处理', color: 'green' },
] as const;

export const IOT_MESSAGES = {
  deviceIdRequired: '请输入设备编号',
  deviceIdFormat: '设备编号只能包含字母、数字、下划线和中划线',
  deviceIdTaken: '设备编号已存在',
  deviceNameRequired: '请输入设备名称',
  wrongKey: '设备密钥错误',
  levelInvalid: '告警级别须为 1、2 或 3',
  messageRequired: '告警内容不能为空',
  assetUnknown: '所属资产不存在',
  notNew: '该告警已确认',
  handled: '该告警已处理',
  acknowledged: '告警已确认',
  handledDone: '告警已处理',
  keyGenerated: '设备密钥已生成，请立即复制保存，关闭后将无法再次查看',
  recorded: '告警已记录',
  timestampRequired: '请提供请求时间戳 timestamp（毫秒）',
  timestampSkew: '请求时间戳与服务器时间相差超过 5 分钟，请校准设备时钟',
  nonceRequired: '请提供请求编号 nonce（1 到 64 位字母、数字或 _ - . :）',
  replayed: '重复的告警请求：该请求编号已使用过',
  tooManyAlarms: '该设备告警过于频繁，请稍后再试',
} as const;

/** A live alarm as the map and the indicator show it. */
export interface LiveAlarm {
  id: string;
  deviceId: string;
  deviceCode: string;
  deviceName: string;
  parentId: string | null;
  level: string;
  message: string;
  alarmTime: string;
  action: string;
  longitude: number | null;
  latitude: number | null;
  location: string | null;
  assetId: string | null;
}

/**
 * Devices over MQTT (issue 26): a device publishes its alarm to `{root}/{tenant}/devices/{deviceCode}/alarm` (root
 * `MQTT_TOPIC_ROOT`, default `district`; tenant the device's tenant id, `0` for none) with the HTTP body plus its key:
 * `{ key, deviceId?, level, message, timestamp, nonce }`. Payloads above `maxPayloadBytes` are refused, as over HTTP.
 */
export const IOT_MQTT = { maxPayloadBytes: 4096, noTenant: '0' } as const;

/** Why the bridge refused a message (counted per reason). */
export type MqttRejectReason =
  'badTopic' | 'tooBig' | 'notJson' | 'wrongKey' | 'topicMismatch' | 'invalid' | 'timestamp' | 'rateLimited' | 'failed';

/** What GET IOT_API.mqttStatus answers: off (no MQTT_URL), or the connection and what became of the messages. */
export interface MqttBridgeStatus {
  enabled: boolean;
  connected: boolean;
  /** The subscription the broker confirmed on the current connection. */
  subscribed: boolean;
  /** Successful connections since start (the first one and every reconnect). */
  connects: number;
  received: number;
  recorded: number;
  /** Redeliveries and repeats of a nonce already recorded: dropped silently. */
  duplicates: number;
  /** Refused messages in all, and by reason. */
  rejected: number;
  rejectedBy: Partial<Record<MqttRejectReason, number>>;
}
