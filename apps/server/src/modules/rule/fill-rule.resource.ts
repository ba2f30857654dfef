import { FILL_RULE_MESSAGES, PERM } from '@district/shared';
import { fillRuleCreateSchema, fillRuleParamsProblem, fillRuleUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceContext, ResourceDef, Row } from '../../lib/resource/resource.types.js';

/** A rule code is unique over the table (the column is unique). */
export async function ruleCodeTaken(
  ctx: ResourceContext,
  table: 'sysFillRule' | 'sysCheckRule',
  code: string,
  existingId: string | null,
): Promise<boolean> {
  const clash = await ctx.db
    .selectFrom(table)
    .select('id')
    .where('ruleCode', '=', code)
    .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
    .executeTakeFirst();
  return Boolean(clash);
}

/** Fill rules (编码规则): sequences such as asset numbers, and organisation codes. */
export const fillRuleResource: ResourceDef = {
  name: 'sys_fill_rule',
  title: '编码规则',
  table: 'sysFillRule',
  path: '/sys/fillRule',
  fields: {
    ruleName: { type: 'string', title: '规则名称', filter: true, sort: true },
    ruleCode: { type: 'string', title: '规则编码', filter: true, sort: true },
    ruleKind: { type: 'string', title: '规则类型', filter: true, sort: true },
    ruleParams: { type: 'string', title: '规则参数' },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  },
  permissions: {
    list: PERM.fillRuleList,
    add: PERM.fillRuleAdd,
    edit: PERM.fillRuleEdit,
    delete: PERM.fillRuleDelete,
  },
  createSchema: fillRuleCreateSchema,
  updateSchema: fillRuleUpdateSchema,
  async beforeWrite(row: Row, existingId, ctx) {
    // An edit may change the kind or the params alone: check them together as stored after the edit.
    const problem = fillRuleParamsProblem(String(row.ruleKind), row.ruleParams as string | null);
    if (problem) throw new ApiError(400, problem);
    if (row.ruleKind === 'orgCode') row.ruleParams = null;
    if (await ruleCodeTaken(ctx, 'sysFillRule', String(row.ruleCode), existingId)) {
      throw new ApiError(400, FILL_RULE_MESSAGES.codeTaken(String(row.ruleCode)));
    }
  },
};
