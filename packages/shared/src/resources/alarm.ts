import { IOT_API } from '../iot.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/** 设备告警 (the alarm history, list only): written by devices and by 确认 / 处理. */
export const ALARM_RESOURCE = describeResource({
  name: 'iot_alarm',
  title: '设备告警',
  path: IOT_API.alarm,
  fields: {
    /** The device's id, answered with deviceId_dictText (its name). */
    deviceId: { title: '设备', type: 'string', filter: true, list: { width: 180 } },
    /** ALARM_LEVEL_ITEMS: the page offers them. */
    level: { title: '告警级别', type: 'string', filter: true, sort: true, list: { width: 100 }, query: 'custom' },
    message: { title: '告警内容', type: 'string', filter: true, list: { width: 260 } },
    alarmTime: { title: '告警时间', type: 'datetime', filter: true, sort: true, list: { width: 170 } },
    /** ALARM_ACTION_ITEMS: the page offers them. */
    action: { title: '处理状态', type: 'string', filter: true, sort: true, list: { width: 100 }, query: 'custom' },
    ackBy: { title: '确认人', type: 'string', list: { width: 100 } },
    ackTime: { title: '确认时间', type: 'datetime', list: { width: 170 } },
    handleBy: { title: '处理人', type: 'string', list: { width: 100 } },
    handleTime: { title: '处理时间', type: 'datetime', list: { width: 170 } },
    handleNote: { title: '处理说明', type: 'string', list: { width: 200 } },
  },
  permissions: { list: PERM.alarmList },
});
