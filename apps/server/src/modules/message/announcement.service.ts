import {
  ANNT_CATEGORY,
  ANNT_SEND_BATCH,
  ANNT_STATUS,
  ANNT_TARGET,
  GUEST_CREDENTIALS,
  isSameSitePath,
  MESSAGE_MESSAGES,
  PERM,
  type AnnouncementRecord,
  type MyAnnouncement,
  type NoticeItem,
  type NoticeLists,
} from '@district/shared';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database, SysAnnouncement } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import { findScoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import type { NoticeHub } from '../../plugins/notice-hub.js';

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

const split = (v: string | null | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Ids per query: well below every dialect's limit of bound parameters. */
const IN_CHUNK = 1_000;

async function inChunks<T>(ids: string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) out.push(...(await run(ids.slice(i, i + IN_CHUNK))));
  return out;
}

type Target = Pick<SysAnnouncement, 'msgType' | 'userIds' | 'departIds' | 'roleIds'>;

/**
 * The users an announcement reaches: active accounts (never the guest) of the tenant it belongs to, among
 * everyone, the chosen users, the members of the chosen departments (and their sub-departments) or roles.
 */
export async function recipients(db: Kysely<Database>, annt: Target, tenantId: number | null): Promise<string[]> {
  const active = () => {
    let q = db
      .selectFrom('sysUser as u')
      .select('u.id')
      .where('u.status', '=', 1)
      .where('u.delFlag', '=', 0)
      .where('u.username', '!=', GUEST_CREDENTIALS.username);
    if (tenantId !== null) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('sysUserTenant as ut')
            .select('ut.id')
            .whereRef('ut.userId', '=', 'u.id')
            .where('ut.tenantId', '=', tenantId),
        ),
      );
    }
    return q;
  };
  let rows: { id: string }[] = [];
  if (annt.msgType === ANNT_TARGET.all) rows = await active().execute();
  else if (annt.msgType === ANNT_TARGET.user) {
    // The user picker answers usernames, other callers ids: both are unique, either is accepted.
    rows = await inChunks(split(annt.userIds), (ids) =>
      active()
        .where((eb) => eb.or([eb('u.id', 'in', ids), eb('u.username', 'in', ids)]))
        .execute(),
    );
  } else if (annt.msgType === ANNT_TARGET.role) {
    rows = await inChunks(split(annt.roleIds), (ids) =>
      active()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('sysUserRole as ur')
              .select('ur.id')
              .whereRef('ur.userId', '=', 'u.id')
              .where('ur.roleId', 'in', ids),
          ),
        )
        .execute(),
    );
  } else if (annt.msgType === ANNT_TARGET.depart) {
    const chosen = split(annt.departIds);
    const codes = chosen.length
      ? (
          await inChunks(chosen, (ids) =>
            db.selectFrom('sysDepart').select('orgCode').where('id', 'in', ids).where('delFlag', '=', 0).execute(),
          )
        ).map((d) => d.orgCode)
      : [];
    if (codes.length) {
      // A department reaches its sub-departments too: their org codes extend its own.
      const departs = await db
        .selectFrom('sysDepart')
        .select('id')
        .where('delFlag', '=', 0)
        .where((eb) =>
          eb.or(codes.map((c) => sql<SqlBool>`${eb.ref('orgCode')} like ${`${escapeLike(c)}%`} escape '!'`)),
        )
        .execute();
      rows = await inChunks(
        departs.map((d) => d.id),
        (ids) =>
          active()
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('sysUserDepart as ud')
                  .select('ud.id')
                  .whereRef('ud.userId', '=', 'u.id')
                  .where('ud.depId', 'in', ids),
              ),
            )
            .execute(),
      );
    }
  }
  return [...new Set(rows.map((r) => r.id))];
}

/** The targets of a body: the list its type needs must not be empty (a release to nobody is refused later). */
export function checkTargets(row: Target): void {
  if (row.msgType === ANNT_TARGET.user && !split(row.userIds).length) refuse(MESSAGE_MESSAGES.usersRequired);
  if (row.msgType === ANNT_TARGET.depart && !split(row.departIds).length) refuse(MESSAGE_MESSAGES.departsRequired);
  if (row.msgType === ANNT_TARGET.role && !split(row.roleIds).length) refuse(MESSAGE_MESSAGES.rolesRequired);
}

