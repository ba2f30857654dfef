import { CATEGORY_ADMIN_API, type CategoryRecord, type PageResult } from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '../../../../lib/request';

export async function fetchCategoryPage(params: Record<string, string | number>): Promise<PageResult<CategoryRecord>> {
  const res = await getAction<PageResult<CategoryRecord>>(CATEGORY_ADMIN_API.list, params);
  return res.result;
}

export async function fetchCategoryChildren(pid: string): Promise<CategoryRecord[]> {
  const res = await getAction<CategoryRecord[]>(CATEGORY_ADMIN_API.childList, { pid });
  return res.result ?? [];
}

export function addCategory(payload: { pid: string; name: string }) {
  return postAction<{ id: string; code: string }>(CATEGORY_ADMIN_API.add, payload);
}

export function editCategory(payload: { id: string; name: string }) {
  return putAction(CATEGORY_ADMIN_API.edit, payload);
}

export function deleteCategories(ids: readonly string[]) {
  return ids.length === 1
    ? deleteAction(CATEGORY_ADMIN_API.delete, { id: ids[0] })
    : deleteAction(CATEGORY_ADMIN_API.deleteBatch, { ids: ids.join(',') });
}
