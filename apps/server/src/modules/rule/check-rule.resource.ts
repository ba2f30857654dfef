import { CHECK_RULE_ADMIN_MESSAGES, PERM } from '@district/shared';
import { checkRuleCreateSchema, checkRuleUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { ruleCodeTaken } from './fill-rule.resource.js';

/** Check rules (校验规则): segments of regular expressions, validated on save (shared/check-rule.ts). */
export const checkRuleResource: ResourceDef = {
  name: 'sys_check_rule',
  title: '校验规则',
  table: 'sysCheckRule',
  path: '/sys/checkRule',
  fields: {
    ruleName: { type: 'string', title: '规则名称', filter: true, sort: true },
    ruleCode: { type: 'string', title: '规则编码', filter: true, sort: true },
    ruleJson: { type: 'string', title: '规则内容' },
    ruleDescription: { type: 'string', title: '规则描述' },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  },
  permissions: {
    list: PERM.checkRuleList,
    add: PERM.checkRuleAdd,
    edit: PERM.checkRuleEdit,
    delete: PERM.checkRuleDelete,
  },
  createSchema: checkRuleCreateSchema,
  updateSchema: checkRuleUpdateSchema,
  async beforeWrite(row, existingId, ctx) {
    if (await ruleCodeTaken(ctx, 'sysCheckRule', String(row.ruleCode), existingId)) {
      throw new ApiError(400, CHECK_RULE_ADMIN_MESSAGES.codeTaken(String(row.ruleCode)));
    }
  },
};
