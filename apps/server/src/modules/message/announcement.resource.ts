import { ANNOUNCEMENT_RESOURCE, ANNT_STATUS, isSameSitePath, MESSAGE_MESSAGES } from '@district/shared';
import type { AnntCreateInput, AnntUpdateInput } from '@district/shared/schemas';
import { anntCreateSchema, anntUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';
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
export const announcementResource: ResourceDef<AnntCreateInput, AnntUpdateInput> = defineResource<
  AnntCreateInput,
  AnntUpdateInput
>(ANNOUNCEMENT_RESOURCE, {
  table: 'sysAnnouncement',
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
    // A page stored before the rule (or written around it) is not carried into a go-and-handle announcement.
    if (merged.openType === 'url' && !isSameSitePath(merged.openPage)) refuse(MESSAGE_MESSAGES.openPageInvalid);
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
});
