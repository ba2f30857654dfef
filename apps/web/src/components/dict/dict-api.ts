import { API, DICT_LOOKUP_API, MAX_PAGE_SIZE, type ApiResponse } from '@district/shared';
import { getAction } from '@/lib/request';

/** Dictionary lookup paths (widgets-spec §7). */
export const DICT_API = {
  items: API.dictItems, // + '/{code}'
  ...DICT_LOOKUP_API,
} as const;

export const DICT_MSG = {
  emptyCode: '字典Code不能为空!',
  searchEmpty: '没有查询到任何数据',
  searchHint: '请输入搜索内容',
} as const;

/** widgets-spec §9: default dictionary page size, the two search debounce readings, the reload effect. */
export const DICT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_DEBOUNCE_SLOW_MS = 800;
export const SEARCH_RELOAD_EFFECT_MS = 1400;

/** One option as the widgets use it: the stored value as a string, its text. */
export interface DictOption {
  value: string;
  text: string;
  disabled?: boolean;
  color?: string;
}

/** Items arrive as value plus text, title or label (widgets-spec §3). */
export function toDictOption(raw: unknown): DictOption {
  const item = (raw ?? {}) as Record<string, unknown>;
  const value = item.value === null || item.value === undefined ? '' : String(item.value);
  const text = item.text ?? item.title ?? item.label ?? value;
  return {
    value,
    text: String(text),
    ...(item.disabled ? { disabled: true } : {}),
    ...(typeof item.color === 'string' && item.color ? { color: item.color } : {}),
  };
}

/** `table,text,code[,where-key]` names a table dictionary; anything else is a sys_dict code. */
export function isTableDict(dict: string): boolean {
  return dict.includes(',');
}

const path = (base: string, dict: string) => `${base}/${encodeURIComponent(dict)}`;

/** Thrown for an answer with success false, carrying the server's message. */
export class DictLookupError extends Error {}

function unwrap<T>(res: ApiResponse<T>): T {
  if (!res.success) throw new DictLookupError(res.message);
  return res.result;
}

/** Every option of a dictionary straight from the server (callers check the local cache first). */
export async function fetchDictOptions(dict: string): Promise<DictOption[]> {
  // The caller decides what a failure shows (console only, app-spec §8), so the central notice stays quiet.
  const res = isTableDict(dict)
    ? await getAction<unknown[]>(path(DICT_API.loadDict, dict), { pageSize: MAX_PAGE_SIZE }, { silent: true })
    : await getAction<unknown[]>(path(DICT_API.items, dict), undefined, { silent: true });
  return (unwrap(res) ?? []).map(toDictOption);
}

/** Options whose text contains the keyword (search-select). */
export async function searchDictOptions(dict: string, keyword: string, pageSize: number): Promise<DictOption[]> {
  const res = await getAction<unknown[]>(path(DICT_API.loadDict, dict), { keyword, pageSize }, { silent: true });
  return (unwrap(res) ?? []).map(toDictOption);
}

/** Labels of the given values in their order (the server answers them comma-joined). */
export async function fetchDictLabels(dict: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const res = await getAction<string>(path(DICT_API.loadDictItem, dict), { key: keys.join(',') }, { silent: true });
  const joined = unwrap(res);
  const labels = typeof joined === 'string' ? joined.split(',') : [];
  // A label containing a comma would shift the rest; fall back to the raw values then.
  return labels.length === keys.length ? labels : [...keys];
}

/** The message to show for a failed lookup: the server's when it gave one. */
export function lookupErrorMessage(error: unknown): string {
  if (error instanceof DictLookupError) return error.message;
  const response = (error as { response?: { data?: { message?: unknown } } } | null)?.response;
  const message = response?.data?.message;
  if (typeof message === 'string' && message) return message;
  return error instanceof Error ? error.message : String(error);
}

/** Splits a comma-joined value; empty parts are dropped. */
export function splitValue(value: unknown, separator = ','): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter((v) => v !== '');
  return String(value)
    .split(separator)
    .filter((v) => v !== '');
}
