import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import type { ZipEntry } from './excel-limits.js';

/*
 * A streaming reader of an .xlsx's first sheet: the sheet's XML is inflated chunk by chunk, decoded through a
 * StringDecoder (which holds back the bytes of a character split between two chunks, where exceljs's streaming
 * reader gave U+FFFD), and tokenised as it arrives. Only the shared strings and the date styles are held
 * whole; the sheet itself never is. Imports only node, so it runs in the parse worker compiled or from source.
 */

export class SheetFormatError extends Error {}

type Tag = { name: string; attrs: Record<string, string>; close: boolean; selfClose: boolean };
type Handler = { open(tag: Tag): void; close(name: string): void; text(text: string): void };

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITY[e] ?? m;
  });
}

const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function parseTag(raw: string): Tag | null {
  // raw is what lies between '<' and '>'
  if (raw[0] === '?' || raw[0] === '!') return null;
  const close = raw[0] === '/';
  const selfClose = raw.endsWith('/');
  const body = raw.slice(close ? 1 : 0, selfClose ? -1 : undefined).trim();
  const space = body.search(/\s/);
  const qname = space < 0 ? body : body.slice(0, space);
  // Namespace prefixes (x:row) are dropped: the sheet's elements are matched by local name.
  const name = qname.includes(':') ? qname.slice(qname.indexOf(':') + 1) : qname;
  const attrs: Record<string, string> = {};
  if (space >= 0) {
    for (const m of body.slice(space).matchAll(ATTR)) {
      const key = m[1]!.includes(':') ? m[1]!.slice(m[1]!.indexOf(':') + 1) : m[1]!;
      attrs[key] = decodeEntities(m[2] ?? m[3] ?? '');
    }
  }
  return { name, attrs, close, selfClose };
}

/** A tokenizer fed text in pieces: a tag or text cut at the end of a piece waits for the next one. */
export class XmlTokenizer {
  private rest = '';
  constructor(private readonly handler: Handler) {}

  write(text: string): void {
    const s = this.rest + text;
    let at = 0;
    for (;;) {
      const lt = s.indexOf('<', at);
      if (lt < 0) {
        // Text up to the end may be cut inside an entity: keep it all for the next piece.
        this.rest = s.slice(at);
        return;
      }
      if (lt > at) this.handler.text(decodeEntities(s.slice(at, lt)));
      if (s.startsWith('<![CDATA[', lt)) {
        const end = s.indexOf(']]>', lt);
        if (end < 0) {
          this.rest = s.slice(lt);
          return;
        }
        this.handler.text(s.slice(lt + 9, end));
        at = end + 3;
        continue;
      }
      const gt = s.indexOf('>', lt);
      if (gt < 0) {
        this.rest = s.slice(lt);
        return;
      }
      const tag = parseTag(s.slice(lt + 1, gt));
      if (tag) {
        if (tag.close) this.handler.close(tag.name);
        else {
          this.handler.open(tag);
          if (tag.selfClose) this.handler.close(tag.name);
        }
      }
      at = gt + 1;
    }
  }

  end(): void {
    if (this.rest.trim()) this.handler.text(decodeEntities(this.rest));
    this.rest = '';
  }
}

/** The body of one zip entry, as stored (method 0) or deflated (method 8). */
function entryBody(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw new SheetFormatError('corrupt');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  return data.subarray(start, start + entry.compressedSize);
}

function inflateWhole(data: Buffer, entry: ZipEntry): string {
  const body = entryBody(data, entry);
  if (entry.method === 0) return body.toString('utf8');
  if (entry.method !== 8) throw new SheetFormatError('corrupt');
  return zlib.inflateRawSync(body).toString('utf8');
}

/**
 * Streams an entry's text through `onText`, decoded across chunk boundaries. The next piece is only inflated
 * once `onText`'s promise settles (back-pressure); `onText` answers false to stop reading.
 */
async function inflateStream(
  data: Buffer,
  entry: ZipEntry,
  onText: (text: string, inflatedBytes: number) => boolean | Promise<boolean>,
  chunkSize: number,
): Promise<void> {
  const body = entryBody(data, entry);
  const decoder = new StringDecoder('utf8');
  if (entry.method === 0) {
    await onText(decoder.write(body) + decoder.end(), body.length);
    return;
  }
  if (entry.method !== 8) throw new SheetFormatError('corrupt');
  const inflate = zlib.createInflateRaw({ chunkSize });
  inflate.end(body);
  let inflated = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (!(await onText(decoder.write(chunk), inflated))) return;
    }
  } catch (error) {
    if (error instanceof SheetFormatError) throw error;
    throw new SheetFormatError('corrupt');
  } finally {
    inflate.destroy();
  }
  await onText(decoder.end(), inflated);
}

