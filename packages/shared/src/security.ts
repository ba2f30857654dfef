import type { FieldRule } from './validation.js';
import type { LoginResult } from './session.js';

/**
 * Identification and authentication of issue 24 (等保 2.0 三级, GB/T 22239-2019 §8.1.4.1): the second factor (TOTP),
 * the password policy (rule, expiry, history, forced change) and the idle timeout, with the 安全设置 settings object
 * they share with the other security controls (one object, one API: `SECURITY_API.settings`).
 */

export const SECURITY_API = {
  /** 平台设置 → 安全设置: read with system:platform:view, written by platform administrators (system:platform:edit). */
  settings: '/sys/platform/security',
  /** The configured password rule, for every form that sets a password (public: registration and recovery too). */
  passwordPolicy: '/sys/security/passwordPolicy',
  /** The caller's session: idle timeout and the time left before it ends (a background call: not activity). */
  sessionState: '/sys/session/state',
  /** 继续使用: a user action that keeps the session. */
  keepAlive: '/sys/session/keepAlive',
  /** Login, second step: a code of the authenticator app or a recovery code, against the first step's ticket. */
  loginTotp: '/sys/login/totp',
  /** Login of an account that must enrol first: a new secret for the ticket, then its confirmation. */
  loginTotpSetup: '/sys/login/totp/setup',
  loginTotpEnable: '/sys/login/totp/enable',
  /** 个人中心 → 二次验证: the caller's own enrolment. */
  totp: '/account/totp',
  totpSetup: '/account/totp/setup',
  totpEnable: '/account/totp/enable',
  totpDisable: '/account/totp/disable',
  totpRecoveryCodes: '/account/totp/recoveryCodes',
  /** 用户管理: whether a user is enrolled (GET ?userId=) and the reset of a lost device (DELETE ?userId=). */
  userTotp: '/sys/user/totp',
} as const;

/**
 * The header the web sets on a request that follows the user's own input (a click, a key): only such requests
 * count as activity for the idle timeout. Background calls (the notice bell, monitoring pages that refresh every
 * few seconds) carry nothing and so never keep an unattended session alive.
 */
export const USER_ACTIVITY_HEADER = 'x-user-activity';

export type PasswordClass = 'letter' | 'lower' | 'upper' | 'digit' | 'symbol';
export const PASSWORD_CLASSES: readonly PasswordClass[] = ['letter', 'lower', 'upper', 'digit', 'symbol'];
export const PASSWORD_CLASS_LABELS: Record<PasswordClass, string> = {
  letter: '字母',
  lower: '小写字母',
  upper: '大写字母',
  digit: '数字',
  symbol: '特殊符号',
};
const CLASS_PATTERNS: Record<PasswordClass, string> = {
  letter: '[A-Za-z]',
  lower: '[a-z]',
  upper: '[A-Z]',
  digit: '\\d',
  symbol: '[\\x21-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e]',
};

/** What a password must be, and how long it lives. */
export interface PasswordPolicy {
  /** 8–32 characters at least (32 is the longest a password may be). */
  minLength: number;
  /** Character classes a password must contain, each at least once. */
  classes: PasswordClass[];
  /** Days a password lives; 0 = it never expires. */
  maxAgeDays: number;
  /** Days before the expiry from which the user is warned after login. */
  warnDays: number;
  /** The last N passwords cannot be used again (the current one included). */
  historyCount: number;
}

/** The rule the product always had (PASSWORD_RULE): 8–32 printable characters with letters and digits. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  classes: ['letter', 'digit'],
  maxAgeDays: 90,
  warnDays: 7,
  historyCount: 5,
};

export const PASSWORD_LIMITS = {
  minLength: 8,
  maxLength: 32,
  maxAgeDays: 3650,
  warnDays: 60,
  historyCount: 24,
} as const;

/** The rule as a form rule (pattern and message), e.g. 密码须为8到32位，且同时包含字母和数字. */
export function passwordRuleOf(policy: Pick<PasswordPolicy, 'minLength' | 'classes'>): FieldRule {
  const classes = PASSWORD_CLASSES.filter((c) => policy.classes.includes(c));
  const min = Math.min(Math.max(policy.minLength, PASSWORD_LIMITS.minLength), PASSWORD_LIMITS.maxLength);
  const lookaheads = classes.map((c) => `(?=.*${CLASS_PATTERNS[c]})`).join('');
  const pattern = new RegExp(`^${lookaheads}[\\x21-\\x7e]{${min},${PASSWORD_LIMITS.maxLength}}$`);
  const names = classes.map((c) => PASSWORD_CLASS_LABELS[c]);
  const listed =
    names.length === 0
      ? ''
      : names.length === 1
        ? `，且包含${names[0]}`
        : `，且同时包含${names.slice(0, -1).join('、')}和${names[names.length - 1]}`;
  return { pattern, message: `密码须为${min}到${PASSWORD_LIMITS.maxLength}位${listed}` };
}

