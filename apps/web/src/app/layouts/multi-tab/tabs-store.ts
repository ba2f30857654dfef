import { create } from 'zustand';
import { HOME_PATH, MSG, STORAGE_KEYS } from '@district/shared';
import { feedback } from '@/lib/feedback';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';

export interface TabItem {
  /** Full path (path + search): two queries of one page are two tabs. */
  key: string;
  path: string;
  title: string;
  /** Listed but never shown yet: its page mounts on first visit (the fixed home tab). */
  pending?: boolean;
}

export const HOME_TITLE = '首页';
export const HOME_TAB: TabItem = { key: HOME_PATH, path: HOME_PATH, title: HOME_TITLE };

const titleKey = (pathOrKey: string) => `${STORAGE_KEYS.routeTitlePrefix}${pathOrKey}`;

/** A stored title override (by full path, then by path) wins over the menu title; the home tab is always 首页. */
export function resolveTabTitle(key: string, path: string, fallback: string): string {
  if (path === HOME_PATH) return HOME_TITLE;
  return localStore.get<string>(titleKey(key)) ?? localStore.get<string>(titleKey(path)) ?? fallback;
}

/** Remembers the title of a route (menu selection, page override). */
export function storeRouteTitle(pathOrKey: string, title: string): void {
  localStore.set(titleKey(pathOrKey), title);
}

interface TabsState {
  tabs: TabItem[];
  /** Bumped by 刷新 to remount a page. */
  refreshCounters: Record<string, number>;
  /** Shows a page: a tab of its own in multi-tab mode, otherwise the one and only page. */
  open(tab: TabItem, multipage: boolean): void;
  /** Returns the key to show next, or null when the tab may not be closed. */
  close(key: string, activeKey: string): string | null;
  closeLeft(key: string, activeKey: string): string;
  closeRight(key: string, activeKey: string): string;
  closeOthers(key: string, activeKey: string): string;
  refresh(key: string): void;
  /** Overrides a tab's title and stores it under the route title key. */
  setTitle(key: string, title: string): void;
  /** Leaving multi-tab mode keeps only the current page. */
  keepOnly(key: string): void;
  reset(): void;
}

const nextActive = (remaining: TabItem[], activeKey: string, fallback: string) =>
  remaining.some((t) => t.key === activeKey) ? activeKey : fallback;

export const useTabsStore = create<TabsState>()((set, get) => ({
  tabs: [],
  refreshCounters: {},

  open(tab, multipage) {
    const { tabs } = get();
    if (!multipage) {
      if (tabs.length !== 1 || tabs[0].key !== tab.key) set({ tabs: [tab] });
      return;
    }
    // The fixed home tab leads the workspace, also when multi-tab mode comes back on after single-page mode.
    const base = tabs.some((t) => t.key === HOME_TAB.key) ? tabs : [{ ...HOME_TAB, pending: true }, ...tabs];
    const existing = base.find((t) => t.key === tab.key);
    if (!existing) set({ tabs: [...base, tab] });
    else if (existing.pending) set({ tabs: base.map((t) => (t.key === tab.key ? { ...t, pending: false } : t)) });
    else if (base !== tabs) set({ tabs: base });
  },

  close(key, activeKey) {
    const { tabs } = get();
    if (key === HOME_TAB.key) {
      feedback.message.warning(MSG.homeTabCannotClose);
      return null;
    }
    if (tabs.length <= 1) {
      feedback.message.warning(MSG.lastTabCannotClose);
      return null;
    }
    const index = tabs.findIndex((t) => t.key === key);
    if (index < 0) return activeKey;
    const remaining = tabs.filter((t) => t.key !== key);
    set({ tabs: remaining });
    if (key !== activeKey) return activeKey;
    return remaining[Math.min(index, remaining.length - 1)].key;
  },

  closeLeft(key, activeKey) {
    const { tabs } = get();
    const index = tabs.findIndex((t) => t.key === key);
    const remaining = tabs.filter((t, i) => i >= index || t.key === HOME_TAB.key);
    set({ tabs: remaining });
    return nextActive(remaining, activeKey, key);
  },

  closeRight(key, activeKey) {
    const { tabs } = get();
    const index = tabs.findIndex((t) => t.key === key);
    const remaining = tabs.filter((t, i) => i <= index || t.key === HOME_TAB.key);
    set({ tabs: remaining });
    return nextActive(remaining, activeKey, key);
  },

  closeOthers(key, activeKey) {
    const remaining = get().tabs.filter((t) => t.key === key || t.key === HOME_TAB.key);
    set({ tabs: remaining });
    return nextActive(remaining, activeKey, key);
  },

  refresh(key) {
    set((s) => ({ refreshCounters: { ...s.refreshCounters, [key]: (s.refreshCounters[key] ?? 0) + 1 } }));
  },

  setTitle(key, title) {
    storeRouteTitle(key, title);
    set((s) => ({ tabs: s.tabs.map((t) => (t.key === key ? { ...t, title } : t)) }));
  },

  keepOnly(key) {
    set((s) => ({ tabs: s.tabs.filter((t) => t.key === key) }));
  },

  reset() {
    set({ tabs: [], refreshCounters: {} });
  },
}));

// Another identity must not inherit the previous user's open pages.
useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token) useTabsStore.getState().reset();
});
