import { DICT_CODE_PATTERN, DICT_COLOR_PATTERN, DICT_LIMITS, DICT_MESSAGES } from '../code-rule.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { lengthRules } from '../validation.js';

/**
 * 数据字典 (sys_dict): shared by every tenant; a delete moves a dictionary to the recycle bin, and its code stays
 * taken there (the column is unique over every row).
 */
export const DICT_RESOURCE = describeResource({
  name: 'sys_dict',
  title: '数据字典',
  path: '/sys/dict',
  exportName: '数据字典',
  fields: {
    dictName: {
      title: '字典名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: lengthRules({ required: true, requiredMessage: DICT_MESSAGES.nameRequired, max: DICT_LIMITS.name }),
    },
    dictCode: {
      title: '字典编码',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: [
        { required: true, message: DICT_MESSAGES.codeRequired },
        { pattern: DICT_CODE_PATTERN, message: DICT_MESSAGES.codePattern },
        ...lengthRules({ max: DICT_LIMITS.code }),
      ],
    },
    description: {
      title: '描述',
      type: 'string',
      list: 'longText',
      rules: lengthRules({ max: DICT_LIMITS.description }),
    },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false, list: { width: 170 } },
  },
  permissions: {
    list: PERM.dictList,
    add: PERM.dictAdd,
    edit: PERM.dictEdit,
    delete: PERM.dictDelete,
    exportXls: PERM.dictExport,
    importExcel: PERM.dictImport,
  },
  unique: [
    {
      index: 'uq_sys_dict_dict_code',
      fields: ['dictCode'],
      message: (v) => (v ? DICT_MESSAGES.codeTaken(v) : '字典编码已存在'),
    },
  ],
});

/**
 * 字典项 (sys_dict_item): configuring items is editing the dictionary (every write needs 编辑字典); a value is unique
 * within its dictionary.
 */
export const DICT_ITEM_RESOURCE = describeResource({
  name: 'sys_dict_item',
  title: '字典项',
  path: '/sys/dictItem',
  fields: {
    dictId: { title: '字典', type: 'string', filter: true, excel: false },
    itemText: {
      title: '名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: lengthRules({
        required: true,
        requiredMessage: DICT_MESSAGES.itemTextRequired,
        max: DICT_LIMITS.itemText,
      }),
    },
    itemValue: {
      title: '数据值',
      type: 'string',
      filter: true,
      sort: true,
      rules: lengthRules({
        required: true,
        requiredMessage: DICT_MESSAGES.itemValueRequired,
        max: DICT_LIMITS.itemValue,
      }),
    },
    itemColor: {
      title: '颜色',
      type: 'string',
      list: { width: 110 },
      rules: [{ pattern: DICT_COLOR_PATTERN, message: DICT_MESSAGES.itemColorPattern }],
    },
    description: {
      title: '描述',
      type: 'string',
      list: 'longText',
      rules: lengthRules({ max: DICT_LIMITS.description }),
    },
    sortOrder: { title: '排序', type: 'int', sort: true, filter: true, list: { width: 80 } },
    status: {
      title: '状态',
      type: 'int',
      filter: true,
      sort: true,
      dict: 'valid_status',
      list: { width: 80 },
      query: 'dict',
    },
    createTime: { title: '创建时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.dictList,
    add: PERM.dictEdit,
    edit: PERM.dictEdit,
    delete: PERM.dictEdit,
  },
  unique: [
    {
      index: 'uq_sys_dict_item_value',
      fields: ['dictId', 'itemValue'],
      message: (v) => (v ? DICT_MESSAGES.itemValueTaken(v) : '数据值在该字典中已存在'),
    },
  ],
});
