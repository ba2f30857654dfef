import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import {
  ANNT_CATEGORY,
  ANNT_STATUS,
  ANNT_TARGET,
  escapeHtml,
  MAIL_CA_LIMITS,
  MAIL_SECURITY_ITEMS,
  MAIL_SETTING_KEYS,
  MESSAGE_CHANNEL,
  SEND_RETRY,
  SEND_STATUS,
  TEMPLATE_MESSAGES,
  type MailSecurity,
  type MailSettings,
} from '@district/shared';
import type { MailSettingsInput } from '@district/shared/schemas';
import type { Kysely } from 'kysely';
import type * as Nodemailer from 'nodemailer';
import type { AppContext } from '../../context.js';
import type { Database, SysMessage } from '../../db/schema.js';
import { realnamesBy } from '../../lib/user-names.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { lazyRequire } from '../../lib/lazy-require.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { formatDateTime } from '../../lib/time.js';
import type { NoticeHub } from '../../plugins/notice-hub.js';
import { getSettings, saveSettings } from '../../lib/platform-settings.js';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

const PASSWORD_PURPOSE = 'mail.password';
/** While one instance sends a due message, the others leave it alone for this long. */
const CLAIM_MS = 5 * 60_000;
/** Due messages handled per pass of the retry loop. */
const RETRY_BATCH = 20;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^1[3-9]\d{9}$/;

const at = (ms: number) => formatDateTime(new Date(ms));

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The certificates of the trusted-CA text, each one parsed as X.509. Text around them (a bundle's comments) is
 * ignored, but any other PEM block (a private key pasted by mistake) or an unreadable certificate is refused.
 */
export function parseCaCertificates(text: string | null | undefined): string[] {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return [];
  const blocks = trimmed.match(PEM_CERTIFICATE) ?? [];
  if (!blocks.length || trimmed.replace(PEM_CERTIFICATE, '').includes('-----BEGIN')) {
    throw new ApiError(400, TEMPLATE_MESSAGES.caCertInvalid);
  }
  if (blocks.length > MAIL_CA_LIMITS.certificates) throw new ApiError(400, TEMPLATE_MESSAGES.caCertTooMany);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      throw new ApiError(400, TEMPLATE_MESSAGES.caCertInvalid);
    }
  }
  return blocks;
}

const SECURITY_VALUES: readonly string[] = MAIL_SECURITY_ITEMS.map((i) => i.value);

/**
 * The connection's protection. Settings saved before the mode existed keep implicit TLS; otherwise STARTTLS is
 * required once an account is set (its password never goes out in clear), and an open relay stays as it was.
 */
function securityOf(s: Record<string, string | undefined>): MailSecurity {
  const stored = s[MAIL_SETTING_KEYS.security] ?? '';
  if (SECURITY_VALUES.includes(stored)) return stored as MailSecurity;
  if (s[MAIL_SETTING_KEYS.secure] === '1') return 'tls';
  return s[MAIL_SETTING_KEYS.user] ? 'starttls' : 'none';
}

/** The SMTP server as stored (the password stays sealed, only whether one is set is answered). */
export async function readMailSettings(db: Kysely<Database>): Promise<MailSettings> {
  const s = await getSettings(db);
  const security = securityOf(s);
  return {
    host: s[MAIL_SETTING_KEYS.host] ?? '',
    port: Number(s[MAIL_SETTING_KEYS.port] || 25),
    security,
    secure: security === 'tls',
    allowInsecureAuth: s[MAIL_SETTING_KEYS.allowInsecureAuth] === '1',
    caCert: s[MAIL_SETTING_KEYS.caCert] ?? '',
    user: s[MAIL_SETTING_KEYS.user] ?? '',
    from: s[MAIL_SETTING_KEYS.from] ?? '',
    passwordSet: Boolean(s[MAIL_SETTING_KEYS.password]),
  };
}

