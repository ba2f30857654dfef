import {
  ASSET_RESOURCE,
  PRINT_API,
  PRINT_TEMPLATE_RESOURCE,
  PROJECT_RESOURCE,
  TICKET_RESOURCE,
  resourceUrls,
  type PrintDataResult,
  type PrintSource,
  type PrintSourceKey,
  type PrintTemplate,
} from '@district/shared';
import { getAction, postAction } from '@/lib/request';

/** The standard resource URLs of the print-template declaration. */
export const PRINT_URLS = resourceUrls(PRINT_TEMPLATE_RESOURCE.path);

export type PrintTemplateRecord = PrintTemplate & { builtIn?: number; source_dictText?: string };

export async function fetchSources(): Promise<PrintSource[]> {
  return (await getAction<PrintSource[]>(PRINT_API.sources)).result;
}

export async function fetchTemplate(id: string): Promise<PrintTemplateRecord> {
  return (await getAction<PrintTemplateRecord>(PRINT_URLS.queryById, { id })).result;
}

/** The templates the print drawer offers for one source. */
export async function fetchOptions(source: PrintSourceKey): Promise<PrintTemplateRecord[]> {
  return (await getAction<PrintTemplateRecord[]>(PRINT_API.options, { source })).result;
}

/** The records' values for a template, in the order of `ids` (the server checks the caller may read each). */
export async function fetchPrintData(templateId: string, ids: string[]): Promise<PrintDataResult> {
  return (await postAction<PrintDataResult>(PRINT_API.data, { templateId, ids })).result;
}

export type TemplatePayload = Partial<
  Pick<PrintTemplate, 'code' | 'name' | 'source' | 'paper' | 'orientation' | 'layout' | 'remark'>
> & { id?: string; widthMm?: number | null; heightMm?: number | null };

export async function saveTemplate(payload: TemplatePayload): Promise<{ id: string; message: string }> {
  if (payload.id) {
    const res = await postAction<unknown>(PRINT_URLS.edit, payload);
    return { id: payload.id, message: res.message };
  }
  const res = await postAction<{ id: string }>(PRINT_URLS.add, payload);
  return { id: res.result.id, message: res.message };
}

/** Where each source's records are listed (the preview's record picker reads the first page). */
export const SOURCE_LIST_URLS: Record<PrintSourceKey, string> = {
  asset: resourceUrls(ASSET_RESOURCE.path).list,
  ledger: '',
  ticket: resourceUrls(TICKET_RESOURCE.path).list,
  project: resourceUrls(PROJECT_RESOURCE.path).list,
};
