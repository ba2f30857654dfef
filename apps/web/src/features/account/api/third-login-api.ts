import {
  THIRD_LOGIN_API as A,
  type LoginAnswer,
  type ThirdAccountView,
  type ThirdBindPreview,
  type ThirdLoginOutcome,
  type ThirdProviderInfo,
} from '@district/shared';
import { APP_CONFIG } from '@/lib/config';
import { deleteAction, getAction, postAction } from '@/lib/request';

// Refusals reach the caller as rejected promises; the pages show the message where the user looks.
const silent = { silent: true } as const;

export const fetchThirdProviders = () => getAction<ThirdProviderInfo[]>(A.providers, undefined, silent);

/** Where the browser goes to sign in (or, with a ticket, to bind) at a provider: a navigation, not a request. */
export const thirdRenderUrl = (key: string, bindTicket?: string) =>
  `${APP_CONFIG.apiBaseURL}${A.render}/${encodeURIComponent(key)}${bindTicket ? `?bindTicket=${encodeURIComponent(bindTicket)}` : ''}`;

export const redeemThirdCode = (code: string, thirdType: string) =>
  getAction<ThirdLoginOutcome>(
    `${A.getLoginUser}/${encodeURIComponent(code)}/${encodeURIComponent(thirdType)}`,
    undefined,
    silent,
  );

export const bindThirdLogin = (input: {
  bindToken: string;
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}) => postAction<LoginAnswer>(A.bindLogin, input, silent);

/** Also sets the browser's HttpOnly cookie the ticket is good with: the render navigation must follow in this browser. */
export const startThirdBind = (key: string) =>
  getAction<{ bindTicket: string }>(`${A.bindStart}/${encodeURIComponent(key)}`, undefined, silent);

/** Back from the provider in 个人中心: both sides of the binding waiting for confirmation. */
export const fetchThirdBindPending = (bindToken: string) =>
  getAction<ThirdBindPreview>(A.bindPending, { bindToken }, silent);
export const confirmThirdBind = (bindToken: string) => postAction<null>(A.bindConfirm, { bindToken }, silent);

export const fetchMyThirdAccounts = () => getAction<ThirdAccountView[]>(A.mine, undefined, silent);
export const unbindMyThirdAccount = (id: string) => deleteAction<null>(A.mine, { id }, silent);

export const fetchUserThirdAccounts = (userId: string) =>
  getAction<ThirdAccountView[]>(A.userAccounts, { userId }, silent);
export const unbindUserThirdAccount = (id: string) => deleteAction<null>(A.userAccounts, { id }, silent);
