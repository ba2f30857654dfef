/** What an import reads at most, and what it answers when a file goes beyond (shared with the parse worker). */
import type { ImportField, MappedRow } from './excel-import-map.js';

/** One entry of an .xlsx (a zip) as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface WorkerInput {
  buffer: Uint8Array;
  /** Entries of an .xlsx (empty for a legacy .xls), already checked against the limits. */
  entries: ZipEntry[];
  maxRows: number;
  /** Rows per message; the worker is at most `aheadBatches` messages ahead of the thread that takes them. */
  batchRows: number;
  aheadBatches: number;
  /** Given: the worker maps rows onto these fields (header first); absent: it sends the raw rows. */
  fields?: ImportField[];
}

/**
 * What the worker sends, in order: `start` once the rows are counted (the cap is checked before any row is
 * sent), `header` (with fields), `rows` in batches (each waits its turn), then `end`; `error` at any point.
 */
export type WorkerMessage =
  | { type: 'start'; total: number }
  | { type: 'header'; headers: string[] }
  | { type: 'rows'; rows: MappedRow[] }
  | { type: 'end' }
  | { type: 'error'; message: string };

export const IMPORT_MESSAGES = {
  corrupt: '文件内容无法读取，请确认是完好的 .xls 或 .xlsx 文件',
  bomb: '文件解压后内容过大或压缩比异常，无法导入',
  tooComplex: '文件过大或过于复杂，无法在限定的时间和内存内读取',
  tooManyRows: (max: number) => `一次最多导入 ${max} 行`,
};

/**
 * Limits of one import. Real sheets inflate about 10–15 times (measured on exported user lists); the
 * bombs of issue 8 inflated 330+ times. Mutable so tests can use a small row cap.
 */
export const IMPORT_LIMITS = {
  /** Data rows (non-blank, after the header). */
  maxRows: 200_000,
  /** Sum of the declared uncompressed sizes of every entry. */
  maxUnzippedBytes: 200 * 1024 * 1024,
  /** Uncompressed / compressed, for entries above ratioFloorBytes (tiny entries may compress far better). */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  /** Heap of the parse worker: a file that explodes anyway kills the worker, not the server. */
  workerHeapMb: 2048,
  workerTimeoutMs: 120_000,
};
