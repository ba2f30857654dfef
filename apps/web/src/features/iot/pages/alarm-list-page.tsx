import { Card, Tag } from 'antd';
import { ALARM_ACTION_ITEMS, ALARM_LEVEL_ITEMS, IOT_API } from '@district/shared';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
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
  handleBy: string | null;
  handleNote: string | null;
}

const tag = (items: readonly { value: string; text: string; color: string }[]) => (v: string) => {
  const i = items.find((x) => x.value === v);
  return i ? <Tag color={i.color}>{i.text}</Tag> : v;
};

const QUERY_FIELDS: QueryField[] = [
  {
    kind: 'select',
    field: 'level',
    label: '告警级别',
    options: ALARM_LEVEL_ITEMS.map((i) => ({ value: i.value, label: i.text })),
  },
  {
    kind: 'select',
    field: 'action',
    label: '处理状态',
    options: ALARM_ACTION_ITEMS.map((i) => ({ value: i.value, label: i.text })),
  },
];

const COLUMNS: ListColumn<AlarmRow>[] = [
  { title: '设备', dataIndex: 'deviceId', key: 'deviceId', width: 180 },
  { title: '告警级别', dataIndex: 'level', key: 'level', width: 100, render: tag(ALARM_LEVEL_ITEMS) },
  { title: '告警内容', dataIndex: 'message', key: 'message', width: 260 },
  { title: '告警时间', dataIndex: 'alarmTime', key: 'alarmTime', sorter: true, width: 170 },
  { title: '处理状态', dataIndex: 'action', key: 'action', width: 100, render: tag(ALARM_ACTION_ITEMS) },
  { title: '确认人', dataIndex: 'ackBy', key: 'ackBy', width: 100 },
  { title: '处理人', dataIndex: 'handleBy', key: 'handleBy', width: 100 },
  { title: '处理说明', dataIndex: 'handleNote', key: 'handleNote', width: 200 },
];

/** 设备告警: the live alarms (确认 / 处理) and the whole history. */
export function AlarmListPage() {
  return (
    <Card size="small">
      <LiveAlarmPanel />
      <ListPage<AlarmRow>
        url={{ list: IOT_API.alarmList }}
        columns={COLUMNS}
        queryFields={QUERY_FIELDS}
        selectable={false}
      />
    </Card>
  );
}
