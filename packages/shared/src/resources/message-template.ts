import { TEMPLATE_API, TEMPLATE_MESSAGES } from '../message.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/** Letters, digits, underscores and hyphens. */
export const TEMPLATE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** 消息模板 (message templates): a code, a title, a channel, content with `${name}` placeholders, test values. */
export const MESSAGE_TEMPLATE_RESOURCE = describeResource({
  name: 'sys_message_template',
  title: '消息模板',
  path: TEMPLATE_API.base,
  fields: {
    templateCode: {
      title: '模板编码',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 160 },
      query: 'like',
      rules: [
        { required: true, message: TEMPLATE_MESSAGES.codeRequired },
        { max: 50, message: '模板编码最多50个字符' },
        { pattern: TEMPLATE_CODE_PATTERN, message: TEMPLATE_MESSAGES.codeFormat },
      ],
    },
    templateName: {
      title: '模板标题',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 220 },
      query: 'like',
      rules: [
        { required: true, message: TEMPLATE_MESSAGES.nameRequired },
        { max: 100, message: '模板标题最多100个字符' },
      ],
    },
    /** MESSAGE_CHANNEL: the page offers the channels. */
    templateType: {
      title: '模板类型',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 100 },
      query: 'custom',
      rules: [{ required: true, message: TEMPLATE_MESSAGES.typeRequired }],
    },
    templateContent: { title: '模板内容', type: 'string', list: { width: 320 } },
    templateTestJson: { title: '测试数据', type: 'string', rules: [{ max: 5_000, message: '测试数据最多5000个字符' }] },
    createBy: { title: '创建人', type: 'string' },
    createTime: { title: '创建时间', type: 'datetime', sort: true, list: { width: 170 } },
    updateTime: { title: '更新时间', type: 'datetime', sort: true },
  },
  permissions: {
    list: PERM.templateList,
    queryById: PERM.templateList,
    add: PERM.templateAdd,
    edit: PERM.templateEdit,
    delete: PERM.templateDelete,
  },
  unique: [
    { index: 'uq_sys_message_template_code', fields: ['templateCode'], message: () => TEMPLATE_MESSAGES.codeTaken },
  ],
});
