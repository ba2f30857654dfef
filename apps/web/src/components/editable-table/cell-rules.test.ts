import { describe, expect, it } from 'vitest';
import { acceptNumberInput, formatTags, numberOnBlur } from './cell-input-rules';
import { NAMED_PATTERNS, fillTemplate, validateCell } from './cell-validation';
import type { EditableColumn } from './editable-table-types';
import { columnStatistic } from './statistics-row';
import {
  columnWidth,
  fitColumnWidths,
  newTempId,
  normalizeRowKey,
  placeholderOf,
  stripTempId,
  toRowList,
} from './table-data';

const noDuplicates = () => false;

describe('named patterns (widgets-spec §5)', () => {
  const cases: [string, string[], string[]][] = [
    ['n6-16', ['123456', '1234567890123456'], ['12345', '12345678901234567', '12345a']],
    ['*6-16', ['abc de', '中文六个字符啊'], ['abc', 'x'.repeat(17)]],
    ['s6-18', ['abcdef', 'ABCDEFghijklmnopqr'], ['abcde', 'abc123', 'a'.repeat(19)]],
    ['url', ['http://a.cn', 'https://www.example.com/x?y=1'], ['www.example.com', 'http//a']],
    ['e', ['a.b@c.cn'], ['a@b', 'ab.cn']],
    ['m', ['13912345678', '19912345678'], ['12912345678', '1391234567', '23912345678']],
    ['p', ['100000', '510000'], ['012345', '12345', '1234567']],
    ['s', ['abc', 'XyZ'], ['ab1', 'a b']],
    ['n', ['12', '-3.5', '0.25'], ['1.', 'abc', '1e3']],
    ['z', ['12', '-3'], ['1.5', 'x']],
    ['*', ['a'], ['  ']],
    ['money', ['12', '12.3', '-12.34'], ['12.345', '12.']],
  ];
  it.each(cases)('%s', (code, good, bad) => {
    for (const v of good) expect(NAMED_PATTERNS[code]!.test(v), `${code} accepts ${v}`).toBe(true);
    for (const v of bad) expect(NAMED_PATTERNS[code]!.test(v), `${code} refuses ${v}`).toBe(false);
  });
});

describe('validateCell', () => {
  const column = (rules: EditableColumn['validateRules']): EditableColumn => ({
    key: 'code',
    title: '编码',
    type: 'input',
    validateRules: rules,
  });

  it('checks rules in order and the first failure wins', () => {
    const c = column([
      { required: true, message: '${title}必填' },
      { pattern: 'n6-16', message: '6到16位数字' },
      { pattern: 'z', message: '整数' },
    ]);
    expect(validateCell(c, '', {}, noDuplicates)).toBe('编码必填');
    expect(validateCell(c, null, {}, noDuplicates)).toBe('编码必填');
    expect(validateCell(c, '12a', {}, noDuplicates)).toBe('6到16位数字');
    expect(validateCell(c, '1234567', {}, noDuplicates)).toBeNull();
  });

  it('applies patterns only to non-empty values', () => {
    const c = column([{ pattern: 'm', message: '手机号不正确' }]);
    expect(validateCell(c, '', {}, noDuplicates)).toBeNull();
    expect(validateCell(c, '123', {}, noDuplicates)).toBe('手机号不正确');
  });

  it('fails unique (or pattern only) when another row has the value', () => {
    for (const rule of [{ unique: true }, { pattern: 'only' }]) {
      const c = column([rule]);
      expect(validateCell(c, 'A', {}, () => true)).toBe('编码不能重复');
      expect(validateCell(c, 'A', {}, () => false)).toBeNull();
    }
  });

  it('supports a custom regex and a custom handler with a callback', async () => {
    expect(validateCell(column([{ pattern: '^A', message: '以A开头' }]), 'B', {}, noDuplicates)).toBe('以A开头');
    expect(validateCell(column([{ pattern: /^A/, message: '以A开头' }]), 'A1', {}, noDuplicates)).toBeNull();
    const handled = column([
      {
        handler: ({ value }, callback) => setTimeout(() => callback(value !== 'bad', '不允许的值'), 5),
      },
      { pattern: 'z', message: '整数' },
    ]);
    await expect(validateCell(handled, 'bad', {}, noDuplicates)).resolves.toBe('不允许的值');
    // A passing handler leaves the later rules to decide.
    await expect(validateCell(handled, 'ok', {}, noDuplicates)).resolves.toBe('整数');
    await expect(validateCell(handled, '7', {}, noDuplicates)).resolves.toBeNull();
  });

  it('substitutes ${title}, ${key} and ${defaultValue}', () => {
    const c = { key: 'age', title: '年龄', defaultValue: 18 };
    expect(fillTemplate('请输入${title}(${key})，默认${defaultValue}', c)).toBe('请输入年龄(age)，默认18');
    expect(placeholderOf({ ...c, type: 'input' })).toBe('请输入年龄');
    expect(placeholderOf({ ...c, type: 'select' })).toBe('请选择年龄');
    expect(placeholderOf({ ...c, type: 'input', placeholder: '${key}=${defaultValue}' })).toBe('age=18');
  });
});

