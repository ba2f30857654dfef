import { PERM } from '../permissions.js';
import { PRINT_API, PRINT_MESSAGES } from '../print.js';
import { describeResource } from '../resource.js';
import { maxRule, requiredRule } from './text-rules.js';

/** Letters, digits, underscores and hyphens. */
export const PRINT_TEMPLATE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * 打印模板 (print templates): a tenant's own and the shipped ones (read-only, copied rather than edited). The source
 * is one of the server's registered printable sources; the layout is designed afterwards. No Excel.
 */
export const PRINT_TEMPLATE_RESOURCE = describeResource({
  name: 'biz_print_template',
  title: '打印模板',
  path: PRINT_API.template,
  fields: {
    code: {
      title: '模板编码',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 160 },
      query: 'like',
      rules: [
        requiredRule(PRINT_MESSAGES.codeRequired),
        maxRule('模板编码', 50),
        { pattern: PRINT_TEMPLATE_CODE_PATTERN, message: PRINT_MESSAGES.codeInvalid },
      ],
    },
    name: {
      title: '模板名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: [requiredRule(PRINT_MESSAGES.nameRequired), maxRule('模板名称', 100)],
    },
    /** Labelled with the source's title; the page offers the sources. */
    source: {
      title: '数据源',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 110 },
      query: 'custom',
      rules: [requiredRule(PRINT_MESSAGES.sourceRequired)],
    },
    paper: {
      title: '纸张',
      type: 'string',
      filter: true,
      list: { width: 170 },
      query: 'custom',
      rules: [requiredRule(PRINT_MESSAGES.paperInvalid)],
    },
    orientation: { title: '方向', type: 'string' },
    widthMm: { title: '宽(mm)', type: 'number' },
    heightMm: { title: '高(mm)', type: 'number' },
    layout: { title: '布局', type: 'string', excel: false },
    remark: { title: '备注', type: 'string', rules: [maxRule('备注', 500)] },
    builtIn: { title: '系统内置', type: 'int', computed: true, excel: false },
    createBy: { title: '创建人', type: 'string', excel: false },
    createTime: { title: '创建时间', type: 'datetime', sort: true, excel: false },
    updateTime: { title: '更新时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.printTemplateList,
    add: PERM.printTemplateAdd,
    edit: PERM.printTemplateEdit,
    delete: PERM.printTemplateDelete,
  },
});
