/** Texts of the session forms that the server's schemas and the web's forms share. */
export const PASSWORD_MESSAGES = {
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  sameAsOld: '新密码不能与旧密码相同',
} as const;

export const LOGIN_MESSAGES = {
  passwordRequired: '请输入密码',
  passwordTooLong: '密码过长',
} as const;

export const SELECT_DEPART_MESSAGES = {
  usernameRequired: '请输入用户名',
  departRequired: '请选择部门',
  positionRequired: '请选择岗位',
} as const;

export const PLATFORM_MESSAGES = {
  systemNameRequired: '请输入系统名称',
  systemNameTooLong: '系统名称不能超过50个字符',
  logoUrlTooLong: 'Logo地址不能超过500个字符',
  logoUrlScheme: 'Logo地址必须以 http(s):// 或 / 开头',
  logoTitleRequired: '请输入菜单Logo标题',
  logoTitleTooLong: '菜单Logo标题不能超过20个字符',
} as const;

export const PLATFORM_LIMITS = { systemName: 50, logoUrl: 500, logoTitle: 20 } as const;
/** The shell's logo title (app-spec §2: it reads as an IoT subsystem); the system name stays on the login page. */
export const DEFAULT_LOGO_TITLE = '资产物联网子系统';
/** A logo is an absolute http(s) address or a path on this server; never javascript: or data:. */
export const LOGO_URL_PATTERN = /^(https?:\/\/|\/)\S*$/;

export interface LoginInput {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
  remember_me?: boolean;
}

/** Payload of POST /sys/user/updatePassword (app-spec §3). */
export interface UpdatePasswordInput {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export interface SelectDepartInput {
  username: string;
  selectDepartId: string;
  selectPositionId: string;
}

export interface PlatformSettings {
  systemName: string;
  logoUrl: string;
  /** Title beside the logo in the signed-in shell. */
  logoTitle: string;
}

export interface PlatformInfo {
  systemName: string;
  logoUrl: string;
  logoTitle: string;
  /** Whether the theme settings drawer is offered (app-spec §2: development previews only). */
  showSettings: boolean;
  /** Whether the login form must show the image captcha. */
  captchaEnabled: boolean;
}

export interface DepartInfo {
  id: string;
  departName: string;
  orgCode: string;
}

export interface PositionInfo {
  id: string;
  name: string;
  code: string;
}

export interface TenantInfo {
  id: number;
  name: string;
}

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string;
  sex: number | null;
  phone: string;
  email: string;
  orgCode: string;
  orgCodeTxt: string;
  loginTenantId: number;
  selectDepartId: string;
  selectDepartName: string;
  selectPositionId: string;
  selectPositionName: string;
  lastLoginTime: string;
}

export interface CompanyInfo {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  company: CompanyInfo;
  departList: DepartInfo[];
  positionList: PositionInfo[];
  tenantList: TenantInfo[];
  multi_depart: 0 | 1 | 2;
}

export interface CurrentUserDeparts {
  list: DepartInfo[];
  orgCode: string;
  positions: PositionInfo[];
  selectPositionId: string;
}

/** The signed-in user's card on the interim dashboard: every figure comes from the database. */
export interface CurrentUserCard {
  username: string;
  realname: string;
  departName: string;
  positionName: string;
  tenantName: string;
  lastLoginTime: string;
  lastLoginIp: string;
}

export interface DictItem {
  value: string;
  text: string;
  title: string;
  label: string;
  color?: string;
  disabled?: boolean;
}
