/*
 * Quartz cron expressions (widgets-spec §3 and §5): "second minute hour day month week [year]".
 * Written here rather than taken from a library so the browser (cron editor preview) and the server
 * (scheduled-job validation) accept exactly the same strings, including L, W, # and the year field.
 */

export const CRON_FIELDS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronFieldName = (typeof CRON_FIELDS)[number];

export const CRON_FIELD_LABELS: Record<CronFieldName, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** Bounds the parser accepts. The editor's input bounds (CRON_EDITOR_BOUNDS) are narrower. */
const FIELD_RANGE: Record<CronFieldName, [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  week: [1, 7],
  year: [1970, 2199],
};

/** Cron editor input bounds (widgets-spec §5). */
export const CRON_EDITOR_BOUNDS = {
  secondIncrement: [1, 59],
  secondStart: [0, 59],
  minuteIncrement: [1, 60],
  minuteStart: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  weekDay: [1, 7],
  nthWeekday: [1, 5],
  monthIncrement: [0, 12],
  monthRange: [1, 12],
  yearIncrement: [1, 99],
  year: [2019, 2119],
} as const satisfies Record<string, readonly [number, number]>;

export const CRON_YEAR_MIN = CRON_EDITOR_BOUNDS.year[0];
export const CRON_YEAR_MAX = CRON_EDITOR_BOUNDS.year[1];

/** Quartz numbers week days from Sunday = 1. */
export const CRON_WEEK_DAY_LABELS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export class CronError extends Error {
  override name = 'CronError';
}

type DaySpec =
  | { kind: 'any' }
  | { kind: 'values'; values: Set<number> }
  | { kind: 'last'; offset: number }
  | { kind: 'lastWeekday' }
  | { kind: 'nearestWeekday'; day: number };

type WeekSpec =
  | { kind: 'any' }
  | { kind: 'values'; values: Set<number> }
  | { kind: 'lastOf'; weekDay: number }
  | { kind: 'nth'; weekDay: number; nth: number };

export interface ParsedCron {
  seconds: number[];
  minutes: number[];
  hours: number[];
  months: number[];
  /** null when the year field is absent or '*': every year. */
  years: number[] | null;
  day: DaySpec;
  week: WeekSpec;
}

function fail(field: CronFieldName, detail: string): never {
  throw new CronError(`${CRON_FIELD_LABELS[field]}：${detail}`);
}

function toNumber(field: CronFieldName, text: string): number {
  const upper = text.toUpperCase();
  if (field === 'month') {
    const index = MONTH_NAMES.indexOf(upper);
    if (index >= 0) return index + 1;
  }
  if (field === 'week') {
    const index = WEEK_NAMES.indexOf(upper);
    if (index >= 0) return index + 1;
  }
  if (!/^\d+$/.test(text)) fail(field, `无法识别“${text}”`);
  const value = Number(text);
  const [min, max] = FIELD_RANGE[field];
  if (value < min || value > max) fail(field, `取值应在 ${min}-${max} 之间`);
  return value;
}

/** A list of `*`, `n`, `a-b`, `a/b`, `*\/b` and `a-b/c` items, expanded to the sorted values it matches. */
function parseValues(field: CronFieldName, text: string): number[] {
  const [min, max] = FIELD_RANGE[field];
  const values = new Set<number>();
  for (const item of text.split(',')) {
    if (!item) fail(field, '格式不正确');
    const [rangePart, stepPart, extra] = item.split('/');
    if (extra !== undefined || rangePart === undefined) fail(field, '格式不正确');
    let step = 1;
    if (stepPart !== undefined) {
      if (!/^\d+$/.test(stepPart)) fail(field, '步长应为数字');
      step = Number(stepPart);
      if (step < 1 || step > max - min + 1) fail(field, `步长应在 1-${max - min + 1} 之间`);
    }
    let start: number;
    let end: number;
    if (rangePart === '*') {
      start = min;
      end = max;
    } else if (rangePart.includes('-')) {
      const [from, to, more] = rangePart.split('-');
      if (from === undefined || to === undefined || more !== undefined || !from || !to) fail(field, '格式不正确');
      start = toNumber(field, from);
      end = toNumber(field, to);
    } else {
      start = toNumber(field, rangePart);
      // "a/b" runs from a to the field's end; a plain number is just itself.
      end = stepPart === undefined ? start : max;
    }
    // Quartz lets ranges wrap (hour 22-2, FRI-MON).
    const span = end >= start ? end - start : max - start + 1 + (end - min);
    for (let offset = 0; offset <= span; offset += step) {
      values.add(((start - min + offset) % (max - min + 1)) + min);
    }
  }
  return [...values].sort((a, b) => a - b);
}

