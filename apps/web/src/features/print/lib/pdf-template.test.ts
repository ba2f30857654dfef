import { describe, expect, it } from 'vitest';
import { completeElement, parseLayout, toPdfmeTemplate } from './pdf-template';

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
});
