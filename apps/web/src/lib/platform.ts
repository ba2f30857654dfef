import { useEffect } from 'react';
import { create } from 'zustand';
import { API, DEFAULT_LOGO_TITLE, DEFAULT_MAP_SETTINGS, type PlatformInfo } from '@district/shared';
import defaultLogo from '@/assets/logo.svg';
import { getAction, getFileAccessHttpUrl } from './request';

/** Shown only when the platform info cannot be read at all, so the shell is never nameless. */
export const FALLBACK_SYSTEM_NAME = '区域资产资源管理与发布平台';

export async function fetchPlatformInfo(): Promise<PlatformInfo> {
  const res = await getAction<Partial<PlatformInfo>>(API.platformInfo, undefined, { silent: true });
  const info = res.result ?? {};
  return {
    systemName: info.systemName || FALLBACK_SYSTEM_NAME,
    logoUrl: info.logoUrl ?? '',
    logoTitle: info.logoTitle || DEFAULT_LOGO_TITLE,
    showSettings: info.showSettings === true,
    captchaEnabled: info.captchaEnabled === true,
    map: info.map ?? DEFAULT_MAP_SETTINGS,
  };
}

interface PlatformState {
  info: PlatformInfo | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Reads the platform info once; later callers share the answer. */
  load(): Promise<void>;
  /** Reads it again (after the settings were saved). */
  refresh(): Promise<void>;
}

// A tiny store rather than a query: the login page needs the name and flags before anything else loads.
export const usePlatformStore = create<PlatformState>()((set, get) => ({
  info: null,
  status: 'idle',
  async load() {
    if (get().status !== 'idle') return;
    await get().refresh();
  },
  async refresh() {
    set({ status: get().info ? 'ready' : 'loading' });
    try {
      set({ info: await fetchPlatformInfo(), status: 'ready' });
    } catch {
      set({ status: get().info ? 'ready' : 'error' });
    }
  },
}));

/** Platform name, logo and feature flags; `systemName` is empty while loading. */
export function usePlatformInfo(): PlatformInfo & { loading: boolean } {
  const info = usePlatformStore((s) => s.info);
  const status = usePlatformStore((s) => s.status);
  useEffect(() => {
    void usePlatformStore.getState().load();
  }, []);
  if (info) return { ...info, loading: false };
  return {
    systemName: status === 'error' ? FALLBACK_SYSTEM_NAME : '',
    logoUrl: '',
    logoTitle: status === 'error' ? DEFAULT_LOGO_TITLE : '',
    showSettings: false,
    captchaEnabled: false,
    map: DEFAULT_MAP_SETTINGS,
    loading: status !== 'error',
  };
}

/** The logo to show: absolute, site-relative and data URLs as they are, uploaded files from the static domain. */
export function logoSource(logoUrl: string | undefined): string {
  if (!logoUrl) return defaultLogo;
  if (/^(https?:|data:|\/)/i.test(logoUrl)) return logoUrl;
  return getFileAccessHttpUrl(logoUrl) || defaultLogo;
}
