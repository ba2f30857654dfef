import type { AxiosProgressEvent } from 'axios';
import { feedback } from '@/lib/feedback';
import { downloadFile, http, saveBlob } from '@/lib/request';

export interface ExportXlsOptions {
  /** The list's current filters (plain filters, advanced query, sort). */
  params?: Record<string, string | number | undefined>;
  /** Ids of the selected rows: only they are exported. */
  selections?: readonly (string | number)[];
  /** Visible columns, in order: the sheet's columns. */
  fields?: readonly string[];
}

/** The export request's parameters: filters plus optional `selections` and `field` lists. */
export function exportXlsParams({
  params = {},
  selections,
  fields,
}: ExportXlsOptions): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    // Paging does not apply to an export: it takes every matching row.
    if (value === undefined || value === '' || key === 'pageNo' || key === 'pageSize') continue;
    out[key] = value;
  }
  if (selections?.length) out.selections = selections.join(',');
  if (fields?.length) out.field = fields.join(',');
  return out;
}

export function xlsxFileName(name: string): string {
  return /\.xlsx?$/i.test(name) ? name : `${name}.xlsx`;
}

/** What the progress toast says: the rows the server announced (X-Total-Count) and the bytes received. */
export function exportProgressText(loaded: number, totalRows: number | null): string {
  const mb = (loaded / 1024 / 1024).toFixed(1);
  return totalRows === null ? `正在导出，已接收 ${mb} MB` : `正在导出 ${totalRows} 行，已接收 ${mb} MB`;
}

function totalRowsOf(event: AxiosProgressEvent): number | null {
  const xhr = event.event?.target as XMLHttpRequest | undefined;
  const raw = typeof xhr?.getResponseHeader === 'function' ? xhr.getResponseHeader('X-Total-Count') : null;
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * GET {exportXls} and save the answer as `{fileName}.xlsx`; an empty answer warns 文件下载失败. While the
 * server streams, a toast shows how many rows the export holds and how much has arrived (a large export
 * takes tens of seconds). A refused request is already shown by the request layer, so it resolves false.
 */
export async function exportXls(url: string, fileName: string, options: ExportXlsOptions = {}): Promise<boolean> {
  const key = `export-${url}`;
  let shown = 0;
  const onDownloadProgress = (event: AxiosProgressEvent) => {
    // At most five updates a second.
    if (Date.now() - shown < 200) return;
    shown = Date.now();
    feedback.message.open({
      key,
      type: 'loading',
      duration: 0,
      content: exportProgressText(event.loaded, totalRowsOf(event)),
    });
  };
  try {
    const response = await http.get<Blob>(url, {
      params: exportXlsParams(options),
      responseType: 'blob',
      onDownloadProgress,
    });
    saveBlob(response.data, xlsxFileName(fileName));
    return true;
  } catch {
    return false;
  } finally {
    feedback.message.destroy(key);
  }
}

/** Downloads an import's per-row error report (a path below the API base, signed-in only). */
export async function downloadImportReport(path: string, fileName = '导入错误报告.xlsx'): Promise<boolean> {
  try {
    await downloadFile(path, fileName);
    return true;
  } catch {
    return false;
  }
}
