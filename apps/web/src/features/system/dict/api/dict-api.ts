import { DICT_ADMIN_API, type DictItemRecord, type DictRecord } from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '../../../../lib/request';

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
  return payload.id ? putAction(DICT_ADMIN_API.edit, payload) : postAction(DICT_ADMIN_API.add, payload);
}

export function saveDictItem(payload: DictItemFormPayload) {
  return payload.id ? putAction(DICT_ADMIN_API.itemEdit, payload) : postAction(DICT_ADMIN_API.itemAdd, payload);
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
