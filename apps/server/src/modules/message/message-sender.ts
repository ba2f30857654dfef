import {
  ANNT_CATEGORY,
  ANNT_STATUS,
  ANNT_TARGET,
  escapeHtml,
  MAIL_SETTING_KEYS,
  MESSAGE_CHANNEL,
  SEND_RETRY,
  SEND_STATUS,
  TEMPLATE_MESSAGES,
  type MailSettings,
} from '@district/shared';
import type { MailSettingsInput } from '@district/shared/schemas';
import type { Kysely } from 'kysely';
import type * as Nodemailer from 'nodemailer';
import type { AppContext } from '../../context.js';
import type { Database, SysMessage } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { lazyRequire } from '../../lib/lazy-require.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { formatDateTime } from '../../lib/time.js';
import { getSettings, saveSettings } from '../platform/platform.service.js';
import type { NoticeHub } from './notice-hub.js';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

const PASSWORD_PURPOSE = 'mail.password';
/** While one instance sends a due message, the others leave it alone for this long. */
const CLAIM_MS = 5 * 60_000;
/** Due messages handled per pass of the retry loop. */
const RETRY_BATCH = 20;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^1[3-9]\d{9}$/;

const at = (ms: number) => formatDateTime(new Date(ms));

/** The SMTP server as stored (the password stays sealed, only whether one is set is answered). */
export async function readMailSettings(db: Kysely<Database>): Promise<MailSettings> {
  const s = await getSettings(db);
  return {
    host: s[MAIL_SETTING_KEYS.host] ?? '',
    port: Number(s[MAIL_SETTING_KEYS.port] || 25),
    secure: s[MAIL_SETTING_KEYS.secure] === '1',
    user: s[MAIL_SETTING_KEYS.user] ?? '',
    from: s[MAIL_SETTING_KEYS.from] ?? '',
    passwordSet: Boolean(s[MAIL_SETTING_KEYS.password]),
  };
}

/** Saves the SMTP server; a new password is sealed with the server's key, an empty one keeps the stored. */
export async function saveMailSettings(ctx: AppContext, input: MailSettingsInput): Promise<void> {
  const values: Record<string, string> = {
    [MAIL_SETTING_KEYS.host]: input.host,
    [MAIL_SETTING_KEYS.port]: String(input.port),
    [MAIL_SETTING_KEYS.secure]: input.secure ? '1' : '0',
    [MAIL_SETTING_KEYS.user]: input.user,
    [MAIL_SETTING_KEYS.from]: input.from,
  };
  if (input.clearPassword) values[MAIL_SETTING_KEYS.password] = '';
  else if (input.password) values[MAIL_SETTING_KEYS.password] = ctx.secrets.seal(input.password, PASSWORD_PURPOSE);
  await saveSettings(ctx.db.db, values);
}

export interface Outgoing {
  channel: string;
  receiver: string;
  title: string;
  /** The rendered content: plain text for SMS, HTML for e-mail and system messages. */
  content: string;
  templateCode: string | null;
  params: Record<string, unknown> | null;
  tenantId: number | null;
  createBy: string | null;
}

/** Checks the receiver for its channel: an active user (id or username), an e-mail address or a mobile number. */
export async function resolveReceiver(db: Kysely<Database>, channel: string, receiver: string): Promise<string> {
  if (channel === MESSAGE_CHANNEL.email) {
    if (!EMAIL.test(receiver)) throw new ApiError(400, TEMPLATE_MESSAGES.receiverEmail);
    return receiver;
  }
  if (channel === MESSAGE_CHANNEL.sms) {
    if (!PHONE.test(receiver)) throw new ApiError(400, TEMPLATE_MESSAGES.receiverPhone);
    return receiver;
  }
  const user = await db
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', receiver), eb('username', '=', receiver)]))
    .where('status', '=', 1)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!user) throw new ApiError(400, TEMPLATE_MESSAGES.receiverUserUnknown);
  return user.id;
}

