import { SUPER_QUERY_STORAGE_PREFIX, type SavedSuperQuery } from '@district/shared';
import { localStore } from '@/lib/storage';

/** Local-storage key of a list's saved queries: the fixed prefix plus the save code, or the route path. */
export function savedQueryKey(saveCode: string | undefined, routePath: string): string {
  return SUPER_QUERY_STORAGE_PREFIX + (saveCode || routePath);
}

export function loadSavedQueries(key: string): SavedSuperQuery[] {
  const list = localStore.get<SavedSuperQuery[]>(key);
  return Array.isArray(list) ? list : [];
}

export function storeSavedQueries(key: string, list: readonly SavedSuperQuery[]): void {
  if (list.length) localStore.set(key, list);
  else localStore.remove(key);
}
