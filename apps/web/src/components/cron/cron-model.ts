import { CRON_EDITOR_BOUNDS, CRON_FIELDS, type CronFieldName } from '@district/shared';

/** The choices each field tab offers; the expression is rebuilt from these on every edit. */
export type CronMode =
  | 'every'
  | 'unspecified'
  | 'range'
  | 'increment'
  | 'specific'
  | 'lastDay'
  | 'nearestWeekday'
  | 'nthWeekday'
  | 'lastWeekDay';

export interface CronFieldState {
  mode: CronMode;
  rangeStart: number;
  rangeEnd: number;
  incStart: number;
  incStep: number;
  specific: number[];
  /** Day tab: the day whose nearest weekday is meant (nW). */
  nearestDay: number;
  /** Week tab: n of "the nth <weekday>" (d#n). */
  nth: number;
  /** Week tab: the weekday used by nth and last-weekday (Sunday = 1). */
  weekDay: number;
}

export type CronState = Record<CronFieldName, CronFieldState>;

type Bounds = readonly [number, number];

export interface CronFieldConfig {
  /** Tab title. */
  label: string;
  /** Unit used in sentences ("从 0 秒开始"). */
  unit: string;
  modes: CronMode[];
  range: Bounds;
  incStart: Bounds;
  incStep: Bounds;
  /** Values offered as checkboxes. */
  specific: Bounds;
}

const B = CRON_EDITOR_BOUNDS;

export const CRON_FIELD_CONFIG: Record<CronFieldName, CronFieldConfig> = {
  second: {
    label: '秒',
    unit: '秒',
    modes: ['every', 'range', 'increment', 'specific'],
    range: B.secondStart,
    incStart: B.secondStart,
    incStep: B.secondIncrement,
    specific: [0, 59],
  },
  minute: {
    label: '分钟',
    unit: '分钟',
    modes: ['every', 'range', 'increment', 'specific'],
    range: B.minuteStart,
    incStart: B.minuteStart,
    incStep: B.minuteIncrement,
    specific: [0, 59],
  },
  hour: {
    label: '小时',
    unit: '小时',
    modes: ['every', 'range', 'increment', 'specific'],
    range: B.hour,
    incStart: B.hour,
    incStep: [1, B.hour[1]],
    specific: B.hour,
  },
  day: {
    label: '日',
    unit: '日',
    modes: ['every', 'unspecified', 'range', 'increment', 'nearestWeekday', 'lastDay', 'specific'],
    range: B.day,
    incStart: B.day,
    incStep: B.day,
    specific: B.day,
  },
  month: {
    label: '月',
    unit: '月',
    modes: ['every', 'range', 'increment', 'specific'],
    range: B.monthRange,
    incStart: B.monthIncrement,
    incStep: B.monthIncrement,
    specific: B.monthRange,
  },
  week: {
    label: '周',
    unit: '周',
    modes: ['unspecified', 'every', 'range', 'nthWeekday', 'lastWeekDay', 'specific'],
    range: B.weekDay,
    incStart: B.weekDay,
    incStep: B.weekDay,
    specific: B.weekDay,
  },
  year: {
    label: '年',
    unit: '年',
    modes: ['every', 'range', 'increment'],
    range: B.year,
    incStart: B.year,
    incStep: B.yearIncrement,
    specific: B.year,
  },
};

export const DEFAULT_CRON = '0 0 0 * * ? *';

function defaultField(field: CronFieldName): CronFieldState {
  const config = CRON_FIELD_CONFIG[field];
  const year = new Date().getFullYear();
  const isYear = field === 'year';
  return {
    mode: field === 'week' ? 'unspecified' : 'every',
    rangeStart: isYear ? year : config.range[0],
    rangeEnd: isYear ? year + 1 : Math.min(config.range[0] + 1, config.range[1]),
    incStart: isYear ? year : Math.max(config.incStart[0], config.range[0]),
    incStep: Math.max(1, config.incStep[0]),
    specific: [],
    nearestDay: 1,
    nth: 1,
    weekDay: 2,
  };
}

