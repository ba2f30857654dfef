import {
  ONLINE_API,
  type OnlineEnhanceVersion,
  type OnlineFormDef,
  type OnlinePageConfig,
  type OnlineReportDef,
} from '@district/shared';
import type { OnlineFormSaveInput, OnlineReportSaveInput } from '@district/shared/schemas';
import { getAction, postAction, putAction } from '../../../lib/request';

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

export function dataUrls(table: string) {
  const base = `${ONLINE_API.data}/${table}`;
  return {
    list: `${base}/list`,
    add: `${base}/add`,
    edit: `${base}/edit`,
    delete: `${base}/delete`,
    deleteBatch: `${base}/deleteBatch`,
    exportXls: `${base}/exportXls`,
    importExcel: `${base}/importExcel`,
    queryById: `${base}/queryById`,
    /** A main record's sub rows, by sub table. */
    subRows: `${base}/subRows`,
  };
}

export function saveReport(payload: OnlineReportSaveInput) {
  return payload.id
    ? putAction<OnlineReportDef>(`${ONLINE_API.report}/edit`, payload)
    : postAction<OnlineReportDef>(`${ONLINE_API.report}/add`, payload);
}

export async function loadReportConfig(code: string): Promise<Omit<OnlineReportDef, 'sqlText'>> {
  return (await getAction<Omit<OnlineReportDef, 'sqlText'>>(`${ONLINE_API.reportConfig}/${code}`)).result;
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
