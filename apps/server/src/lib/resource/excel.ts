import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type ExcelJSModule from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http.js';
import { lazyRequire } from '../lazy-require.js';
import type { ImportField } from './excel-import-map.js';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type WorkerInput, type WorkerMessage, type ZipEntry } from './excel-limits.js';
import type { ResourceDef } from './resource.types.js';

/** exceljs (with its zip and stream stack) is loaded by the first export or error report. */
const excel = lazyRequire<typeof ExcelJSModule>('exceljs');

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Text a spreadsheet would run as a formula gets a leading apostrophe (CSV/formula injection). */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export { unneutralise } from './excel-import-map.js';

export function excelFields(def: ResourceDef, chosen: string[] | null): string[] {
  const all = Object.entries(def.fields)
    .filter(([, fd]) => fd.excel !== false && !fd.hidden)
    .map(([f]) => f);
  return chosen ? chosen.filter((f) => all.includes(f)) : all;
}

export function attachmentName(title: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`;
}

/** A writable stream of Node's or of the `readable-stream` package (exceljs's zip is built on the latter). */
type Drainable = NodeJS.EventEmitter & {
  write: unknown;
  writableNeedDrain?: boolean;
  destroyed?: boolean;
  _writableState?: { needDrain?: boolean };
};

/** `readable-stream` 2/3 has no `writableNeedDrain` getter: its state says the same. */
function needsDrain(stream: Drainable): boolean {
  return stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;
}

/** Resolves once `stream` has taken what it buffered, or `stream` or the response's stream is gone. */
function drained(stream: Drainable, out: PassThrough): Promise<void> {
  if (!needsDrain(stream) || stream.destroyed || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      out.removeListener('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    out.on('close', done);
  });
}

/**
 * exceljs's sheet stream writes into the zip's deflate stream without heeding its answer, so a slow client
 * would pile the sheet's XML up there: wait for that stream too (exceljs 4 keeps it in `stream.pipes`). It is a
 * `readable-stream` PassThrough, not an instance of Node's Writable: recognised by its shape.
 */
export function zipInputs(sheet: unknown): Drainable[] {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes)
    ? pipes.filter(
        (p): p is Drainable =>
          typeof (p as Drainable | null)?.write === 'function' && !!(p as Drainable)._writableState,
      )
    : [];
}

type StylesXform = { addStyleModel(model: object | undefined, cellType?: number): number };

/**
 * exceljs gives every cell a style object of its own and renders it as XML to find its style id: for the
 * unstyled data cells of an export that was a fifth of the whole export's time. An empty style gets the
 * same id for the same cell type every time, so it is looked up once per type (exceljs 4 keeps the style
 * table in `workbook.styles`).
 */
export function shareUnstyledCells(workbook: unknown): void {
  const styles = (workbook as { styles?: StylesXform }).styles;
  if (!styles || typeof styles.addStyleModel !== 'function') return;
  const add = styles.addStyleModel.bind(styles);
  const plain = new Map<number | undefined, number>();
  styles.addStyleModel = (model, cellType) => {
    if (!model || Object.keys(model).length) return add(model, cellType);
    let id = plain.get(cellType);
    if (id === undefined) plain.set(cellType, (id = add(model, cellType)));
    return id;
  };
}

/**
 * Streams an .xlsx straight to the response: rows are fetched a chunk at a time, each written row is
 * committed, and the next chunk is only fetched once the response has taken what was written (back-pressure),
 * so memory stays flat whatever the number of rows and however slow the client. `total`, when known, is sent
 * as X-Total-Count so the browser can show how far the download is.
 */
export async function streamXlsx(
  reply: FastifyReply,
  title: string,
  columns: { key: string; header: string; width?: number }[],
  chunks: AsyncIterable<Record<string, unknown>[]>,
  options: { total?: number } = {},
): Promise<FastifyReply> {
  const out = new PassThrough();
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  shareUnstyledCells(workbook);
  const sheet = workbook.addWorksheet(title.slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const keys = columns.map((c) => c.key);
  void (async () => {
    try {
      for await (const rows of chunks) {
        if (out.destroyed) return; // the client went away: stop reading the database
        for (const row of rows) {
          const values: unknown[] = new Array(keys.length);
          for (let i = 0; i < keys.length; i++) {
            const v = row[keys[i]!];
            values[i] = typeof v === 'string' ? neutralise(v) : (v ?? '');
          }
          sheet.addRow(values).commit();
        }
        for (const input of zipInputs(sheet)) while (needsDrain(input) && !out.destroyed) await drained(input, out);
        while (needsDrain(out) && !out.destroyed) await drained(out, out);
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  if (options.total !== undefined) reply.header('X-Total-Count', String(options.total));
  return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', attachmentName(title)).send(out);
}

export type SheetRow = { rowNumber: number; cells: string[] };

const refuse = (message: string) => new ApiError(400, message);

/**
 * Reads an .xlsx's central directory (its table of contents, at the end of the file) without inflating
 * anything, and refuses a file whose entries declare more than the limits allow in all, or inflate far
 * more than real sheets do: a zip bomb is stopped before a byte of it is inflated.
 */
export function inspectZip(buffer: Buffer, limits = IMPORT_LIMITS): ZipEntry[] {
  // End of central directory: 22 bytes plus a comment of up to 65535, at the very end.
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse(IMPORT_MESSAGES.corrupt);
  const count = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  // ZIP64 markers: a workbook under the upload limit never needs them; a bomb might.
  if (count === 0xffff || at === 0xffffffff) throw refuse(IMPORT_MESSAGES.bomb);
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw refuse(IMPORT_MESSAGES.corrupt);
    const nameLength = buffer.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      uncompressedSize: buffer.readUInt32LE(at + 24),
      localHeaderOffset: buffer.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff)
      throw refuse(IMPORT_MESSAGES.bomb);
    if (entry.localHeaderOffset + entry.compressedSize > buffer.length) throw refuse(IMPORT_MESSAGES.corrupt);
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (total > limits.maxUnzippedBytes || (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio))
      throw refuse(IMPORT_MESSAGES.bomb);
    entries.push(entry);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return entries;
}

/** The worker's module: compiled JavaScript in production, TypeScript through tsx when run from source. */
function startWorker(input: WorkerInput, limits: typeof IMPORT_LIMITS, transferList: ArrayBuffer[]): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './excel-worker.ts' : './excel-worker.js', import.meta.url);
  const options = {
    workerData: input,
    transferList,
    // A small young generation: the reader's garbage is short-lived, and a large one only adds to the RSS.
    resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 8 },
    stdout: false,
    stderr: false,
  };
  if (!fromSource) return new Worker(url, options);
  const href = JSON.stringify(url.href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, {
    ...options,
    eval: true,
  });
}

/**
 * At most this many read workers at once (each may take its heap limit): further imports wait their turn
 * instead of exhausting the machine's memory together.
 */
const MAX_PARSE_WORKERS = 2;
let runningParses = 0;
const waitingParses: (() => void)[] = [];

async function takeParseSlot(): Promise<void> {
  if (runningParses >= MAX_PARSE_WORKERS) await new Promise<void>((resolve) => waitingParses.push(resolve));
  else runningParses++;
}

function releaseParseSlot(): void {
  // Hand the slot straight to the next waiter, or free it.
  const next = waitingParses.shift();
  if (next) next();
  else runningParses--;
}

/** What the reader yields: the data rows' count first, the header (when mapping), then batches of rows. */
export type SheetEvent = Exclude<WorkerMessage, { type: 'end' } | { type: 'error' }>;

export interface ReadOptions {
  /** Map the rows onto these fields in the worker (the first non-blank row is the header). */
  fields?: ImportField[];
  batchRows?: number;
  /** Hand the buffer's memory to the worker instead of copying it (the buffer is unusable afterwards). */
  transfer?: boolean;
}

/**
 * Reads the first sheet of an .xlsx or a legacy .xls, with the sheet's own row numbers, leaving out blank
 * rows: an .xlsx through the streaming reader of excel-xlsx-stream.ts (exceljs's own split Chinese characters
 * at chunk boundaries), a legacy .xls through SheetJS, in a worker with a heap limit and a time limit. The
 * worker counts the rows first, so a file over the row cap is refused before a single row is yielded (nothing
 * of it is written), then sends batches of rows: the next batch is asked for when the consumer takes this one,
 * with one batch read ahead, so parsing overlaps the consumer's inserts while memory stays flat. The event
 * loop only ever handles one batch at a time and serves everyone else between batches.
 */
export async function* readSheetBatches(
  buffer: Buffer,
  options: ReadOptions = {},
  limits = IMPORT_LIMITS,
): AsyncGenerator<SheetEvent> {
  const zip = buffer.length >= 4 && buffer[0] === 0x50 && buffer[1] === 0x4b;
  const ole = buffer.length >= 8 && buffer.readUInt32BE(0) === 0xd0cf11e0;
  if (!zip && !ole) throw refuse('文件格式有误，仅支持 .xls 和 .xlsx 文件');
  const entries = zip ? inspectZip(buffer, limits) : [];
  await takeParseSlot();
  const own = options.transfer && buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  const bytes = own ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
  const input: WorkerInput = {
    buffer: bytes,
    entries,
    maxRows: limits.maxRows,
    batchRows: options.batchRows ?? 500,
    aheadBatches: 2,
    fields: options.fields,
  };
  const worker = startWorker(input, limits, [bytes.buffer as ArrayBuffer]);
  const queue: WorkerMessage[] = [];
  let failure: Error | null = null;
  let notify: (() => void) | null = null;
  const wake = () => {
    notify?.();
    notify = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    wake();
  });
  worker.once('error', (error: NodeJS.ErrnoException) => {
    // Out of its heap: the file inflated past what its directory declared. Anything else is a defect.
    failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refuse(IMPORT_MESSAGES.tooComplex) : error;
    wake();
  });
  worker.once('exit', () => {
    failure ??= refuse(IMPORT_MESSAGES.tooComplex);
    wake();
  });
  try {
    for (;;) {
      if (!queue.length && !failure) {
        // The time limit applies to the worker's own work: waiting on the consumer does not count.
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          notify = resolve;
          timer = setTimeout(() => {
            failure ??= refuse(IMPORT_MESSAGES.tooComplex);
            resolve();
          }, limits.workerTimeoutMs);
        });
        clearTimeout(timer);
        continue;
      }
      const message = queue.shift();
      if (!message) throw failure!;
      if (message.type === 'error') throw refuse(message.message);
      if (message.type === 'end') return;
      // A worker's messages are handed over in one go while more keep arriving, and the consumer's inserts
      // may never leave the microtask queue (SQLite is synchronous): without this turn of the event loop a
      // whole import would run before any other request is read.
      await new Promise<void>((resolve) => setImmediate(resolve));
      yield message;
      if (message.type === 'rows') worker.postMessage('more');
    }
  } finally {
    worker.removeAllListeners();
    void worker.terminate();
    releaseParseSlot();
  }
}

/** Every non-blank row of the first sheet (header included), for callers that want them all at once. */
export async function parseSheet(buffer: Buffer, limits = IMPORT_LIMITS): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const event of readSheetBatches(buffer, {}, limits)) {
    if (event.type === 'rows') for (const r of event.rows) rows.push({ rowNumber: r.rowNumber, cells: r.cells });
  }
  return rows;
}

/** The rows of parseSheet one by one. */
export async function* readSheet(buffer: Buffer, limits = IMPORT_LIMITS): AsyncGenerator<SheetRow> {
  yield* await parseSheet(buffer, limits);
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
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({
    filename: path.join(dir, `${id}.xlsx`),
    useStyles: true,
  });
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