describe('number and tags input rules', () => {
  it('accepts only an optional minus, digits and a decimal part; invalid input is reverted', () => {
    expect(acceptNumberInput('-12.5', '-12.')).toBe('-12.5');
    expect(acceptNumberInput('-', '')).toBe('-');
    expect(acceptNumberInput('12a', '12')).toBe('12');
    expect(acceptNumberInput('1-2', '1')).toBe('1');
    expect(acceptNumberInput('1.2.3', '1.2')).toBe('1.2');
  });
  it('converts to a number on blur, or empties a non-number', () => {
    expect(numberOnBlur('12.50')).toBe(12.5);
    expect(numberOnBlur('-3')).toBe(-3);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('.5')).toBe('');
    expect(numberOnBlur('')).toBe('');
  });
  it('puts a semicolon after every 2 characters and drops typed ones', () => {
    expect(formatTags('abcde')).toBe('ab;cd;e');
    expect(formatTags('ab;;cd;')).toBe('ab;cd');
    expect(formatTags('a;b')).toBe('ab');
    expect(formatTags('中文标签')).toBe('中文;标签');
  });
});

describe('table data helpers', () => {
  it('uses the column widths of §9', () => {
    expect(columnWidth({ type: 'input' })).toBe(120);
    expect(columnWidth({ type: 'date' })).toBe(135);
    expect(columnWidth({ type: 'date', width: 100 })).toBe(135);
    expect(columnWidth({ type: 'datetime' })).toBe(200);
    expect(columnWidth({ type: 'datetime', width: 150 })).toBe(190);
    expect(columnWidth({ type: 'sel_user' })).toBe(220);
    // 160 is the department column's width, raised to its 190 minimum.
    expect(columnWidth({ type: 'sel_depart' })).toBe(190);
    expect(columnWidth({ type: 'sel_depart', width: 240 })).toBe(240);
  });

  it('stretches the columns to the dialog width and never below their own widths', () => {
    // Two columns in a 952 px dialog body: the grid used to end at 324 px; now it reaches the edge.
    const fitted = fitColumnWidths([120, 135], 84, 952);
    expect(fitted.reduce((a, b) => a + b, 0) + 84).toBe(952);
    expect(fitted[1]! / fitted[0]!).toBeCloseTo(135 / 120, 1);
    // Too narrow for the columns (a phone): they keep their widths and the grid scrolls.
    expect(fitColumnWidths([120, 135], 84, 300)).toEqual([120, 135]);
    // Not laid out yet (width 0): unchanged.
    expect(fitColumnWidths([120, 200], 0, 0)).toEqual([120, 200]);
  });

  it('generates temporary ids and strips their prefix on read', () => {
    const id = newTempId();
    expect(id).toMatch(/^tmp_[0-9a-f]{32}$/);
    expect(stripTempId(id)).toMatch(/^[0-9a-f]{32}$/);
    expect(stripTempId('persisted-1')).toBe('persisted-1');
    expect(normalizeRowKey('x'.repeat(60))).toHaveLength(50);
  });

  it('accepts a list, a page or an answer, and refuses anything else', () => {
    expect(toRowList([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(toRowList({ records: [{ id: 2 }], total: 1 })).toEqual([{ id: 2 }]);
    expect(toRowList({ success: true, result: { records: [{ id: 3 }] } })).toEqual([{ id: 3 }]);
    expect(toRowList(undefined)).toEqual([]);
    expect(() => toRowList('rows')).toThrow('返回数据类型不识别');
    expect(() => toRowList({ rows: [] })).toThrow('返回数据类型不识别');
    expect(() => toRowList([1, 2])).toThrow('返回数据类型不识别');
  });

  it('sums integers, averages, and shows - when the sum fails', () => {
    const rows = [{ n: 1 }, { n: '2' }, { n: '' }, { n: 3.9 }];
    expect(columnStatistic(rows, 'n', 'sum')).toBe('6');
    expect(columnStatistic(rows, 'n', 'average')).toBe('1.5');
    expect(columnStatistic([...rows, { n: 'abc' }], 'n', 'sum')).toBe('-');
  });
});
