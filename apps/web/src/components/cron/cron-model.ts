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
export function updateField(state: CronState, field: CronFieldName, patch: Partial<CronFieldState>): CronState {
  const next: CronState = { ...state, [field]: { ...state[field], ...patch } };
  if (field === 'day' || field === 'week') {
    const other = field === 'day' ? 'week' : 'day';
    if (next[field].mode !== 'unspecified') next[other] = { ...next[other], mode: 'unspecified' };
    else if (next[other].mode === 'unspecified') next[other] = { ...next[other], mode: 'every' };
  }
  return next;
}