function collect(xml: string, onOpen: (tag: Tag) => void): void {
  const t = new XmlTokenizer({ open: onOpen, close: () => undefined, text: () => undefined });
  t.write(xml);
  t.end();
}

/** Shared strings: each <si>'s text runs joined (phonetic runs left out). */
function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  let current: string[] | null = null;
  let inT = false;
  let phonetic = 0;
  const t = new XmlTokenizer({
    open(tag) {
      if (tag.name === 'si') current = [];
      else if (tag.name === 'rPh') phonetic++;
      else if (tag.name === 't' && !tag.selfClose) inT = true;
    },
    close(name) {
      if (name === 'si' && current) {
        out.push(current.join(''));
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inT = false;
    },
    text(text) {
      if (inT && current && phonetic === 0) current.push(text);
    },
  });
  t.write(xml);
  t.end();
  return out;
}

const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Which cell styles (index into cellXfs) show a date. */
function dateStyles(xml: string): Set<number> {
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  const t = new XmlTokenizer({
    open(tag) {
      if (tag.name === 'numFmt') custom.set(Number(tag.attrs.numFmtId), tag.attrs.formatCode ?? '');
      else if (tag.name === 'cellXfs') inCellXfs = !tag.selfClose;
      else if (tag.name === 'xf' && inCellXfs) xfFormats.push(Number(tag.attrs.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text: () => undefined,
  });
  t.write(xml);
  t.end();
  const dates = new Set<number>();
  xfFormats.forEach((id, i) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id)) dates.add(i);
  });
  return dates;
}

