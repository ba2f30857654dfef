import { z } from 'zod';
import { RULES, zodString } from './validation.js';

export const loginSchema = z.strictObject({
  username: zodString(RULES.username.slice(0, 1)),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
  remember_me: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const apiLoginSchema = z.strictObject({
  username: zodString(RULES.username.slice(0, 1)),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
});

export const PASSWORD_MESSAGES = {
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  tooShort: '新密码长度不能少于6位',
  tooLong: '新密码长度不能超过32位',
  sameAsOld: '新密码不能与旧密码相同',
} as const;

export const updatePasswordSchema = z
  .strictObject({
    username: z.string({ error: '请输入用户名' }).min(1, '请输入用户名'),
    oldpassword: z.string({ error: PASSWORD_MESSAGES.oldRequired }).min(1, PASSWORD_MESSAGES.oldRequired),
    password: z
      .string({ error: PASSWORD_MESSAGES.newRequired })
      .min(1, PASSWORD_MESSAGES.newRequired)
      .min(6, PASSWORD_MESSAGES.tooShort)
      .max(32, PASSWORD_MESSAGES.tooLong),
    confirmpassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmpassword, { message: PASSWORD_MESSAGES.mismatch, path: ['confirmpassword'] })
  .refine((v) => v.password !== v.oldpassword, { message: PASSWORD_MESSAGES.sameAsOld, path: ['password'] });
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

export const selectDepartSchema = z.strictObject({
  username: z.string({ error: '请输入用户名' }).min(1, '请输入用户名'),
  selectDepartId: z.string({ error: '请选择部门' }).min(1, '请选择部门').max(32),
  selectPositionId: z.string({ error: '请选择岗位' }).min(1, '请选择岗位').max(32),
});
export type SelectDepartInput = z.infer<typeof selectDepartSchema>;

export const platformSettingsSchema = z.strictObject({
  systemName: z.string({ error: '请输入系统名称' }).trim().min(1, '请输入系统名称').max(50, '系统名称不能超过50个字符'),
  logoUrl: z
    .string()
    .trim()
    .max(500, 'Logo地址不能超过500个字符')
    .refine((v) => v === '' || /^(https?:\/\/|\/)\S*$/.test(v), 'Logo地址必须以 http(s):// 或 / 开头'),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export interface PlatformInfo {
  systemName: string;
  logoUrl: string;
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
