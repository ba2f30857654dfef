import { AxiosError } from 'axios';

/** The message to show for a failed call: the server's message when it sent one. */
export function errorMessage(error: unknown, fallback = '操作失败'): string {
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
      return data.message || fallback;
    }
    return error.message || fallback;
  }
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message || fallback;
  }
  return fallback;
}
