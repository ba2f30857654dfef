import { CHECK_RULE_API, CHECK_RULE_RESOURCE, FILL_RULE_API, FILL_RULE_RESOURCE, resourceUrls } from '@district/shared';
import { getAction, postAction, putAction } from '@/lib/request';

export interface FillRuleRecord {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleKind: string;
  ruleParams: string | null;
  createTime: string | null;
}

export interface CheckRuleRecord {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
  createTime: string | null;
}

export type FillRulePayload = Omit<FillRuleRecord, 'id' | 'createTime'> & { id?: string };
export type CheckRulePayload = Omit<CheckRuleRecord, 'id' | 'createTime'> & { id?: string };

export function saveFillRule(payload: FillRulePayload) {
  const urls = resourceUrls(FILL_RULE_RESOURCE.path);
  return payload.id ? putAction(urls.edit, payload) : postAction(urls.add, payload);
}

export function saveCheckRule(payload: CheckRulePayload) {
  const urls = resourceUrls(CHECK_RULE_RESOURCE.path);
  return payload.id ? putAction(urls.edit, payload) : postAction(urls.add, payload);
}

/** Runs a fill rule once (the 测试 button): the next value. */
export async function executeFillRule(ruleCode: string, form: Record<string, string> = {}): Promise<string> {
  const res = await putAction<string>(`${FILL_RULE_API.test}/${encodeURIComponent(ruleCode)}`, form);
  return res.result;
}

/** Checks a value on the server, as the forms' rule validator does. */
export async function checkByCode(ruleCode: string, value: string): Promise<{ success: boolean; message: string }> {
  const res = await getAction(CHECK_RULE_API.checkByCode, { ruleCode, value: encodeURIComponent(value) });
  return { success: res.success, message: res.message };
}
