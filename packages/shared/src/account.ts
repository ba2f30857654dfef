/**
 * Account flows of issue 14: SMS codes, phone login, self-registration, the four-step account alteration
 * (找回密码) and the personal centre. Paths, limits, settings and messages both sides spell the same way.
 */

import type { PrivacyAcceptance } from './privacy.js';

export const ACCOUNT_API = {
  /** Sends an SMS code for phone login or registration (image captcha first). */
  sms: '/account/sms',
  phoneLogin: '/sys/phoneLogin',
  register: '/auth/register',
  /** Whether a username or mobile is still free, for the register form (public, limited per address). */
  registerCheck: '/auth/register/checkOnlyUser',
  /** Step 1 (account + captcha), step 2 (send and check the SMS code), step 3 (new password). */
  forgeCheck: '/auth/forge-password/check',
  forgeSms: '/auth/forge-password/sms',
  forgeVerify: '/auth/forge-password/verify',
  forgeReset: '/auth/forge-password/reset',
  /** What the login and register pages may offer (public). */
  options: '/account/options',
  /** The switches of the account flows (administrators, with the platform settings' rights). */
  settings: '/account/settings',
  profile: '/account/profile',
  profileSms: '/account/profile/sms',
  profilePhone: '/account/profile/phone',
  sessions: '/account/sessions',
  signOutOthers: '/account/sessions/signOutOthers',
  /** Remembers the tenant chosen at login as the next login's default. */
  loginTenant: '/account/loginTenant',
  casValidate: '/sys/cas/client/validateLogin',
} as const;

export const SMS_CODE_LENGTH = 6;
export const SMS_LIMITS = {
  /** Lifetime of a code. */
  ttlMs: 5 * 60_000,
  /** Checks one code may take before it is void. */
  maxChecks: 5,
  /** Sends per phone per minute and per day. */
  perMinute: 1,
  perDay: 10,
  /** Seconds the resend button waits. */
  resendSeconds: 60,
} as const;

/** What an SMS code is for; a code sent for one purpose never serves another. */
export const SMS_PURPOSES = ['login', 'register', 'forget', 'bind'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Platform setting keys of the account flows ('1' on, '0' off). */
export const ACCOUNT_SETTING_KEYS = {
  registerOpen: 'accountRegisterOpen',
  registerApproval: 'accountRegisterApproval',
  registerDepartId: 'accountRegisterDepartId',
  registerRoleId: 'accountRegisterRoleId',
  registerTenantId: 'accountRegisterTenantId',
  phoneLogin: 'accountPhoneLogin',
  alteration: 'accountAlteration',
} as const;

export interface AccountSettings {
  registerOpen: boolean;
  /** New accounts wait (frozen) until an administrator unfreezes them. */
  registerApproval: boolean;
  registerDepartId: string;
  registerRoleId: string;
  /** 0: no tenant. */
  registerTenantId: number;
  phoneLogin: boolean;
  alteration: boolean;
}

/** Defaults: registration closed until an administrator opens it; phone login and alteration on. */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  registerOpen: false,
  registerApproval: true,
  registerDepartId: '',
  registerRoleId: '',
  registerTenantId: 0,
  phoneLogin: true,
  alteration: true,
};

/** The public part: which flows the login pages offer. */
export interface AccountOptions {
  registerOpen: boolean;
  phoneLogin: boolean;
  alteration: boolean;
  captchaEnabled: boolean;
  /** The CAS login page (with the fixed service URL) when CAS is configured, else null. */
  casLoginUrl: string | null;
}

export interface SmsSendInput {
  mobile: string;
  purpose: 'login' | 'register';
  captcha?: string;
  checkKey?: string;
}

export interface PhoneLoginInput {
  mobile: string;
  /** The SMS code. */
  captcha: string;
}

export interface RegisterInput extends PrivacyAcceptance {
  username: string;
  password: string;
  confirmPassword: string;
  mobile: string;
  smscode: string;
  realname?: string;
}

export interface RegisterResult {
  username: string;
  /** true: the account waits for an administrator's approval. */
  pending: boolean;
}

export interface ForgeCheckResult {
  ticket: string;
  /** The account's phone, masked (138****0001). */
  phone: string;
}

export interface AccountProfile {
  username: string;
  realname: string;
  avatar: string;
  phone: string;
  email: string;
}

export interface AccountSession {
  id: string;
  current: boolean;
  ip: string;
  userAgent: string;
  /** The browser and system in words ("Chrome 156 · Linux"), as 在线用户 shows them; null without a User-Agent. */
  client: string | null;
  createdAt: number;
  expiresAt: number;
}

/** 13800000001 → 138****0001. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

export const ACCOUNT_MESSAGES = {
  smsSent: '验证码已发送，请注意查收',
  smsCodeRequired: '请输入短信验证码',
  smsCodeFormat: '短信验证码为6位数字',
  smsCodeWrong: '短信验证码错误',
  smsCodeExpired: '短信验证码已失效，请重新获取',
  smsCodeTooManyChecks: '短信验证码错误次数过多，请重新获取',
  smsTooFrequent: '发送过于频繁，请1分钟后再试',
  smsDailyLimit: '该手机号今日获取验证码次数已达上限',
  smsAddressLimit: '当前网络获取验证码过于频繁，请稍后再试',
  smsSendFailed: '短信发送失败，请稍后再试',
  purposeInvalid: '验证码用途不正确',
  phoneLoginFailed: '手机号或验证码错误',
  phoneLoginClosed: '手机号登录未开放',
  registerClosed: '注册功能暂未开放，请联系管理员开通账号',
  registerDone: '注册成功',
  registerPending: '注册成功，请等待管理员审核',
  usernameTaken: '用户名已存在',
  phoneTaken: '该手机号已注册',
  confirmRequired: '请确认密码',
  passwordMismatch: '两次输入的密码不一样！',
  alterationClosed: '找回密码未开放，请联系管理员',
  accountNotFound: '账号不存在或未绑定手机号',
  ticketInvalid: '操作已过期，请从第一步重新开始',
  passwordReset: '密码重置成功，请使用新密码登录',
  profileSaved: '保存成功！',
  phoneChanged: '手机号已更换',
  signedOutOthers: '已退出其他会话',
  realnameRequired: '请输入真实姓名',
  casDisabled: 'CAS登录未启用',
  casUnreachable: 'CAS服务器无法访问，请稍后再试',
  casTicketInvalid: 'CAS票据无效或已过期，请重新登录',
  casUserUnknown: 'CAS账号未关联本系统用户，请联系管理员',
  casTicketFormat: 'CAS票据格式不正确',
} as const;
