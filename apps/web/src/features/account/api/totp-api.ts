import { SECURITY_API as A, type TotpEnableResult, type TotpSetup, type TotpStatus } from '@district/shared';
import { getAction, postAction } from '@/lib/request';

// 个人中心 → 二次验证. Wrong codes are shown next to the form, not as a notification as well.
const silent = { silent: true } as const;

export const fetchTotpStatus = async (): Promise<TotpStatus> => (await getAction<TotpStatus>(A.totp)).result;
export const startTotpSetup = () => postAction<TotpSetup>(A.totpSetup, {}, silent);
export const enableTotp = (passcode: string) => postAction<TotpEnableResult>(A.totpEnable, { passcode }, silent);
export const disableTotp = (passcode: string) => postAction<null>(A.totpDisable, { passcode }, silent);
export const renewRecoveryCodes = (passcode: string) =>
  postAction<TotpEnableResult>(A.totpRecoveryCodes, { passcode }, silent);
