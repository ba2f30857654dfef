/**
 * Dictionaries, categories, fill rules (编码规则), check rules and the duplicate check: calls, shapes and
 * messages both sides spell the same way. Plain data, no zod.
 */

/** 数据字典's recycle bin, beside the dictionary and item resources' standard routes. */
export const DICT_ADMIN_API = {
  deleteList: '/sys/dict/deleteList',
  /** + '/{id}' (PUT) */
  back: '/sys/dict/back',
  /** + '/{id}' (DELETE) */
  deletePhysic: '/sys/dict/deletePhysic',
} as const;

/** The dictionary lookups of selects and tables (plain and registered table dictionaries, trees). */
export const DICT_LOOKUP_API = {
  /** + '/{dict}' */
  loadDict: '/sys/dict/loadDict',
  /** + '/{dict}' */
  loadDictItem: '/sys/dict/loadDictItem',
  loadTreeData: '/sys/dict/loadTreeData',
} as const;

export const DICT_LIMITS = { name: 100, code: 100, description: 255, itemText: 100, itemValue: 100, sortOrder: 99_999 };
/** A dictionary code: letters, digits and underscores (the lookups accept nothing else). */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_]+$/;
/** An item colour: #rgb or #rrggbb. */
export const DICT_COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const DICT_MESSAGES = {
  nameRequired: '请输入字典名称',
  codeRequired: '请输入字典编码',
  codePattern: '字典编码只能包含字母、数字和下划线',
  codeTaken: (code: string) => `字典编码“${code}”已存在`,
  codeInRecycleBin: (code: string) => `字典编码“${code}”已存在于回收站中，请先还原或彻底删除`,
  itemTextRequired: '请输入名称',
  itemValueRequired: '请输入数据值',
  itemValueTaken: (value: string) => `数据值“${value}”在该字典中已存在`,
  itemColorPattern: '颜色须为 #RRGGBB 格式',
  dictMissing: '字典不存在或已删除',
  dictIdRequired: '请选择字典',
  restored: '还原成功！',
  physicDeleted: '彻底删除成功！',
  notInRecycleBin: '该字典不在回收站中',
  builtIn: '系统内置字典不能彻底删除，可保留在回收站中或还原',
  physicConfirm: '确定要彻底删除这个字典吗？删除后字典项也会一并删除，且无法恢复',
} as const;

export interface DictRecord {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  createTime: string | null;
  updateTime?: string | null;
}

export interface DictItemRecord {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: number;
  status: number;
  status_dictText?: string;
}

/** 分类字典's lazy tree, beside the category resource's standard routes (its add is a route of its own). */
export const CATEGORY_ADMIN_API = { childList: '/sys/category/childList' } as const;

/** One level of a category or organisation code: a capital letter and two digits (A01 … Z99). */
export const CODE_SEGMENT_PATTERN = /^[A-Z]\d{2}$/;
export const CATEGORY_CODE_PATTERN = /^([A-Z]\d{2})+$/;
/** The top of the category tree (pid of top-level categories, pcode of the whole tree). */
export const CATEGORY_ROOT = '0';

export const CATEGORY_ADMIN_MESSAGES = {
  nameRequired: '请输入分类名称',
  parentMissing: '父级分类不存在',
  hasChildren: (name: string) => `分类“${name}”下还有子分类，请先删除子分类`,
  codeExhausted: '该层级的编码已用完（A01~Z99）',
  codeFormat: '分类编码须为每级一个大写字母加两位数字，如 A01A02',
  codeTaken: (code: string) => `分类编码“${code}”已存在`,
  parentCodeMissing: (code: string) => `上级分类编码“${code}”不存在`,
  pcodeMissing: (code: string) => `分类编码“${code}”不存在`,
  badField: '参数 field 只能为 code 或 id',
  conditionField: (field: string) => `condition 不支持的字段：${field}`,
} as const;

