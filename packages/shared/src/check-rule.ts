/**
 * Check rules (校验规则), shared by the server's checkByCode and the web's 校验规则 page.
 *
 * A rule is a JSON array of segments `{digits, pattern, message}`. A numeric `digits` consumes the next N
 * characters of the value (counted as Unicode code points) and tests them with `pattern`; `*` tests the
 * whole value. The first failing segment's message is the answer.
 *
 * This file holds the plain data (shapes, limits, messages); the engine that compiles and runs patterns is
 * check-rule-engine.ts, reached through `@district/shared/schemas` so its regular-expression library stays out
 * of the web's first page.
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
  patternUnsupported: (n: number) =>
    `第${n}条规则的 pattern 使用了不支持的写法（如反向引用 \\1、前后查找 (?=…)、超过1000的重复次数），请改写`,
  messageRequired: (n: number) => `第${n}条规则的 message 不能为空`,
  messageTooLong: (n: number) => `第${n}条规则的 message 不能超过${CHECK_RULE_LIMITS.message}个字符`,
  unknownKey: (n: number, key: string) => `第${n}条规则含有不支持的属性：${key}`,
  valueTooLong: `校验值不能超过${CHECK_RULE_LIMITS.value}个字符`,
  ruleNotFound: (code: string) => `校验规则“${code}”不存在`,
  ruleCodeRequired: '请输入规则编码',
} as const;
