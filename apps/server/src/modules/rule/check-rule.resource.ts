import { CHECK_RULE_RESOURCE } from '@district/shared';
import { checkRuleCreateSchema, checkRuleUpdateSchema } from '@district/shared/schemas';
import { assertUnique } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef } from '../../lib/resource/resource.types.js';

/** Check rules (校验规则): segments of regular expressions, validated on save (shared/check-rule.ts). */
export const checkRuleResource: ResourceDef = defineResource(CHECK_RULE_RESOURCE, {
  table: 'sysCheckRule',
  platformWrites: true,
  createSchema: checkRuleCreateSchema,
  updateSchema: checkRuleUpdateSchema,
  // The code is unique over the table (the shared declaration's index and message).
  beforeWrite: (row, existingId, ctx) => assertUnique(checkRuleResource, row, existingId, ctx),
});
