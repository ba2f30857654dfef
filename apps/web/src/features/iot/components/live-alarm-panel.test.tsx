import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IOT_API, PERM, type LiveAlarm } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { useLiveAlarms } from '../alarm-store';
import { AlarmIndicator } from './alarm-indicator';
import { LiveAlarmPanel } from './live-alarm-panel';

const alarm = (id: string, action: string): LiveAlarm => ({
  id,
  deviceId: 'd1',
  deviceCode: 'SMOKE-1',
  deviceName: '一号楼烟感',
  parentId: null,
  level: '3',
  message: `烟雾浓度超标${id}`,
  alarmTime: '2026-11-25 10:00:00',
  action,
  longitude: 104.08,
  latitude: 30.65,
  location: '三层',
  assetId: null,
});

const grant = (...codes: string[]) =>
  useSessionStore.setState({
    auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })),
  });

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
  useLiveAlarms.setState({ alarms: [] });
  useSessionStore.setState({ auth: [] });
});

describe('live alarms', () => {
  it('counts unacknowledged alarms, acknowledges and handles them, and keeps the settings store in step', async () => {
    let live = [alarm('a1', '0'), alarm('a2', '1')];
    const notes: unknown[] = [];
    const http = mockHttp({
      [`GET ${IOT_API.live}`]: () => ok(live),
      [`PUT ${IOT_API.acknowledge}`]: (config) => {
        const { id } = JSON.parse(String(config.data)) as { id: string };
        live = live.map((a) => (a.id === id ? { ...a, action: '1' } : a));
        return ok(null, '告警已确认');
      },
      [`PUT ${IOT_API.handle}`]: (config) => {
        const { id, note } = JSON.parse(String(config.data)) as { id: string; note: unknown };
        notes.push(note);
        live = live.filter((a) => a.id !== id);
        return ok(null, '告警已处理');
      },
    });
    restore = http.restore;
    grant(PERM.alarmList, PERM.alarmHandle);
    renderWithApp(
      <>
        <AlarmIndicator />
        <LiveAlarmPanel />
      </>,
    );
    const indicator = await screen.findByRole('button', { name: '设备告警' });
    await waitFor(() => expect(indicator).toHaveTextContent('1'));
    expect(useSettingsStore.getState().alarm.devices).toHaveLength(2);
    const first = (await screen.findAllByTestId('live-alarm'))[0]!;
    expect(first).toHaveTextContent('未确认');
    await userEvent.click(within(first).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(indicator).not.toHaveTextContent('1'));
    // 处理 asks what was done: without a note nothing is sent.
    await userEvent.click(within(screen.getAllByTestId('live-alarm')[0]!).getByRole('button', { name: /处\s*理/ }));
    const dialog = await screen.findByRole('dialog', { name: '处理告警' });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请填写处理说明')).toBeInTheDocument();
    expect(notes).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('处理说明'), '已到现场排查，误报');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.getAllByTestId('live-alarm')).toHaveLength(1));
    expect(notes).toEqual(['已到现场排查，误报']);
    expect(useSettingsStore.getState().alarm.devices).toHaveLength(1);
    // Two antd lists and their clicks take a while on a busy machine.
  }, 40_000);

  it('shows nothing and asks nothing without the alarm right', async () => {
    const http = mockHttp({});
    restore = http.restore;
    renderWithApp(
      <>
        <AlarmIndicator />
        <LiveAlarmPanel />
      </>,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: '设备告警' })).toBeNull();
    expect(http.calls).toHaveLength(0);
  });
});