/** Reads one field into tab state; returns null for forms the tabs cannot show (they keep their defaults). */
export function fieldFromText(field: CronFieldName, text: string): CronFieldState | null {
  const state = defaultField(field);
  const upper = text.toUpperCase();
  const int = (value: string | undefined) => Number(value);
  let match: RegExpExecArray | null;
  if (text === '*') state.mode = 'every';
  else if (text === '?') state.mode = 'unspecified';
  else if ((match = /^(\d+)-(\d+)$/.exec(text))) {
    state.mode = 'range';
    state.rangeStart = int(match[1]);
    state.rangeEnd = int(match[2]);
  } else if ((match = /^(\d+|\*)\/(\d+)$/.exec(text))) {
    state.mode = 'increment';
    state.incStart = match[1] === '*' ? CRON_FIELD_CONFIG[field].incStart[0] : int(match[1]);
    state.incStep = int(match[2]);
  } else if (/^\d+(,\d+)*$/.test(text)) {
    state.mode = 'specific';
    state.specific = [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);
  } else if (field === 'day' && upper === 'L') state.mode = 'lastDay';
  else if (field === 'day' && (match = /^(\d+)W$/.exec(upper))) {
    state.mode = 'nearestWeekday';
    state.nearestDay = int(match[1]);
  } else if (field === 'week' && (match = /^(\d)#(\d)$/.exec(text))) {
    state.mode = 'nthWeekday';
    state.weekDay = int(match[1]);
    state.nth = int(match[2]);
  } else if (field === 'week' && (match = /^(\d)L$/.exec(upper))) {
    state.mode = 'lastWeekDay';
    state.weekDay = int(match[1]);
  } else return null;
  if (!CRON_FIELD_CONFIG[field].modes.includes(state.mode)) return null;
  return state;
}

export function fieldToText(state: CronFieldState): string {
  switch (state.mode) {
    case 'every':
      return '*';
    case 'unspecified':
      return '?';
    case 'range':
      return `${state.rangeStart}-${state.rangeEnd}`;
    case 'increment':
      return `${state.incStart}/${state.incStep}`;
    case 'specific':
      return state.specific.length ? [...state.specific].sort((a, b) => a - b).join(',') : '*';
    case 'lastDay':
      return 'L';
    case 'nearestWeekday':
      return `${state.nearestDay}W`;
    case 'nthWeekday':
      return `${state.weekDay}#${state.nth}`;
    case 'lastWeekDay':
      return `${state.weekDay}L`;
  }
}

/** Tab state for an expression; fields the tabs cannot show fall back to their defaults. */
export function stateFromExpression(expression: string): CronState {
  const parts = expression.trim().split(/\s+/);
  // Quartz order: second minute hour day month week [year].
  return Object.fromEntries(
    CRON_FIELDS.map((field, index) => [
      field,
      fieldFromText(field, parts[index] ?? (field === 'year' ? '*' : '')) ?? defaultField(field),
    ]),
  ) as CronState;
}

export function expressionFromState(state: CronState): string {
  return CRON_FIELDS.map((field) => fieldToText(state[field])).join(' ');
}

/**
 * Applies one field's change and keeps day and week exclusive, as Quartz needs exactly one of them
 * to be "?": choosing a day rule clears the week and the other way round.
 */
export function updateField(
  state: CronState,
  field: CronFieldName,
  patch: Partial<CronFieldState>,
  touched: ReadonlySet<CronFieldName> = new Set(CRON_FIELDS),
): CronState {
  const next: CronState = { ...state, [field]: { ...state[field], ...patch } };
  if (field === 'day' || field === 'week') {
    const other = field === 'day' ? 'week' : 'day';
    if (next[field].mode !== 'unspecified') next[other] = { ...next[other], mode: 'unspecified' };
    else if (next[other].mode === 'unspecified') next[other] = { ...next[other], mode: 'every' };
  }
  // 每 5 分钟 must not stay pinned to hour 0 (0 0/5 0 …, only 00:00–00:55): a time field that repeats frees the
  // coarser time fields the user has not touched and that still hold the starting 指定 0.
  const at = TIME_FIELDS.indexOf(field);
  if (at >= 0 && REPEATING.includes(next[field].mode)) {
    for (const coarser of TIME_FIELDS.slice(at + 1)) {
      const c = next[coarser];
      if (!touched.has(coarser) && c.mode === 'specific' && c.specific.length === 1 && c.specific[0] === 0)
        next[coarser] = { ...c, mode: 'every' };
    }
  }
  return next;
}

/** Time fields, finest first. */
const TIME_FIELDS: CronFieldName[] = ['second', 'minute', 'hour'];
const REPEATING: CronMode[] = ['every', 'increment', 'range'];

const WEEK_DAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const list = (values: number[], unit = '') => values.map((v) => `${v}${unit}`).join('、');

/** One time field in words. */
function timeWords(field: 'second' | 'minute' | 'hour', f: CronFieldState, finerRepeats: boolean): string {
  const unit = field === 'hour' ? '小时' : field === 'minute' ? '分钟' : '秒';
  const at = field === 'hour' ? '点' : field === 'minute' ? '分' : '秒';
  switch (f.mode) {
    case 'every':
      return `每${unit}`;
    case 'increment':
      return f.incStart === 0 ? `每 ${f.incStep} ${unit}` : `从第 ${f.incStart} ${at}起每 ${f.incStep} ${unit}`;
    case 'range':
      return `${f.rangeStart}–${f.rangeEnd} ${at}之间${finerRepeats ? '' : `每${unit}`}`;
    case 'specific':
      return `${list(f.specific.length ? f.specific : [0])} ${at}`;
    default:
      return '';
  }
}

function dateWords(state: CronState): string {
  const { day, week, month, year } = state;
  const parts: string[] = [];
  if (year.mode === 'range') parts.push(`${year.rangeStart}–${year.rangeEnd} 年`);
  else if (year.mode === 'increment') parts.push(`从 ${year.incStart} 年起每 ${year.incStep} 年`);
  if (month.mode === 'specific' && month.specific.length) parts.push(`${list(month.specific)} 月`);
  else if (month.mode === 'range') parts.push(`${month.rangeStart}–${month.rangeEnd} 月`);
  else if (month.mode === 'increment') parts.push(`从 ${month.incStart} 月起每 ${month.incStep} 个月`);
  const monthly = parts.length ? '' : '每月 ';
  if (week.mode !== 'unspecified' && week.mode !== 'every') {
    const name = (d: number) => WEEK_DAYS[d - 1] ?? String(d);
    if (week.mode === 'specific') parts.push(`每${week.specific.map(name).join('、') || '天'}`);
    else if (week.mode === 'range') parts.push(`每${name(week.rangeStart)}至${name(week.rangeEnd)}`);
    else if (week.mode === 'nthWeekday') parts.push(`${monthly}第 ${week.nth} 个${name(week.weekDay)}`);
    else if (week.mode === 'lastWeekDay') parts.push(`${monthly}最后一个${name(week.weekDay)}`);
  } else if (day.mode === 'specific' && day.specific.length) parts.push(`${monthly}${list(day.specific)} 日`);
  else if (day.mode === 'range') parts.push(`${monthly}${day.rangeStart}–${day.rangeEnd} 日`);
  else if (day.mode === 'increment') parts.push(`${monthly}从 ${day.incStart} 日起每 ${day.incStep} 天`);
  else if (day.mode === 'lastDay') parts.push(`${monthly.trim()}最后一天`);
  else if (day.mode === 'nearestWeekday') parts.push(`${monthly}离 ${day.nearestDay} 日最近的工作日`);
  else parts.push('每天');
  return parts.join('');
}

/**
 * The schedule in words, e.g. 每 5 分钟 (0 0/5 * * * ? *) or 每天 08:30:00 (0 30 8 * * ? *); it reads the tab
 * state, so forms the tabs cannot show read as their defaults (the run times below stay exact).
 */
export function describeCron(expression: string): string {
  const state = stateFromExpression(expression);
  const { second, minute, hour } = state;
  const single = (f: CronFieldState) => f.mode === 'specific' && f.specific.length <= 1;
  const date = dateWords(state);
  if (single(second) && single(minute) && single(hour)) {
    const two = (f: CronFieldState) => String(f.specific[0] ?? 0).padStart(2, '0');
    return `${date} ${two(hour)}:${two(minute)}:${two(second)}`;
  }
  // From the coarsest: 每小时 before a repeating finer field and 第 0 秒 after one say nothing.
  const words: string[] = [];
  const fields = [...TIME_FIELDS].reverse() as ('hour' | 'minute' | 'second')[];
  fields.forEach((field, index) => {
    const f = state[field];
    const finerRepeats = fields.slice(index + 1).some((x) => REPEATING.includes(state[x].mode));
    const coarserRepeats = fields.slice(0, index).some((x) => REPEATING.includes(state[x].mode));
    if (f.mode === 'every' && finerRepeats) return;
    if (field === 'second' && single(f) && (f.specific[0] ?? 0) === 0 && coarserRepeats) return;
    words.push(timeWords(field, f, finerRepeats));
  });
  return `${date === '每天' && words[0]?.startsWith('每') ? '' : `${date} `}${words.join(' ')}`.trim();
}
