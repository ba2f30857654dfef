/**
 * The shared field rule set of app-spec §5. Each rule is plain data in the shape antd's Form accepts
 * (`required`, `pattern`, `min`, `max`, `message`), so the web uses the same objects the server turns
 * into zod schemas with `zodString`.
 */
export interface FieldRule {
  required?: boolean;
  pattern?: RegExp;
  /** Minimum string length (characters). */
  min?: number;
  /** Maximum string length (characters). */
  max?: number;
  message: string;
}

export const PATTERNS = {
  mobile: /^1[34578]\d{9}$/,
  // ASCII only (app-spec §5): look-alike letters of other scripts (Cyrillic а, full-width ａ) never make a name;
  // names are unique regardless of case on the server.
  username: /^[a-zA-Z0-9_]+$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  naturalNumber: /^(0|[1-9]\d*)$/,
  english: /^[a-zA-Z]+$/,
  landline: /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/,
  bankCard: /^[1-9]\d{9,19}$/,
  idNumber: /^[A-Za-z0-9]{1,50}$/,
  // 15 digits, or 17 digits plus a check character that may be X.
  idCard: /^(\d{15}|\d{17}[\dXx])$/,
  qq: /^[1-9]\d{4,11}$/,
  url: /^https?:\/\/\S+$/,
  code: /^[a-zA-Z0-9]{0,20}$/,
  name: /^[\u4e00-\u9fa5a-zA-Z ]{2,100}$/,
  digitsAndLineBreaks: /^[\d\r\n]*$/,
} as const;

/**
 * Personal data as lists answer it to callers without the unmask right (it is encrypted at rest): 138****0000,
 * z***@example.com. A form sending such a value back means "keep the stored one".
 */
export const MASKED_PATTERNS = {
  mobile: /^1\d{2}\*{4}\d{4}$/,
  email: /^[^\s@*]\*{3}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
} as const;

/** A pattern that also accepts the masked form of its value (an edit form that left the value alone). */
export function orMasked(pattern: RegExp, masked: RegExp): RegExp {
  return new RegExp(`(?:${pattern.source})|(?:${masked.source})`);
}

/**
 * The one password rule of every path that sets a password (add, reset, one's own change, the import's
 * initial password): 8 to 32 printable ASCII characters with at least one letter and one digit.
 */
export const STRONG_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,32}$/;
export const PASSWORD_RULE = {
  pattern: STRONG_PASSWORD,
  message: '密码须为8到32位，且同时包含字母和数字',
} as const satisfies FieldRule;

export const RULES = {
  mobile: [
    { required: true, message: '请输入手机号' },
    { pattern: PATTERNS.mobile, message: '请输入正确手机号' },
  ],
  username: [
    { required: true, message: '请输入用户名' },
    { pattern: PATTERNS.username, message: '只允许字母、数字、下划线' },
    // The rule is 4 to 18; the message says 6, as the spec writes it.
    { min: 4, max: 18, message: '长度6到18个字符' },
  ],
  email: [{ pattern: PATTERNS.email, message: '邮箱格式不正确' }],
  naturalNumber: [{ pattern: PATTERNS.naturalNumber, message: '请输入自然数' }],
  english: [{ pattern: PATTERNS.english, message: '请输入英文字符' }],
  landline: [{ pattern: PATTERNS.landline, message: '请输入正确的座机号' }],
  bankCard: [{ pattern: PATTERNS.bankCard, message: '请输入正确的银行卡号码' }],
  idNumber: [{ pattern: PATTERNS.idNumber, message: '请输入正确的证件号码' }],
  idCard: [{ pattern: PATTERNS.idCard, message: '请输入正确的身份证号码' }],
  qq: [{ pattern: PATTERNS.qq, message: '请输入正确的QQ号码' }],
  url: [{ pattern: PATTERNS.url, message: '请输入以http和https开头的网址' }],
  code: [{ pattern: PATTERNS.code, message: '请输入20位以内的英文字符和数字' }],
  name: [{ pattern: PATTERNS.name, message: '请输入2到100位的中英文字符和空格' }],
  digitsAndLineBreaks: [{ pattern: PATTERNS.digitsAndLineBreaks, message: '请输入数字和换行符' }],
  text: [{ max: 255, message: '请输入255位以内的字符' }],
} as const satisfies Record<string, readonly FieldRule[]>;

export type RuleName = keyof typeof RULES;

/** What the designer's 校验规则 select shows for each shared rule. */
export const RULE_LABELS: Record<RuleName, string> = {
  mobile: '手机号',
  username: '用户名（字母、数字、下划线）',
  email: '邮箱',
  naturalNumber: '自然数',
  english: '英文字符',
  landline: '座机号',
  bankCard: '银行卡号',
  idNumber: '证件号码',
  idCard: '身份证号',
  qq: 'QQ号',
  url: '网址（http/https）',
  code: '编码（20位以内英文和数字）',
  name: '名称（2到100位中英文）',
  digitsAndLineBreaks: '数字和换行',
  text: '文本（255位以内）',
};

/** Generic required rule with optional length bounds (最小长度N位字符 / 最大长度N位字符). */
export function lengthRules(opts: {
  required?: boolean;
  requiredMessage?: string;
  min?: number;
  max?: number;
}): FieldRule[] {
  const rules: FieldRule[] = [];
  if (opts.required) rules.push({ required: true, message: opts.requiredMessage ?? '此项为必填项' });
  if (opts.min !== undefined) rules.push({ min: opts.min, message: `最小长度${opts.min}位字符` });
  if (opts.max !== undefined) rules.push({ max: opts.max, message: `最大长度${opts.max}位字符` });
  return rules;
}

/** Checkbox group rule: 最少选择N项 / 最多选择N项. Returns the failing message or null. */
export function checkSelection(
  values: readonly unknown[] | undefined,
  opts: { required?: boolean; min?: number; max?: number },
): string | null {
  const count = values?.length ?? 0;
  if (opts.required && count === 0) return `最少选择${opts.min ?? 1}项`;
  if (opts.min !== undefined && count > 0 && count < opts.min) return `最少选择${opts.min}项`;
  if (opts.max !== undefined && count > opts.max) return `最多选择${opts.max}项`;
  return null;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Applies rules in order; the first failing rule's message wins. Non-required rules skip empty values. */
export function checkRules(value: unknown, rules: readonly FieldRule[]): string | null {
  for (const rule of rules) {
    if (rule.required) {
      if (isEmpty(value) || (typeof value === 'string' && value.trim() === '')) return rule.message;
      continue;
    }
    if (isEmpty(value)) continue;
    const text = String(value);
    if (rule.pattern && !rule.pattern.test(text)) return rule.message;
    const length = [...text].length;
    if (rule.min !== undefined && length < rule.min) return rule.message;
    if (rule.max !== undefined && length > rule.max) return rule.message;
  }
  return null;
}