/** Saves the SMTP server; a new password is sealed with the server's key, an empty one keeps the stored. */
export async function saveMailSettings(ctx: AppContext, input: MailSettingsInput): Promise<void> {
  const security: MailSecurity = input.security ?? (input.secure ? 'tls' : input.user ? 'starttls' : 'none');
  const values: Record<string, string> = {
    [MAIL_SETTING_KEYS.host]: input.host,
    [MAIL_SETTING_KEYS.port]: String(input.port),
    [MAIL_SETTING_KEYS.security]: security,
    [MAIL_SETTING_KEYS.secure]: security === 'tls' ? '1' : '0',
    [MAIL_SETTING_KEYS.allowInsecureAuth]: input.allowInsecureAuth ? '1' : '0',
    [MAIL_SETTING_KEYS.user]: input.user,
    [MAIL_SETTING_KEYS.from]: input.from,
  };
  if (input.caCert !== undefined) values[MAIL_SETTING_KEYS.caCert] = parseCaCertificates(input.caCert).join('\n');
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
    let permanent = false;
    try {
      await this.deliver(row);
    } catch (e) {
      error = (e instanceof Error ? e.message : String(e)).slice(0, 480) || '发送失败';
      permanent = e instanceof PermanentSendError;
    }
    const now = Date.now();
    // A permanent refusal (SMTP 5xx) would be refused again: it fails at once instead of waiting for retries.
    const retry = !permanent && row.esType !== MESSAGE_CHANNEL.system && attempts < SEND_RETRY.maxAttempts;
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
    const security = securityOf(s);
    const ca = parseCaCertificates(s[MAIL_SETTING_KEYS.caCert]);
    // The account goes only over an encrypted connection: with STARTTLS required nodemailer gives up before AUTH
    // when the server cannot upgrade. Only an explicit allowInsecureAuth lets it go over a plain one.
    const plainAuthAllowed = s[MAIL_SETTING_KEYS.allowInsecureAuth] === '1';
    const transport = nodemailer().createTransport({
      host,
      port: Number(s[MAIL_SETTING_KEYS.port] || 25),
      secure: security === 'tls',
      requireTLS: security === 'starttls' || (security === 'none' && Boolean(user) && !plainAuthAllowed),
      auth: user ? { user, pass: sealed ? this.ctx.secrets.open(sealed, PASSWORD_PURPOSE) : '' } : undefined,
      // A private CA is trusted besides the public ones, not instead of them.
      tls: ca.length ? { ca: [...rootCertificates, ...ca] } : undefined,
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
    } catch (error) {
      const { responseCode: code, code: kind } = error as { responseCode?: unknown; code?: unknown };
      // A connection that could not be secured (ETLS) is the settings' fault: kept for retries until they are fixed.
      const permanent = typeof code === 'number' && code >= 500 && code < 600 && kind !== 'ETLS';
      const Failure = permanent ? PermanentSendError : Error;
      throw new Failure(mailFailure(error, security), { cause: error });
    } finally {
      transport.close();
    }
  }

  /** A system message: a released system announcement to the one user, on their bell at once. */
  private async systemMessage(row: SysMessage): Promise<void> {
    const now = formatDateTime();
    const anntId = newId();
    // Shown as 发布人 beside announcements, which carry the publisher's real name: the same here, not the login name.
    const sender =
      (row.createBy && (await realnamesBy(this.ctx.db.db, 'username', [row.createBy])).get(row.createBy)) ??
      row.createBy;
    await this.ctx.db.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysAnnouncement')
        .values({
          id: anntId,
          titile: (row.esTitle ?? '').slice(0, 100),
          msgContent: sanitizeHtml(row.esContent ?? ''),
          startTime: null,
          endTime: null,
          sender,
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

/**
 * A refusal that will not change by waiting: the SMTP server answered 5xx (550 no such mailbox, 535 bad account,
 * 554 rejected). Temporary ones (4xx, the server down, a timeout) are retried with backoff.
 */
export class PermanentSendError extends Error {}

/** Certificate checks that failed (Node's codes, which nodemailer passes on as originalCode). */
const CERT_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

/** What a failed SMTP attempt is recorded as: the TLS failures in words an administrator can act on. */
function mailFailure(error: unknown, security: MailSecurity): string {
  const e = error as { code?: unknown; originalCode?: unknown; message?: unknown };
  const reason = typeof e.message === 'string' ? e.message : String(error);
  const original = typeof e.originalCode === 'string' ? e.originalCode : '';
  if (e.code === 'ETLS' && /STARTTLS/i.test(reason)) return TEMPLATE_MESSAGES.mailStartTlsMissing;
  if (CERT_FAILURE.test(original)) return `${TEMPLATE_MESSAGES.mailCertUntrusted}（${reason}）`;
  if (security === 'tls' && /SSL|TLS/.test(`${original} ${reason}`))
    return `${TEMPLATE_MESSAGES.mailTlsFailed}（${reason}）`;
  return reason;
}

/** Rendered values go into an HTML body (e-mail, system message) escaped; SMS is plain text. */
export const escapeFor = (channel: string) => (channel === MESSAGE_CHANNEL.sms ? (v: string) => v : escapeHtml);
