import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, type AccountSettings, type RegisterInput } from '../account.js';
import { LOGIN_MESSAGES } from '../session.js';
import { RULES } from '../validation.js';
import { zodString } from '../zod-string.js';

const mobile = zodString(RULES.mobile);
const smsCode = z
  .string({ error: M.smsCodeRequired })
  .min(1, M.smsCodeRequired)
  .regex(/^\d{6}$/, M.smsCodeFormat);
const captcha = z.string().max(16).optional();
const checkKey = z.string().max(64).optional();
const ticket = z.string({ error: M.ticketInvalid }).regex(/^[\w-]{20,64}$/, M.ticketInvalid);
// The rule of 安全设置 is the server's to check (lib/password-policy.ts): here only a bound.
const newPassword = z
  .string({ error: LOGIN_MESSAGES.passwordRequired })
  .min(1, LOGIN_MESSAGES.passwordRequired)
  .max(128, LOGIN_MESSAGES.passwordTooLong);
const confirmPassword = z.string({ error: M.confirmRequired }).min(1, M.confirmRequired);

export const smsSendSchema = z.strictObject({
  mobile,
  purpose: z.enum(['login', 'register'], { error: M.purposeInvalid }),
  captcha,
  checkKey,
});

export const phoneLoginSchema = z.strictObject({ mobile, captcha: smsCode });

export const registerSchema: z.ZodType<RegisterInput> = z
  .strictObject({
    username: zodString(RULES.username),
    password: newPassword,
    confirmPassword,
    mobile,
    smscode: smsCode,
    realname: z.string().trim().max(100).optional(),
    // The server refuses a registration without it (register.routes.ts), with its own message.
    privacyAccepted: z.boolean().optional(),
    privacyVersion: z.string().max(32).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: M.passwordMismatch, path: ['confirmPassword'] });

export const registerCheckSchema = z
  .strictObject({
    username: z.string().max(64).optional(),
    mobile: z.string().max(32).optional(),
    // The request layer's cache buster.
    _t: z.unknown().optional(),
  })
  .refine((v) => Boolean(v.username) !== Boolean(v.mobile), { message: '请提供要校验的用户名或手机号' });

export const forgeCheckSchema = z.strictObject({ username: zodString(RULES.username.slice(0, 1)), captcha, checkKey });
export const forgeSmsSchema = z.strictObject({ ticket });
export const forgeVerifySchema = z.strictObject({ ticket, smscode: smsCode });
export const forgeResetSchema = z
  .strictObject({ ticket, password: newPassword, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, { message: M.passwordMismatch, path: ['confirmPassword'] });

export const accountSettingsSchema: z.ZodType<AccountSettings> = z.strictObject({
  registerOpen: z.boolean(),
  registerApproval: z.boolean(),
  registerDepartId: z.string().max(32),
  registerRoleId: z.string().max(32),
  registerTenantId: z.number().int().min(0).max(2_147_483_647),
  phoneLogin: z.boolean(),
  alteration: z.boolean(),
});

export const profileSchema = z.strictObject({
  realname: z.string({ error: M.realnameRequired }).trim().min(1, M.realnameRequired).max(100),
  email: zodString(RULES.email).max(100).optional(),
  avatar: z.string().max(500).optional(),
});

export const profileSmsSchema = z.strictObject({ mobile });
export const profilePhoneSchema = z.strictObject({ mobile, smscode: smsCode });
