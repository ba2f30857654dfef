import { describe, expect, it } from 'vitest';
import {
  DESIGNER_PLUGINS,
  atToolbarSpot,
  completeElement,
  freeSpot,
  newTable,
  parseLayout,
  relabel,
  toPdfmeTemplate,
} from './pdf-template';

describe('print layout as pdfme reads it', () => {
  it('completes stored elements with their type defaults, stored values winning', () => {
    const el = completeElement({
      name: 'holderName',
      type: 'text',
      position: { x: 5, y: 6 },
      width: 40,
      height: 8,
      fontSize: 16,
    });
    expect(el.fontSize).toBe(16);
    expect(el.position).toEqual({ x: 5, y: 6 });
    expect(el.alignment).toBeDefined();
    expect(el.lineHeight).toBe(1);
    const qr = completeElement({ name: 'ticketNo', type: 'qrcode', position: { x: 0, y: 0 }, width: 20, height: 20 });
    expect(qr.barColor).toBeDefined();
  });

  it('makes a page of the template size without margins, and an empty page of a broken layout', () => {
    const t = toPdfmeTemplate({
      widthMm: 210,
      heightMm: 148,
      layout: '{"schemas":[[{"name":"a","type":"line","position":{"x":1,"y":2},"width":100,"height":0.4}]]}',
    });
    expect(t.basePdf).toEqual({ width: 210, height: 148, padding: [0, 0, 0, 0] });
    expect(t.schemas[0]![0]!.name).toBe('a');
    expect(parseLayout('nonsense')).toEqual({ schemas: [[]] });
    expect(parseLayout('{"schemas":[]}')).toEqual({ schemas: [[]] });
  });

  it("starts the designer toolbar's text, image, codes and table as fixed elements with Chinese content", () => {
    const defaults = (label: string) =>
      (DESIGNER_PLUGINS[label]!.propPanel as unknown as { defaultSchema: Record<string, unknown> }).defaultSchema;
    for (const label of ['文本', '图片', '二维码', '条形码', '表格', '直线', '矩形', '椭圆']) {
      expect([label, defaults(label).readOnly]).toEqual([label, true]);
    }
    expect(defaults('文本').content).toBe('文字');
    expect(defaults('表格').head).toEqual(['列1', '列2', '列3']);
    // Stored bound elements are still completed as bound (not read-only).
    expect(
      completeElement({ name: 'holderName', type: 'text', position: { x: 0, y: 0 }, width: 1, height: 1 }).readOnly,
    ).toBeUndefined();
  });

  it('places a new element in free space, never over another, and inside the page', () => {
    const paper = { width: 210, height: 148 };
    const size = { width: 60, height: 8 };
    const page: { position: { x: number; y: number }; width: number; height: number }[] = [];
    for (let i = 0; i < 12; i++) page.push({ position: freeSpot(page, size, paper), ...size });
    const overlap = (a: (typeof page)[0], b: (typeof page)[0]) =>
      a.position.x < b.position.x + b.width &&
      b.position.x < a.position.x + a.width &&
      a.position.y < b.position.y + b.height &&
      b.position.y < a.position.y + a.height;
    for (const [i, a] of page.entries()) {
      expect(a.position.x + a.width).toBeLessThanOrEqual(paper.width);
      expect(a.position.y + a.height).toBeLessThanOrEqual(paper.height);
      for (const b of page.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    }
    expect(page[0]!.position).toEqual({ x: 4, y: 4 });
    // A full page still answers a spot on the page.
    const full = [{ position: { x: 0, y: 0 }, width: 210, height: 148 }];
    const spot = freeSpot(full, size, paper);
    expect(spot.x + size.width).toBeLessThanOrEqual(paper.width);
    expect(spot.y + size.height).toBeLessThanOrEqual(paper.height);
  });

  it("recognises where pdfme's toolbar drops a clicked tool", () => {
    const paper = { width: 210, height: 148 };
    const at = (x: number, y: number) => atToolbarSpot({ position: { x, y }, width: 10, height: 10 }, paper);
    expect([at(0, 0), at(0, 74), at(4, 4), at(0, 30)]).toEqual([true, true, false, false]);
  });

  it('writes field titles over binding keys in the field list and tooltips', () => {
    document.body.innerHTML =
      '<div id="root"><ul><li><span title="编辑">holderName</span></li><li><span>字段6</span></li></ul>' +
      '<div class="selectable" title="uses:useDate,amount">x</div><p>holderName</p></div>';
    const root = document.getElementById('root')!;
    relabel(
      root,
      new Map([
        ['holderName', '持票人'],
        ['uses:useDate,amount', '明细：使用记录'],
        ['字段6', '字段6'],
      ]),
    );
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['持票人', '字段6']);
    expect(root.querySelector('.selectable')!.getAttribute('title')).toBe('明细：使用记录');
    // Text outside the list (a static element's content on the page) is left alone.
    expect(root.querySelector('p')!.textContent).toBe('holderName');
  });

  it('adds a child table no wider than the paper, its figures and dates in columns wide enough for them', () => {
    const cols = [
      { key: 'useDate', title: '使用日期', kind: 'date' as const },
      { key: 'houseAddress', title: '房屋地址', kind: 'text' as const },
      { key: 'area', title: '面积', kind: 'number' as const },
      { key: 'amount', title: '使用金额', kind: 'money' as const },
      { key: 'seller', title: '售房单位', kind: 'text' as const },
    ];
    // A5 portrait: 148 mm wide, so 140 mm within the margins, placed from the left margin.
    const t = newTable('uses:useDate,houseAddress,area,amount,seller', cols, { width: 148 }, { x: 40, y: 10 });
    expect([t.width, t.position]).toEqual([140, { x: 4, y: 10 }]);
    expect(t.head).toEqual(['使用日期', '房屋地址', '面积', '使用金额', '售房单位']);
    const mm = (t.headWidthPercentages as number[]).map((p) => (p / 100) * 140);
    const body = t.bodyStyles as { fontSize: number; padding: { left: number }; borderColor: string };
    // 99,999,999.99 at the body font, with padding, fits the money column: it is never split.
    expect(mm[3]).toBeGreaterThanOrEqual(13 * 0.6 * body.fontSize * (25.4 / 72) + 2 * body.padding.left - 0.05);
    expect(mm[0]).toBeGreaterThanOrEqual(10 * 0.6 * body.fontSize * (25.4 / 72) + 2 * body.padding.left - 0.05);
    // The rest of pdfme's body styles are kept (the stored object replaces the default whole).
    expect(body.borderColor).toBeDefined();
    // A4 keeps the 150 mm table where it was put.
    const a4 = newTable('uses:amount', cols.slice(3, 4), { width: 210 }, { x: 40, y: 10 });
    expect([a4.width, a4.position]).toEqual([150, { x: 40, y: 10 }]);
  });

  it('fits stored elements that leave the page when the designer or the printer reads them', () => {
    const t = toPdfmeTemplate({
      widthMm: 148,
      heightMm: 210,
      layout: JSON.stringify({
        schemas: [[{ name: 'uses:amount', type: 'table', position: { x: 4, y: 90 }, width: 150, height: 20 }]],
      }),
    });
    const el = t.schemas[0]![0]!;
    expect([el.position, el.width]).toEqual([{ x: 4, y: 90 }, 140]);
  });
});
