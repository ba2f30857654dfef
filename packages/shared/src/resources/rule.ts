import { CHECK_RULE_LIMITS } from '../check-rule.js';
import { CHECK_RULE_ADMIN_MESSAGES, FILL_RULE_MESSAGES, RULE_CODE_PATTERN } from '../code-rule.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { lengthRules } from '../validation.js';

/** A rule's name and code: the same checks for fill and check rules, with each one's messages. */
const ruleName = (requiredMessage: string) => lengthRules({ required: true, requiredMessage, max: 100 });
const ruleCode = (requiredMessage: string, patternMessage: string) => [
  { required: true, message: requiredMessage },
  { pattern: RULE_CODE_PATTERN, message: patternMessage },
  ...lengthRules({ max: 100 }),
];

/** 编码规则 (sys_fill_rule): sequences such as asset numbers, and organisation codes. */
export const FILL_RULE_RESOURCE = describeResource({
  name: 'sys_fill_rule',
  title: '编码规则',
  path: '/sys/fillRule',
  fields: {
    ruleName: {
      title: '规则名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: ruleName(FILL_RULE_MESSAGES.nameRequired),
    },
    ruleCode: {
      title: '规则编码',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: ruleCode(FILL_RULE_MESSAGES.codeRequired, FILL_RULE_MESSAGES.codePattern),
    },
    ruleKind: {
      title: '规则类型',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 100 },
      rules: [{ required: true, message: FILL_RULE_MESSAGES.kindRequired }],
    },
    ruleParams: { title: '规则参数', type: 'string', list: 'longText' },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false, list: { width: 170 } },
  },
  permissions: {
    list: PERM.fillRuleList,
    add: PERM.fillRuleAdd,
    edit: PERM.fillRuleEdit,
    delete: PERM.fillRuleDelete,
  },
  unique: [
    {
      index: 'uq_sys_fill_rule_rule_code',
      fields: ['ruleCode'],
      message: (v) => (v ? FILL_RULE_MESSAGES.codeTaken(v) : '规则编码已存在'),
    },
  ],
});

/** 校验规则 (sys_check_rule): segments of regular expressions, validated on save (check-rule.ts). */
export const CHECK_RULE_RESOURCE = describeResource({
  name: 'sys_check_rule',
  title: '校验规则',
  path: '/sys/checkRule',
  fields: {
    ruleName: {
      title: '规则名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: ruleName(CHECK_RULE_ADMIN_MESSAGES.nameRequired),
    },
    ruleCode: {
      title: '规则编码',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: ruleCode(CHECK_RULE_ADMIN_MESSAGES.codeRequired, CHECK_RULE_ADMIN_MESSAGES.codePattern),
    },
    ruleJson: {
      title: '规则内容',
      type: 'string',
      rules: [{ max: CHECK_RULE_LIMITS.json, message: `规则内容不能超过${CHECK_RULE_LIMITS.json}个字符` }],
    },
    ruleDescription: { title: '规则描述', type: 'string', list: 'longText', rules: lengthRules({ max: 500 }) },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false, list: { width: 170 } },
  },
  permissions: {
    list: PERM.checkRuleList,
    add: PERM.checkRuleAdd,
    edit: PERM.checkRuleEdit,
    delete: PERM.checkRuleDelete,
  },
  unique: [
    {
      index: 'uq_sys_check_rule_rule_code',
      fields: ['ruleCode'],
      message: (v) => (v ? CHECK_RULE_ADMIN_MESSAGES.codeTaken(v) : '规则编码已存在'),
    },
  ],
});
