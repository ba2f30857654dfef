import { describe, expect, it } from 'vitest';
import { zodString } from './schemas.js';
import { PASSWORD_RULE, RULES, checkRules, checkSelection, lengthRules } from './validation.js';

describe('shared field rules', () => {
  it.each([
    ['mobile', '', '请输入手机号'],
    ['mobile', '12345678901', '请输入正确手机号'],
    ['mobile', '1381234567', '请输入正确手机号'],
    ['mobile', '13812345678', null],
    ['mobile', '19812345678', '请输入正确手机号'],
    ['username', '', '请输入用户名'],
    ['username', 'ab-cd', '只允许字母、数字、下划线'],
    ['username', 'abc', '长度6到18个字符'],
    ['username', 'abcd', null],
    ['username', 'a'.repeat(19), '长度6到18个字符'],
    ['email', '', null],
    ['email', 'a@b', '邮箱格式不正确'],
    ['email', 'zhang.san@example.cn', null],
    ['naturalNumber', '012', '请输入自然数'],
    ['naturalNumber', '0', null],
    ['english', 'abc1', '请输入英文字符'],
    ['landline', '010-12345678', null],
    ['landline', '12-34', '请输入正确的座机号'],
    ['bankCard', '0123456789', '请输入正确的银行卡号码'],
    ['bankCard', '6222021234567890123', null],
    ['idNumber', 'A'.repeat(51), '请输入正确的证件号码'],
    ['idCard', '11010519491231002X', null],
    ['idCard', '1101051949123100', '请输入正确的身份证号码'],
    ['qq', '1234', '请输入正确的QQ号码'],
    ['qq', '123456', null],
    ['url', 'ftp://x', '请输入以http和https开头的网址'],
    ['url', 'https://district.example/a', null],
    ['code', 'A'.repeat(21), '请输入20位以内的英文字符和数字'],
    ['name', '张', '请输入2到100位的中英文字符和空格'],
    ['name', '张 San', null],
    ['digitsAndLineBreaks', '12\n34', null],
    ['digitsAndLineBreaks', '12 34', '请输入数字和换行符'],
    ['text', '字'.repeat(256), '请输入255位以内的字符'],
  ] as const)('%s %j → %s', (rule, value, message) => {
    expect(checkRules(value, RULES[rule])).toBe(message);
  });

  it('builds generic length and selection rules with the spec’s messages', () => {
    expect(checkRules('ab', lengthRules({ min: 3 }))).toBe('最小长度3位字符');
    expect(checkRules('abcd', lengthRules({ max: 3 }))).toBe('最大长度3位字符');
    expect(checkSelection(['a'], { min: 2 })).toBe('最少选择2项');
    expect(checkSelection(['a', 'b', 'c'], { max: 2 })).toBe('最多选择2项');
    expect(checkSelection(['a', 'b'], { min: 2, max: 2 })).toBeNull();
  });

  it('gives the server the same messages through zod', () => {
    const schema = zodString(RULES.username);
    expect(schema.safeParse('ab-c').error?.issues[0]?.message).toBe('只允许字母、数字、下划线');
    expect(schema.safeParse(7).error?.issues[0]?.message).toBe('请输入用户名');
    expect(schema.safeParse('zhang_san').success).toBe(true);
  });
});

describe('the one password rule', () => {
  it.each([
    ['111111', false],
    ['abcdefgh', false],
    ['Ab1', false],
    ['Abc 1234', false],
    [`A1${'x'.repeat(31)}`, false],
    ['Abc12345', true],
    ['NewPass#1', true],
    [`A1${'x'.repeat(30)}`, true],
  ])('%s → %s', (value, passes) => {
    expect(checkRules(value, [PASSWORD_RULE])).toBe(passes ? null : PASSWORD_RULE.message);
  });

  it('is the default of 安全设置, which the server checks on every path (the schemas only bound the length)', async () => {
    const { passwordRuleOf, DEFAULT_PASSWORD_POLICY } = await import('./security.js');
    const rule = passwordRuleOf(DEFAULT_PASSWORD_POLICY);
    expect(rule.message).toBe(PASSWORD_RULE.message);
    for (const value of ['111111', 'abcdefgh', 'Ab1', 'Abc 1234', `A1${'x'.repeat(31)}`, 'Abc12345', 'NewPass#1'])
      expect(checkRules(value, [rule])).toBe(checkRules(value, [PASSWORD_RULE]));
    const { updatePasswordSchema } = await import('./schemas.js');
    const own = updatePasswordSchema.safeParse({
      username: 'staff',
      oldpassword: 'Old12345',
      password: '111111',
      confirmpassword: '111111',
    });
    expect(own.success).toBe(true);
  });

  it('names the classes a stricter rule requires, and applies them', async () => {
    const { passwordRuleOf, checkPassword } = await import('./security.js');
    const strict = { minLength: 12, classes: ['upper', 'lower', 'digit', 'symbol'] as const };
    expect(passwordRuleOf({ ...strict, classes: [...strict.classes] }).message).toBe(
      '密码须为12到32位，且同时包含小写字母、大写字母、数字和特殊符号',
    );
    expect(checkPassword('Abcdefgh1234', { ...strict, classes: [...strict.classes] })).not.toBeNull();
    expect(checkPassword('Abcdefgh12#4', { ...strict, classes: [...strict.classes] })).toBeNull();
    expect(checkPassword('abcdefgh', { minLength: 8, classes: [] })).toBeNull();
  });
});
