import { monitorEventLoopDelay } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { IMPORT_MESSAGES as UPLOAD_MESSAGES } from '@district/shared';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from './excel-limits.js';

const MB = 1024 * 1024;

interface Entry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
  /** What the central directory claims (a lying bomb claims little). */
  declaredSize?: number;
}

/** Deflates `size` bytes of one repeated character a megabyte at a time, so the test itself stays small. */
async function repeatedEntry(name: string, size: number, head: string): Promise<Entry> {
  const deflate = zlib.createDeflateRaw({ level: 1 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const first = Buffer.from(head);
  let crc = zlib.crc32(first);
  deflate.write(first);
  const chunk = Buffer.alloc(MB, 'a');
  for (let left = size - first.length; left > 0; left -= MB) {
    const piece = left >= MB ? chunk : chunk.subarray(0, left);
    crc = zlib.crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { name, data: Buffer.concat(parts), crc, size };
}

function textEntry(name: string, text: string): Entry {
  const raw = Buffer.from(text);
  return { name, data: zlib.deflateRawSync(raw), crc: zlib.crc32(raw), size: raw.length };
}

/** A minimal zip writer: local headers, deflated data, central directory, end record. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a workbook around a (huge) first sheet. */
function workbookAround(sheet: Entry): Buffer {
  return zip([
    textEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    textEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    textEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="s" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    textEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);
}

function upload(buffer: Buffer, filename = 'positions.xlsx') {
  const boundary = '----import-limits';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function positionsWorkbook(rows: number, prefix: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('职务');
  ws.addRow(['职务编码', '职务名称', '职级']);
  for (let i = 0; i < rows; i++) ws.addRow([`${prefix}${i}`, `职务${i}`, '正处级']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const defaults = { ...IMPORT_LIMITS };

/** Issue 8 point 8: zip bombs and over-cap files are refused (400) before they hurt anyone, nothing written. */
describe.each(targets)('import limits on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const importFile = (buffer: Buffer) =>
    t.request({ method: 'POST', url: '/sys/position/importExcel', token: admin, tenant: 1001, ...upload(buffer) });
  const count = async (prefix: string) =>
    (
      await t.request({
        method: 'GET',
        url: prefix ? `/sys/position/list?code=${encodeURIComponent(`${prefix}*`)}` : '/sys/position/list',
        token: admin,
        tenant: 1001,
      })
    ).json().result.total as number;

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
  });
  afterEach(() => Object.assign(IMPORT_LIMITS, defaults));
  afterAll(() => t?.close());

  it('refuses a zip bomb from its directory, before inflating it, and keeps serving', async () => {
    // 300 MB of one byte in about 1 MB: the directory tells, nothing needs inflating to see it.
    const bomb = workbookAround(await repeatedEntry('xl/worksheets/sheet1.xml', 300 * MB, '<worksheet>'));
    expect(bomb.length).toBeLessThan(2 * MB);
    const res = await importFile(bomb);
    expect([res.statusCode, res.json().message]).toEqual([400, IMPORT_MESSAGES.bomb]);
    expect(await count('')).toBeGreaterThan(0);
  });

  it('answers 400, not 500, to an upload the multipart reader cannot follow, and writes nothing', async () => {
    const { headers, payload } = upload(await positionsWorkbook(3, 'BROKEN'));
    const cut = payload.subarray(0, payload.length - 40);
    const wrongBoundary = { 'content-type': 'multipart/form-data; boundary=not-the-one' };
    const noBoundary = { 'content-type': 'multipart/form-data' };
    for (const [h, body] of [
      [headers, cut],
      [wrongBoundary, payload],
      [noBoundary, payload],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/sys/position/importExcel',
        token: admin,
        tenant: 1001,
        headers: h,
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect([UPLOAD_MESSAGES.badUpload, '请选择要导入的文件']).toContain(res.json().message);
    }
    expect(await count('BROKEN')).toBe(0);
  });

  it('refuses a bomb whose directory lies about its size as soon as it inflates past it', async () => {
    const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', 200 * MB, '<worksheet>');
    const liar = workbookAround({ ...sheet, declaredSize: 1000 });
    const res = await importFile(liar);
    expect([res.statusCode, res.json().message]).toEqual([400, IMPORT_MESSAGES.bomb]);
  });

  it('refuses a file over the row cap before writing any of its rows', async () => {
    IMPORT_LIMITS.maxRows = 5;
    const over = await importFile(await positionsWorkbook(6, 'CAPX'));
    expect([over.statusCode, over.json().message]).toEqual([400, '一次最多导入 5 行']);
    expect(await count('CAPX')).toBe(0);
    const at = await importFile(await positionsWorkbook(5, 'CAPY'));
    expect([at.statusCode, at.json().message]).toEqual([200, '导入成功！共 5 条数据']);
    expect(await count('CAPY')).toBe(5);
  });

  it('parses a workbook off the event loop', async () => {
    const file = await positionsWorkbook(20_000, 'LOOP');
    IMPORT_LIMITS.maxRows = 19_999; // refused after the parse, so only the parse is measured
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const res = await importFile(file);
    delay.disable();
    expect([res.statusCode, res.json().message]).toEqual([400, '一次最多导入 19999 行']);
    // Parsed on the event loop, these 20 000 rows held every other request for well over a second.
    expect(delay.max / 1e6).toBeLessThan(400);
  });

  it('queues imports beyond the parse workers allowed at once, and every one completes', async () => {
    const files = await Promise.all([0, 1, 2, 3, 4].map((i) => positionsWorkbook(3, `QUEUE${i}X`)));
    const answers = await Promise.all(files.map((file) => importFile(file)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const i of [0, 1, 2, 3, 4]) expect(await count(`QUEUE${i}X`)).toBe(3);
  });

  it('answers 400 when a file exhausts the parse worker, and the server lives on', async () => {
    IMPORT_LIMITS.workerHeapMb = 4;
    const res = await importFile(await positionsWorkbook(3000, 'HEAP'));
    expect([res.statusCode, res.json().message]).toEqual([400, IMPORT_MESSAGES.tooComplex]);
    expect(await count('HEAP')).toBe(0);
    Object.assign(IMPORT_LIMITS, defaults);
    const again = await importFile(await positionsWorkbook(3, 'HEAP'));
    expect(again.statusCode).toBe(200);
    expect(await count('HEAP')).toBe(3);
  });
});
