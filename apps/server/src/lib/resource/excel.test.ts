import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { inspectZip, readSheet, shareUnstyledCells, zipInputs, type SheetRow } from './excel.js';
import { countXlsxRowsAtMost, readXlsxRows } from './excel-xlsx-stream.js';

async function workbook(rows: unknown[][], opts: { startRow?: number; sharedStrings?: boolean } = {}): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: opts.sharedStrings ?? false });
  const ws = wb.addWorksheet('数据');
  rows.forEach((r, i) => {
    const row = ws.getRow((opts.startRow ?? 1) + i);
    row.values = r as ExcelJS.CellValue[];
    row.commit();
  });
  ws.commit();
  await wb.commit();
  return Buffer.concat(parts);
}

async function read(buffer: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheet(buffer)) rows.push(row);
  return rows;
}

describe('readSheet', () => {
  it('keeps every Chinese character of a large sheet intact (no U+FFFD at chunk boundaries)', async () => {
    const text = (i: number) =>
      `区域资产资源管理与发布平台第${i}号房屋坐落于幸福街道和平社区东侧，用途为办公与仓储，面积约${i % 997}平方米。`;
    const source = Array.from({ length: 3000 }, (_, i) => [`名称${i}`, text(i), '男女未知'.slice(i % 3, (i % 3) + 1)]);
    const rows = await read(await workbook(source));
    expect(rows).toHaveLength(3000);
    expect(rows.filter((r) => r.cells.join('').includes('\uFFFD'))).toEqual([]);
    rows.forEach((r, i) => expect(r.cells).toEqual(source[i]));
  });

  it('numbers rows as the sheet does, and gives dates and numbers as text', async () => {
    const rows = await read(
      await workbook(
        [
          ['账号', '生日', '数量'],
          ['zhang', new Date(Date.UTC(1990, 4, 6)), 12],
        ],
        { startRow: 3 },
      ),
    );
    expect(rows).toEqual([
      { rowNumber: 3, cells: ['账号', '生日', '数量'] },
      { rowNumber: 4, cells: ['zhang', '1990-05-06', '12'] },
    ]);
  });

  it('reads shared strings (as Excel writes them) and booleans', async () => {
    const rows = await read(
      await workbook(
        [
          ['账号', '姓名', '启用'],
          ['li', '李&四 <一>', true],
          ['wang', '李&四 <一>', false],
        ],
        { sharedStrings: true },
      ),
    );
    expect(rows.map((r) => r.cells)).toEqual([
      ['账号', '姓名', '启用'],
      ['li', '李&四 <一>', 'true'],
      ['wang', '李&四 <一>', 'false'],
    ]);
  });

  it('refuses a file that only looks like a workbook with a Chinese message', async () => {
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]);
    await expect(read(broken)).rejects.toMatchObject({
      status: 400,
      message: '文件内容无法读取，请确认是完好的 .xls 或 .xlsx 文件',
    });
    await expect(read(Buffer.from('hello'))).rejects.toThrow('文件格式有误，仅支持 .xls 和 .xlsx 文件');
  });

  it('decodes characters cut between two inflated pieces exactly (64-byte pieces, 3- and 4-byte characters)', async () => {
    // Cut by code points (never inside a surrogate pair); cells are read trimmed, so no edge spaces.
    const text = (i: number) =>
      [...`${'区'.repeat(i % 5)}𠮷祥${i}号🏠 A&B <c> "引号" ${'资产'.repeat(i % 7)}`]
        .slice(0, 10 + (i % 23))
        .join('')
        .trim();
    const source = Array.from({ length: 2000 }, (_, i) => [`行${i}`, text(i), `${i % 3 ? '男' : '女'}𩸽`]);
    const file = await workbook(source);
    const entries = inspectZip(file);
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    // The test is only worth something if piece boundaries do fall inside characters: count them.
    const at = sheet.localHeaderOffset;
    const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
    const xml = zlib.inflateRawSync(file.subarray(start, start + sheet.compressedSize));
    let cut = 0;
    for (let i = 64; i < xml.length; i += 64) if ((xml[i]! & 0xc0) === 0x80) cut++;
    expect(cut).toBeGreaterThan(500);
    const read = await readXlsxRows(file, entries, 10_000, 64);
    if (!read.ok) throw new Error('refused');
    expect(read.rows.map(([, cells]) => cells)).toEqual(source);
  });

  it('counts rows quickly without ever falling short of the rows read (blank rows, shared strings, the cap)', async () => {
    const source: unknown[][] = Array.from({ length: 4000 }, (_, i) =>
      i % 10 === 3 ? ['', ''] : [`行${i}`, i % 7 === 0 ? 0 : `资产${'区'.repeat(i % 9)}`],
    );
    for (const sharedStrings of [false, true]) {
      const file = await workbook(source, { sharedStrings, startRow: 2 });
      const entries = inspectZip(file);
      const read = await readXlsxRows(file, entries, 10_000);
      if (!read.ok) throw new Error('refused');
      expect(read.rows).toHaveLength(3600); // the blank rows are left out
      const quick = await countXlsxRowsAtMost(file, entries, 10_000);
      expect(quick).toBeGreaterThanOrEqual(3600);
      if (!sharedStrings) expect(quick).toBe(3600);
      // Past the cap it stops early, still over it.
      expect(await countXlsxRowsAtMost(file, entries, 100)).toBeGreaterThan(100);
    }
  });
});

describe('the export writer', () => {
  it('finds the zip input of a sheet, so a fast database cannot pile the sheet XML up in memory', async () => {
    const out = new PassThrough();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const ws = wb.addWorksheet('数据');
    const inputs = zipInputs(ws);
    // exceljs's zip is built on the readable-stream package: not an instance of Node's Writable.
    expect(inputs).toHaveLength(1);
    // Rows written faster than the zip deflates them: the input says so, and the export waits on it.
    for (let i = 0; i < 20_000; i++) ws.addRow([`第${i}行`, '资产管理科']).commit();
    expect(inputs[0]!._writableState?.needDrain).toBe(true);
  });

  it('gives unstyled cells one style per cell type and keeps the styled ones', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    shareUnstyledCells(wb);
    const ws = wb.addWorksheet('数据');
    const header = ws.addRow(['名称', '数量', '日期']);
    header.font = { bold: true };
    header.commit();
    for (let i = 0; i < 3; i++) ws.addRow([`资产${i}`, i, new Date(Date.UTC(2026, 10, 25))]).commit();
    ws.commit();
    await wb.commit();
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const sheet = back.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    // A date keeps its date format; a number and a text stay plain.
    expect(sheet.getRow(3).getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 25)));
    expect(sheet.getRow(3).getCell(3).numFmt).toBeTruthy();
    expect(sheet.getRow(3).getCell(2).value).toBe(1);
  });
});
