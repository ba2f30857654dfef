import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import type * as SheetJS from '@e965/xlsx';
import { lazyRequire } from '../lazy-require.js';
import { NO_KNOWN_COLUMNS, RowMapper, type MappedRow } from './excel-import-map.js';
import { IMPORT_MESSAGES as MESSAGES, type WorkerInput, type WorkerMessage, type ZipEntry } from './excel-limits.js';
import { countXlsxRowsAtMost, eachXlsxRow } from './excel-xlsx-stream.js';

/*
 * Reads an uploaded workbook off the event loop, in a worker started with a heap limit: a file that still
 * manages to explode (declared sizes can lie) kills this worker, never the server, and other requests are
 * answered meanwhile. An .xlsx is read by the streaming reader (excel-xlsx-stream.ts: the sheet is never held
 * whole) and its rows go out in batches as the importing thread takes them, so memory stays flat whatever the
 * number of rows; SheetJS reads only legacy .xls files. Rows are mapped onto the declaration's fields here
 * (excel-import-map.ts). Imports only node, SheetJS and plain modules, so it runs compiled and from source.
 */

class Refused extends Error {}
/** SheetJS reads legacy .xls files only: an .xlsx import does not load it. */
const sheetJs = lazyRequire<typeof SheetJS>('@e965/xlsx');

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

type Port = NonNullable<typeof parentPort>;

/** Reads the sheet and sends its rows in batches, never more than `aheadBatches` ahead of the receiver. */
async function run(input: WorkerInput, port: Port): Promise<void> {
  const data = Buffer.from(input.buffer.buffer, input.buffer.byteOffset, input.buffer.byteLength);
  for (const entry of input.entries) await checkInflatedSize(data, entry);

  let credits = input.aheadBatches;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    credits++;
    wake?.();
    wake = null;
  });
  const send = async (rows: MappedRow[]) => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    post(port, { type: 'rows', rows });
  };

  // Each non-blank row: the header first (mapped onto the fields when given), then the data rows.
  let mapper: RowMapper | null = null;
  let unknownColumns = false;
  let pending: MappedRow[] = [];
  const accept = (rowNumber: number, cells: string[]): boolean => {
    if (input.fields && !mapper) {
      mapper = new RowMapper(input.fields, cells);
      if (!mapper.knowsAnyColumn) {
        unknownColumns = true;
        return false;
      }
      post(port, { type: 'header', headers: cells });
      return true;
    }
    pending.push(mapper ? mapper.map(rowNumber, cells) : { rowNumber, cells });
    return true;
  };
  const sendFull = async () => {
    while (pending.length >= input.batchRows) await send(pending.splice(0, input.batchRows));
  };
  const finish = async () => {
    if (unknownColumns) return post(port, { type: 'error', message: NO_KNOWN_COLUMNS });
    await sendFull();
    if (pending.length) await send(pending);
    pending = [];
    post(port, { type: 'end' });
  };

  if (input.entries.length) {
    // First pass: count, so an over-cap file is refused before a single row is written, and progress has a total.
    // The quick count never falls short; only a file it puts over the cap is counted exactly.
    let nonBlank = 0;
    try {
      nonBlank = await countXlsxRowsAtMost(data, input.entries, input.maxRows + 1);
      if (nonBlank > input.maxRows + 1) {
        nonBlank = 0;
        await eachXlsxRow(data, input.entries, () => ++nonBlank <= input.maxRows + 1);
      }
    } catch {
      return post(port, { type: 'error', message: MESSAGES.corrupt });
    }
    if (nonBlank > input.maxRows + 1)
      return post(port, { type: 'error', message: MESSAGES.tooManyRows(input.maxRows) });
    post(port, { type: 'start', total: Math.max(0, nonBlank - 1) });
    try {
      await eachXlsxRow(data, input.entries, accept, {
        afterPiece: async () => {
          await sendFull();
          return true;
        },
      });
    } catch {
      return post(port, { type: 'error', message: MESSAGES.corrupt });
    }
    return finish();
  }

  const XLSX = sheetJs();
  let wb: SheetJS.WorkBook;
  try {
    wb = XLSX.read(data, { type: 'buffer', cellDates: true, dense: true, sheets: 0 });
  } catch {
    return post(port, { type: 'error', message: MESSAGES.corrupt });
  }
  const name = wb.SheetNames[0];
  const sheet = name ? wb.Sheets[name] : undefined;
  if (!sheet?.['!ref']) {
    post(port, { type: 'start', total: 0 });
    return finish();
  }
  const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const rows: [number, string[]][] = [];
  for (let i = 0; i < raw.length; i++) {
    const cells = raw[i]!.map(cellText);
    if (cells.some((c) => c !== '')) rows.push([first + i + 1, cells]);
  }
  // The first non-blank row is the header; the cap counts the non-blank rows after it.
  if (rows.length - 1 > input.maxRows)
    return post(port, { type: 'error', message: MESSAGES.tooManyRows(input.maxRows) });
  post(port, { type: 'start', total: Math.max(0, rows.length - 1) });
  for (const [rowNumber, cells] of rows) {
    if (!accept(rowNumber, cells)) break;
    await sendFull();
  }
  return finish();
}

function post(port: Port, message: WorkerMessage): void {
  port.postMessage(message);
}

if (parentPort) {
  const port = parentPort;
  // The importing thread ends this worker once it has what it needs (or gave up).
  run(workerData as WorkerInput, port).catch((error: unknown) =>
    post(port, { type: 'error', message: error instanceof Refused ? error.message : MESSAGES.corrupt }),
  );
}
