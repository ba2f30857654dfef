import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig, type AxiosResponse, type Method } from 'axios';
import {
  API,
  DEFAULT_TENANT_ID,
  MSG,
  PASSWORD_CHANGE_PATH,
  PASSWORD_CHANGE_REQUIRED,
  REQUEST_TIMEOUT_MS,
  SECURITY_MESSAGES,
  SESSION_TTL_MS,
  STORAGE_KEYS,
  USER_ACTIVITY_HEADER,
  type ApiResponse,
  type PasswordChangeRequired,
} from '@district/shared';
import { APP_CONFIG } from './config';
import { feedback } from './feedback';
import { reloadPage } from './browser';
import { setLoginNotice } from './login-notice';
import { navigateTo } from './navigation';
import { localStore } from './storage';
import { isUserActive, markActivitySent, watchUserInput } from './user-activity';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the central notice because the caller shows the failure itself (status side effects still run). */
    silent?: boolean;
    /** A call no user input started (a poll, a timer): never counts as activity for the idle timeout. */
    background?: boolean;
  }
}

/** The server's token-expired message starts with this text (MSG.tokenExpired). */
export const TOKEN_EXPIRED_MARK = 'Token失效';
const UNAUTHORIZED_RELOAD_DELAY_MS = 1500;
const NOTICE_SECONDS = 4;

export interface SessionHandlers {
  /** Full logout (server call + local cleanup + route to login) after a 401. */
  logout: () => Promise<void>;
  /** Local cleanup only, for a token the server already declared expired. */
  expire: () => void;
}

// Registered by the session store; kept as a hook to avoid an import cycle request <-> session.
let sessionHandlers: SessionHandlers = { logout: async () => undefined, expire: () => undefined };
export function setSessionHandlers(handlers: SessionHandlers): void {
  sessionHandlers = handlers;
}

export function getStoredToken(): string | null {
  return localStore.get<string>(STORAGE_KEYS.accessToken);
}

export const http = axios.create({ baseURL: APP_CONFIG.apiBaseURL, timeout: REQUEST_TIMEOUT_MS });

watchUserInput();

const dictItemPaths = [API.dictItems, '/sys/dict/loadDictItem'].map((p) => p.replace(/^\//, ''));

http.interceptors.request.use((config) => {
  const headers = AxiosHeaders.from(config.headers);
  const token = getStoredToken();
  if (token) headers.set('X-Access-Token', token);
  headers.set('tenant-id', String(localStore.get<number | string>(STORAGE_KEYS.tenantId) ?? DEFAULT_TENANT_ID));
  if (!config.background && isUserActive()) {
    headers.set(USER_ACTIVITY_HEADER, '1');
    markActivitySent();
  }
  config.headers = headers;
  // Dictionary lookups stay cacheable by the browser, so they get no cache-busting stamp.
  if ((config.method ?? 'get').toLowerCase() === 'get' && !dictItemPaths.some((p) => (config.url ?? '').includes(p))) {
    config.params = { _t: Math.floor(Date.now() / 1000), ...(config.params as Record<string, unknown> | undefined) };
  }
  return config;
});

async function readBody(response: AxiosResponse): Promise<Partial<ApiResponse> | undefined> {
  const data: unknown = response.data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text()) as Partial<ApiResponse>;
    } catch {
      return undefined;
    }
  }
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as Partial<ApiResponse>;
    } catch {
      return undefined;
    }
  }
  return typeof data === 'object' && data !== null ? (data as Partial<ApiResponse>) : undefined;
}

function passwordChangeCause(result: unknown): PasswordChangeRequired['cause'] | null {
  if (typeof result !== 'object' || result === null) return null;
  const { reason, cause } = result as Partial<PasswordChangeRequired>;
  return reason === PASSWORD_CHANGE_REQUIRED && (cause === 'initial' || cause === 'expired') ? cause : null;
}

/** The page of a password that must be changed first, saying why. */
export const passwordChangePathFor = (cause: PasswordChangeRequired['cause']) =>
  `${PASSWORD_CHANGE_PATH}?${new URLSearchParams({ cause }).toString()}`;

