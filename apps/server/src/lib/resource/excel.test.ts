import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet, type SheetRow } from './excel.js';

async function workbook(rows: unknown[][], opts: { startRow?: number } = {}): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
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

  it('refuses a file that only looks like a workbook with a Chinese message', async () => {
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]);
    await expect(read(broken)).rejects.toMatchObject({
      status: 400,
      message: '文件内容无法读取，请确认是完好的 .xls 或 .xlsx 文件',
    });
    await expect(read(Buffer.from('hello'))).rejects.toThrow('文件格式有误，仅支持 .xls 和 .xlsx 文件');
  });
});