function parseDay(text: string): DaySpec {
  if (text === '?' || text === '*') return { kind: 'any' };
  const upper = text.toUpperCase();
  if (upper === 'L') return { kind: 'last', offset: 0 };
  if (upper === 'LW') return { kind: 'lastWeekday' };
  const lastOffset = /^L-(\d+)$/.exec(upper);
  if (lastOffset) {
    const offset = Number(lastOffset[1]);
    if (offset > 30) fail('day', 'L- 后的天数应在 0-30 之间');
    return { kind: 'last', offset };
  }
  const nearest = /^(\d+)W$/.exec(upper);
  if (nearest) return { kind: 'nearestWeekday', day: toNumber('day', nearest[1] ?? '') };
  if (/[LW#?]/.test(upper)) fail('day', `无法识别“${text}”`);
  return { kind: 'values', values: new Set(parseValues('day', text)) };
}

function parseWeek(text: string): WeekSpec {
  if (text === '?' || text === '*') return { kind: 'any' };
  const upper = text.toUpperCase();
  if (upper === 'L') return { kind: 'values', values: new Set([7]) };
  const last = /^([A-Z]+|\d+)L$/.exec(upper);
  if (last) return { kind: 'lastOf', weekDay: toNumber('week', last[1] ?? '') };
  const nth = /^([A-Z]+|\d+)#(\d+)$/.exec(upper);
  if (nth) {
    const n = Number(nth[2]);
    if (n < 1 || n > 5) fail('week', '第几周应在 1-5 之间');
    return { kind: 'nth', weekDay: toNumber('week', nth[1] ?? ''), nth: n };
  }
  if (/[LW#?]/.test(upper)) fail('week', `无法识别“${text}”`);
  return { kind: 'values', values: new Set(parseValues('week', text)) };
}

/** Parses a Quartz expression (6 or 7 fields); throws CronError with a Chinese message. */
export function parseCron(expression: string): ParsedCron {
  const parts = expression.trim().split(/\s+/);
  if (!expression.trim() || parts.length < 6 || parts.length > 7) {
    throw new CronError('Cron 表达式应由 6 或 7 个字段组成（秒 分 时 日 月 周 [年]）');
  }
  const [second, minute, hour, day, month, week, year] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  for (const [field, text] of [
    ['second', second],
    ['minute', minute],
    ['hour', hour],
    ['month', month],
    ['year', year ?? '*'],
  ] as const) {
    if (text.includes('?')) fail(field, '只有日和周可以使用 ?');
  }
  if ((day === '?') === (week === '?')) {
    throw new CronError('日和周必须有且只有一个为 ?');
  }
  return {
    seconds: parseValues('second', second),
    minutes: parseValues('minute', minute),
    hours: parseValues('hour', hour),
    months: parseValues('month', month),
    years: year === undefined || year === '*' ? null : parseValues('year', year),
    day: parseDay(day),
    week: parseWeek(week),
  };
}

/** The Chinese error message for an invalid expression, or null when it is valid. */
export function validateCron(expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (error) {
    if (error instanceof CronError) return error.message;
    throw error;
  }
}

function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

function weekDayOf(year: number, month: number, day: number): number {
  return new Date(year, month - 1, day).getDay() + 1;
}

/** The weekday (Mon-Fri) nearest to `day` without leaving the month, as Quartz's W does. */
function nearestWeekday(year: number, month: number, day: number): number {
  const last = daysInMonth(year, month);
  const target = Math.min(day, last);
  const weekDay = weekDayOf(year, month, target);
  if (weekDay === 7) return target === 1 ? 3 : target - 1; // Saturday
  if (weekDay === 1) return target === last ? target - 2 : target + 1; // Sunday
  return target;
}

function matchingDays(cron: ParsedCron, year: number, month: number): number[] {
  const last = daysInMonth(year, month);
  const all = Array.from({ length: last }, (_, index) => index + 1);
  const { day, week } = cron;
  switch (day.kind) {
    case 'values':
      return all.filter((d) => day.values.has(d));
    case 'last':
      return last - day.offset >= 1 ? [last - day.offset] : [];
    case 'lastWeekday':
      return [nearestWeekday(year, month, last)];
    case 'nearestWeekday':
      return day.day > last ? [] : [nearestWeekday(year, month, day.day)];
    case 'any':
      break;
  }
  switch (week.kind) {
    case 'any':
      return all;
    case 'values':
      return all.filter((d) => week.values.has(weekDayOf(year, month, d)));
    case 'lastOf':
      return all.filter((d) => d + 7 > last && weekDayOf(year, month, d) === week.weekDay);
    case 'nth': {
      const first = all.find((d) => weekDayOf(year, month, d) === week.weekDay) ?? 1;
      const target = first + (week.nth - 1) * 7;
      return target <= last ? [target] : [];
    }
  }
}

/**
 * The next `count` run times strictly after `from`, in local time. Stops at the parser's last year,
 * so an expression that never fires again (e.g. 30 February) gives fewer results.
 */
export function nextCronRuns(expression: string | ParsedCron, count = 5, from: Date = new Date()): Date[] {
  const cron = typeof expression === 'string' ? parseCron(expression) : expression;
  const start = new Date(from.getTime());
  start.setMilliseconds(0);
  start.setSeconds(start.getSeconds() + 1);
  const [fy, fm, fd, fh, fmi, fs] = [
    start.getFullYear(),
    start.getMonth() + 1,
    start.getDate(),
    start.getHours(),
    start.getMinutes(),
    start.getSeconds(),
  ];
  const lastYear = FIELD_RANGE.year[1];
  const years = (cron.years ?? Array.from({ length: lastYear - fy + 1 }, (_, index) => fy + index)).filter(
    (year) => year >= fy,
  );
  const runs: Date[] = [];
  for (const year of years) {
    const sameYear = year === fy;
    for (const month of cron.months) {
      if (sameYear && month < fm) continue;
      const sameMonth = sameYear && month === fm;
      for (const day of matchingDays(cron, year, month)) {
        if (sameMonth && day < fd) continue;
        const sameDay = sameMonth && day === fd;
        for (const hour of cron.hours) {
          if (sameDay && hour < fh) continue;
          const sameHour = sameDay && hour === fh;
          for (const minute of cron.minutes) {
            if (sameHour && minute < fmi) continue;
            const sameMinute = sameHour && minute === fmi;
            for (const second of cron.seconds) {
              if (sameMinute && second < fs) continue;
              runs.push(new Date(year, month - 1, day, hour, minute, second));
              if (runs.length >= count) return runs;
            }
          }
        }
      }
    }
  }
  return runs;
}
