import { CATEGORY_API, type ApiResponse, type CategoryNode } from '@district/shared';
import { getAction } from '@/lib/request';

// Silent: the select shows the server's message itself (widgets-spec §8).
const quiet = { silent: true } as const;

function unwrap<T>(res: ApiResponse<T>): T {
  if (!res.success) throw new Error(res.message);
  return res.result;
}

/** Root nodes under a category code; with a condition the filtered tree call is used. */
export async function loadCategoryRoots(pcode: string, condition?: string): Promise<CategoryNode[]> {
  const res = condition
    ? await getAction<CategoryNode[]>(CATEGORY_API.loadTreeData, { pcode, condition }, quiet)
    : await getAction<CategoryNode[]>(CATEGORY_API.loadTreeRoot, { pcode }, quiet);
  return unwrap(res) ?? [];
}

export async function loadCategoryChildren(pid: string, pcode: string, condition?: string): Promise<CategoryNode[]> {
  const res = condition
    ? await getAction<CategoryNode[]>(CATEGORY_API.loadTreeData, { pid, pcode, condition }, quiet)
    : await getAction<CategoryNode[]>(CATEGORY_API.loadTreeChildren, { pid }, quiet);
  return unwrap(res) ?? [];
}

/** Names of the given ids, in their order (the server answers them comma-joined). */
export async function loadCategoryNames(ids: string[]): Promise<string[]> {
  const res = await getAction<string>(CATEGORY_API.loadDictItem, { ids: ids.join(',') }, quiet);
  const names = unwrap(res);
  return typeof names === 'string' ? names.split(',') : [];
}

/** One category by a field's value (e.g. code). */
export async function loadCategoryOne<T = Record<string, unknown>>(field: string, val: string): Promise<T | null> {
  return unwrap(await getAction<T | null>(CATEGORY_API.loadOne, { field, val }, quiet)) ?? null;
}
