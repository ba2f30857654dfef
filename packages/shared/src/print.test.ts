import { describe, expect, it } from 'vitest';
import {
  TABLE_MIN_FONT_PT,
  fitLayout,
  pageSize,
  parseBinding,
  printElementLabel,
  tableColumns,
  type PrintElement,
} from './print.js';

describe('print layout model', () => {
  it('reads a binding: field, format, a repeat suffix and a table with its columns', () => {
    expect(parseBinding('holderName')).toEqual({ field: 'holderName', format: null, columns: null });
    expect(parseBinding('faceAmount:capital')).toEqual({ field: 'faceAmount', format: 'capital', columns: null });
    expect(parseBinding('ticketNo#qr')).toEqual({ field: 'ticketNo', format: null, columns: null });
    expect(parseBinding('issueDate:cn#2')).toEqual({ field: 'issueDate', format: 'cn', columns: null });
    expect(parseBinding('uses:useDate,amount', true)).toEqual({
      field: 'uses',
      format: null,
      columns: ['useDate', 'amount'],
    });
    expect(parseBinding('uses:amount', true).columns).toEqual(['amount']);
  });

  it('turns named papers by their orientation and takes a custom size as given', () => {
    expect(pageSize('A4', 'portrait')).toEqual({ width: 210, height: 297 });
    expect(pageSize('A4', 'landscape')).toEqual({ width: 297, height: 210 });
    expect(pageSize('A5', 'landscape')).toEqual({ width: 210, height: 148 });
    expect(pageSize('A3', 'portrait')).toEqual({ width: 297, height: 420 });
    expect(pageSize('custom', 'landscape', { widthMm: 100, heightMm: 70 })).toEqual({ width: 100, height: 70 });
  });
});

describe('printElementLabel', () => {
  const source = {
    fields: [
      { key: 'holderName', title: '持票人', kind: 'text' as const },
      { key: 'faceAmount', title: '票面金额(元)', kind: 'money' as const },
    ],
    children: [{ key: 'uses', title: '使用记录' }],
  };
  it('names elements by field titles, never binding keys; fixed elements keep their names', () => {
    expect(printElementLabel('holderName', 'text', source)).toBe('持票人');
    expect(printElementLabel('faceAmount:capital', 'text', source)).toBe('票面金额(元)（金额大写）');
    expect(printElementLabel('holderName#2', 'qrcode', source)).toBe('持票人 #2');
    expect(printElementLabel('uses:useDate,houseAddress', 'table', source)).toBe('明细：使用记录');
    expect(printElementLabel('字段6', 'text', source)).toBe('字段6');
    expect(printElementLabel('holderName', 'text', null)).toBe('holderName');
  });
});

describe('fitting a layout onto its paper', () => {
  const box = (
    name: string,
    x: number,
    y: number,
    width: number,
    height: number,
    extra: object = {},
  ): PrintElement => ({
    name,
    type: 'text',
    position: { x, y },
    width,
    height,
    ...extra,
  });
  const a5 = { width: 148, height: 210 };

  it('narrows an element wider than the paper to its printable width, moves one off the edge back, leaves the rest', () => {
    const inside = box('holderName', 10, 20, 40, 8);
    const wide = box('uses:useDate,amount', 10, 85, 180, 40, {
      type: 'table',
      headWidthPercentages: [50, 50],
      bodyStyles: { fontSize: 9, padding: { top: 1.5, right: 1.5, bottom: 1.5, left: 1.5 }, fontColor: '#000' },
    });
    const off = box('ticketNo#qr', 160, 200, 30, 30, { type: 'qrcode' });
    const [page] = fitLayout({ schemas: [[inside, wide, off]] }, a5, () => ['date', 'money']).schemas;
    expect(page![0]).toBe(inside);
    expect([page![1]!.position, page![1]!.width]).toEqual([{ x: 4, y: 85 }, 140]);
    // Columns recomputed for the new width, other body styles kept.
    expect((page![1]!.headWidthPercentages as number[]).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
    expect((page![1]!.bodyStyles as { fontColor: string }).fontColor).toBe('#000');
    expect([page![2]!.position, page![2]!.width, page![2]!.height]).toEqual([{ x: 114, y: 176 }, 30, 30]);
  });

  it('gives numeric and date columns at least their widest value and text columns the rest', () => {
    const { percentages, fontSize } = tableColumns(['date', 'text', 'number', 'money', 'text'], 140);
    expect(fontSize).toBe(9);
    expect(percentages.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
    const mm = percentages.map((p) => (p / 100) * 140);
    // 99,999,999.99 at 9 pt: 13 figures × 0.6 em × 3.175 mm + 3 mm padding ≈ 27.8 mm.
    expect(mm[3]).toBeGreaterThanOrEqual(27.7);
    expect(mm[0]).toBeGreaterThanOrEqual(21.9);
    // The two text columns share the spare width equally and get more than the figures need.
    expect(mm[1]).toBeCloseTo(mm[4]!, 1);
    expect(mm[1]).toBeGreaterThan(mm[0]!);
  });

  it('shrinks the font rather than split a figure when the columns do not fit, down to a floor', () => {
    const narrow = tableColumns(['date', 'money', 'money', 'money'], 80);
    expect(narrow.fontSize).toBeLessThan(9);
    expect(narrow.fontSize).toBeGreaterThanOrEqual(TABLE_MIN_FONT_PT);
    // At the shrunk font every money column still holds 99,999,999.99.
    const need = 13 * 0.6 * narrow.fontSize * (25.4 / 72) + 3;
    for (const p of narrow.percentages.slice(1)) expect((p / 100) * 80).toBeGreaterThanOrEqual(need - 0.05);
    expect(tableColumns(['money', 'money', 'money', 'money', 'money'], 40).fontSize).toBe(TABLE_MIN_FONT_PT);
  });
});
