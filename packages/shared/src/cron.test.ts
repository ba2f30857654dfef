import { describe, expect, it } from 'vitest';
import { CronError, nextCronRuns, parseCron, validateCron } from './cron.js';
import { formatDateTime } from './format.js';

const runs = (expression: string, from: Date, count = 5) => nextCronRuns(expression, count, from).map(formatDateTime);

describe('parseCron / validateCron', () => {
  it('accepts 6 and 7 field Quartz expressions', () => {
    expect(validateCron('0 0 12 * * ?')).toBeNull();
    expect(validateCron('0 0 12 * * ? *')).toBeNull();
    expect(validateCron('0 15 10 ? * MON-FRI 2026')).toBeNull();
    expect(validateCron('0 0/5 14,18 * JAN-MAR ? 2019-2119')).toBeNull();
  });

  it('rejects a wrong field count', () => {
    expect(validateCron('* * * * *')).toBe('Cron 表达式应由 6 或 7 个字段组成（秒 分 时 日 月 周 [年]）');
    expect(validateCron('')).toMatch(/6 或 7 个字段/);
    expect(validateCron('0 0 0 * * ? * 1')).toMatch(/6 或 7 个字段/);
  });

  it('needs exactly one of day and week to be ?', () => {
    expect(validateCron('0 0 0 * * *')).toBe('日和周必须有且只有一个为 ?');
    expect(validateCron('0 0 0 ? * ?')).toBe('日和周必须有且只有一个为 ?');
    expect(validateCron('0 0 0 ? * ? *')).toBe('日和周必须有且只有一个为 ?');
  });

  it('names the field and the bound that is broken', () => {
    expect(validateCron('60 0 0 * * ?')).toBe('秒：取值应在 0-59 之间');
    expect(validateCron('0 0 24 * * ?')).toBe('时：取值应在 0-23 之间');
    expect(validateCron('0 0 0 32 * ?')).toBe('日：取值应在 1-31 之间');
    expect(validateCron('0 0 0 ? 13 1')).toBe('月：取值应在 1-12 之间');
    expect(validateCron('0 0 0 ? * 8')).toBe('周：取值应在 1-7 之间');
    expect(validateCron('0 0 0 ? * 2#6')).toBe('周：第几周应在 1-5 之间');
    expect(validateCron('0 0/0 0 * * ?')).toBe('分：步长应在 1-60 之间');
    expect(validateCron('0 0 0 * * ? 2300')).toBe('年：取值应在 1970-2199 之间');
    expect(validateCron('? 0 0 * * ?')).toBe('秒：只有日和周可以使用 ?');
    expect(validateCron('a 0 0 * * ?')).toBe('秒：无法识别“a”');
    expect(validateCron('0 0 0 5L * ?')).toBe('日：无法识别“5L”');
  });

  it('throws CronError from parseCron', () => {
    expect(() => parseCron('bad')).toThrow(CronError);
  });

  it('expands ranges, increments, lists and wrapping ranges', () => {
    const cron = parseCron('0/15 5-8 22-2 * 1/5 ? *');
    expect(cron.seconds).toEqual([0, 15, 30, 45]);
    expect(cron.minutes).toEqual([5, 6, 7, 8]);
    expect(cron.hours).toEqual([0, 1, 2, 22, 23]);
    expect(cron.months).toEqual([1, 6, 11]);
    expect(cron.years).toBeNull();
  });
});

describe('nextCronRuns', () => {
  const from = new Date(2026, 10, 22, 10, 30, 15); // Sunday 22 November 2026, 10:30:15

  it('gives the next five runs strictly after the start', () => {
    expect(runs('0 0 12 * * ?', from)).toEqual([
      '2026-11-22 12:00:00',
      '2026-11-23 12:00:00',
      '2026-11-24 12:00:00',
      '2026-11-25 12:00:00',
      '2026-11-26 12:00:00',
    ]);
    expect(runs('15 30 10 * * ?', from, 1)).toEqual(['2026-11-23 10:30:15']);
    expect(runs('*/20 * * * * ?', from, 3)).toEqual([
      '2026-11-22 10:30:20',
      '2026-11-22 10:30:40',
      '2026-11-22 10:31:00',
    ]);
  });

  it('L is the last day of the month, L-2 two days before it', () => {
    expect(runs('0 0 0 L * ?', from, 4)).toEqual([
      '2026-11-30 00:00:00',
      '2026-12-31 00:00:00',
      '2027-01-31 00:00:00',
      '2027-02-28 00:00:00',
    ]);
    expect(runs('0 0 0 L-2 2 ? 2028', from, 1)).toEqual(['2028-02-27 00:00:00']);
  });

  it('W is the nearest weekday inside the month, LW the last weekday', () => {
    // 1 May 2027 is a Saturday → Monday 3rd; 15 Aug 2027 is a Sunday → Monday 16th.
    expect(runs('0 0 9 1W 5 ? 2027', from, 1)).toEqual(['2027-05-03 09:00:00']);
    expect(runs('0 0 9 15W 8 ? 2027', from, 1)).toEqual(['2027-08-16 09:00:00']);
    // 31 Jan 2027 is a Sunday → Friday 29th.
    expect(runs('0 0 9 LW 1 ? 2027', from, 1)).toEqual(['2027-01-29 09:00:00']);
  });

  it('# is the nth weekday of the month, nL the last one', () => {
    // Third Friday (6#3) of December 2026 is the 18th; last Monday (2L) of November 2026 is the 30th.
    expect(runs('0 0 8 ? * 6#3', from, 2)).toEqual(['2026-12-18 08:00:00', '2027-01-15 08:00:00']);
    expect(runs('0 0 8 ? * 2L', from, 1)).toEqual(['2026-11-30 08:00:00']);
    // A fifth Sunday exists only in some months: November 2026 has one on the 29th.
    expect(runs('0 0 8 ? * 1#5', from, 1)).toEqual(['2026-11-29 08:00:00']);
  });

  it('week days count from Sunday = 1 and accept names', () => {
    expect(runs('0 0 9 ? * 2-6', from, 3)).toEqual([
      '2026-11-23 09:00:00',
      '2026-11-24 09:00:00',
      '2026-11-25 09:00:00',
    ]);
    expect(runs('0 0 9 ? * SAT,SUN', from, 2)).toEqual(['2026-11-28 09:00:00', '2026-11-29 09:00:00']);
  });

  it('honours the year field and stops when the years run out', () => {
    expect(runs('0 0 0 1 1 ? 2028-2030', from)).toEqual([
      '2028-01-01 00:00:00',
      '2029-01-01 00:00:00',
      '2030-01-01 00:00:00',
    ]);
    expect(runs('0 0 0 1 1 ? 2019/50', from)).toEqual([
      '2069-01-01 00:00:00',
      '2119-01-01 00:00:00',
      '2169-01-01 00:00:00',
    ]);
    expect(runs('0 0 0 1 1 ? 2020', from)).toEqual([]);
    expect(runs('0 0 0 30 2 ?', from)).toEqual([]);
  });

  it('crosses month and year ends', () => {
    expect(runs('0 59 23 31 12 ?', new Date(2026, 11, 31, 23, 59, 0), 1)).toEqual(['2027-12-31 23:59:00']);
    expect(runs('0 0 0 29 2 ?', from, 1)).toEqual(['2028-02-29 00:00:00']);
  });
});
