/*
 * Messaging (issue 12): announcements (通告), the user's notices (我的消息), the notice bell and socket, message
 * templates and sends. Plain data only: the zod schemas live in schemas/message.schema.ts behind
 * `@district/shared/schemas`. The spellings `annountCement`, `doReovkeData` and `titile` are the contract's.
 */

/** Permission codes of the messaging screens; spread into PERM. */
export const MESSAGE_PERM = {
  anntList: 'system:annountCement:list',
  anntAdd: 'system:annountCement:add',
  anntEdit: 'system:annountCement:edit',
  anntDelete: 'system:annountCement:delete',
  /** Release (doReleaseData) and revoke (doReovkeData). */
  anntRelease: 'system:annountCement:release',
  templateList: 'system:messageTemplate:list',
  templateAdd: 'system:messageTemplate:add',
  templateEdit: 'system:messageTemplate:edit',
  templateDelete: 'system:messageTemplate:delete',
  /** 发送测试 of a template. */
  templateTest: 'system:messageTemplate:test',
  messageList: 'system:message:list',
  messageDelete: 'system:message:delete',
  /** Send a failed message again now. */
  messageResend: 'system:message:resend',
  /** The SMTP server of e-mail messages (平台设置 of messaging). */
  mailSettings: 'system:message:mailSettings',
} as const;

export const ANNT_API = {
  /** The resource: list, add, edit, delete, deleteBatch below it; queryById is open to the recipients too. */
  base: '/sys/annountCement',
  queryById: '/sys/annountCement/queryById',
  release: '/sys/annountCement/doReleaseData',
  revoke: '/sys/annountCement/doReovkeData',
  /** GET: the caller's unread notices and system messages (anntMsgList, anntMsgTotal, sysMsgList, sysMsgTotal). */
  listByUser: '/sys/annountCement/listByUser',
} as const;

export const ANNT_SEND_API = {
  /** PUT or POST { anntId }: marks the caller's notice read. */
  read: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
  /** PUT or POST: marks all the caller's notices read. */
  readAll: '/sys/sysAnnouncementSend/readAll',
  /** GET: the caller's notices, read and unread, paged (我的消息). */
  mine: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
} as const;

/** The notice socket, below the API base: `/websocket/{userId}`, the token in the sub-protocol. */
export const NOTICE_SOCKET_PATH = '/websocket';

export const MESSAGE_ROUTES = {
  announcement: '/message/annountCement',
  template: '/message/template',
  record: '/message/record',
  userAnnouncement: '/isps/userAnnouncement',
} as const;

/** widgets-spec §9: the bell refreshes every 6 s; the socket reconnects after 5 s and beats every 20 s. */
export const NOTICE_TIMING = { refreshMs: 6_000, reconnectMs: 5_000, heartbeatMs: 20_000 } as const;

/** Bell popover width (widgets-spec §2) and the file-name cut of notices (§9). */
export const NOTICE_BELL_WIDTH = 300;
export const NOTICE_FILE_NAME_CHARS = 5;

/** Rows written per insert when a release reaches many users. */
export const ANNT_SEND_BATCH = 500;

export const ANNT_PRIORITY_ITEMS = [
  { value: 'L', text: '一般消息', color: 'blue' },
  { value: 'M', text: '重要消息', color: 'orange' },
  { value: 'H', text: '紧急消息', color: 'red' },
] as const;
export type AnntPriority = (typeof ANNT_PRIORITY_ITEMS)[number]['value'];

/** 1 notice (通知公告), 2 system message (系统消息). */
export const ANNT_CATEGORY = { notice: '1', system: '2' } as const;
export const ANNT_CATEGORY_ITEMS = [
  { value: '1', text: '通知公告' },
  { value: '2', text: '系统消息' },
] as const;

/** Who receives it: everyone, chosen users, departments or roles. */
export const ANNT_TARGET = { all: 'ALL', user: 'USER', depart: 'DEPART', role: 'ROLE' } as const;
export const ANNT_TARGET_ITEMS = [
  { value: 'ALL', text: '全体用户' },
  { value: 'USER', text: '指定用户' },
  { value: 'DEPART', text: '指定部门' },
  { value: 'ROLE', text: '指定角色' },
] as const;

