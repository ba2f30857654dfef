import { FILL_RULE_RESOURCE } from '@district/shared';
import { fillRuleCreateSchema, fillRuleParamsProblem, fillRuleUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { assertUnique } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';

/** Fill rules (编码规则): sequences such as asset numbers, and organisation codes; the code is unique. */
export const fillRuleResource: ResourceDef = defineResource(FILL_RULE_RESOURCE, {
  table: 'sysFillRule',
  platformWrites: true,
  createSchema: fillRuleCreateSchema,
  updateSchema: fillRuleUpdateSchema,
  async beforeWrite(row: Row, existingId, ctx) {
    // An edit may change the kind or the params alone: check them together as stored after the edit.
    const problem = fillRuleParamsProblem(String(row.ruleKind), row.ruleParams as string | null);
    if (problem) throw new ApiError(400, problem);
    if (row.ruleKind === 'orgCode') row.ruleParams = null;
    await assertUnique(fillRuleResource, row, existingId, ctx);
  },
});
