import { describe, expect, it } from 'vitest';
import { pageSize, parseBinding } from './print.js';

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
