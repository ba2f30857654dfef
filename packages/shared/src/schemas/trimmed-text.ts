import { z } from 'zod';
import { checkRules, type FieldRule } from '../validation.js';

/**
 * A text trimmed before it is checked and stored, checked by a resource's rules (the objects its form uses): for
 * codes, names and addresses whose surrounding spaces are dropped rather than refused. A value that is not text
 * gets the required message, or zod's own when the field is optional.
 */
export function trimmedText(rules: readonly FieldRule[]) {
  const required = rules.find((r) => r.required)?.message;
  return z
    .string(required ? { error: required } : undefined)
    .trim()
    .superRefine((value, ctx) => {
      const message = checkRules(value, rules);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}
