import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@/lib/request';

export interface MockReply {
  status?: number;
  data?: unknown;
  responseType?: string;
}
type Handler = MockReply | ((config: InternalAxiosRequestConfig) => MockReply);

/** `{ success, message, code, result, timestamp }` as the server answers. */
export function ok<T>(result: T, message = ''): MockReply {
  return { status: 200, data: { success: true, message, code: 200, result, timestamp: Date.now() } };
}

export function fail(status: number, message: string): MockReply {
  return { status, data: { success: false, message, code: status, result: null, timestamp: Date.now() } };
}

/**
 * Replaces the network under the request layer: handlers are keyed `METHOD /path` (query string
 * excluded). Unknown calls answer 404. Interceptors run as in production.
 */
export function mockHttp(routes: Record<string, Handler>) {
  const calls: InternalAxiosRequestConfig[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const handler = routes[key];
    const reply = handler ? (typeof handler === 'function' ? handler(config) : handler) : fail(404, 'not found');
    const status = reply.status ?? 200;
    const request = { responseType: reply.responseType ?? config.responseType };
    const response = {
      data: reply.data,
      status,
      statusText: String(status),
      headers: new AxiosHeaders(),
      config,
      request,
    };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      request,
      response,
    );
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}