/**
 * Sends messages on the three channels and keeps the record of each (sys_message): system messages are stored
 * as a released system announcement to the one user and pushed to their bell; e-mails go over SMTP (nodemailer)
 * and SMS through ctx.sms. A failed e-mail or SMS waits and is tried again with a doubling delay, up to
 * SEND_RETRY.maxAttempts attempts, by the retry loop of every instance (a claimed row is sent by one only).
 */
export class MessageSender {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: NoticeHub,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Starts the retry loop (every `everyMs`). */
  start(everyMs: number): void {
    this.timer = setInterval(() => void this.retryDue().catch(this.onError), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Records the message and makes its first attempt; answers the stored record. */
  async send(message: Outgoing): Promise<SysMessage> {
    const now = formatDateTime();
    const row: SysMessage = {
      id: newId(),
      templateCode: message.templateCode,
      esType: message.channel,
      esReceiver: message.receiver,
      esTitle: message.title,
      esContent: message.content,
      esParam: message.params ? JSON.stringify(message.params) : null,
      esSendStatus: SEND_STATUS.waiting,
      esSendNum: 0,
      esResult: null,
      esSendTime: null,
      nextTryTime: at(Date.now() + CLAIM_MS),
      tenantId: message.tenantId,
      createBy: message.createBy,
      createTime: now,
      updateBy: null,
      updateTime: null,
    };
    await this.ctx.db.db.insertInto('sysMessage').values(row).execute();
    return this.attempt(row);
  }

  /** One attempt of a claimed row; the row's record is updated with the outcome. */
  private async attempt(row: SysMessage): Promise<SysMessage> {
    const attempts = row.esSendNum + 1;
    let error: string | null = null;
    try {
      await this.deliver(row);
    } catch (e) {
      error = (e instanceof Error ? e.message : String(e)).slice(0, 480) || '发送失败';
    }
    const now = Date.now();
    const retry = row.esType !== MESSAGE_CHANNEL.system && attempts < SEND_RETRY.maxAttempts;
    const changes: Partial<SysMessage> = error
      ? {
          esSendNum: attempts,
          esResult: error,
          esSendStatus: retry ? SEND_STATUS.waiting : SEND_STATUS.failed,
          nextTryTime: retry ? at(now + SEND_RETRY.firstDelayMs * 2 ** (attempts - 1)) : null,
          updateTime: at(now),
        }
      : {
          esSendNum: attempts,
          esResult: null,
          esSendStatus: SEND_STATUS.sent,
          esSendTime: at(now),
          nextTryTime: null,
          updateTime: at(now),
        };
    await this.ctx.db.db.updateTable('sysMessage').set(changes).where('id', '=', row.id).execute();
    return { ...row, ...changes };
  }

  private async deliver(row: SysMessage): Promise<void> {
    if (row.esType === MESSAGE_CHANNEL.email) await this.mail(row);
    else if (row.esType === MESSAGE_CHANNEL.sms) {
      await this.ctx.sms.send({
        phone: row.esReceiver,
        text: row.esContent ?? '',
        purpose: row.templateCode ?? 'message',
      });
    } else await this.systemMessage(row);
  }

  private async mail(row: SysMessage): Promise<void> {
    const s = await getSettings(this.ctx.db.db);
    const host = s[MAIL_SETTING_KEYS.host];
    if (!host) throw new Error(TEMPLATE_MESSAGES.mailNotConfigured);
    const user = s[MAIL_SETTING_KEYS.user] ?? '';
    const sealed = s[MAIL_SETTING_KEYS.password] ?? '';
    const transport = nodemailer().createTransport({
      host,
      port: Number(s[MAIL_SETTING_KEYS.port] || 25),
      secure: s[MAIL_SETTING_KEYS.secure] === '1',
      auth: user ? { user, pass: sealed ? this.ctx.secrets.open(sealed, PASSWORD_PURPOSE) : '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail({
        from: s[MAIL_SETTING_KEYS.from] || user || `no-reply@${host}`,
        to: row.esReceiver,
        subject: row.esTitle ?? '',
        html: row.esContent ?? '',
      });
    } finally {
      transport.close();
    }
  }

  /** A system message: a released system announcement to the one user, on their bell at once. */
  private async systemMessage(row: SysMessage): Promise<void> {
    const now = formatDateTime();
    const anntId = newId();
    await this.ctx.db.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysAnnouncement')
        .values({
          id: anntId,
          titile: (row.esTitle ?? '').slice(0, 100),
          msgContent: sanitizeHtml(row.esContent ?? ''),
          startTime: null,
          endTime: null,
          sender: row.createBy,
          priority: 'L',
          msgCategory: ANNT_CATEGORY.system,
          msgType: ANNT_TARGET.user,
          userIds: row.esReceiver,
          departIds: null,
          roleIds: null,
          sendStatus: ANNT_STATUS.released,
          sendTime: now,
          cancelTime: null,
          openType: null,
          openPage: null,
          busType: 'message',
          busId: row.id,
          msgAbstract: null,
          tenantId: row.tenantId,
          delFlag: 0,
          createBy: row.createBy,
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
      await trx
        .insertInto('sysAnnouncementSend')
        .values({ id: newId(), anntId, userId: row.esReceiver, readFlag: 0, readTime: null, createTime: now })
        .execute();
    });
    await this.hub.toUsers([row.esReceiver], { cmd: 'user', msgId: anntId, msgTxt: row.esTitle ?? '' });
  }

  /** Sends one waiting or failed message again now (a person asked for it); answers the record. */
  async resend(id: string, tenantId: number | null): Promise<SysMessage> {
    const row = await this.ctx.db.db
      .selectFrom('sysMessage')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => (tenantId === null ? eb('tenantId', 'is', null) : eb('tenantId', '=', tenantId)))
      .executeTakeFirst();
    if (!row) throw new ApiError(404, '未找到对应数据');
    if (row.esSendStatus === SEND_STATUS.sent) throw new ApiError(400, TEMPLATE_MESSAGES.notResendable);
    if (!(await this.claim(row, Date.now()))) throw new ApiError(400, TEMPLATE_MESSAGES.notResendable);
    return this.attempt({ ...row, esSendNum: row.esSendStatus === SEND_STATUS.failed ? 0 : row.esSendNum });
  }

  /** Takes a row for this instance: only one instance's update of the same version wins. */
  private async claim(row: SysMessage, now: number): Promise<boolean> {
    const result = await this.ctx.db.db
      .updateTable('sysMessage')
      .set({ nextTryTime: at(now + CLAIM_MS), esSendStatus: SEND_STATUS.waiting })
      .where('id', '=', row.id)
      .where('esSendNum', '=', row.esSendNum)
      .where('esSendStatus', '=', row.esSendStatus)
      .where((eb) =>
        row.nextTryTime === null ? eb('nextTryTime', 'is', null) : eb('nextTryTime', '=', row.nextTryTime),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** One pass of the retry loop: the waiting messages whose time has come. Answers how many were tried. */
  async retryDue(now: number = Date.now()): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const due = await this.ctx.db.db
        .selectFrom('sysMessage')
        .selectAll()
        .where('esSendStatus', '=', SEND_STATUS.waiting)
        .where('nextTryTime', '<=', at(now))
        .orderBy('nextTryTime')
        .limit(RETRY_BATCH)
        .execute();
      let tried = 0;
      for (const row of due) {
        if (!(await this.claim(row, now))) continue;
        await this.attempt(row);
        tried += 1;
      }
      return tried;
    } finally {
      this.running = false;
    }
  }
}

/** Rendered values go into an HTML body (e-mail, system message) escaped; SMS is plain text. */
export const escapeFor = (channel: string) => (channel === MESSAGE_CHANNEL.sms ? (v: string) => v : escapeHtml);