export const ANNT_STATUS = { draft: '0', released: '1', revoked: '2' } as const;
export const ANNT_STATUS_ITEMS = [
  { value: '0', text: '未发布', color: 'default' },
  { value: '1', text: '已发布', color: 'green' },
  { value: '2', text: '已撤销', color: 'red' },
] as const;

/** openType: `url` opens openPage inside the app (go-and-handle); `component` shows the content only. */
export const ANNT_OPEN_TYPE_ITEMS = [
  { value: 'component', text: '仅查看' },
  { value: 'url', text: '打开页面' },
] as const;

/** Whitespace, control and invisible format characters, and the backslash (browsers read `\` as `/`). */
const UNSAFE_PATH_CHAR = /[\s\p{Cc}\p{Cf}\\]/u;
/** A single leading `/`, then the end or anything but another `/` or `\` (`//host` is another site). */
const APP_PATH_START = /^\/(?![/\\])/;
const MAX_DECODE_ROUNDS = 5;

/**
 * Whether an announcement's openPage is a path inside this site: `/` then not `/` or `\`, no whitespace, control
 * characters or backslashes, and the same again after every round of percent-decoding (so `/%2f%2fhost` and
 * `/%5chost`, which some router or server may decode later, are refused). A value that cannot be decoded, or
 * keeps decoding past a few rounds, is refused too.
 */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!APP_PATH_START.test(current) || UNSAFE_PATH_CHAR.test(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  return false;
}

export const MESSAGE_DICT = {
  priority: 'priority',
  category: 'msg_category',
  target: 'msg_type',
  sendStatus: 'send_status',
  openType: 'open_type',
} as const;

export const MESSAGE_MESSAGES = {
  titleRequired: '请输入标题',
  priorityRequired: '请选择优先级',
  categoryRequired: '请选择消息类型',
  targetRequired: '请选择通告对象类型',
  endBeforeStart: '结束时间不能早于开始时间',
  nobody: '没有可接收该通告的用户，请选择通告对象',
  usersRequired: '请选择接收用户',
  departsRequired: '请选择接收部门',
  rolesRequired: '请选择接收角色',
  openPageRequired: '打开方式为打开页面时请填写页面地址',
  openPageInvalid: '页面地址须为以 / 开头的站内路径',
  notDraft: '只有未发布的通告可以发布',
  notReleased: '只有已发布的通告可以撤销',
  releasedLocked: '已发布的通告不能编辑或删除，请先撤销',
  notFound: '通告不存在',
  released: '该通告发布成功',
  revoked: '该通告撤销成功',
  read: '已标记为已读',
  allRead: '全部标注已读',
} as const;

/** A notice of the bell (widgets-spec §3): `titile` spelt so. */
export interface NoticeItem {
  id: string;
  titile: string;
  createTime: string | null;
  priority: AnntPriority;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  msgTxt: string | null;
  msgId: string | null;
  msgCategory: string;
  sender: string | null;
  sendTime: string | null;
}

export interface NoticeLists {
  anntMsgList: NoticeItem[];
  anntMsgTotal: number;
  sysMsgList: NoticeItem[];
  sysMsgTotal: number;
}

/** An announcement record (widgets-spec §3). */
export interface AnnouncementRecord {
  id: string;
  titile: string;
  sender: string | null;
  sendTime: string | null;
  msgContent: string | null;
  openType: string | null;
  openPage: string | null;
  priority: AnntPriority;
  msgCategory: string;
}

/** A row of 我的消息. */
export interface MyAnnouncement extends AnnouncementRecord {
  sendId: string;
  readFlag: number;
  readTime: string | null;
}

/**
 * What the notice socket sends: `cmd` topic (a release to everyone) or user (to this user) make the bell reload;
 * heartcheck answers the client's heartbeat; alarm carries an IoT alarm.
 */
export interface NoticeSocketMessage {
  cmd: 'topic' | 'user' | 'heartcheck' | 'alarm';
  msgId?: string;
  msgTxt?: string;
  data?: unknown;
}

