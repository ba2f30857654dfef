import {
  CATEGORY_ADMIN_API,
  CATEGORY_RESOURCE,
  resourceUrls,
  type CategoryRecord,
  type PageResult,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

/** The category resource's standard URLs (its add is the server's own route at the same URL). */
export const CATEGORY_URLS = resourceUrls(CATEGORY_RESOURCE.path);

export async function fetchCategoryPage(params: Record<string, string | number>): Promise<PageResult<CategoryRecord>> {
  const res = await getAction<PageResult<CategoryRecord>>(CATEGORY_URLS.list, params);
  return res.result;
}

export async function fetchCategoryChildren(pid: string): Promise<CategoryRecord[]> {
  const res = await getAction<CategoryRecord[]>(CATEGORY_ADMIN_API.childList, { pid });
  return res.result ?? [];
}

/** 折旧年限 and 残值率 of a category (null: the parent's life, a residual of 0). */
type CategoryLife = { depreciationYears?: number | null; residualRate?: number | null };

export function addCategory(payload: { pid: string; name: string } & CategoryLife) {
  return postAction<{ id: string; code: string }>(CATEGORY_URLS.add, payload);
}

export function editCategory(payload: { id: string; name: string } & CategoryLife) {
  return putAction(CATEGORY_URLS.edit, payload);
}

export function deleteCategories(ids: readonly string[]) {
  return ids.length === 1
    ? deleteAction(CATEGORY_URLS.delete, { id: ids[0] })
    : deleteAction(CATEGORY_URLS.deleteBatch, { ids: ids.join(',') });
}
