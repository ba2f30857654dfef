import { ANNT_API, ANNT_STATUS, MESSAGE_DICT, MESSAGE_MESSAGES, PERM } from '@district/shared';
import type { AnntCreateInput, AnntUpdateInput } from '@district/shared/schemas';
import { anntCreateSchema, anntUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import type { ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { checkTargets } from './announcement.service.js';

/** Columns set by release and revoke only. */
const SERVER_OWNED = ['sendStatus', 'sendTime', 'cancelTime', 'sender'];

const joinIds = (v: unknown) => (Array.isArray(v) && v.length ? v.join(',') : null);

function normalise(row: Row, body: Record<string, unknown>): Row {
  for (const k of SERVER_OWNED) delete row[k];
  for (const k of ['userIds', 'departIds', 'roleIds']) if (k in body) row[k] = joinIds(body[k]);
  // Rich text is cleaned on the server whatever the editor sent: a script is gone, its text stays text.
  if ('msgContent' in body) row.msgContent = sanitizeHtml(body.msgContent) || null;
  return row;
}

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

/** 通告管理 on the resource pattern: tenancy, soft delete; released announcements are locked until revoked. */
export const announcementResource: ResourceDef<AnntCreateInput, AnntUpdateInput> = {
  name: 'sys_announcement',
  title: '通告',
  table: 'sysAnnouncement',
  path: ANNT_API.base,
  fields: {
    titile: { type: 'string', title: '标题', filter: true, sort: true },
    msgContent: { type: 'string', title: '内容' },
    msgAbstract: { type: 'string', title: '摘要' },
    startTime: { type: 'datetime', title: '开始时间', filter: true, sort: true },
    endTime: { type: 'datetime', title: '结束时间', filter: true, sort: true },
    sender: { type: 'string', title: '发布人', filter: true },
    priority: { type: 'string', title: '优先级', filter: true, sort: true, dict: MESSAGE_DICT.priority },
    msgCategory: { type: 'string', title: '消息类型', filter: true, sort: true },
    msgType: { type: 'string', title: '通告对象类型', filter: true },
    userIds: { type: 'string', title: '指定用户' },
    departIds: { type: 'string', title: '指定部门' },
    roleIds: { type: 'string', title: '指定角色' },
    sendStatus: { type: 'string', title: '发布状态', filter: true, sort: true },
    sendTime: { type: 'datetime', title: '发布时间', filter: true, sort: true },
    cancelTime: { type: 'datetime', title: '撤销时间', sort: true },
    openType: { type: 'string', title: '打开方式' },
    openPage: { type: 'string', title: '页面地址' },
    busType: { type: 'string', title: '业务类型' },
    busId: { type: 'string', title: '业务编号' },
    createBy: { type: 'string', title: '创建人', filter: true },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true },
    updateTime: { type: 'datetime', title: '更新时间', sort: true },
  },
  permissions: {
    list: PERM.anntList,
    add: PERM.anntAdd,
    edit: PERM.anntEdit,
    delete: PERM.anntDelete,
  },
  tenancy: { kind: 'column' },
  softDelete: true,
  defaultSort: { field: 'createTime', order: 'desc' },
  // Recipients read it too: the module's own queryById (announcementFor).
  skip: ['queryById'],
  createSchema: anntCreateSchema,
  updateSchema: anntUpdateSchema as ResourceDef<AnntCreateInput, AnntUpdateInput>['updateSchema'],

  toRow(body) {
    const row = normalise(declared(announcementResource, body), body);
    checkTargets(row as never);
    return { ...row, sendStatus: ANNT_STATUS.draft, delFlag: 0 };
  },

  toUpdate(body, before) {
    if (before.sendStatus === ANNT_STATUS.released) refuse(MESSAGE_MESSAGES.releasedLocked);
    const changes = normalise(declared(announcementResource, body), body);
    const merged = { ...before, ...changes };
    if (
      typeof merged.startTime === 'string' &&
      typeof merged.endTime === 'string' &&
      merged.endTime < merged.startTime
    ) {
      refuse(MESSAGE_MESSAGES.endBeforeStart);
    }
    if (merged.openType === 'url' && !merged.openPage) refuse(MESSAGE_MESSAGES.openPageRequired);
    checkTargets(merged as never);
    return changes;
  },

  async beforeDelete(rows) {
    if (rows.some((r) => r.sendStatus === ANNT_STATUS.released)) refuse(MESSAGE_MESSAGES.releasedLocked);
    return Promise.resolve();
  },

  async afterDelete(rows, ctx) {
    const ids = rows.map((r) => String(r.id));
    if (ids.length) await ctx.trx.deleteFrom('sysAnnouncementSend').where('anntId', 'in', ids).execute();
  },
};
