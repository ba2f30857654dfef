import {
  MY_DATA_RECENT,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE,
  TICKET_STATUS_ITEMS,
  USER_STATUS,
  type MyData,
  type MyDataLogRow,
  type PrivacyAcceptance,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { openPersonal, personalHashes, SEALED_COLUMNS } from '../../lib/personal-data.js';
import { formatDateTime } from '../../lib/time.js';
import { LOG_TYPE_LOGIN } from '../log/login-log.service.js';
import { providerName } from '../third-login/third-login.service.js';
import { userDeparts, userPositions, userTenants } from '../auth/user-session.service.js';

/*
 * 我的数据 (issue 24 item 12): everything the system keeps about one account, read for that account only, and the
 * privacy notice's acceptance at registration.
 */

export interface NoticeAcceptance {
  version: string;
  ip: string | null;
}

/** The register form's acceptance of the current notice, or 400 with the reason. */
export function acceptedNotice(input: PrivacyAcceptance, ip: string | null): NoticeAcceptance {
  if (input.privacyAccepted !== true) throw new ApiError(400, PRIVACY_MESSAGES.noticeRequired);
  // A form opened before the text changed accepted another text.
  if (input.privacyVersion !== undefined && input.privacyVersion !== PRIVACY_NOTICE.version) {
    throw new ApiError(400, PRIVACY_MESSAGES.noticeOutdated);
  }
  return { version: PRIVACY_NOTICE.version, ip };
}

export async function recordConsent(trx: Kysely<Database>, userId: string, consent: NoticeAcceptance): Promise<void> {
  await trx
    .insertInto('sysPrivacyConsent')
    .values({
      id: newId(),
      userId,
      noticeVersion: consent.version,
      acceptTime: formatDateTime(),
      ip: consent.ip?.slice(0, 64) ?? null,
    })
    .execute();
}

const SEX_TEXT: Record<number, string> = { 1: '男', 2: '女' };
const TICKET_STATUS_TEXT = new Map<string, string>(TICKET_STATUS_ITEMS.map((s) => [s.value, s.text]));

async function recentLogs(db: Kysely<Database>, userId: string, login: boolean): Promise<MyDataLogRow[]> {
  const rows = await db
    .selectFrom('sysLog')
    .select(['createTime', 'ip', 'logContent', 'result'])
    .where('userid', '=', userId)
    .where('logType', login ? '=' : '!=', LOG_TYPE_LOGIN)
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(MY_DATA_RECENT)
    .execute();
  return rows.map((r) => ({
    time: r.createTime,
    ip: r.ip,
    content: r.logContent,
    result: Number(r.result) === 1 ? '成功' : '失败',
  }));
}

/** What the system holds about one account, its personal numbers whole (the account itself asks). */
export async function myDataOf(ctx: AppContext, userId: string): Promise<MyData> {
  const { db } = ctx.db;
  const crypto = ctx.fields;
  const user = await db.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new ApiError(404, '用户不存在');
  const phone = openPersonal(crypto, SEALED_COLUMNS.userPhone, user.phone);

  const [departs, positions, tenants, roles, totp, logins, operations, third, consents] = await Promise.all([
    userDeparts(db, userId),
    userPositions(db, userId),
    userTenants(db, userId),
    db
      .selectFrom('sysRole as r')
      .innerJoin('sysUserRole as ur', 'ur.roleId', 'r.id')
      .select('r.roleName')
      .where('ur.userId', '=', userId)
      .orderBy('r.roleName')
      .execute(),
    db.selectFrom('sysUserTotp').select('userId').where('userId', '=', userId).executeTakeFirst(),
    recentLogs(db, userId, true),
    recentLogs(db, userId, false),
    db
      .selectFrom('sysThirdAccount')
      .select(['thirdType', 'displayName', 'createTime'])
      .where('userId', '=', userId)
      .orderBy('createTime')
      .execute(),
    db
      .selectFrom('sysPrivacyConsent')
      .select(['noticeVersion', 'acceptTime', 'ip'])
      .where('userId', '=', userId)
      .orderBy('acceptTime')
      .execute(),
  ]);

  const messages = await db
    .selectFrom('sysAnnouncementSend')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('readFlag', '=', 0).then(1).else(0).end()).as('unread'),
    ])
    .where('userId', '=', userId)
    .executeTakeFirst();

  // Room tickets name their holder by ID number and phone, not by account: the ones held under this account's phone.
  const holderHashes = phone ? personalHashes(crypto, SEALED_COLUMNS.ticketHolderPhone, phone) : [];
  const tickets = holderHashes.length
    ? await db
        .selectFrom('bizRoomTicket as t')
        .leftJoin('bizProject as p', 'p.id', 't.projectId')
        .select(['t.ticketNo', 't.holderName', 'p.name as projectName', 't.status', 't.faceAmount', 't.issueDate'])
        .where('t.holderPhoneHash', 'in', holderHashes)
        .where('t.delFlag', '=', 0)
        .orderBy('t.issueDate', 'desc')
        .limit(200)
        .execute()
    : [];

  return {
    profile: {
      username: user.username,
      realname: user.realname,
      sex: user.sex === null ? null : (SEX_TEXT[Number(user.sex)] ?? null),
      birthday: user.birthday,
      phone,
      email: openPersonal(crypto, SEALED_COLUMNS.userEmail, user.email),
      telephone: user.telephone,
      workNo: user.workNo,
      avatar: user.avatar,
      status: { [USER_STATUS.frozen]: '冻结', [USER_STATUS.pending]: '待审核' }[Number(user.status)] ?? '正常',
      createTime: user.createTime,
      lastLoginTime: user.lastLoginTime,
      lastLoginIp: user.lastLoginIp,
      passwordTime: user.passwordTime,
      totpEnabled: Boolean(totp),
    },
    departs: departs.map((d) => d.departName),
    roles: roles.map((r) => r.roleName),
    positions: positions.map((p) => p.name),
    tenants: tenants.map((t) => t.name),
    logins,
    operations,
    thirdAccounts: third.map((a) => ({
      provider: providerName(ctx.config.thirdLoginProviders, a.thirdType),
      displayName: a.displayName,
      createTime: a.createTime,
    })),
    messages: { total: Number(messages?.total ?? 0), unread: Number(messages?.unread ?? 0) },
    tickets: tickets.map((t) => ({
      ticketNo: t.ticketNo,
      holderName: t.holderName,
      projectName: t.projectName ?? null,
      status: TICKET_STATUS_TEXT.get(t.status) ?? t.status,
      faceAmount: Number(t.faceAmount) / 100,
      issueDate: t.issueDate,
    })),
    consents: consents.map((c) => ({
      title: PRIVACY_NOTICE.title,
      version: c.noticeVersion,
      acceptTime: c.acceptTime,
      ip: c.ip,
    })),
    generatedAt: formatDateTime(),
  };
}
