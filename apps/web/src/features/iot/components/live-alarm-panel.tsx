import { useEffect } from 'react';
import { App, Button, Card, List, Space, Tag, Typography } from 'antd';
import { ALARM_ACTION, ALARM_ACTION_ITEMS, ALARM_LEVEL_ITEMS, PERM, type LiveAlarm } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { acknowledgeAlarm, handleAlarm } from '../api/iot-api';
import { useLiveAlarms } from '../alarm-store';

export const LIVE_ALARM_TEXT = {
  title: '实时告警',
  acknowledge: '确认',
  handle: '处理',
  locate: '定位',
} as const;

const item = (items: readonly { value: string; text: string; color: string }[], v: string) =>
  items.find((i) => i.value === v);

/**
 * The live alarms beside the asset map: pushed over the notice socket, acknowledged (确认) and handled (处理) from
 * here. `onLocate` centres the map on the device when it has coordinates.
 */
export function LiveAlarmPanel({ onLocate }: { onLocate?: (alarm: LiveAlarm) => void }) {
  const { message } = App.useApp();
  const allowed = useHasPermission();
  const alarms = useLiveAlarms((s) => s.alarms);
  const can = allowed(PERM.alarmList);
  useEffect(() => {
    if (can) void useLiveAlarms.getState().refresh();
  }, [can]);
  if (!can || alarms.length === 0) return null;

  const act = (run: () => Promise<string>) =>
    run().then(
      (text) => {
        void message.success(text);
        void useLiveAlarms.getState().refresh();
      },
      (error: Error) => void message.warning(error.message),
    );

  return (
    <Card size="small" title={`${LIVE_ALARM_TEXT.title}（${alarms.length}）`} style={{ marginBottom: 12 }}>
      <List
        size="small"
        dataSource={alarms}
        style={{ maxHeight: 220, overflowY: 'auto' }}
        renderItem={(alarm) => {
          const level = item(ALARM_LEVEL_ITEMS, alarm.level);
          const action = item(ALARM_ACTION_ITEMS, alarm.action);
          return (
            <List.Item
              data-testid="live-alarm"
              actions={[
                onLocate && alarm.longitude !== null && (
                  <a key="locate" onClick={() => onLocate(alarm)}>
                    {LIVE_ALARM_TEXT.locate}
                  </a>
                ),
                allowed(PERM.alarmHandle) && alarm.action === ALARM_ACTION.new && (
                  <Button key="ack" size="small" onClick={() => void act(() => acknowledgeAlarm(alarm.id))}>
                    {LIVE_ALARM_TEXT.acknowledge}
                  </Button>
                ),
                allowed(PERM.alarmHandle) && (
                  <Button key="handle" size="small" onClick={() => void act(() => handleAlarm(alarm.id))}>
                    {LIVE_ALARM_TEXT.handle}
                  </Button>
                ),
              ].filter(Boolean)}
            >
              <Space wrap>
                {level && <Tag color={level.color}>{level.text}</Tag>}
                <Typography.Text strong>{alarm.deviceName}</Typography.Text>
                <span>{alarm.message}</span>
                <Typography.Text type="secondary">{alarm.location ?? ''}</Typography.Text>
                <Typography.Text type="secondary">{alarm.alarmTime}</Typography.Text>
                {action && <Tag color={action.color}>{action.text}</Tag>}
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
