import { describe, expect, it } from 'vitest';
import { hasNestedQuantifier, parseCheckRuleJson, runCheckRule } from './check-rule.js';

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

  it('spots nested quantifiers and lets ordinary patterns through', () => {
    for (const p of ['(a+)+', '(a*)*b', '(?:\\d+x)*', '((ab)+c)+', '(x{1,5})+', '([a-z]+\\.)+com']) {
      expect(hasNestedQuantifier(p), p).toBe(true);
    }
    for (const p of ['^\\d{3}$', '(ab)+', '(\\d{3})+', '[(+*)]+', '^(A|B)\\d+$', '\\(a+\\)+', '(a+)?']) {
      expect(hasNestedQuantifier(p), p).toBe(false);
    }
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
