import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { IMPORT_MESSAGES as MESSAGES, type WorkerInput, type WorkerOutput, type ZipEntry } from './excel-limits.js';
import { readXlsxRows } from './excel-xlsx-stream.js';

/*
 * Parses an uploaded workbook off the event loop, in a worker started with a heap limit: a file that still
 * manages to explode (declared sizes can lie) kills this worker, never the server, and other requests are
 * answered meanwhile. An .xlsx is read by the streaming reader (excel-xlsx-stream.ts: the sheet is never held
 * whole); SheetJS reads only legacy .xls files. Imports only node and SheetJS, so it runs both compiled and
 * from source in tests.
 */

class Refused extends Error {}

/**
 * Inflates one entry into nothing, counting bytes, and refuses it the moment it yields more than its
 * central directory declared: the declared sizes were checked against the limits, the real ones are here.
 */
function checkInflatedSize(data: Buffer, entry: ZipEntry): Promise<void> {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50)
    return Promise.reject(new Refused(MESSAGES.corrupt));
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const body = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    return body.length === entry.uncompressedSize ? Promise.resolve() : Promise.reject(new Refused(MESSAGES.bomb));
  }
  if (entry.method !== 8) return Promise.reject(new Refused(MESSAGES.corrupt));
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > entry.uncompressedSize) {
        inflate.destroy();
        reject(new Refused(MESSAGES.bomb));
      }
    });
    inflate.on('end', () => (size === entry.uncompressedSize ? resolve() : reject(new Refused(MESSAGES.bomb))));
    inflate.on('error', () => reject(new Refused(MESSAGES.corrupt)));
    inflate.end(body);
  });
}

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

async function parse(input: WorkerInput): Promise<WorkerOutput> {
  const data = Buffer.from(input.buffer.buffer, input.buffer.byteOffset, input.buffer.byteLength);
  for (const entry of input.entries) await checkInflatedSize(data, entry);
  if (input.entries.length) {
    let read;
    try {
      read = await readXlsxRows(data, input.entries, input.maxRows);
    } catch {
      return { ok: false, message: MESSAGES.corrupt };
    }
    return read.ok ? read : { ok: false, message: MESSAGES.tooManyRows(input.maxRows) };
  }
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(data, { type: 'buffer', cellDates: true, dense: true, sheets: 0 });
  } catch {
    return { ok: false, message: MESSAGES.corrupt };
  }
  const name = wb.SheetNames[0];
  const sheet = name ? wb.Sheets[name] : undefined;
  if (!sheet?.['!ref']) return { ok: true, rows: [] };
  const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const rows: [number, string[]][] = [];
  // The first non-blank row is the header; the cap counts the non-blank rows after it, before anything is sent.
  let dataRows = -1;
  for (let i = 0; i < raw.length; i++) {
    const cells = raw[i]!.map(cellText);
    if (cells.every((c) => c === '')) continue;
    if (++dataRows > input.maxRows) return { ok: false, message: MESSAGES.tooManyRows(input.maxRows) };
    rows.push([first + i + 1, cells]);
  }
  return { ok: true, rows };
}

if (parentPort) {
  const port = parentPort;
  parse(workerData as WorkerInput).then(
    (out) => port.postMessage(out),
    (error: unknown) =>
      port.postMessage({ ok: false, message: error instanceof Refused ? error.message : MESSAGES.corrupt }),
  );
}
