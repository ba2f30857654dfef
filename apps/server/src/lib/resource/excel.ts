import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http.js';
import type { ResourceDef } from './resource.types.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Text a spreadsheet would run as a formula gets a leading apostrophe (CSV/formula injection). */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The inverse on import: our own apostrophe comes off again. */
export function unneutralise(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

export function excelFields(def: ResourceDef, chosen: string[] | null): string[] {
  const all = Object.entries(def.fields)
    .filter(([, fd]) => fd.excel !== false && !fd.hidden)
    .map(([f]) => f);
  return chosen ? chosen.filter((f) => all.includes(f)) : all;
}

export function attachmentName(title: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`;
}

/**
 * Streams an .xlsx: rows are fetched a chunk at a time and each written row is committed, so memory stays
 * flat whatever the number of rows.
 */
export async function streamXlsx(
  reply: FastifyReply,
  title: string,
  columns: { key: string; header: string; width?: number }[],
  chunks: AsyncIterable<Record<string, unknown>[]>,
): Promise<FastifyReply> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(title.slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const rows of chunks) {
        for (const row of rows) {
          const values: Record<string, unknown> = {};
          for (const c of columns) {
            const v = row[c.key];
            values[c.key] = typeof v === 'string' ? neutralise(v) : (v ?? '');
          }
          sheet.addRow(values).commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', attachmentName(title)).send(out);
}

export type SheetRow = { rowNumber: number; cells: string[] };

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
    return '';
  }
  return String(v).trim();
}

/**
 * Reads the first sheet of an .xlsx or a legacy .xls, row by row, with the sheet's own row numbers.
 * Both go through SheetJS: exceljs's streaming reader decodes each inflated chunk on its own, so a
 * Chinese character split across two chunks came out as U+FFFD (2 cells of a 100k-row import), silently.
 */
export async function* readSheet(buffer: Buffer): AsyncGenerator<SheetRow> {
  const zip = buffer.length >= 4 && buffer[0] === 0x50 && buffer[1] === 0x4b;
  const ole = buffer.length >= 8 && buffer.readUInt32BE(0) === 0xd0cf11e0;
  if (zip || ole) {
    const XLSX = await import('@e965/xlsx');
    let wb: ReturnType<typeof XLSX.read>;
    try {
      wb = XLSX.read(buffer, { type: 'buffer', cellDates: true, dense: true, sheets: 0 });
    } catch {
      throw new ApiError(400, '文件内容无法读取，请确认是完好的 .xls 或 .xlsx 文件');
    }
    const name = wb.SheetNames[0];
    const sheet = name ? wb.Sheets[name] : undefined;
    if (!sheet?.['!ref']) return;
    const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const cells: string[] = [];
      for (let c = 0; c < r.length; c++) cells.push(cellText(r[c]));
      yield { rowNumber: first + i + 1, cells };
    }
    return;
  }
  throw new ApiError(400, '文件格式有误，仅支持 .xls 和 .xlsx 文件');
}

const REPORT_TTL_MS = 24 * 60 * 60_000;

export function reportDir(uploadDir: string): string {
  return path.join(uploadDir, '.import-errors');
}

/** Writes the per-row error report (original cells plus 错误信息) and returns its id. */
export async function writeErrorReport(
  uploadDir: string,
  headers: string[],
  failures: { cells: string[]; rowNumber: number; message: string }[],
): Promise<string> {
  const dir = reportDir(uploadDir);
  fs.mkdirSync(dir, { recursive: true });
  // Old reports go when new ones come.
  for (const f of fs.readdirSync(dir)) {
    const p = path.join(dir, f);
    if (Date.now() - fs.statSync(p).mtimeMs > REPORT_TTL_MS) fs.rmSync(p, { force: true });
  }
  const id = randomBytes(16).toString('hex');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, `${id}.xlsx`), useStyles: true });
  const sheet = workbook.addWorksheet('错误报告');
  sheet.addRow(['行号', ...headers, '错误信息']).commit();
  for (const f of failures) sheet.addRow([f.rowNumber, ...f.cells.map(neutralise), f.message]).commit();
  sheet.commit();
  await workbook.commit();
  return id;
}

export function errorReportPath(uploadDir: string, id: string): string | null {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const p = path.join(reportDir(uploadDir), `${id}.xlsx`);
  return fs.existsSync(p) ? p : null;
}
