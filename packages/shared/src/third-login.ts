/**
 * Third-party login (OpenID Connect / OAuth 2) and bound accounts, issue 14 items 6 and 8. The browser leaves
 * through `render`, comes back to `callback`, and the login page redeems a single-use hand-over code.
 */
import type { LoginResult } from './session.js';

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
  /** `GET {bindStart}/{thirdType}` (signed in): a ticket for `render?bindTicket=` that binds to the current user. */
  bindStart: '/sys/thirdLogin/bindStart',
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
  /** For the password form of an unlinked identity. */
  bindTtlMs: 5 * 60_000,
} as const;

/** Query parameters of the login page after the callback. */
export const THIRD_LOGIN_PARAMS = { code: 'thirdCode', type: 'thirdType', error: 'thirdError' } as const;
/** Hash parameter of /user/info after a bind started from the personal centre: `ok` or a message. */
export const THIRD_BIND_PARAM = 'thirdBind';

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
}

export type ThirdLoginOutcome = LoginResult | ThirdBindRequired;

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
  bound: '绑定成功',
  unbound: '解绑成功',
  notFound: '未找到该绑定记录',
  userNotFound: '未找到该用户',
} as const;