/** Whether a password follows the rule; the rule's message when it does not. */
export function checkPassword(password: string, policy: Pick<PasswordPolicy, 'minLength' | 'classes'>): string | null {
  const rule = passwordRuleOf(policy);
  return rule.pattern!.test(password) ? null : rule.message;
}

/**
 * 平台设置 → 安全设置. One object for every security control of issue 24; each control reads its part. A platform
 * object: one set for every tenant, written by platform administrators only.
 */
export interface SecuritySettings {
  password: PasswordPolicy;
  /** Minutes without user activity after which a session ends (1–1440). */
  idleMinutes: number;
  /**
   * Role codes whose holders must sign in with a second factor. Empty: every role that can manage users, roles,
   * permissions or the platform settings (`totpDefaultRoleCodes` of the answer names them).
   */
  totpRoleCodes: string[];
  /**
   * Demo accounts (user names) that may sign in without a second factor and keep their published password. The demo
   * seed fills it; a real deployment empties it (README: “上线前”).
   */
  demoAccounts: string[];
  /**
   * 三员分立 (audit.ts): 系统管理员, 安全管理员 and 审计管理员 each hold one duty, no account two, and only the audit
   * officer reads the logs. Switched on only while no account breaks it.
   */
  threeOfficerMode: boolean;
}

/** What PUT takes: a client that does not know the three-officer switch leaves it as it is. */
export type SecuritySettingsInput = Omit<SecuritySettings, 'threeOfficerMode'> & { threeOfficerMode?: boolean };

/** What GET answers: the settings and what the defaults resolve to. */
export interface SecuritySettingsView extends SecuritySettings {
  /** The roles that require the second factor while `totpRoleCodes` is empty. */
  totpDefaultRoleCodes: string[];
}

export const DEFAULT_IDLE_MINUTES = 30;
export const IDLE_LIMITS = { min: 1, max: 1440 } as const;
/** The web warns this long before an idle session ends (or halfway, for a shorter timeout). */
export const IDLE_WARNING_MS = 60_000;

/** Platform setting keys (sys_platform_setting) of the security settings. */
export const SECURITY_SETTING_KEYS = {
  passwordMinLength: 'securityPasswordMinLength',
  passwordClasses: 'securityPasswordClasses',
  passwordMaxAgeDays: 'securityPasswordMaxAgeDays',
  passwordWarnDays: 'securityPasswordWarnDays',
  passwordHistory: 'securityPasswordHistory',
  idleMinutes: 'securityIdleMinutes',
  totpRoles: 'securityTotpRoles',
  demoAccounts: 'securityDemoAccounts',
  threeOfficerMode: 'securityThreeOfficerMode',
} as const;

// ---- Login: the second step ----

/** The first step's answer when a second one is due: never a token, only a short-lived ticket for this login. */
export interface LoginChallenge {
  /** 'totp': enter a code (or a recovery code); 'enrol': the account must set up its authenticator first. */
  challenge: 'totp' | 'enrol';
  ticket: string;
  username: string;
  /** Seconds the ticket stays valid. */
  expiresIn: number;
}

/** Any login's answer: the session, or the second step it still needs. */
export type LoginAnswer = LoginResult | LoginChallenge;

export function isLoginChallenge(answer: LoginAnswer | null | undefined): answer is LoginChallenge {
  return typeof answer === 'object' && answer !== null && 'challenge' in answer;
}

/** A new, not yet confirmed authenticator: its otpauth:// URI (shown as a QR code) and the secret as text. */
export interface TotpSetup {
  uri: string;
  secret: string;
  issuer: string;
  account: string;
}

/** The caller's own enrolment (个人中心). */
export interface TotpStatus {
  enabled: boolean;
  /** Whether the account's roles require it (then it cannot be switched off). */
  required: boolean;
  enabledTime: string | null;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
}

