import { MESSAGE_API } from '../message.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/** 消息记录 (messages sent): system message, e-mail or SMS, with its status, attempts and last error. */
export const MESSAGE_RECORD_RESOURCE = describeResource({
  name: 'sys_message',
  title: '消息记录',
  path: MESSAGE_API.base,
  fields: {
    templateCode: { title: '模板编码', type: 'string', filter: true },
    /** MESSAGE_CHANNEL: the page offers the channels. */
    esType: { title: '消息类型', type: 'string', filter: true, sort: true, list: { width: 100 }, query: 'custom' },
    esReceiver: { title: '接收人', type: 'string', filter: true, list: { width: 200 }, query: 'like' },
    esTitle: { title: '消息标题', type: 'string', filter: true, list: { width: 200 } },
    esContent: { title: '消息内容', type: 'string' },
    esParam: { title: '参数', type: 'string' },
    /** SEND_STATUS: the page offers the values. */
    esSendStatus: {
      title: '发送状态',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 100 },
      query: 'custom',
    },
    esSendNum: { title: '发送次数', type: 'int', sort: true, list: { width: 90 } },
    esResult: { title: '失败原因', type: 'string', list: { width: 220 } },
    esSendTime: { title: '发送时间', type: 'datetime', filter: true, sort: true, list: { width: 170 } },
    nextTryTime: { title: '下次重试时间', type: 'datetime', sort: true, list: { width: 170 } },
    createBy: { title: '发送人', type: 'string', filter: true },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true },
  },
  permissions: { list: PERM.messageList, queryById: PERM.messageList, delete: PERM.messageDelete },
});
