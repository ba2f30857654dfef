import { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT, timeFix } from './constants.js';

/* Small formatting helpers from the spec's business constants (widgets-spec §9, app-spec §9). */

/** The greeting for the time band a moment falls in (早上好 … 晚上好). */
export const greetingOf = timeFix;

/** Switch values stored for yes/no fields. */
export const YN = { yes: 'Y', no: 'N' } as const;
export type YnValue = (typeof YN)[keyof typeof YN];

/** Amounts from this value up cannot be written in capital numerals here. */
export const CURRENCY_CAPITAL_LIMIT = 1e15;
export const CURRENCY_TOO_LARGE_MESSAGE = '金额过大，应小于1000万亿元';
export const CURRENCY_INVALID_MESSAGE = '请输入正确的金额';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SECTION_UNITS = ['', '拾', '佰', '仟'];

/** 0 < n < 10000, e.g. 1010 → 壹仟零壹拾. */
function section(n: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place -= 1) {
    const digit = Math.floor(n / 10 ** place) % 10;
    if (digit === 0) {
      if (out) zero = true;
    } else {
      if (zero) out += '零';
      zero = false;
      out += DIGITS[digit] + (SECTION_UNITS[place] ?? '');
    }
  }
  return out;
}

/** 0 < n < 1e16; 亿 and 万 groups, with 零 where a group starts with zeros. */
function integerText(n: number): string {
  if (n >= 1e8) {
    const high = Math.floor(n / 1e8);
    const low = n % 1e8;
    return `${integerText(high)}亿${low === 0 ? '' : (low < 1e7 ? '零' : '') + integerText(low)}`;
  }
  if (n >= 1e4) {
    const high = Math.floor(n / 1e4);
    const low = n % 1e4;
    return `${section(high)}万${low === 0 ? '' : (low < 1e3 ? '零' : '') + section(low)}`;
  }
  return section(n);
}

/**
 * An amount in Chinese capital numerals, e.g. 12000 → 壹万贰仟元整, 10010.5 → 壹万零壹拾元伍角,
 * 0.05 → 伍分. Rounds to the fen; throws RangeError for amounts of 1e15 or more.
 */
export function toChineseCurrency(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount.trim().replace(/,/g, '')) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value) || (typeof amount === 'string' && !amount.trim())) {
    throw new RangeError(CURRENCY_INVALID_MESSAGE);
  }
  if (Math.abs(value) >= CURRENCY_CAPITAL_LIMIT) throw new RangeError(CURRENCY_TOO_LARGE_MESSAGE);
  // toFixed reads the double's exact decimal expansion, so cents stay right past 2^53 / 100.
  const [intPart = '0', fracPart = '00'] = Math.abs(value).toFixed(2).split('.');
  const integer = Number(intPart);
  const jiao = Number(fracPart[0]);
  const fen = Number(fracPart[1]);
  const sign = value < 0 && (integer > 0 || jiao > 0 || fen > 0) ? '负' : '';
  if (integer === 0 && jiao === 0 && fen === 0) return '零元整';
  let out = integer > 0 ? `${integerText(integer)}元` : '';
  if (jiao === 0 && fen === 0) return `${sign}${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (integer > 0) out += '零';
  if (fen > 0) out += `${DIGITS[fen]}分`;
  return sign + out;
}

/** A random 32-hex identifier, the shape of record ids. */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a local date with the tokens YYYY MM DD HH mm ss. */
export function formatDatePattern(value: Date | number | string, pattern: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const tokens: Record<string, string> = {
    YYYY: pad(date.getFullYear(), 4),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

export const formatDate = (value: Date | number | string) => formatDatePattern(value, DATE_FORMAT);
export const formatDateTime = (value: Date | number | string) => formatDatePattern(value, DATETIME_FORMAT);
export const formatTime = (value: Date | number | string) => formatDatePattern(value, TIME_FORMAT);
