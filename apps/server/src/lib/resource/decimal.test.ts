import { describe, expect, it } from 'vitest';
import { ApiError } from '../http.js';
import { condition } from './list-query.js';
import { showDecimal2, storedDecimal2, toHundredthsOrNull } from './decimal.js';
import type { ResourceDef } from './resource.types.js';

const def = {
  name: 't',
  title: 't',
  table: 'bizAsset',
  path: '/t',
  fields: {
    area: { type: 'decimal2', title: '面积', filter: true },
    name: { type: 'string', title: '名称' },
  },
  permissions: { list: 'x' },
} as unknown as ResourceDef;

describe('decimal2 fields', () => {
  it('convert numbers and numeric text to hundredths exactly, refusing what is not a 2-decimal amount', () => {
    expect([toHundredthsOrNull(0.1), toHundredthsOrNull('1234.56'), toHundredthsOrNull(' 7 ')]).toEqual([
      10, 123456, 700,
    ]);
    // 1.15 * 100 is 114.99999999999999 in binary floats: the text route keeps it exact.
    expect(toHundredthsOrNull(1.15)).toBe(115);
    for (const bad of [-1, '1.234', 'abc', '1e3', Number.NaN, Infinity]) expect(toHundredthsOrNull(bad)).toBeNull();
    expect(storedDecimal2(def.fields.area!, '')).toBeNull();
    expect(() => storedDecimal2(def.fields.area!, '-3')).toThrowError(ApiError);
  });

  it('answer rows in the exchanged unit and leave other fields alone', () => {
    const rows = [
      { area: 123456, name: '甲' },
      { area: null, name: '乙' },
    ];
    showDecimal2(def, rows);
    expect(rows).toEqual([
      { area: 1234.56, name: '甲' },
      { area: null, name: '乙' },
    ]);
  });

  it('compare filters with the integer column and refuse a third decimal with the field named', () => {
    const calls: unknown[][] = [];
    const eb = Object.assign((...args: unknown[]) => calls.push(args), { ref: (c: string) => c, or: () => null });
    condition(eb as never, def, 'area', 'ge', '20.5');
    expect(calls).toEqual([['area', '>=', 2050]]);
    expect(() => condition(eb as never, def, 'area', 'eq', '1.005')).toThrowError(/面积/);
  });
});
