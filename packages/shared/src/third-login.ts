/**
 * Third-party login (OpenID Connect / OAuth 2) and bound accounts, issue 14 items 6 and 8. The browser leaves
 * through `render`, comes back to `callback`, and the login page redeems a single-use hand-over code. Every step
 * after the first is tied to the browser that took it (the HttpOnly `da_third` cookie, issue 22 item 8).
 */
import type { LoginAnswer } from './security.js';

export const THIRD_LOGIN_API = {
  /** Enabled providers for the login page's buttons (public). */
  providers: '/sys/thirdLogin/providers',
  /** `GET {render}/{thirdType}`: 302 to the provider (browser navigation, not XHR). */
  render: '/sys/thirdLogin/render',
  /** `GET {callback}/{thirdType}`: where the provider sends the browser back. */
  callback: '/sys/thirdLogin/callback',
  /** `GET {getLoginUser}/{code}/{thirdType}`: the hand-over, answered once. */
  getLoginUser: '/sys/thirdLogin/getLoginUser',
  /** Binds an unlinked identity to the account whose password is given, then signs in. */
  bindLogin: '/sys/thirdLogin/bindLogin',
  /**
   * `GET {bindStart}/{thirdType}` (signed in): a ticket for `render?bindTicket=`, good in this browser for this
   * session's user; the provider's identity then waits for the user's confirmation in 个人中心.
   */
  bindStart: '/sys/thirdLogin/bindStart',
  /** `GET ?bindToken=` (signed in): the identity waiting to be bound and the account it would be bound to. */
  bindPending: '/sys/thirdLogin/bindPending',
  /** `POST { bindToken }` (signed in): the user's explicit confirmation; binds. */
  bindConfirm: '/sys/thirdLogin/bindConfirm',
  /** The current user's bindings (GET) and unbinding one (DELETE ?id=). */
  mine: '/sys/thirdLogin/mine',
  /** Administrators: a user's bindings (GET ?userId=) and unbinding (DELETE ?id=). */
  userAccounts: '/sys/thirdLogin/userAccounts',
} as const;

/** Lifetimes of the one-use records. */
export const THIRD_LOGIN_LIMITS = {
  /** From leaving for the provider to coming back. */
  stateTtlMs: 10 * 60_000,
  /** From the callback's redirect to the login page's redemption. */
  handOverTtlMs: 60_000,
  /** For the password form of an unlinked identity, and for confirming a bind in 个人中心. */
  bindTtlMs: 5 * 60_000,
  /** From 绑定 in 个人中心 to leaving for the provider. */
  bindTicketTtlMs: 60_000,
  /** The `da_third` cookie, renewed at each step: longer than any one flow. */
  browserTtlMs: 30 * 60_000,
} as const;

/** Query parameters of the login page after the callback. */
export const THIRD_LOGIN_PARAMS = { code: 'thirdCode', type: 'thirdType', error: 'thirdError' } as const;
/** Hash parameters of /user/info after a bind started from the personal centre: why it failed, or what to confirm. */
export const THIRD_BIND_PARAM = 'thirdBind';
export const THIRD_BIND_CODE_PARAM = 'thirdBindCode';

export interface ThirdProviderInfo {
  key: string;
  name: string;
}

/** A linked identity as the personal centre and the user editor show it. */
export interface ThirdAccountView {
  id: string;
  thirdType: string;
  /** The provider's display name when it is still configured, else the key. */
  providerName: string;
  subject: string;
  displayName: string | null;
  avatar: string | null;
  createTime: string | null;
}

/** getLoginUser for an identity no account is bound to yet: the login page asks for a password once. */
export interface ThirdBindRequired {
  bindRequired: true;
  /** Named a token so the operation log masks it (it stands for the external identity for 5 minutes). */
  bindToken: string;
  thirdType: string;
  providerName: string;
  displayName: string | null;
  /** The provider's stable identifier of the person: shown beside the display name, which anyone may choose. */
  subject: string;
}

/** A bind from 个人中心 waiting for confirmation: both sides of the binding, as the user must see them. */
export interface ThirdBindPreview {
  thirdType: string;
  providerName: string;
  displayName: string | null;
  subject: string;
  /** Our account that would be bound (the signed-in one). */
  username: string;
  realname: string | null;
}

export type ThirdLoginOutcome = LoginAnswer | ThirdBindRequired;

export const isBindRequired = (outcome: ThirdLoginOutcome): outcome is ThirdBindRequired =>
  'bindRequired' in outcome && outcome.bindRequired === true;

export const THIRD_LOGIN_MESSAGES = {
  providerUnknown: '未配置该第三方登录方式',
  redirectNotAllowed: '回调地址不在允许列表中',
  stateInvalid: '登录请求已失效或已被使用，请重新发起第三方登录',
  stateBrowser: '登录请求与当前浏览器不匹配，请重新发起第三方登录',
  providerDenied: '第三方平台未授权登录',
  providerFailed: '第三方登录验证失败，请重新登录',
  providerUnreachable: '无法连接第三方登录服务，请稍后再试',
  handOverInvalid: '登录凭证已失效或已被使用，请重新登录',
  bindTokenInvalid: '绑定请求已失效，请重新发起第三方登录',
  alreadyBoundOther: '该第三方账号已绑定其他用户',
  alreadyBoundSelf: '该第三方账号已绑定当前用户',
  typeBound: '当前用户已绑定该类型的第三方账号，请先解绑',
  guestNotBindable: '该账号不能绑定第三方账号',
  bindTicketInvalid: '绑定请求已失效，请在个人中心重新绑定',
  bindForeign: '该绑定请求不是由当前浏览器和当前登录发起的，未绑定任何账号',
  bound: '绑定成功',
  unbound: '解绑成功',
  notFound: '未找到该绑定记录',
  userNotFound: '未找到该用户',
} as const;
