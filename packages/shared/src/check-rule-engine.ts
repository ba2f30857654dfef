/**
 * The check-rule engine: validates rule JSON and runs it over a value, on the server (checkByCode, saving a
 * rule) and in the web's 校验规则 page (form check, 测试 dialog). Exported from `@district/shared/schemas`, not
 * the package entry, so re2js is loaded only where rules are handled.
 *
 * Catastrophic backtracking: JavaScript's own engine backtracks and cannot be interrupted, so `^(a|a)*$` on
 * 50 characters would hang the server. Patterns therefore run on RE2 (re2js, linear time in the value), and a
 * pattern RE2 cannot run (backreferences, lookarounds) is refused when the rule is saved. Patterns are at most
 * 500 characters, values at most 1000.
 */
import { RE2JS } from 're2js';
import { CHECK_RULE_LIMITS, CHECK_RULE_MESSAGES, type CheckRuleSegment } from './check-rule.js';

/**
 * JavaScript's `\uXXXX` and `\u{X}` escapes (the usual way to write `[\u4e00-\u9fa5]`) spelled as RE2's
 * `\x{X}`; every other escape is copied unchanged.
 */
function toRe2Syntax(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const unicode = /^u(?:([0-9A-Fa-f]{4})|\{([0-9A-Fa-f]{1,6})\})/.exec(pattern.slice(i + 1, i + 11));
    if (unicode) {
      out += `\\x{${unicode[1] ?? unicode[2]}}`;
      i += unicode[0].length;
    } else {
      out += c + (pattern[i + 1] ?? '');
      i++;
    }
  }
  return out;
}

// Compiled patterns, so checkByCode does not recompile a rule's segments at every call. Bounded: patterns come
// from stored rules (and the web's test dialog), and the map is simply dropped when it fills.
const compiled = new Map<string, RE2JS>();

/**
 * Compiles a pattern with RE2 (re2js): matching takes time linear in the value whatever the pattern, so no
 * pattern (`^(a|a)*$`, `(a+)+$`) can hang the server. Matches code points, like a JavaScript `u` pattern.
 * Throws for what RE2 cannot run: backreferences, lookarounds, invalid syntax.
 */
export function compileCheckPattern(pattern: string): RE2JS {
  let re = compiled.get(pattern);
  if (!re) {
    re = RE2JS.compile(toRe2Syntax(pattern));
    if (compiled.size >= 1000) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

/** Whether JavaScript itself accepts the pattern: tells "unsupported here" from "not a regular expression". */
function isJsRegExp(pattern: string): boolean {
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      return true;
    } catch {
      // try without the u flag
    }
  }
  return false;
}

export type CheckRuleParse = { ok: true; segments: CheckRuleSegment[] } | { ok: false; message: string };

/** Validates rule JSON as saved: a non-empty array of well-formed, safe segments. */
export function parseCheckRuleJson(json: string): CheckRuleParse {
  if (json.trim() === '') return { ok: false, message: CHECK_RULE_MESSAGES.ruleJsonRequired };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, message: CHECK_RULE_MESSAGES.notJson };
  }
  if (!Array.isArray(data)) return { ok: false, message: CHECK_RULE_MESSAGES.notJson };
  if (data.length === 0) return { ok: false, message: CHECK_RULE_MESSAGES.emptyArray };
  if (data.length > CHECK_RULE_LIMITS.segments) return { ok: false, message: CHECK_RULE_MESSAGES.tooManySegments };
  const segments: CheckRuleSegment[] = [];
  for (const [index, raw] of data.entries()) {
    const n = index + 1;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { ok: false, message: CHECK_RULE_MESSAGES.notObject(n) };
    }
    const item = raw as Record<string, unknown>;
    const extra = Object.keys(item).find((k) => !['digits', 'pattern', 'message'].includes(k));
    if (extra) return { ok: false, message: CHECK_RULE_MESSAGES.unknownKey(n, extra) };
    const digits = typeof item.digits === 'number' ? String(item.digits) : item.digits;
    if (typeof digits !== 'string' || !(digits === '*' || /^[1-9]\d{0,3}$/.test(digits))) {
      return { ok: false, message: CHECK_RULE_MESSAGES.badDigits(n) };
    }
    const { pattern, message } = item;
    if (typeof pattern !== 'string' || pattern === '') {
      return { ok: false, message: CHECK_RULE_MESSAGES.patternRequired(n) };
    }
    if (pattern.length > CHECK_RULE_LIMITS.patternLength) {
      return { ok: false, message: CHECK_RULE_MESSAGES.patternTooLong(n) };
    }
    try {
      compileCheckPattern(pattern);
    } catch {
      const message = isJsRegExp(pattern)
        ? CHECK_RULE_MESSAGES.patternUnsupported(n)
        : CHECK_RULE_MESSAGES.patternInvalid(n);
      return { ok: false, message };
    }
    if (typeof message !== 'string' || message.trim() === '') {
      return { ok: false, message: CHECK_RULE_MESSAGES.messageRequired(n) };
    }
    if (message.length > CHECK_RULE_LIMITS.message) {
      return { ok: false, message: CHECK_RULE_MESSAGES.messageTooLong(n) };
    }
    segments.push({ digits, pattern, message });
  }
  return { ok: true, segments };
}

export interface CheckRuleResult {
  passed: boolean;
  message: string;
}

/** Runs the segments over a value; the first failing segment's message, or 校验通过. */
export function runCheckRule(segments: readonly CheckRuleSegment[], value: string): CheckRuleResult {
  const chars = Array.from(value);
  let pos = 0;
  for (const segment of segments) {
    let part: string;
    if (segment.digits === '*') {
      part = value;
    } else {
      const n = Number(segment.digits);
      part = chars.slice(pos, pos + n).join('');
      pos += n;
    }
    if (!compileCheckPattern(segment.pattern).test(part)) return { passed: false, message: segment.message };
  }
  return { passed: true, message: CHECK_RULE_MESSAGES.passed };
}