export interface CategoryRecord {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild: string;
  /** 折旧年限 in years (null: the parent's; 0: not depreciated) and 残值率 in percent (issue 26). */
  depreciationYears?: number | null;
  residualRate?: number | null;
  /** '1' → the tree table shows an expander and loads children on expand. */
  hasChildren?: boolean;
  createTime: string | null;
}

/** A fill or check rule's code: letters, digits and underscores. */
export const RULE_CODE_PATTERN = /^[A-Za-z0-9_]+$/;

/** Drawing codes, beside the fill-rule resource's standard routes. */
export const FILL_RULE_API = {
  /** + '/{ruleCode}' (GET or PUT): draws the next code for a form (生成编码) */
  execute: '/sys/fillRule/executeRuleByCode',
  /** + '/{ruleCode}' (PUT): the list's 测试 button (测试编码规则); draws a code the same way */
  test: '/sys/fillRule/testRule',
} as const;

export const FILL_RULE_KINDS = { sequence: '流水号', orgCode: '机构编码' } as const;
export type FillRuleKind = keyof typeof FILL_RULE_KINDS;
export const FILL_DATE_PATTERNS = ['YYYYMMDD', 'YYYYMM', 'YYYY', ''] as const;
export type FillDatePattern = (typeof FILL_DATE_PATTERNS)[number];
export const FILL_RESET_BY = { day: '每天', month: '每月', year: '每年', never: '不重置' } as const;
export type FillResetBy = keyof typeof FILL_RESET_BY;

/** rule_params of a sequence rule, e.g. {prefix:'ZC', datePattern:'YYYYMMDD', seqLength:3, resetBy:'day'}. */
export interface SequenceRuleParams {
  prefix: string;
  datePattern: FillDatePattern;
  seqLength: number;
  resetBy: FillResetBy;
}

export const FILL_RULE_LIMITS = { prefix: 20, seqLengthMin: 1, seqLengthMax: 10 } as const;
export const FILL_PREFIX_PATTERN = /^[A-Za-z0-9_-]*$/;

export const FILL_RULE_MESSAGES = {
  nameRequired: '请输入规则名称',
  codeRequired: '请输入规则编码',
  codePattern: '规则编码只能包含字母、数字和下划线',
  codeTaken: (code: string) => `规则编码“${code}”已存在`,
  kindRequired: '请选择规则类型',
  paramsJson: '规则参数须为JSON对象',
  prefixPattern: `前缀只能包含字母、数字、下划线和短横线，最多${FILL_RULE_LIMITS.prefix}个字符`,
  datePattern: '日期格式只能为 YYYYMMDD、YYYYMM、YYYY 或空',
  seqLength: `流水号位数须为${FILL_RULE_LIMITS.seqLengthMin}到${FILL_RULE_LIMITS.seqLengthMax}的整数`,
  resetBy: '重置周期只能为 day、month、year 或 never',
  resetNeedsDate: '按日/月/年重置时，日期格式须包含对应的年月日',
  ruleNotFound: (code: string) => `编码规则“${code}”不存在`,
  parentDepartMissing: '上级部门不存在',
  generated: (value: string) => `生成的编码：${value}`,
} as const;

/** A value checked by a rule (forms' validators), beside the check-rule resource's standard routes. */
export const CHECK_RULE_API = { checkByCode: '/sys/checkRule/checkByCode' } as const;

export const CHECK_RULE_ADMIN_MESSAGES = {
  nameRequired: '请输入规则名称',
  codeRequired: '请输入规则编码',
  codePattern: '规则编码只能包含字母、数字和下划线',
  codeTaken: (code: string) => `规则编码“${code}”已存在`,
  valueRequired: '请输入需要校验的值',
} as const;

export const DUPLICATE_API = { check: '/sys/duplicate/check' } as const;

export const DUPLICATE_MESSAGES = {
  available: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  unregistered: '不支持对该表字段进行重复校验',
  paramsRequired: '参数 tableName 和 fieldName 不能为空',
} as const;
