import { create } from 'zustand';
import { DEFAULT_PRIMARY_COLOR, STORAGE_KEYS } from '@district/shared';
import { localStore } from './storage';

export type MenuTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface AppSettings {
  sidebarOpened: boolean;
  theme: MenuTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixedSidebar: boolean;
  color: string;
  weak: boolean;
  multipage: boolean;
}

/** Defaults of app-spec §9: sidebar opened, light theme, side menu, fixed width, fixed header and sidebar, blue. */
export const DEFAULT_SETTINGS: AppSettings = {
  sidebarOpened: true,
  theme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixedSidebar: true,
  color: DEFAULT_PRIMARY_COLOR,
  weak: false,
  multipage: true,
};

const KEY_OF: Record<keyof AppSettings, string> = {
  sidebarOpened: STORAGE_KEYS.sidebarType,
  theme: STORAGE_KEYS.theme,
  layout: STORAGE_KEYS.layoutMode,
  contentWidth: STORAGE_KEYS.contentWidth,
  fixedHeader: STORAGE_KEYS.fixedHeader,
  autoHideHeader: STORAGE_KEYS.autoHideHeader,
  fixedSidebar: STORAGE_KEYS.fixedSidemenu,
  color: STORAGE_KEYS.color,
  weak: STORAGE_KEYS.colorWeak,
  multipage: STORAGE_KEYS.multipage,
};

/** Storage keys that survive a logout. */
export const SETTINGS_STORAGE_KEYS: readonly string[] = Object.values(KEY_OF);

function readSettings(): AppSettings {
  const entries = Object.entries(KEY_OF).map(([name, key]) => [
    name,
    localStore.get(key, DEFAULT_SETTINGS[name as keyof AppSettings]),
  ]);
  return Object.fromEntries(entries) as AppSettings;
}

/** app-spec §3 alarm state: whose alarms (alarm login info) and the devices alarming now. Not persisted. */
export interface AlarmDevice {
  deviceId: string;
  parentId: string | null;
  deviceName: string;
  action: string;
}
export interface AlarmState {
  loginInfo: { userId: string; tenantId: number | null } | null;
  devices: AlarmDevice[];
}

interface SettingsState extends AppSettings {
  update<K extends keyof AppSettings>(name: K, value: AppSettings[K]): void;
  alarm: AlarmState;
  setAlarm(alarm: AlarmState): void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  ...readSettings(),
  alarm: { loginInfo: null, devices: [] },
  setAlarm: (alarm) => set({ alarm }),
  update(name, value) {
    localStore.set(KEY_OF[name], value);
    set({ [name]: value } as Pick<AppSettings, typeof name>);
  },
}));
