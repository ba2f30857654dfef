import {
  ACCOUNT_API as A,
  type AccountOptions,
  type AccountProfile,
  type AccountSession,
  type AccountSettings,
  type ForgeCheckResult,
  type LoginAnswer,
  type PhoneLoginInput,
  type RegisterInput,
  type RegisterResult,
  type SmsSendInput,
} from '@district/shared';
import { getAction, postAction, putAction } from '@/lib/request';

// Answers that refuse (4xx) reach the forms as rejected promises; the forms show the message inline.
const silent = { silent: true } as const;

export const fetchAccountOptions = () => getAction<AccountOptions>(A.options, undefined, silent);
/** The switches, or everything closed when they cannot be read (a page then says it is not open). */
export const loadAccountOptions = (): Promise<AccountOptions> =>
  fetchAccountOptions().then(
    (res) => res.result,
    () => ({ registerOpen: false, phoneLogin: false, alteration: false, captchaEnabled: true, casLoginUrl: null }),
  );
export const sendSms = (input: SmsSendInput) => postAction<null>(A.sms, input, silent);
export const phoneLogin = (input: PhoneLoginInput) => postAction<LoginAnswer>(A.phoneLogin, input, silent);
export const register = (input: RegisterInput) => postAction<RegisterResult>(A.register, input, silent);
export const checkRegister = (field: 'username' | 'mobile', value: string) =>
  getAction<boolean>(A.registerCheck, { [field]: value }, silent);

export const forgeCheck = (input: { username: string; captcha?: string; checkKey?: string }) =>
  postAction<ForgeCheckResult>(A.forgeCheck, input, silent);
export const forgeSms = (ticket: string) => postAction<null>(A.forgeSms, { ticket }, silent);
export const forgeVerify = (ticket: string, smscode: string) =>
  postAction<{ ticket: string }>(A.forgeVerify, { ticket, smscode }, silent);
export const forgeReset = (input: { ticket: string; password: string; confirmPassword: string }) =>
  postAction<null>(A.forgeReset, input, silent);

export const fetchProfile = () => getAction<AccountProfile>(A.profile);
export const saveProfile = (input: { realname: string; email?: string; avatar?: string }) =>
  putAction<AccountProfile>(A.profile, input, silent);
export const sendProfileSms = (mobile: string) => postAction<null>(A.profileSms, { mobile }, silent);
export const changePhone = (mobile: string, smscode: string) =>
  putAction<AccountProfile>(A.profilePhone, { mobile, smscode }, silent);
export const fetchSessions = () => getAction<AccountSession[]>(A.sessions);
export const signOutOthers = () => postAction<{ count: number }>(A.signOutOthers, {});

export const fetchAccountSettings = () => getAction<AccountSettings>(A.settings);
export const saveAccountSettings = (input: AccountSettings) => putAction<AccountSettings>(A.settings, input);

/** Remembers the tenant picked at login as the next login's default. */
export const rememberTenant = (tenantId: number) => putAction<null>(A.loginTenant, { tenantId }, silent);

/** Validates a CAS service ticket (the server uses its own service URL) and signs in. */
export const casValidate = (ticket: string) => getAction<LoginAnswer>(A.casValidate, { ticket }, silent);
