import { ANNT_API, MESSAGE_DICT, MESSAGE_MESSAGES } from '../message.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/**
 * 通告 (announcements): drafts, released to their targets, revoked; soft-deleted, and locked while released. The
 * spelling `titile` is the contract's.
 */
export const ANNOUNCEMENT_RESOURCE = describeResource({
  name: 'sys_announcement',
  title: '通告',
  path: ANNT_API.base,
  fields: {
    titile: {
      title: '标题',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 240 },
      query: 'like',
      rules: [
        { required: true, message: MESSAGE_MESSAGES.titleRequired },
        { max: 100, message: '标题最多100个字符' },
      ],
    },
    msgContent: { title: '内容', type: 'string' },
    msgAbstract: { title: '摘要', type: 'string', rules: [{ max: 500, message: '摘要最多500个字符' }] },
    startTime: { title: '开始时间', type: 'datetime', filter: true, sort: true },
    endTime: { title: '结束时间', type: 'datetime', filter: true, sort: true },
    sender: { title: '发布人', type: 'string', filter: true, list: { width: 110 } },
    priority: {
      title: '优先级',
      type: 'string',
      filter: true,
      sort: true,
      dict: MESSAGE_DICT.priority,
      list: { width: 100 },
      rules: [{ required: true, message: MESSAGE_MESSAGES.priorityRequired }],
    },
    msgCategory: {
      title: '消息类型',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 100 },
      rules: [{ required: true, message: MESSAGE_MESSAGES.categoryRequired }],
    },
    msgType: {
      title: '通告对象类型',
      type: 'string',
      filter: true,
      list: { width: 100 },
      rules: [{ required: true, message: MESSAGE_MESSAGES.targetRequired }],
    },
    /** The targets, as the target type asks for them (the form requires the one shown). */
    userIds: { title: '指定用户', type: 'string' },
    departIds: { title: '指定部门', type: 'string' },
    roleIds: { title: '指定角色', type: 'string' },
    /** ANNT_STATUS: set by release and revoke only; the page offers the values. */
    sendStatus: {
      title: '发布状态',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 100 },
      query: 'custom',
    },
    sendTime: { title: '发布时间', type: 'datetime', filter: true, sort: true, list: { width: 170 } },
    cancelTime: { title: '撤销时间', type: 'datetime', sort: true },
    openType: { title: '打开方式', type: 'string' },
    /** A path inside this site, required when openType is url (the schema's refinement). */
    openPage: { title: '页面地址', type: 'string', rules: [{ max: 255, message: '页面地址最多255个字符' }] },
    busType: { title: '业务类型', type: 'string', rules: [{ max: 20, message: '业务类型最多20个字符' }] },
    busId: { title: '业务编号', type: 'string', rules: [{ max: 50, message: '业务编号最多50个字符' }] },
    createBy: { title: '创建人', type: 'string', filter: true },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, list: { width: 170 } },
    updateTime: { title: '更新时间', type: 'datetime', sort: true },
  },
  permissions: {
    list: PERM.anntList,
    add: PERM.anntAdd,
    edit: PERM.anntEdit,
    delete: PERM.anntDelete,
  },
});
