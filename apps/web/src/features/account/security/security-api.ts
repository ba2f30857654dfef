import {
  SECURITY_API as A,
  type LoginAnswer,
  type SessionState,
  type TotpEnableResult,
  type TotpSetup,
} from '@district/shared';
import { getAction, postAction } from '@/lib/request';

// The login's steps show refusals inline (silent); the session calls are the idle watcher's own.
const silent = { silent: true } as const;

/** Login, second step: a code of the authenticator app or a recovery code. */
export const loginTotp = (mfaToken: string, passcode: string) =>
  postAction<LoginAnswer>(A.loginTotp, { mfaToken, passcode }, silent);
/** Login of an account that must enrol: a new secret for the ticket… */
export const loginTotpSetup = (mfaToken: string) => postAction<TotpSetup>(A.loginTotpSetup, { mfaToken }, silent);
/** …and its confirmation, which answers the recovery codes and the session. */
export const loginTotpEnable = (mfaToken: string, passcode: string) =>
  postAction<TotpEnableResult>(A.loginTotpEnable, { mfaToken, passcode }, silent);

/** Asked by a timer, never by the user: not activity (the server ignores it anyway). */
export const fetchSessionState = () =>
  getAction<SessionState>(A.sessionState, undefined, { silent: true, background: true });
/** 继续使用: the user's own action. */
export const keepAlive = () => postAction<SessionState>(A.keepAlive, {}, silent);