function resolvePath(target: string): string {
  const p = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** An Excel serial date as text: a date alone when it has no time of day. */
export function serialDate(serial: number, date1904: boolean): string {
  const ms = Math.round(((date1904 ? serial + 1462 : serial) - 25569) * 86_400) * 1000;
  const d = new Date(ms);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0) return day;
  return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The first sheet's entry (through the workbook and its relationships) and the workbook's date system. */
function firstSheet(data: Buffer, byName: Map<string, ZipEntry>): { sheet: ZipEntry; date1904: boolean } {
  const workbook = byName.get('xl/workbook.xml');
  if (!workbook) throw new SheetFormatError('corrupt');
  let firstSheetRel: string | undefined;
  let date1904 = false;
  collect(inflateWhole(data, workbook), (tag) => {
    if (tag.name === 'sheet' && firstSheetRel === undefined) firstSheetRel = tag.attrs.id;
    if (tag.name === 'workbookPr') date1904 = tag.attrs.date1904 === '1' || tag.attrs.date1904 === 'true';
  });
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (rels && firstSheetRel) {
    collect(inflateWhole(data, rels), (tag) => {
      if (tag.name === 'Relationship' && tag.attrs.Id === firstSheetRel && tag.attrs.Target)
        sheetPath = resolvePath(tag.attrs.Target);
    });
  }
  const sheet = byName.get(sheetPath);
  if (!sheet) throw new SheetFormatError('corrupt');
  return { sheet, date1904 };
}

const ROW_END = /<\/(?:[\w.-]+:)?row\s*>/g;
// A value that may make a row non-blank: any text in <v>, non-space text in <t>, any CDATA.
const MAYBE_TEXT = /<(?:[\w.-]+:)?v(?:\s[^>]*)?>[^<]|<(?:[\w.-]+:)?t(?:\s[^>]*)?>\s*[^<\s]|<!\[CDATA\[/;

/**
 * A quick count of the first sheet's rows that may be non-blank, by scanning the inflated text for row ends and
 * values instead of tokenising it: never fewer than the rows eachXlsxRow gives (a value that turns out blank,
 * such as an empty shared string, is still counted), so a count within a cap proves the file is within it.
 * Stops once past `stopAbove`.
 */
export async function countXlsxRowsAtMost(data: Buffer, entries: ZipEntry[], stopAbove: number): Promise<number> {
  const { sheet } = firstSheet(data, new Map(entries.map((e) => [e.name, e])));
  let count = 0;
  let rest = '';
  const scan = (text: string, last: boolean) => {
    const s = rest + text;
    let from = 0;
    ROW_END.lastIndex = 0;
    for (let m = ROW_END.exec(s); m; m = ROW_END.exec(s)) {
      if (MAYBE_TEXT.test(s.slice(from, m.index))) count++;
      from = m.index + m[0].length;
    }
    rest = s.slice(from);
    // Unclosed text at the very end (a cut file) counts too: the count must not fall short.
    if (last && MAYBE_TEXT.test(rest)) count++;
  };
  await inflateStream(
    data,
    sheet,
    (text) => {
      scan(text, false);
      return count <= stopAbove;
    },
    64 * 1024,
  );
  scan('', true);
  return count;
}

export type StreamedRows = { ok: true; rows: [number, string[]][] } | { ok: false; tooManyRows: true };

export interface EachRowOptions {
  /** Size of the inflated pieces (tests make it tiny to put characters across every kind of boundary). */
  chunkSize?: number;
  /**
   * Called after each inflated piece with the sheet's inflated bytes so far and its declared size; reading
   * waits for its promise (back-pressure) and stops when it answers false.
   */
  afterPiece?: (inflatedBytes: number, sheetBytes: number) => boolean | Promise<boolean>;
}

/**
 * Calls `onRow` with each non-blank row of the first sheet as text, with the sheet's row numbers, as the
 * sheet is inflated; `onRow` answers false to stop. Only the shared strings and date styles are held whole.
 */
export async function eachXlsxRow(
  data: Buffer,
  entries: ZipEntry[],
  onRow: (rowNumber: number, cells: string[]) => boolean | void,
  options: EachRowOptions = {},
): Promise<void> {
  const chunkSize = options.chunkSize ?? 64 * 1024;
  const byName = new Map(entries.map((e) => [e.name, e]));
  const { sheet, date1904 } = firstSheet(data, byName);
  const sstEntry = byName.get('xl/sharedStrings.xml');
  const strings = sstEntry ? sharedStrings(inflateWhole(data, sstEntry)) : [];
  const stylesEntry = byName.get('xl/styles.xml');
  const dates = stylesEntry ? dateStyles(inflateWhole(data, stylesEntry)) : new Set<number>();

  let stopped = false;
  let rowNumber = 0;
  let cells: string[] = [];
  let col = -1;
  let cell: { type: string; style: number; col: number } | null = null;
  let value: string[] = [];
  let inValue = false;
  let inInline = false;

  const finishCell = () => {
    if (!cell) return;
    const raw = value.join('');
    let text: string;
    switch (cell.type) {
      case 's':
        text = strings[Number(raw)] ?? '';
        break;
      case 'inlineStr':
      case 'str':
      case 'e':
        text = raw;
        break;
      case 'b':
        text = raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
        break;
      default: {
        const n = Number(raw);
        text = raw === '' || !Number.isFinite(n) ? raw : dates.has(cell.style) ? serialDate(n, date1904) : String(n);
      }
    }
    while (cells.length < cell.col) cells.push('');
    cells[cell.col] = text.trim();
    cell = null;
  };

  const tokenizer = new XmlTokenizer({
    open(tag) {
      switch (tag.name) {
        case 'row':
          rowNumber = tag.attrs.r ? Number(tag.attrs.r) : rowNumber + 1;
          cells = [];
          col = -1;
          break;
        case 'c':
          col = tag.attrs.r ? columnIndex(tag.attrs.r) : col + 1;
          cell = { type: tag.attrs.t ?? 'n', style: Number(tag.attrs.s ?? 0), col };
          value = [];
          break;
        case 'v':
          inValue = !tag.selfClose;
          break;
        case 'is':
          inInline = true;
          break;
        case 't':
          if (inInline) inValue = !tag.selfClose;
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          inValue = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'c':
          finishCell();
          break;
        case 'row':
          if (!stopped && cells.some((c) => c !== '') && onRow(rowNumber, cells) === false) stopped = true;
          break;
      }
    },
    text(text) {
      if (inValue && cell) value.push(text);
    },
  });
  await inflateStream(
    data,
    sheet,
    async (text, inflated) => {
      tokenizer.write(text);
      if (stopped) return false;
      if (options.afterPiece && !(await options.afterPiece(inflated, sheet.uncompressedSize))) stopped = true;
      return !stopped;
    },
    chunkSize,
  );
  if (!stopped) tokenizer.end();
}

/**
 * The first sheet's non-blank rows as text, with the sheet's row numbers. The first non-blank row is the
 * header; past `maxRows` non-blank rows after it, reading stops and the file is refused.
 */
export async function readXlsxRows(
  data: Buffer,
  entries: ZipEntry[],
  maxRows: number,
  chunkSize = 64 * 1024,
): Promise<StreamedRows> {
  const rows: [number, string[]][] = [];
  let dataRows = -1;
  let tooMany = false;
  await eachXlsxRow(
    data,
    entries,
    (rowNumber, cells) => {
      if (++dataRows > maxRows) {
        tooMany = true;
        return false;
      }
      rows.push([rowNumber, cells]);
    },
    { chunkSize },
  );
  return tooMany ? { ok: false, tooManyRows: true } : { ok: true, rows };
}
