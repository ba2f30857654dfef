import { Card, Tag } from 'antd';
import { ALARM_ACTION_ITEMS, ALARM_LEVEL_ITEMS, ALARM_RESOURCE as R } from '@district/shared';
import { ListPage } from '@/components/list-page/list-page';
import { columnOf, type ColumnPick, type QueryPick } from '@/components/list-page/list-resource';
import { LiveAlarmPanel } from '../components/live-alarm-panel';

interface AlarmRow {
  id: string;
  deviceId: string;
  deviceId_dictText?: string | null;
  level: string;
  message: string;
  alarmTime: string;
  action: string;
  ackBy: string | null;
  ackTime: string | null;
  handleBy: string | null;
  handleTime: string | null;
  handleNote: string | null;
}

const tag = (items: readonly { value: string; text: string; color: string }[]) => (v: string) => {
  const i = items.find((x) => x.value === v);
  return i ? <Tag color={i.color}>{i.text}</Tag> : v;
};

/** The server's `device` parameter matches the device's name or number partially. */
export const ALARM_DEVICE_FILTER = { field: 'device', label: '设备', placeholder: '设备名称或编号' } as const;

const QUERY_FIELDS: QueryPick<typeof R>[] = [
  { kind: 'input', trim: true, ...ALARM_DEVICE_FILTER },
  {
    kind: 'select',
    field: 'level',
    label: R.fields.level.title,
    options: ALARM_LEVEL_ITEMS.map((i) => ({ value: i.value, label: i.text })),
  },
  {
    kind: 'select',
    field: 'action',
    label: R.fields.action.title,
    options: ALARM_ACTION_ITEMS.map((i) => ({ value: i.value, label: i.text })),
  },
];

// The device column shows deviceId_dictText, the device's name.
const COLUMNS: ColumnPick<AlarmRow, typeof R>[] = [
  'deviceId',
  { ...columnOf<AlarmRow>(R, 'level'), render: tag(ALARM_LEVEL_ITEMS) },
  'message',
  'alarmTime',
  { ...columnOf<AlarmRow>(R, 'action'), render: tag(ALARM_ACTION_ITEMS) },
  'ackBy',
  'ackTime',
  'handleBy',
  'handleTime',
  'handleNote',
];

/** 设备告警: the live alarms (确认 / 处理) and the whole history. */
export function AlarmListPage() {
  return (
    <Card size="small">
      <LiveAlarmPanel />
      <ListPage<AlarmRow, typeof R> resource={R} columns={COLUMNS} queryFields={QUERY_FIELDS} selectable={false} />
    </Card>
  );
}
