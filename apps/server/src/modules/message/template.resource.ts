import { MESSAGE_API, PERM, renderTemplate, TEMPLATE_API, TEMPLATE_MESSAGES } from '@district/shared';
import {
  templateCreateSchema,
  templateUpdateSchema,
  type TemplateCreateInput,
  type TemplateUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import type { ResourceDef, Row } from '../../lib/resource/resource.types.js';

/** A template whose placeholders are not all plain names is refused when saved, not when first sent. */
function checkPlaceholders(row: Row): void {
  for (const field of ['templateContent', 'templateName']) {
    const value = row[field];
    if (typeof value !== 'string') continue;
    const probe = renderTemplate(value, {});
    if (!probe.ok && !probe.message.startsWith(TEMPLATE_MESSAGES.missingParams([]))) {
      throw new ApiError(400, probe.message);
    }
  }
}

/** 消息模板: code (unique), title, channel, content with `${name}` placeholders, test values. */
export const templateResource: ResourceDef<TemplateCreateInput, TemplateUpdateInput> = {
  name: 'sys_message_template',
  title: '消息模板',
  table: 'sysMessageTemplate',
  path: TEMPLATE_API.base,
  fields: {
    templateCode: { type: 'string', title: '模板编码', filter: true, sort: true },
    templateName: { type: 'string', title: '模板标题', filter: true, sort: true },
    templateType: { type: 'string', title: '模板类型', filter: true, sort: true },
    templateContent: { type: 'string', title: '模板内容' },
    templateTestJson: { type: 'string', title: '测试数据' },
    createBy: { type: 'string', title: '创建人' },
    createTime: { type: 'datetime', title: '创建时间', sort: true },
    updateTime: { type: 'datetime', title: '更新时间', sort: true },
  },
  permissions: {
    list: PERM.templateList,
    queryById: PERM.templateList,
    add: PERM.templateAdd,
    edit: PERM.templateEdit,
    delete: PERM.templateDelete,
  },
  tenancy: { kind: 'column' },
  defaultSort: { field: 'createTime', order: 'desc' },
  createSchema: templateCreateSchema,
  updateSchema: templateUpdateSchema as ResourceDef<TemplateCreateInput, TemplateUpdateInput>['updateSchema'],

  toRow(body) {
    const row = declared(templateResource, body);
    checkPlaceholders(row);
    return row;
  },

  toUpdate(body) {
    const row = declared(templateResource, body);
    checkPlaceholders(row);
    return row;
  },

  async beforeWrite(row, existingId, ctx) {
    if (typeof row.templateCode !== 'string') return;
    let q = ctx.db.selectFrom('sysMessageTemplate').select('id').where('templateCode', '=', row.templateCode);
    if (existingId !== null) q = q.where('id', '!=', existingId);
    if (await q.executeTakeFirst()) throw new ApiError(400, TEMPLATE_MESSAGES.codeTaken);
  },
};

/** 消息记录: every message sent (system message, e-mail, SMS) with its status, attempts and last error. */
export const messageRecordResource: ResourceDef = {
  name: 'sys_message',
  title: '消息记录',
  table: 'sysMessage',
  path: MESSAGE_API.base,
  fields: {
    templateCode: { type: 'string', title: '模板编码', filter: true },
    esType: { type: 'string', title: '消息类型', filter: true, sort: true },
    esReceiver: { type: 'string', title: '接收人', filter: true },
    esTitle: { type: 'string', title: '消息标题', filter: true },
    esContent: { type: 'string', title: '消息内容' },
    esParam: { type: 'string', title: '参数' },
    esSendStatus: { type: 'string', title: '发送状态', filter: true, sort: true },
    esSendNum: { type: 'int', title: '发送次数', sort: true },
    esResult: { type: 'string', title: '失败原因' },
    esSendTime: { type: 'datetime', title: '发送时间', filter: true, sort: true },
    nextTryTime: { type: 'datetime', title: '下次重试时间', sort: true },
    createBy: { type: 'string', title: '发送人', filter: true },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true },
  },
  permissions: { list: PERM.messageList, queryById: PERM.messageList, delete: PERM.messageDelete },
  tenancy: { kind: 'column' },
  defaultSort: { field: 'createTime', order: 'desc' },
};