/** Confirming an enrolment answers the ten recovery codes, shown once; at login also the session. */
export interface TotpEnableResult {
  recoveryCodes: string[];
  login?: LoginResult;
}

export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  /** Codes of one period before and after are accepted (clock drift). */
  window: 1,
  recoveryCodes: 10,
  /** Seconds a login's second-step ticket lives. */
  challengeSeconds: 300,
} as const;
/** A recovery code: two groups of five letters and digits, e.g. k7f2m-9qx4t. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

// ---- The session's security state, answered with every login ----

/** Why a password must be changed before anything else. */
export type PasswordChangeReason = 'initial' | 'expired';

export interface SessionSecurity {
  /** Set: every route but the password change answers 403 until it is changed. */
  mustChangePassword: PasswordChangeReason | null;
  /** When the password expires (YYYY-MM-DD HH:mm:ss), null when it never does. */
  passwordExpiresAt: string | null;
  /** Whole days left before it expires, when within the warning period; else null. */
  passwordExpiresInDays: number | null;
  /** The idle timeout of this session, in milliseconds. */
  idleMs: number;
  totpEnabled: boolean;
}

/** GET SECURITY_API.sessionState. */
export interface SessionState {
  idleMs: number;
  /** Milliseconds before the session ends unless the user does something. */
  remainingMs: number;
}

/** The guard's 403 while a password must be changed: `result.reason` tells the web to show the change form. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
export interface PasswordChangeRequired {
  reason: typeof PASSWORD_CHANGE_REQUIRED;
  cause: PasswordChangeReason;
}
/** The web's page for a password that must be changed (outside the app's shell). */
export const PASSWORD_CHANGE_PATH = '/user/password';

export const SECURITY_MESSAGES = {
  totpCodeRequired: '请输入动态验证码',
  totpCodeFormat: '请输入6位动态验证码或恢复码',
  totpCodeWrong: '动态验证码错误',
  totpChallengeInvalid: '登录已超时，请重新输入账号密码',
  totpNotEnrolled: '尚未绑定身份验证器',
  totpAlreadyEnabled: '已绑定身份验证器，如需更换请先解绑',
  totpSetupMissing: '请先获取新的密钥',
  totpEnabled: '身份验证器绑定成功，请妥善保存恢复码',
  totpDisabled: '已解绑身份验证器',
  totpRequiredCannotDisable: '您的角色要求使用二次验证，不能解绑',
  totpReset: '已重置该用户的二次验证，用户下次登录时需重新绑定',
  totpResetNone: '该用户尚未绑定身份验证器',
  recoveryCodesRenewed: '已生成新的恢复码，旧恢复码全部作废',
  passwordChangeRequired: '请先修改密码后再继续操作',
  passwordChangeInitial: '您正在使用初始密码或管理员重置的密码，请先修改密码',
  passwordChangeExpired: '您的密码已过期，请先修改密码',
  passwordReused: (n: number) => `新密码不能与最近${n}次使用过的密码相同`,
  passwordExpiresSoon: (days: number) =>
    days <= 0 ? '您的密码今天到期，请尽快修改' : `您的密码将在${days}天后到期，请尽快修改`,
  sessionIdle: '长时间未操作，已自动退出登录，请重新登录',
  idleRange: `空闲超时须为 ${IDLE_LIMITS.min} 到 ${IDLE_LIMITS.max} 分钟的整数`,
  minLengthRange: `密码最小长度须为 ${PASSWORD_LIMITS.minLength} 到 ${PASSWORD_LIMITS.maxLength} 的整数`,
  classesInvalid: '密码字符类型不正确',
  maxAgeRange: `密码有效期须为 0 到 ${PASSWORD_LIMITS.maxAgeDays} 天的整数（0 表示永不过期）`,
  warnRange: `密码到期提醒须为 0 到 ${PASSWORD_LIMITS.warnDays} 天的整数`,
  historyRange: `密码历史须为 0 到 ${PASSWORD_LIMITS.historyCount} 的整数`,
  roleUnknown: (codes: string) => `角色不存在：${codes}`,
  demoAccountUnknown: (names: string) => `演示账号不存在：${names}`,
  initialPasswordWeak: (message: string) => `初始密码（USER_INITIAL_PASSWORD）不符合当前密码规则：${message}`,
} as const;
