import { describe, expect, it } from 'vitest';
import {
  CURRENCY_TOO_LARGE_MESSAGE,
  formatDate,
  formatDateTime,
  formatTime,
  greetingOf,
  randomId,
  toChineseCurrency,
} from './format.js';

describe('toChineseCurrency', () => {
  it.each([
    [0, '零元整'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [1, '壹元整'],
    [10.05, '壹拾元零伍分'],
    [12000, '壹万贰仟元整'],
    [10010.5, '壹万零壹拾元伍角'],
    [1001.01, '壹仟零壹元零壹分'],
    [100000001, '壹亿零壹元整'],
    [100010000, '壹亿零壹万元整'],
    [1230000000000, '壹万贰仟叁佰亿元整'],
    [999999999999999, '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
    ['1,234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    [-8.8, '负捌元捌角'],
  ])('%s → %s', (amount, text) => {
    expect(toChineseCurrency(amount)).toBe(text);
  });

  it('refuses 1e15 and more', () => {
    expect(() => toChineseCurrency(1e15)).toThrow(CURRENCY_TOO_LARGE_MESSAGE);
    expect(() => toChineseCurrency(-1e15)).toThrow('金额过大，应小于1000万亿元');
    expect(() => toChineseCurrency(1e15 - 1)).not.toThrow();
  });

  it('refuses what is not a number', () => {
    expect(() => toChineseCurrency('abc')).toThrow('请输入正确的金额');
    expect(() => toChineseCurrency('')).toThrow('请输入正确的金额');
    expect(() => toChineseCurrency(Number.NaN)).toThrow('请输入正确的金额');
  });
});

describe('randomId', () => {
  it('is 32 hex characters and does not repeat', () => {
    const ids = new Set(Array.from({ length: 200 }, randomId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('greetingOf (time bands)', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('%s o’clock → %s', (hour, text) => {
    expect(greetingOf(new Date(2026, 0, 1, hour, 59))).toBe(text);
  });
});

describe('date formats', () => {
  const date = new Date(2026, 0, 5, 8, 3, 9);
  it('formats YYYY-MM-DD, YYYY-MM-DD HH:mm:ss and HH:mm:ss', () => {
    expect(formatDate(date)).toBe('2026-01-05');
    expect(formatDateTime(date)).toBe('2026-01-05 08:03:09');
    expect(formatTime(date)).toBe('08:03:09');
    expect(formatDate('not a date')).toBe('');
  });
});
