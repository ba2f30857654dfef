import { z } from 'zod';
import { checkRules, type FieldRule } from './validation.js';

/**
 * A zod string checked by the shared rules, so the server answers with the same messages as the
 * forms. Callers add `.optional()` for optional fields.
 */
export function zodString(rules: readonly FieldRule[], typeMessage = '请输入文本') {
  return z.string({ error: rules.find((r) => r.required)?.message ?? typeMessage }).superRefine((value, ctx) => {
    const message = checkRules(value, rules);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}
