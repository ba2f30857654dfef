/**
 * The check-rule engine (校验规则), shared by the server's checkByCode and the web's 测试 dialog.
 *
 * A rule is a JSON array of segments `{digits, pattern, message}`. A numeric `digits` consumes the next N
 * characters of the value (counted as Unicode code points) and tests them with `pattern`; `*` tests the
 * whole value. The first failing segment's message is the answer.
 *
 * Catastrophic backtracking: JavaScript cannot interrupt a running regular expression, so patterns are
 * vetted when a rule is saved instead: at most 500 characters, and no nested variable quantifiers such as
 * `(a+)+`, `(\d*)*` or `(x{1,5})+` (the classic exponential shapes). Values are at most 1000 characters.
 */

export interface CheckRuleSegment {
  digits: string;
  pattern: string;
  message: string;
}

export const CHECK_RULE_LIMITS = {
  patternLength: 500,
  segments: 50,
  message: 200,
  value: 1000,
  json: 20_000,
} as const;

export const CHECK_RULE_MESSAGES = {
  passed: '校验通过',
  ruleJsonRequired: '请输入规则内容',
  notJson: '规则内容须为JSON数组',
  emptyArray: '规则内容至少包含一条规则',
  tooManySegments: `规则内容最多包含${CHECK_RULE_LIMITS.segments}条规则`,
  notObject: (n: number) => `第${n}条规则须为对象，包含 digits、pattern、message`,
  badDigits: (n: number) => `第${n}条规则的 digits 须为正整数或 *`,
  patternRequired: (n: number) => `第${n}条规则的 pattern 不能为空`,
  patternTooLong: (n: number) => `第${n}条规则的 pattern 不能超过${CHECK_RULE_LIMITS.patternLength}个字符`,
  patternInvalid: (n: number) => `第${n}条规则的 pattern 不是有效的正则表达式`,
  patternNested: (n: number) => `第${n}条规则的 pattern 含有嵌套量词（如 (a+)+），可能导致校验卡死，请改写`,
  messageRequired: (n: number) => `第${n}条规则的 message 不能为空`,
  messageTooLong: (n: number) => `第${n}条规则的 message 不能超过${CHECK_RULE_LIMITS.message}个字符`,
  unknownKey: (n: number, key: string) => `第${n}条规则含有不支持的属性：${key}`,
  valueTooLong: `校验值不能超过${CHECK_RULE_LIMITS.value}个字符`,
  ruleNotFound: (code: string) => `校验规则“${code}”不存在`,
  ruleCodeRequired: '请输入规则编码',
} as const;

/** Compiles a pattern with the `u` flag when it allows it (code points), else without flags. */
export function compileCheckPattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

/** Index after a quantifier starting at i, and whether it repeats a variable / unbounded number of times. */
function readQuantifier(p: string, i: number): { end: number; variable: boolean; repeats: boolean } | null {
  const c = p[i];
  let end = i + 1;
  let variable: boolean;
  let repeats: boolean;
  if (c === '*' || c === '+') {
    variable = true;
    repeats = true;
  } else if (c === '?') {
    variable = true;
    repeats = false;
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
    if (!m) return null;
    end = i + m[0].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    variable = max !== min;
    repeats = max > 1;
  } else {
    return null;
  }
  if (p[end] === '?' || p[end] === '+') end++; // lazy / possessive-looking suffix
  return { end, variable, repeats };
}

/**
 * True when a group that contains a variable quantifier is itself repeated, e.g. `(a+)+`, `(?:\d*x)*`,
 * `((ab)+c)+`. A rough parser: escapes and character classes are skipped as single atoms.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  const stack: boolean[] = [];
  let inner = false; // the current level holds a variable quantifier
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '(') {
      stack.push(inner);
      inner = false;
      i++;
      continue;
    } else if (c === ')') {
      const groupHasQuantifier = inner;
      inner = stack.pop() ?? false;
      i++;
      const q = readQuantifier(pattern, i);
      if (q) {
        if (groupHasQuantifier && q.repeats) return true;
        i = q.end;
        if (q.variable) inner = true;
      }
      if (groupHasQuantifier) inner = true;
      continue;
    } else {
      i++;
    }
    const q = readQuantifier(pattern, i);
    if (q) {
      if (q.variable) inner = true;
      i = q.end;
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
      return { ok: false, message: CHECK_RULE_MESSAGES.patternInvalid(n) };
    }
    if (hasNestedQuantifier(pattern)) return { ok: false, message: CHECK_RULE_MESSAGES.patternNested(n) };
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
