import { describe, expect, it } from 'vitest';
import { parseCheckRuleJson, runCheckRule } from './check-rule-engine.js';
import { CHECK_RULE_MESSAGES } from './check-rule.js';

describe('check rules', () => {
  it('consumes digits segment by segment and tests * against the whole value', () => {
    const segments = [
      { digits: '1', pattern: '^[A-Z]$', message: '首位须为大写字母' },
      { digits: '3', pattern: '^\\d{3}$', message: '第2到4位须为数字' },
      { digits: '*', pattern: '^.{4,6}$', message: '长度须为4到6位' },
    ];
    expect(runCheckRule(segments, 'A123')).toEqual({ passed: true, message: '校验通过' });
    expect(runCheckRule(segments, 'a123').message).toBe('首位须为大写字母');
    expect(runCheckRule(segments, 'A12').message).toBe('第2到4位须为数字');
    expect(runCheckRule(segments, 'A1234567').message).toBe('长度须为4到6位');
    // Characters are code points: an emoji is one character.
    expect(runCheckRule([{ digits: '1', pattern: '^😀$', message: 'x' }], '😀1').passed).toBe(true);
  });

  it('runs catastrophic patterns in linear time instead of hanging (issue 8, 7b)', () => {
    const value = `${'a'.repeat(50)}!`;
    for (const pattern of ['^(a|a)*$', '(a+)+$', '^(a*)*b$', '^(\\w+\\s?)*$', '([a-z]+\\.)+com$']) {
      expect(parseCheckRuleJson(JSON.stringify([{ digits: '*', pattern, message: 'm' }])).ok, pattern).toBe(true);
      expect(runCheckRule([{ digits: '*', pattern, message: 'm' }], value), pattern).toEqual({
        passed: false,
        message: 'm',
      });
    }
    expect(runCheckRule([{ digits: '*', pattern: '^(a|a)*$', message: 'm' }], 'a'.repeat(1000)).passed).toBe(true);
  });

  it('keeps JavaScript spellings: \\u escapes, named groups, escaped slashes', () => {
    const run = (pattern: string, value: string) =>
      runCheckRule([{ digits: '*', pattern, message: 'x' }], value).passed;
    expect(run('^[\\u4e00-\\u9fa5]{2}$', '东城')).toBe(true);
    expect(run('^[\\u4e00-\\u9fa5]{2}$', 'ab')).toBe(false);
    expect(run('^\\u{1F3E0}$', '🏠')).toBe(true);
    expect(run('^\\\\u4e00$', '\\u4e00')).toBe(true);
    expect(run('^(?<year>\\d{4})\\/\\d{2}$', '2026/11')).toBe(true);
    expect(run('^.{3}$', '东🏠城')).toBe(true);
  });

  it('refuses at save what RE2 cannot run, with a message that says so', () => {
    const parse = (pattern: string) => parseCheckRuleJson(JSON.stringify([{ digits: '*', pattern, message: 'm' }]));
    for (const pattern of ['(a)\\1', '^(?=.*\\d)\\w+$', '(?<!x)y', 'a{1001}']) {
      expect(parse(pattern), pattern).toEqual({ ok: false, message: CHECK_RULE_MESSAGES.patternUnsupported(1) });
    }
    expect(parse('(')).toEqual({ ok: false, message: CHECK_RULE_MESSAGES.patternInvalid(1) });
  });

  it('validates rule JSON with a message per problem', () => {
    expect(parseCheckRuleJson('[{"digits":3,"pattern":"^\\\\d+$","message":"m"}]')).toMatchObject({
      ok: true,
      segments: [{ digits: '3' }],
    });
    expect(parseCheckRuleJson('')).toEqual({ ok: false, message: '请输入规则内容' });
    expect(parseCheckRuleJson('[1]')).toMatchObject({ message: '第1条规则须为对象，包含 digits、pattern、message' });
    expect(parseCheckRuleJson('[{"digits":"*","pattern":"a","message":"m","x":1}]')).toMatchObject({
      message: '第1条规则含有不支持的属性：x',
    });
    expect(parseCheckRuleJson('[{"digits":"-1","pattern":"a","message":"m"}]')).toMatchObject({
      message: '第1条规则的 digits 须为正整数或 *',
    });
    expect(parseCheckRuleJson('[{"digits":"*","pattern":"","message":"m"}]')).toMatchObject({
      message: '第1条规则的 pattern 不能为空',
    });
  });
});
