import { z } from 'zod';
import {
  IDLE_LIMITS,
  PASSWORD_CLASSES,
  PASSWORD_LIMITS,
  RECOVERY_CODE_PATTERN,
  SECURITY_MESSAGES as M,
  type PasswordClass,
  type SecuritySettingsInput,
} from '../security.js';

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const codeList = (max: number) => z.array(z.string().trim().min(1).max(100)).max(max);

/** PUT SECURITY_API.settings. */
export const securitySettingsSchema: z.ZodType<SecuritySettingsInput> = z.strictObject({
  password: z.strictObject({
    minLength: wholeNumber(PASSWORD_LIMITS.minLength, PASSWORD_LIMITS.maxLength, M.minLengthRange),
    classes: z
      .array(z.enum(PASSWORD_CLASSES as [PasswordClass, ...PasswordClass[]], { error: M.classesInvalid }))
      .max(PASSWORD_CLASSES.length, M.classesInvalid),
    maxAgeDays: wholeNumber(0, PASSWORD_LIMITS.maxAgeDays, M.maxAgeRange),
    warnDays: wholeNumber(0, PASSWORD_LIMITS.warnDays, M.warnRange),
    historyCount: wholeNumber(0, PASSWORD_LIMITS.historyCount, M.historyRange),
  }),
  idleMinutes: wholeNumber(IDLE_LIMITS.min, IDLE_LIMITS.max, M.idleRange),
  totpRoleCodes: codeList(200),
  demoAccounts: codeList(50),
  threeOfficerMode: z.boolean({ error: '三员分立模式须为开启或关闭' }).optional(),
});

/** A code of the authenticator app (6 digits) or a recovery code. */
const totpCode = z
  .string({ error: M.totpCodeRequired })
  .trim()
  .min(1, M.totpCodeRequired)
  .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), M.totpCodeFormat);
/** Only the app's 6 digits (enrolment proves the app works). */
const appCode = z
  .string({ error: M.totpCodeRequired })
  .trim()
  .min(1, M.totpCodeRequired)
  .regex(/^\d{6}$/, M.totpCodeFormat);
const mfaToken = z.string({ error: M.totpChallengeInvalid }).regex(/^[\w-]{20,64}$/, M.totpChallengeInvalid);

/*
 * The login's ticket travels as `mfaToken` and codes as `passcode`: the operation log masks parameters named like a
 * token or a password, and an enrolment ticket read from the log would be a login.
 */
export const loginTotpSchema = z.strictObject({ mfaToken, passcode: totpCode });
export const loginTotpSetupSchema = z.strictObject({ mfaToken });
export const loginTotpEnableSchema = z.strictObject({ mfaToken, passcode: appCode });
export const totpEnableSchema = z.strictObject({ passcode: appCode });
/** Switching off or renewing the recovery codes is proved with a current code (or a recovery code). */
export const totpConfirmSchema = z.strictObject({ passcode: totpCode });
export const userTotpQuerySchema = z
  .object({ userId: z.string({ error: '请选择用户' }).min(1, '请选择用户').max(32), _t: z.unknown().optional() })
  .strict();
