import {
  DICT_ADMIN_API,
  DICT_ITEM_RESOURCE,
  DICT_RESOURCE,
  resourceUrls,
  type DictItemRecord,
  type DictRecord,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

const DICT_URLS = resourceUrls(DICT_RESOURCE.path);
const ITEM_URLS = resourceUrls(DICT_ITEM_RESOURCE.path);

export interface DictFormPayload {
  id?: string;
  dictName: string;
  dictCode: string;
  description?: string | null;
}

export interface DictItemFormPayload {
  id?: string;
  dictId?: string;
  itemText: string;
  itemValue: string;
  itemColor?: string | null;
  description?: string | null;
  sortOrder?: number;
  status?: number;
}

export function saveDict(payload: DictFormPayload) {
  return payload.id ? putAction(DICT_URLS.edit, payload) : postAction(DICT_URLS.add, payload);
}

export function saveDictItem(payload: DictItemFormPayload) {
  return payload.id ? putAction(ITEM_URLS.edit, payload) : postAction(ITEM_URLS.add, payload);
}

/** The recycle bin: deleted dictionaries. */
export async function fetchDeletedDicts(): Promise<DictRecord[]> {
  const res = await getAction<DictRecord[]>(DICT_ADMIN_API.deleteList);
  return res.result ?? [];
}

export function restoreDict(id: string) {
  return putAction(`${DICT_ADMIN_API.back}/${encodeURIComponent(id)}`);
}

export function deleteDictForGood(id: string) {
  return deleteAction(`${DICT_ADMIN_API.deletePhysic}/${encodeURIComponent(id)}`);
}

export type { DictItemRecord, DictRecord };
