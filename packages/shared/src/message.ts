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
