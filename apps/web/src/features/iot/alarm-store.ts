import { create } from 'zustand';
import { ALARM_ACTION, type LiveAlarm } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { fetchLiveAlarms } from './api/iot-api';

interface LiveAlarmState {
  alarms: LiveAlarm[];
  /** Asks the server again (at start, on a socket alarm, after 确认 / 处理); failures keep the last list. */
  refresh(): Promise<void>;
}

/**
 * The live alarms of the header's indicator and the asset map. The app settings store's alarm state (app-spec
 * §3: alarm login info and the alarm device list) is kept in step with it.
 */
export const useLiveAlarms = create<LiveAlarmState>()((set) => ({
  alarms: [],
  async refresh() {
    try {
      const alarms = await fetchLiveAlarms();
      set({ alarms });
      const user = useSessionStore.getState().userInfo;
      useSettingsStore.getState().setAlarm({
        loginInfo: user ? { userId: user.id, tenantId: user.loginTenantId ?? null } : null,
        devices: alarms.map((a) => ({
          deviceId: a.deviceId,
          parentId: a.parentId,
          deviceName: a.deviceName,
          action: a.action,
        })),
      });
    } catch {
      // No right to see alarms, or the server is away: the indicator keeps what it had.
    }
  },
}));

export const unacknowledged = (alarms: LiveAlarm[]) => alarms.filter((a) => a.action === ALARM_ACTION.new).length;
