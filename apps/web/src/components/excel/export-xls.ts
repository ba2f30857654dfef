import { downloadFile } from '../../lib/request';

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

/**
 * GET {exportXls} and save the answer as `{fileName}.xlsx`; an empty answer warns 文件下载失败
 * (downloadFile). A refused request is already shown by the request layer, so it resolves false.
 */
export async function exportXls(url: string, fileName: string, options: ExportXlsOptions = {}): Promise<boolean> {
  try {
    await downloadFile(url, xlsxFileName(fileName), exportXlsParams(options));
    return true;
  } catch {
    return false;
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