async function pushTo(hub: NoticeHub, annt: SysAnnouncement, users: string[], cmd: 'topic' | 'user') {
  const message = { cmd, msgId: annt.id, msgTxt: annt.titile };
  if (cmd === 'topic') await hub.toAll(annt.tenantId, message);
  else await hub.toUsers(users, message);
}

/**
 * doReleaseData: a draft (or a revoked announcement, again) becomes released, with one send row per recipient
 * written in batches, and each recipient's bell is told over the notice socket. Answers the number reached.
 */
export async function releaseAnnouncement(
  def: ResourceDef,
  ctx: ResourceContext,
  hub: NoticeHub,
  id: string,
): Promise<number> {
  const annt = (await findScoped(def, ctx, id)) as unknown as SysAnnouncement;
  if (annt.sendStatus === ANNT_STATUS.released) refuse(MESSAGE_MESSAGES.notDraft);
  const users = await recipients(ctx.db, annt, annt.tenantId);
  if (!users.length) refuse(MESSAGE_MESSAGES.nobody);
  const now = formatDateTime();
  await ctx.db.transaction().execute(async (trx) => {
    // The status moves only from what was read: two releases at once write the rows once.
    const moved = await trx
      .updateTable('sysAnnouncement')
      .set({ sendStatus: ANNT_STATUS.released, sendTime: now, sender: ctx.user.realname, cancelTime: null })
      .where('id', '=', id)
      .where('sendStatus', '=', annt.sendStatus)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) refuse(MESSAGE_MESSAGES.notDraft);
    await trx.deleteFrom('sysAnnouncementSend').where('anntId', '=', id).execute();
    for (let i = 0; i < users.length; i += ANNT_SEND_BATCH) {
      await trx
        .insertInto('sysAnnouncementSend')
        .values(
          users
            .slice(i, i + ANNT_SEND_BATCH)
            .map((userId) => ({ id: newId(), anntId: id, userId, readFlag: 0, readTime: null, createTime: now })),
        )
        .execute();
    }
  });
  await pushTo(hub, annt, users, annt.msgType === ANNT_TARGET.all ? 'topic' : 'user');
  return users.length;
}

/** doReovkeData: a released announcement leaves its recipients' lists (their bells reload at once). */
export async function revokeAnnouncement(
  def: ResourceDef,
  ctx: ResourceContext,
  hub: NoticeHub,
  id: string,
): Promise<void> {
  const annt = (await findScoped(def, ctx, id)) as unknown as SysAnnouncement;
  if (annt.sendStatus !== ANNT_STATUS.released) refuse(MESSAGE_MESSAGES.notReleased);
  const moved = await ctx.db
    .updateTable('sysAnnouncement')
    .set({ sendStatus: ANNT_STATUS.revoked, cancelTime: formatDateTime() })
    .where('id', '=', id)
    .where('sendStatus', '=', ANNT_STATUS.released)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) refuse(MESSAGE_MESSAGES.notReleased);
  if (annt.msgType === ANNT_TARGET.all) await pushTo(hub, annt, [], 'topic');
  else {
    const users = await ctx.db.selectFrom('sysAnnouncementSend').select('userId').where('anntId', '=', id).execute();
    await pushTo(
      hub,
      annt,
      users.map((u) => u.userId),
      'user',
    );
  }
}

/** The caller's send rows of released, live announcements. */
function mySends(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('sysAnnouncementSend as s')
    .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
    .where('s.userId', '=', userId)
    .where('a.sendStatus', '=', ANNT_STATUS.released)
    .where('a.delFlag', '=', 0);
}

/** What recipients are told of openPage: a stored value that is not a path of this site (older data) is dropped. */
const inAppPage = (page: string | null) => (isSameSitePath(page) ? page : null);

const NOTICE_COLUMNS = [
  'a.id',
  'a.titile',
  'a.createTime',
  'a.priority',
  'a.openType',
  'a.openPage',
  'a.busId',
  'a.msgAbstract',
  'a.msgCategory',
  'a.sender',
  'a.sendTime',
  's.id as sendId',
] as const;

/** How many unread notices of each kind the bell lists (the totals count them all). */
const BELL_LIST_SIZE = 20;