/** The central handler of app-spec §8. It notifies and runs side effects; the caller still gets the rejection. */
async function handleError(error: AxiosError): Promise<void> {
  const silent = error.config?.silent === true;
  const notify = (description: string, always = false) => {
    if (always || !silent)
      feedback.notification.error({ title: MSG.systemNotice, description, duration: NOTICE_SECONDS });
  };
  const response = error.response;
  if (!response) {
    const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
    if (error.code !== AxiosError.ERR_CANCELED) notify(timedOut ? MSG.timeout : error.message);
    return;
  }
  const body = await readBody(response);
  const serverMessage = typeof body?.message === 'string' ? body.message : '';
  const token = getStoredToken();
  switch (response.status) {
    case 403: {
      // The session may do nothing but change its password: the change page says why, no error notice.
      const cause = passwordChangeCause(body?.result);
      if (cause) navigateTo(passwordChangePathFor(cause), { replace: true });
      else notify(MSG.forbidden);
      break;
    }
    case 500:
      if (token && serverMessage.includes(TOKEN_EXPIRED_MARK)) {
        sessionHandlers.expire();
        reloadPage();
        break;
      }
      notify(serverMessage || MSG.serverError);
      break;
    case 404:
      notify(MSG.notFound);
      break;
    case 504:
      notify(MSG.timeout);
      break;
    case 401:
      // Ending the session is never silent: a background call (the notice bell's refresh) that finds the token
      // revoked takes the user to the login page, and the user is told why.
      if (token && serverMessage === SECURITY_MESSAGES.sessionIdle) {
        // Ended by the idle timeout (another tab's watcher, a sleeping laptop): the login page says so.
        setLoginNotice(SECURITY_MESSAGES.sessionIdle);
        notify(SECURITY_MESSAGES.sessionIdle, true);
      } else notify(MSG.unauthorized, !!token);
      if (token) {
        await sessionHandlers.logout().catch(() => undefined);
        window.setTimeout(reloadPage, UNAUTHORIZED_RELOAD_DELAY_MS);
      }
      break;
    default:
      notify(serverMessage || error.message);
  }
}

// The server renews a token while it is used; the stored copy follows, so a working user is never
// signed out by the browser's own 7-day clock. One write a minute is plenty.
const STORED_TOKEN_RENEW_MS = 60_000;
let storedTokenRenewedAt = 0;
function renewStoredToken(): void {
  const now = Date.now();
  if (now - storedTokenRenewedAt < STORED_TOKEN_RENEW_MS) return;
  const token = getStoredToken();
  if (!token) return;
  localStore.set(STORAGE_KEYS.accessToken, token, SESSION_TTL_MS);
  storedTokenRenewedAt = now;
}

http.interceptors.response.use(
  (response) => {
    renewStoredToken();
    return response;
  },
  async (error: unknown) => {
    if (error instanceof AxiosError) await handleError(error);
    return Promise.reject(error);
  },
);

export type RequestOptions = Omit<AxiosRequestConfig, 'url' | 'method' | 'params' | 'data'>;

export async function getAction<T = unknown>(
  url: string,
  params?: object,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  return (await http.get<ApiResponse<T>>(url, { ...options, params })).data;
}

export async function postAction<T = unknown>(
  url: string,
  data?: unknown,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  return (await http.post<ApiResponse<T>>(url, data, options)).data;
}

export async function putAction<T = unknown>(
  url: string,
  data?: unknown,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  return (await http.put<ApiResponse<T>>(url, data, options)).data;
}

export async function deleteAction<T = unknown>(
  url: string,
  params?: object,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  return (await http.delete<ApiResponse<T>>(url, { ...options, params })).data;
}

/** A call with a chosen method: the payload goes in the query for GET/DELETE and in the body otherwise. */
export async function httpAction<T = unknown>(
  url: string,
  payload: unknown,
  method: Method,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  const inQuery = ['get', 'delete'].includes(method.toLowerCase());
  const response = await http.request<ApiResponse<T>>({
    ...options,
    url,
    method,
    ...(inQuery ? { params: payload } : { data: payload }),
  });
  return response.data;
}

/** GET returning the raw blob (exports, attachments). */
export async function getBlob(url: string, params?: object): Promise<Blob> {
  return (await http.get<Blob>(url, { params, responseType: 'blob' })).data;
}

/** Downloads a blob answer as a file; an empty answer warns 文件下载失败. */
export async function downloadFile(url: string, fileName: string, params?: object): Promise<void> {
  saveBlob(await getBlob(url, params), fileName);
}

/** Saves a blob as a file; an empty one warns 文件下载失败. */
export function saveBlob(blob: Blob | null | undefined, fileName: string): void {
  if (!blob || blob.size === 0) {
    feedback.message.warning('文件下载失败');
    return;
  }
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.style.display = 'none';
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/** URL of an uploaded file: kept as is when it already starts with http, else put under the static domain. */
export function getFileAccessHttpUrl(path: string | null | undefined, prefix = 'http'): string {
  if (!path) return '';
  if (path.startsWith(prefix)) return path;
  // A JSON-ish list of files is not a single path.
  if (path.includes('[')) return '';
  return `${APP_CONFIG.staticDomainURL.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}
