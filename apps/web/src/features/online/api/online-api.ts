import {
  ONLINE_API,
  onlineDataPath,
  resourceUrls,
  type OnlineEnhanceVersion,
  type OnlineFormDef,
  type OnlinePageConfig,
  type OnlineReportConfig,
  type OnlineReportDef,
  type OnlineReportSystemTables,
} from '@district/shared';
import type { OnlineFormSaveInput, OnlineReportSaveInput } from '@district/shared/schemas';
import { getAction, postAction, putAction } from '@/lib/request';

export const FORM_HEAD_API = {
  list: `${ONLINE_API.head}/list`,
  delete: `${ONLINE_API.head}/delete`,
} as const;

export const REPORT_HEAD_API = {
  list: `${ONLINE_API.report}/list`,
  delete: `${ONLINE_API.report}/delete`,
} as const;

export type FormPayload = Omit<OnlineFormSaveInput, 'formKind' | 'theme' | 'subTables'> &
  Partial<Pick<OnlineFormSaveInput, 'formKind' | 'theme' | 'subTables'>>;

export function saveForm(payload: FormPayload) {
  return payload.id
    ? putAction<OnlineFormDef>(`${ONLINE_API.head}/edit`, payload)
    : postAction<OnlineFormDef>(`${ONLINE_API.head}/add`, payload);
}

/** Synchronises; a change that would lose data answers 409 (silent: the page asks for confirmation). */
export function syncForm(id: string, confirm = false) {
  return postAction<{ created: boolean; changes: string[] }>(
    `${ONLINE_API.head}/sync`,
    { id, confirm },
    { silent: true },
  );
}

export function copyForm(id: string, tableName: string) {
  return postAction<OnlineFormDef>(`${ONLINE_API.head}/copy`, { id, tableName });
}

export async function loadEnhance(tableName: string): Promise<OnlineEnhanceVersion[]> {
  return (await getAction<OnlineEnhanceVersion[]>(`${ONLINE_API.head}/enhance`, { tableName })).result ?? [];
}

export function saveEnhance(tableName: string, script: string) {
  return postAction<null>(`${ONLINE_API.head}/enhance`, { tableName, script });
}

export async function loadPageConfig(table: string): Promise<OnlinePageConfig> {
  return (await getAction<OnlinePageConfig>(`${ONLINE_API.pageConfig}/${table}`)).result;
}

/** A synchronised form's standard routes (from its descriptor's path) and its sub rows. */
export function dataUrls(table: string) {
  const base = onlineDataPath(table);
  return {
    ...resourceUrls(base),
    /** A main record's sub rows, by sub table. */
    subRows: `${base}/subRows`,
  };
}

/** Query keys of the online pages' loads (TanStack Query). */
export const onlineKeys = {
  pageConfig: (table: string) => ['online', 'page-config', table] as const,
  reportConfig: (code: string) => ['online', 'report-config', code] as const,
  rows: (table: string, params: object) => ['online', 'rows', table, params] as const,
  subRows: (table: string, mainId: string) => ['online', 'sub-rows', table, mainId] as const,
  enhance: (table: string) => ['online', 'enhance', table] as const,
};

/** The answer of a failed load as the page shows it. */
export function loadFailure(error: unknown): string {
  return (error as { response?: { data?: { message?: string } } }).response?.data?.message ?? '加载失败';
}

export function saveReport(payload: OnlineReportSaveInput) {
  return payload.id
    ? putAction<OnlineReportDef>(`${ONLINE_API.report}/edit`, payload)
    : postAction<OnlineReportDef>(`${ONLINE_API.report}/add`, payload);
}

export async function loadReportConfig(code: string): Promise<OnlineReportConfig> {
  return (await getAction<OnlineReportConfig>(`${ONLINE_API.reportConfig}/${code}`)).result;
}

/** The system tables reports may read (allowed by a platform administrator) and those that could be. */
export async function loadReportSystemTables(): Promise<OnlineReportSystemTables> {
  return (await getAction<OnlineReportSystemTables>(ONLINE_API.reportSystemTables)).result;
}

export function saveReportSystemTables(tables: string[]) {
  return putAction<OnlineReportSystemTables>(ONLINE_API.reportSystemTables, { tables });
}

export interface FormVersion {
  id: string;
  version: number;
  action: string;
  note: string | null;
  createBy: string | null;
  createTime: string;
}

export async function loadVersions(id: string): Promise<FormVersion[]> {
  return (await getAction<FormVersion[]>(`${ONLINE_API.head}/versions`, { id })).result ?? [];
}