/** listByUser: the caller's unread notices and system messages, newest first, with their totals. */
export async function listByUser(db: Kysely<Database>, userId: string): Promise<NoticeLists> {
  const unread = () => mySends(db, userId).where('s.readFlag', '=', 0);
  const counts = await unread()
    .select(['a.msgCategory', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.msgCategory')
    .execute();
  const total = (category: string) => Number(counts.find((c) => c.msgCategory === category)?.n ?? 0);
  const list = async (category: string): Promise<NoticeItem[]> =>
    (
      await unread()
        .select(NOTICE_COLUMNS)
        .where('a.msgCategory', '=', category)
        .orderBy('a.sendTime', 'desc')
        .orderBy('a.id', 'desc')
        .limit(BELL_LIST_SIZE)
        .execute()
    ).map((r) => ({
      id: r.id,
      titile: r.titile,
      createTime: r.createTime,
      priority: r.priority as NoticeItem['priority'],
      openType: r.openType,
      openPage: inAppPage(r.openPage),
      busId: r.busId,
      msgTxt: r.msgAbstract,
      msgId: r.sendId,
      msgCategory: r.msgCategory,
      sender: r.sender,
      sendTime: r.sendTime,
    }));
  return {
    anntMsgList: await list(ANNT_CATEGORY.notice),
    anntMsgTotal: total(ANNT_CATEGORY.notice),
    sysMsgList: await list(ANNT_CATEGORY.system),
    sysMsgTotal: total(ANNT_CATEGORY.system),
  };
}

/** editByAnntIdAndUserId: the caller's notice is read (refused when it is not the caller's). */
export async function markRead(db: Kysely<Database>, userId: string, anntId: string): Promise<void> {
  const updated = await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: 1, readTime: formatDateTime() })
    .where('anntId', '=', anntId)
    .where('userId', '=', userId)
    .where('readFlag', '=', 0)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const mine = await db
      .selectFrom('sysAnnouncementSend')
      .select('id')
      .where('anntId', '=', anntId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!mine) throw new ApiError(404, MESSAGE_MESSAGES.notFound);
  }
}

export async function markAllRead(db: Kysely<Database>, userId: string): Promise<number> {
  const updated = await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: 1, readTime: formatDateTime() })
    .where('userId', '=', userId)
    .where('readFlag', '=', 0)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

export interface MyQuery {
  pageNo: number;
  pageSize: number;
  readFlag?: '0' | '1';
  msgCategory?: string;
  titile?: string;
}

/** 我的消息: the caller's notices, read and unread, newest first, paged. */
export async function myAnnouncements(
  db: Kysely<Database>,
  userId: string,
  query: MyQuery,
): Promise<{ records: MyAnnouncement[]; total: number; current: number; size: number; pages: number }> {
  let q = mySends(db, userId);
  if (query.readFlag) q = q.where('s.readFlag', '=', Number(query.readFlag));
  if (query.msgCategory) q = q.where('a.msgCategory', '=', query.msgCategory);
  if (query.titile)
    q = q.where((eb) => sql<SqlBool>`${eb.ref('a.titile')} like ${`%${escapeLike(query.titile ?? '')}%`} escape '!'`);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const rows = await q
    .select([
      'a.id',
      'a.titile',
      'a.sender',
      'a.sendTime',
      'a.msgContent',
      'a.openType',
      'a.openPage',
      'a.priority',
      'a.msgCategory',
      's.id as sendId',
      's.readFlag',
      's.readTime',
    ])
    .orderBy('a.sendTime', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return {
    records: rows.map((r) => ({
      ...r,
      openPage: inAppPage(r.openPage),
      priority: r.priority as MyAnnouncement['priority'],
    })),
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}

/**
 * queryById: whoever manages announcements reads any of the tenant's; a recipient reads a released one sent to
 * them; anyone else gets 404 (nothing tells them it exists).
 */
export async function announcementFor(
  def: ResourceDef,
  ctx: ResourceContext,
  id: string,
): Promise<AnnouncementRecord & Record<string, unknown>> {
  if (ctx.user.session?.perms.has(PERM.anntList)) {
    return (await findScoped(def, ctx, id)) as unknown as AnnouncementRecord & Record<string, unknown>;
  }
  const row = await mySends(ctx.db, ctx.user.id)
    .where('a.id', '=', id)
    .select([
      'a.id',
      'a.titile',
      'a.sender',
      'a.sendTime',
      'a.msgContent',
      'a.openType',
      'a.openPage',
      'a.priority',
      'a.msgCategory',
    ])
    .executeTakeFirst();
  if (!row) throw new ApiError(404, MESSAGE_MESSAGES.notFound);
  return { ...row, openPage: inAppPage(row.openPage), priority: row.priority as AnnouncementRecord['priority'] };
}