/** The client's heartbeat frame (answered with `{ cmd: 'heartcheck' }`). */
export const NOTICE_HEARTBEAT = 'ping';

export const TEMPLATE_API = {
  /** The resource: list, add, edit, delete, deleteBatch, queryById below it. */
  base: '/sys/message/sysMessageTemplate',
  /** POST { templateCode, testData, receiver }: 发送测试. */
  sendMsg: '/sys/message/sysMessageTemplate/sendMsg',
} as const;

export const MESSAGE_API = {
  /** The send records: list, delete, deleteBatch below it. */
  base: '/sys/message/sysMessage',
  /** POST ?id: send a waiting or failed message again now. */
  resend: '/sys/message/sysMessage/resend',
  /** GET / PUT: the SMTP server (the password is never answered, only whether one is set). */
  mailSettings: '/sys/message/mailSettings',
} as const;

/** Channels of a template and of a sent message: 1 system message, 2 e-mail, 3 SMS. */
export const MESSAGE_CHANNEL = { system: '1', email: '2', sms: '3' } as const;
export const MESSAGE_CHANNEL_ITEMS = [
  { value: '1', text: '系统消息' },
  { value: '2', text: '邮件' },
  { value: '3', text: '短信' },
] as const;

/** A sent message: 0 waiting (or retrying), 1 sent, 2 failed for good. */
export const SEND_STATUS = { waiting: '0', sent: '1', failed: '2' } as const;
export const SEND_STATUS_ITEMS = [
  { value: '0', text: '待发送', color: 'orange' },
  { value: '1', text: '发送成功', color: 'green' },
  { value: '2', text: '发送失败', color: 'red' },
] as const;

/** Attempts of an e-mail or SMS before it is failed for good, and the first retry delay (doubled each time). */
export const SEND_RETRY = { maxAttempts: 5, firstDelayMs: 30_000 } as const;

/** Platform-setting keys of the SMTP server; the password is stored sealed (AES-256-GCM). */
export const MAIL_SETTING_KEYS = {
  host: 'mail.host',
  port: 'mail.port',
  /** '1' when security is tls; kept for settings saved before `security` existed. */
  secure: 'mail.secure',
  security: 'mail.security',
  allowInsecureAuth: 'mail.allowInsecureAuth',
  caCert: 'mail.caCert',
  user: 'mail.user',
  password: 'mail.password',
  from: 'mail.from',
} as const;

/**
 * How the connection to the SMTP server is protected: `tls` encrypted from the start (usually port 465), `starttls`
 * upgraded with STARTTLS or not used at all (usually 587), `none` no encryption required (STARTTLS is still used
 * when the server offers it). Whatever the mode, the account's password goes only over an encrypted connection
 * unless allowInsecureAuth says otherwise.
 */
export const MAIL_SECURITY_ITEMS = [
  { value: 'tls', text: 'SSL/TLS（连接即加密，通常为 465 端口）' },
  { value: 'starttls', text: 'STARTTLS（必须加密，通常为 587 端口）' },
  { value: 'none', text: '不要求加密（服务器支持时仍使用 STARTTLS）' },
] as const;
export type MailSecurity = (typeof MAIL_SECURITY_ITEMS)[number]['value'];

/** Longest trusted CA text (PEM) the settings keep, and how many certificates it may hold. */
export const MAIL_CA_LIMITS = { chars: 65_536, certificates: 20 } as const;

export interface MailSettings {
  host: string;
  port: number;
  security: MailSecurity;
  /** Whether security is tls (the field of older clients). */
  secure: boolean;
  /** Send the account's password even over a connection that stayed unencrypted (off unless set). */
  allowInsecureAuth: boolean;
  /** PEM certificates trusted besides the public CAs (a private CA, or the server's own self-signed one). */
  caCert: string;
  user: string;
  from: string;
  /** Answered only: whether a password is stored. */
  passwordSet?: boolean;
}

/** A `${name}` placeholder: letters, digits, underscore and dots, starting with a letter or underscore. */
export const TEMPLATE_PLACEHOLDER = /\$\{([^{}]*)\}/g;
export const TEMPLATE_PARAM_NAME = /^[A-Za-z_][\w.]{0,49}$/;

