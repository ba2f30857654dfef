import { z } from 'zod';
import { MSG } from './messages.js';
import { checkRules, type FieldRule } from './validation.js';

/**
 * A zod string checked by the shared rules, so the server answers with the same messages as the
 * forms. Callers add `.optional()` for optional fields.
 */
export function zodString(rules: readonly FieldRule[], typeMessage = '请输入文本') {
  return z.string({ error: rules.find((r) => r.required)?.message ?? typeMessage }).superRefine((value, ctx) => {
    // NUL cannot be stored by PostgreSQL, and no form can type one.
    const message = value.includes('\u0000') ? MSG.controlCharacter : checkRules(value, rules);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}
