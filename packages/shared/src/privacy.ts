/**
 * Personal information (个人信息保护, issue 24 item 12; the Personal Information Protection Law): what a user sees
 * and downloads about themselves (我的数据), the privacy notice a registration accepts, and the anonymisation of a
 * departed user.
 */

export const PRIVACY_API = {
  /** 我的数据: what the system holds about the signed-in user. */
  myData: '/account/myData',
  /** The same as a JSON file (an audit event: 导出个人数据). */
  myDataExport: '/account/myData/export',
  /** 匿名化 a frozen or deleted user: PUT { id }. */
  anonymise: '/sys/user/anonymise',
} as const;

/**
 * 个人信息保护告知: what registration collects and why. A new version of the text gets a new `version`; each
 * acceptance records the version it accepted.
 */
export const PRIVACY_NOTICE = {
  version: '2026-11-28',
  title: '个人信息保护告知',
  paragraphs: [
    '根据《中华人民共和国个人信息保护法》，在您注册前，我们告知您本系统收集和使用个人信息的情况：',
    '一、收集的信息：用户名、真实姓名、手机号码；使用过程中产生的登录记录（时间、IP 地址、浏览器）和操作记录；您自行填写的电子邮箱、生日、头像及绑定的第三方账号。',
    '二、使用目的：手机号码用于验证身份、登录和找回密码；姓名用于在业务办理中识别经办人；登录和操作记录用于安全审计，依法留存不少于六个月。',
    '三、保护措施：手机号码和电子邮箱加密存储，列表和导出中脱敏显示；仅经授权的工作人员可以查看完整信息，每次查看均被记录。',
    '四、您的权利：您可以在“个人中心 → 我的数据”查看和下载系统保存的您的个人信息，修改自己的资料；账号注销后，管理员可将您的个人信息匿名化，依法需要留存的审计记录除外。',
  ],
  acceptLabel: '我已阅读并同意《个人信息保护告知》',
} as const;

/** The privacy fields of the register form (the rest of RegisterInput is account.ts's). */
export interface PrivacyAcceptance {
  /** Must be true: the server refuses a registration without it. */
  privacyAccepted?: boolean;
  /** The notice version the form showed (PRIVACY_NOTICE.version). */
  privacyVersion?: string;
}

/** The prefix of an anonymised user's name: 已注销用户 plus four characters of the id. */
export const ANONYMISED_NAME_PREFIX = '已注销用户';
/** The prefix of an anonymised user's account name, which frees the old name for reuse. */
export const ANONYMISED_USERNAME_PREFIX = 'anon_';

export const PRIVACY_MESSAGES = {
  noticeRequired: '请阅读并同意《个人信息保护告知》后再注册',
  noticeOutdated: '个人信息保护告知已更新，请刷新页面重新阅读并同意',
  anonymiseActive: '只能匿名化已冻结或已删除的用户，请先冻结该用户',
  anonymiseSelf: '不能匿名化当前登录用户',
  anonymiseAdmin: '不能匿名化系统管理员账号',
  anonymised: (name: string) => `已匿名化用户“${name}”的个人信息`,
  idRequired: '请选择要匿名化的用户',
} as const;

/** The audit texts of this part (an operation-log row of operate type 审计事件). */
export const PRIVACY_AUDIT = {
  /** Names the account by its old user name, as the older log rows do (kept as the audit record). */
  anonymise: (username: string) => `匿名化用户个人信息：${username}`,
  exportMine: '我的数据',
} as const;

/** How many login and operation records 我的数据 lists (the newest). */
export const MY_DATA_RECENT = 50;

export interface MyDataProfile {
  username: string;
  realname: string;
  /** 男 / 女 / null. */
  sex: string | null;
  birthday: string | null;
  /** Whole, to the user themselves. */
  phone: string | null;
  email: string | null;
  telephone: string | null;
  workNo: string | null;
  avatar: string | null;
  /** 正常 / 冻结. */
  status: string;
  createTime: string | null;
  lastLoginTime: string | null;
  lastLoginIp: string | null;
  passwordTime: string | null;
  /** Whether a second factor (TOTP) is enrolled. */
  totpEnabled: boolean;
}

export interface MyDataLogRow {
  time: string;
  ip: string | null;
  content: string;
  /** 成功 / 失败. */
  result: string;
}

export interface MyDataThirdAccount {
  provider: string;
  displayName: string | null;
  createTime: string | null;
}

export interface MyDataTicket {
  ticketNo: string;
  holderName: string;
  projectName: string | null;
  /** The status's text (已发放…). */
  status: string;
  /** 元. */
  faceAmount: number;
  issueDate: string;
}

export interface MyDataConsent {
  title: string;
  version: string;
  acceptTime: string;
  ip: string | null;
}

export interface MyData {
  profile: MyDataProfile;
  departs: string[];
  roles: string[];
  positions: string[];
  tenants: string[];
  logins: MyDataLogRow[];
  operations: MyDataLogRow[];
  thirdAccounts: MyDataThirdAccount[];
  messages: { total: number; unread: number };
  tickets: MyDataTicket[];
  consents: MyDataConsent[];
  /** When this answer was put together. */
  generatedAt: string;
}

const PROFILE_LABELS: Record<keyof MyDataProfile, string> = {
  username: '用户账号',
  realname: '真实姓名',
  sex: '性别',
  birthday: '生日',
  phone: '手机号',
  email: '电子邮箱',
  telephone: '座机',
  workNo: '工号',
  avatar: '头像',
  status: '状态',
  createTime: '注册时间',
  lastLoginTime: '最后登录时间',
  lastLoginIp: '最后登录 IP',
  passwordTime: '密码设置时间',
  totpEnabled: '二次验证',
};
export const MY_DATA_PROFILE_LABELS: Readonly<Record<keyof MyDataProfile, string>> = PROFILE_LABELS;

const logRows = (rows: MyDataLogRow[]) =>
  rows.map((r) => ({ 时间: r.time, IP: r.ip ?? '', 内容: r.content, 结果: r.result }));

/** 我的数据 as the downloaded file holds it: Chinese names throughout, so the person can read it. */
export function myDataDocument(data: MyData): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  for (const [key, label] of Object.entries(PROFILE_LABELS) as [keyof MyDataProfile, string][]) {
    const v = data.profile[key];
    profile[label] = key === 'totpEnabled' ? (v ? '已开启' : '未开启') : (v ?? '');
  }
  return {
    导出时间: data.generatedAt,
    基本信息: profile,
    所属部门: data.departs,
    角色: data.roles,
    职务: data.positions,
    所属租户: data.tenants,
    [`最近登录记录（最多 ${MY_DATA_RECENT} 条）`]: logRows(data.logins),
    [`最近操作记录（最多 ${MY_DATA_RECENT} 条）`]: logRows(data.operations),
    第三方账号: data.thirdAccounts.map((t) => ({
      平台: t.provider,
      名称: t.displayName ?? '',
      绑定时间: t.createTime ?? '',
    })),
    消息: { 收到的通知公告: data.messages.total, 未读: data.messages.unread },
    作为持有人的房票: data.tickets.map((t) => ({
      房票编号: t.ticketNo,
      持有人: t.holderName,
      项目: t.projectName ?? '',
      状态: t.status,
      '面额（元）': t.faceAmount,
      发放日期: t.issueDate,
    })),
    个人信息保护告知: data.consents.map((c) => ({
      告知: c.title,
      版本: c.version,
      同意时间: c.acceptTime,
      IP: c.ip ?? '',
    })),
  };
}