export const TEMPLATE_MESSAGES = {
  codeRequired: '请输入模板编码',
  codeFormat: '模板编码只能包含字母、数字、下划线和中划线',
  codeTaken: '模板编码已存在',
  nameRequired: '请输入模板标题',
  typeRequired: '请选择模板类型',
  contentRequired: '请输入模板内容',
  badPlaceholder: (name: string) => `模板占位符 \${${name}} 不合法：只能使用字母、数字、下划线和点`,
  missingParams: (names: string[]) => `模板参数缺失：${names.join('、')}`,
  testDataInvalid: '测试数据须为 JSON 对象，例如 {"name":"张三"}',
  receiverRequired: '请输入消息接收方',
  receiverUserUnknown: '接收用户不存在',
  receiverEmail: '请输入正确的邮箱地址',
  receiverPhone: '请输入正确的手机号码',
  templateUnknown: '消息模板不存在',
  mailNotConfigured: '尚未配置邮件服务器，请先在邮件服务器设置中填写',
  sent: '消息发送成功',
  queued: '消息发送失败，已加入重试队列',
  /** The server refused for good (an SMTP 5xx such as 550 or 535): retrying would be refused the same way. */
  refused: '消息发送失败，服务器拒绝投递，不会自动重试',
  resendDone: '已重新发送',
  resendFailed: '重新发送失败',
  notResendable: '只有待发送或发送失败的消息可以重新发送',
  settingsSaved: '邮件服务器设置已保存',
  securityInvalid: '请选择加密方式：SSL/TLS、STARTTLS 或不要求加密',
  caCertInvalid: '受信任的 CA 证书须为 PEM 格式的证书（-----BEGIN CERTIFICATE----- 开头），可包含多个',
  caCertTooMany: `受信任的 CA 证书最多${MAIL_CA_LIMITS.certificates}个`,
  mailStartTlsMissing: '邮件服务器不支持 STARTTLS 加密，为保护账号密码已拒绝发送（密码未发送）',
  mailCertUntrusted: '邮件服务器的证书不受信任：如证书由内部 CA 签发，请在邮件服务器设置中填写受信任的 CA 证书',
  mailTlsFailed: '无法与邮件服务器建立加密连接，请检查端口与加密方式（465 端口通常为 SSL/TLS，587 端口为 STARTTLS）',
  insecureAuthWarning:
    '未加密的连接不会发送账号密码：服务器不支持 STARTTLS 时邮件将发送失败。如确需明文发送，请勾选允许',
} as const;

export type RenderResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * The logic-less template engine: each `${name}` is replaced by params[name] (dots read nested objects) and
 * nothing else happens — no expressions, no code. A placeholder with no value is refused with its name rather
 * than rendered blank; `escape` turns each value into safe text for an HTML body.
 */
export function renderTemplate(
  content: string,
  params: Record<string, unknown>,
  escape: (value: string) => string = (v) => v,
): RenderResult {
  const missing: string[] = [];
  for (const match of content.matchAll(new RegExp(TEMPLATE_PLACEHOLDER.source, 'g'))) {
    const name = match[1] ?? '';
    if (!TEMPLATE_PARAM_NAME.test(name)) return { ok: false, message: TEMPLATE_MESSAGES.badPlaceholder(name) };
  }
  const lookup = (name: string): unknown =>
    name.split('.').reduce<unknown>((value, key) => {
      if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key)) {
        return undefined;
      }
      return (value as Record<string, unknown>)[key];
    }, params);
  const text = content.replace(new RegExp(TEMPLATE_PLACEHOLDER.source, 'g'), (_all, name: string) => {
    const value = lookup(name);
    if (value === undefined || value === null || typeof value === 'object') {
      if (!missing.includes(name)) missing.push(name);
      return '';
    }
    return escape(String(value));
  });
  return missing.length ? { ok: false, message: TEMPLATE_MESSAGES.missingParams(missing) } : { ok: true, text };
}

/** Escapes text for HTML (values put into an e-mail body). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
