import { z } from 'zod';
import { parseCheckRuleJson } from '../check-rule-engine.js';
import { CHECK_RULE_LIMITS } from '../check-rule.js';
import {
  FILL_DATE_PATTERNS,
  FILL_PREFIX_PATTERN,
  FILL_RESET_BY,
  FILL_RULE_KINDS,
  FILL_RULE_LIMITS,
  FILL_RULE_MESSAGES,
  type SequenceRuleParams,
} from '../code-rule.js';
import { CHECK_RULE_RESOURCE, FILL_RULE_RESOURCE } from '../resources/rule.js';
import { zodString } from '../zod-string.js';

const FILL = FILL_RULE_RESOURCE.fields;
const CHECK = CHECK_RULE_RESOURCE.fields;

/** Checks a sequence rule's params object; the first problem's message, or null. */
export function sequenceParamsProblem(params: unknown): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return FILL_RULE_MESSAGES.paramsJson;
  const p = params as Record<string, unknown>;
  const prefix = p.prefix ?? '';
  if (typeof prefix !== 'string' || prefix.length > FILL_RULE_LIMITS.prefix || !FILL_PREFIX_PATTERN.test(prefix)) {
    return FILL_RULE_MESSAGES.prefixPattern;
  }
  const datePattern = p.datePattern ?? '';
  if (typeof datePattern !== 'string' || !(FILL_DATE_PATTERNS as readonly string[]).includes(datePattern)) {
    return FILL_RULE_MESSAGES.datePattern;
  }
  const seq = Number(p.seqLength);
  if (!Number.isInteger(seq) || seq < FILL_RULE_LIMITS.seqLengthMin || seq > FILL_RULE_LIMITS.seqLengthMax) {
    return FILL_RULE_MESSAGES.seqLength;
  }
  const resetBy = p.resetBy ?? 'never';
  if (typeof resetBy !== 'string' || !Object.hasOwn(FILL_RESET_BY, resetBy)) return FILL_RULE_MESSAGES.resetBy;
  // Resetting by day needs the day in the value, otherwise two days could produce the same code.
  const needs: Record<string, number> = { day: 8, month: 6, year: 4, never: 0 };
  if (datePattern.length < needs[resetBy]!) return FILL_RULE_MESSAGES.resetNeedsDate;
  const extra = Object.keys(p).find((k) => !['prefix', 'datePattern', 'seqLength', 'resetBy'].includes(k));
  if (extra) return `规则参数含有不支持的属性：${extra}`;
  return null;
}

/** The normalised params of a valid sequence rule. */
export function sequenceParams(params: Record<string, unknown>): SequenceRuleParams {
  return {
    prefix: String(params.prefix ?? ''),
    datePattern: String(params.datePattern ?? '') as SequenceRuleParams['datePattern'],
    seqLength: Number(params.seqLength),
    resetBy: String(params.resetBy ?? 'never') as SequenceRuleParams['resetBy'],
  };
}

/** Problem of a rule's kind + params JSON string, or null. */
export function fillRuleParamsProblem(kind: string, json: string | null | undefined): string | null {
  if (kind === 'orgCode') {
    if (json === null || json === undefined || json.trim() === '' || json.trim() === '{}') return null;
    return '机构编码规则不需要参数';
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '');
  } catch {
    return FILL_RULE_MESSAGES.paramsJson;
  }
  return sequenceParamsProblem(parsed);
}

const kind = z.enum(Object.keys(FILL_RULE_KINDS) as [keyof typeof FILL_RULE_KINDS], {
  error: FILL_RULE_MESSAGES.kindRequired,
});

export const fillRuleCreateSchema = z
  .strictObject({
    ruleName: zodString(FILL.ruleName.rules),
    ruleCode: zodString(FILL.ruleCode.rules),
    ruleKind: kind,
    ruleParams: z.string().max(2000).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    const problem = fillRuleParamsProblem(v.ruleKind, v.ruleParams);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ruleParams'] });
  });
export type FillRuleCreateInput = z.infer<typeof fillRuleCreateSchema>;

/** Kind and params are checked together against the stored row by the server. */
export const fillRuleUpdateSchema = z.strictObject({
  id: z.string().min(1).max(32),
  ruleName: zodString(FILL.ruleName.rules).optional(),
  ruleCode: zodString(FILL.ruleCode.rules).optional(),
  ruleKind: kind.optional(),
  ruleParams: z.string().max(2000).optional().nullable(),
});
export type FillRuleUpdateInput = z.infer<typeof fillRuleUpdateSchema>;

const ruleJson = z
  .string({ error: '请输入规则内容' })
  .max(CHECK_RULE_LIMITS.json, `规则内容不能超过${CHECK_RULE_LIMITS.json}个字符`)
  .superRefine((v, ctx) => {
    const parsed = parseCheckRuleJson(v);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

export const checkRuleCreateSchema = z.strictObject({
  ruleName: zodString(CHECK.ruleName.rules),
  ruleCode: zodString(CHECK.ruleCode.rules),
  ruleJson,
  ruleDescription: zodString(CHECK.ruleDescription.rules).optional().nullable(),
});
export type CheckRuleCreateInput = z.infer<typeof checkRuleCreateSchema>;

export const checkRuleUpdateSchema = checkRuleCreateSchema.partial().extend({ id: z.string().min(1).max(32) });
export type CheckRuleUpdateInput = z.infer<typeof checkRuleUpdateSchema>;
