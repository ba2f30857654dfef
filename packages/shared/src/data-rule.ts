/**
 * Data rules (per role, per menu): a column, a condition and a value that may hold the variables below.
 * There is no raw-SQL rule kind: every rule is a column/condition/value triple bound as parameters.
 */
export const DATA_RULE_CONDITIONS = ['>', '<', '!=', '=', '>=', '<=', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IN'] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];

export const DATA_RULE_CONDITION_LABELS: Record<DataRuleCondition, string> = {
  '>': '大于',
  '<': '小于',
  '!=': '不等于',
  '=': '等于',
  '>=': '大于等于',
  '<=': '小于等于',
  LIKE: '包含',
  LEFT_LIKE: '左模糊（以…结尾）',
  RIGHT_LIKE: '右模糊（以…开始）',
  IN: '在…中（逗号分隔）',
};

export const DATA_RULE_VARIABLES = {
  '#{sys_user_code}': '当前用户账号',
  '#{sys_user_name}': '当前用户姓名',
  '#{sys_org_code}': '当前部门编码',
  '#{sys_multi_org_code}': '用户所有部门编码',
  '#{sys_date}': '当前日期',
  '#{sys_time}': '当前时间',
  '#{tenant_id}': '当前租户',
} as const;

/** Field names a rule may name: a letter, then letters, digits and underscores. */
export const DATA_RULE_COLUMN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
