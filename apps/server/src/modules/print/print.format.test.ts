import { describe, expect, it } from 'vitest';
import { chineseDate, formatField, moneyText } from './print.service.js';

const env = { origin: 'http://host' };

describe('print field formats', () => {
  it('writes money with thousands and two decimals, and in Chinese capitals on request', () => {
    expect(moneyText(1234567.5)).toBe('1,234,567.50');
    expect(moneyText(0)).toBe('0.00');
    expect(moneyText(-12)).toBe('-12.00');
    const money = { key: 'faceAmount', title: '票面金额', kind: 'money' as const };
    expect(formatField(money, null, { faceAmount: 12000 }, env)).toBe('12,000.00');
    expect(formatField(money, 'capital', { faceAmount: 12000 }, env)).toBe('壹万贰仟元整');
    expect(formatField(money, 'capital', { faceAmount: 10010.5 }, env)).toBe('壹万零壹拾元伍角');
    expect(formatField(money, null, { faceAmount: null }, env)).toBe('');
  });

  it('writes dates as stored or in Chinese, and dictionary fields by their label unless the code is asked for', () => {
    expect(chineseDate('2026-01-05')).toBe('2026年1月5日');
    const date = { key: 'issueDate', title: '发放日期', kind: 'date' as const };
    expect(formatField(date, null, { issueDate: '2026-11-25' }, env)).toBe('2026-11-25');
    expect(formatField(date, 'cn', { issueDate: '2026-11-25' }, env)).toBe('2026年11月25日');
    const dict = { key: 'status', title: '状态', kind: 'dict' as const };
    const row = { status: 'issued', status_dictText: '已发放' };
    expect(formatField(dict, null, row, env)).toBe('已发放');
    expect(formatField(dict, 'code', row, env)).toBe('issued');
    expect(formatField(dict, null, { status: 'odd' }, env)).toBe('odd');
  });

  it('computes derived fields such as a public link from the row', () => {
    const link = {
      key: 'publicUrl',
      title: '公开页面链接',
      kind: 'url' as const,
      value: (r: Record<string, unknown>, e: typeof env) =>
        r.published ? `${e.origin}/infoDetails?id=${String(r.id)}` : '',
    };
    expect(formatField(link, null, { id: 'a1', published: 1 }, env)).toBe('http://host/infoDetails?id=a1');
    expect(formatField(link, null, { id: 'a1', published: 0 }, env)).toBe('');
  });
});
