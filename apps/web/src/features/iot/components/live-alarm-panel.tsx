import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { ALARM_ACTION, ALARM_ACTION_ITEMS, ALARM_LEVEL_ITEMS, PERM, type LiveAlarm } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { acknowledgeAlarm, handleAlarm } from '../api/iot-api';
import { useLiveAlarms } from '../alarm-store';

export const LIVE_ALARM_TEXT = {
  title: '实时告警',
  acknowledge: '确认',
  handle: '处理',
  locate: '定位',
  handleTitle: '处理告警',
  note: '处理说明',
  noteRequired: '请填写处理说明',
  notePlaceholder: '例如：已到现场排查，确认为误报',
} as const;

const NOTE_MAX = 500;

/** Asks what was done before an alarm is marked handled: the history keeps it as 处理说明. */
function HandleModal({ alarm, onClose }: { alarm: LiveAlarm | null; onClose: (handled: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!alarm) return;
    const { note } = await form.validateFields();
    setSaving(true);
    try {
      void message.success(await handleAlarm(alarm.id, note.trim()));
      onClose(true);
    } catch (error) {
      void message.warning((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={Boolean(alarm)}
      title={LIVE_ALARM_TEXT.handleTitle}
      confirmLoading={saving}
      afterClose={() => form.resetFields()}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
    >
      <p>
        {alarm?.deviceName}：{alarm?.message}
      </p>
      <Form form={form} layout="vertical" name="alarm-handle">
        <Form.Item
          name="note"
          label={LIVE_ALARM_TEXT.note}
          rules={[
            { required: true, whitespace: true, message: LIVE_ALARM_TEXT.noteRequired },
            { max: NOTE_MAX, message: `处理说明最多${NOTE_MAX}个字符` },
          ]}
        >
          <Input.TextArea rows={3} placeholder={LIVE_ALARM_TEXT.notePlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

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
  const [handling, setHandling] = useState<LiveAlarm | null>(null);
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
                  <Button key="handle" size="small" onClick={() => setHandling(alarm)}>
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
      <HandleModal
        alarm={handling}
        onClose={(handled) => {
          setHandling(null);
          if (handled) void useLiveAlarms.getState().refresh();
        }}
      />
    </Card>
  );
}
