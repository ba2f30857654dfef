import {
  POPUP_PARAM_PREFIX,
  POPUP_REPORT,
  POPUP_REPORT_API,
  type PageResult,
  type PopupReportColumns,
  type PopupReportQueryItem,
  type PopupReportRow,
} from '@district/shared';
import { getAction } from '@/lib/request';

export interface PopupReportConfig extends PopupReportColumns {
  queryItems: PopupReportQueryItem[];
}

// Silent: the picker shows the server's message itself.
const quiet = { silent: true } as const;

async function fetchConfig(code: string): Promise<PopupReportConfig> {
  const columns = await getAction<PopupReportColumns>(
    `${POPUP_REPORT_API.columns}/${encodeURIComponent(code)}`,
    {},
    quiet,
  );
  if (!columns.success) throw new Error(columns.message);
  const query = await getAction<PopupReportQueryItem[]>(
    `${POPUP_REPORT_API.queryInfo}/${encodeURIComponent(columns.result.cgRpConfigId)}`,
    {},
    quiet,
  );
  if (!query.success) throw new Error(query.message);
  return { ...columns.result, queryItems: query.result ?? [] };
}

const configCache = new Map<string, { expires: number; config: Promise<PopupReportConfig> }>();

/** A report's columns and query form, kept 30 s (widgets-spec §9) so reopening a picker costs no call. */
export function loadPopupReportConfig(code: string): Promise<PopupReportConfig> {
  const now = Date.now();
  const cached = configCache.get(code);
  if (cached && cached.expires > now) return cached.config;
  const config = fetchConfig(code);
  configCache.set(code, { expires: now + POPUP_REPORT.cacheMs, config });
  // A failure is not remembered: the next opening asks again.
  config.catch(() => configCache.delete(code));
  return config;
}

export function clearPopupReportCache(): void {
  configCache.clear();
}

export interface PopupReportDataQuery {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
  /** Query form values by field; empty ones are left out. */
  query?: Record<string, unknown>;
  /** Dynamic parameters, sent as self_<name>. */
  param?: Record<string, unknown>;
}

export function popupReportParams({ pageNo, pageSize, column, order, query, param }: PopupReportDataQuery) {
  const params: Record<string, string | number> = { pageNo, pageSize };
  if (column && order) Object.assign(params, { column, order });
  for (const [key, value] of Object.entries(param ?? {})) {
    if (value !== undefined && value !== null && value !== '') params[`${POPUP_PARAM_PREFIX}${key}`] = String(value);
  }
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params[key] = String(value).trim();
  }
  return params;
}

export async function loadPopupReportData(
  configId: string,
  request: PopupReportDataQuery,
): Promise<PageResult<PopupReportRow>> {
  const res = await getAction<PageResult<PopupReportRow>>(
    `${POPUP_REPORT_API.data}/${encodeURIComponent(configId)}`,
    popupReportParams(request),
    quiet,
  );
  if (!res.success) throw new Error(res.message);
  return res.result;
}
