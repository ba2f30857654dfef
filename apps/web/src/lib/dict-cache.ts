import { API, DICT_CACHE_TTL_MS, STORAGE_KEYS, type DictItem } from '@district/shared';
import { getAction } from './request';
import { localStore } from './storage';

export type DictCache = Record<string, DictItem[]>;

export function getDictCache(): DictCache {
  return localStore.get<DictCache>(STORAGE_KEYS.dictCache) ?? {};
}

export function setDictCache(all: DictCache): void {
  localStore.set(STORAGE_KEYS.dictCache, all, DICT_CACHE_TTL_MS);
}

export function clearDictCache(): void {
  localStore.remove(STORAGE_KEYS.dictCache);
}

/** Asks the server to rebuild its dictionary cache, then replaces the local copy (kept 7 days). */
export async function refreshDictCache(): Promise<DictCache> {
  const refreshed = await getAction(API.dictRefreshCache);
  if (!refreshed.success) throw new Error(refreshed.message);
  const all = await getAction<DictCache>(API.dictAllItems);
  if (!all.success) throw new Error(all.message);
  setDictCache(all.result ?? {});
  return all.result ?? {};
}

/** Items of one dictionary: the local cache first, the server otherwise. */
export async function loadDictItems(code: string): Promise<DictItem[]> {
  const cached = getDictCache()[code];
  if (cached) return cached;
  const res = await getAction<DictItem[]>(`${API.dictItems}/${encodeURIComponent(code)}`);
  return res.success ? (res.result ?? []) : [];
}
