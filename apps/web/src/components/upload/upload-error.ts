import { AxiosError } from 'axios';
import { reloadPage } from '@/lib/browser';
import { feedback } from '@/lib/feedback';
import { TOKEN_EXPIRED_MARK } from '@/lib/request';
import { useSessionStore } from '@/lib/session-store';
import { UPLOAD_TEXT } from './upload-rules';

/** The error catalogue of widgets-spec §8 for uploads, in one place for every upload widget. */

export function uploadSuccessText(fileName: string): string {
  return `${fileName}${UPLOAD_TEXT.success}`;
}

/** Uploader failure: the server message followed by !, else the file name and 上传失败. */
export function uploaderFailureText(fileName: string, serverMessage?: string | null): string {
  return serverMessage ? `${serverMessage}!` : `${fileName} ${UPLOAD_TEXT.failed}`;
}

/** The server's message in a failed call, if it sent one. */
export function serverMessageOf(error: unknown): string {
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
    return '';
  }
  if (typeof error === 'object' && error !== null && 'success' in error && 'message' in error) {
    return typeof error.message === 'string' ? error.message : '';
  }
  return '';
}

/** A 500 (or 401) whose message says the token expired. */
export function isSessionExpired(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const status = error.response?.status;
  return (status === 500 || status === 401) && serverMessageOf(error).includes(TOKEN_EXPIRED_MARK);
}

/** 登录已过期, with a re-login button that signs out and reloads. */
export function showSessionExpired(): void {
  feedback.modal.error({
    title: UPLOAD_TEXT.sessionExpiredTitle,
    content: UPLOAD_TEXT.sessionExpiredContent,
    okText: UPLOAD_TEXT.relogin,
    onOk: async () => {
      await useSessionStore.getState().logout({ callServer: false });
      reloadPage();
    },
  });
}

/** Table-cell upload error: 上传出错 with 错误信息： and the server message or 未知错误. */
export function showCellUploadError(message?: string | null): void {
  feedback.modal.error({
    title: UPLOAD_TEXT.cellErrorTitle,
    content: `${UPLOAD_TEXT.cellErrorLabel}${message || UPLOAD_TEXT.unknownError}`,
  });
}

/** Reports a failed uploader call: session expiry dialog, else the uploader failure message. */
export function reportUploaderFailure(error: unknown, fileName: string): string {
  if (isSessionExpired(error)) {
    showSessionExpired();
    return UPLOAD_TEXT.sessionExpiredTitle;
  }
  const text = uploaderFailureText(fileName, serverMessageOf(error));
  feedback.message.error(text);
  return text;
}

/** Reports a failed image or dialog upload: session expiry dialog, the server message, else 文件上传失败. */
export function reportUploadFailure(error: unknown): string {
  if (isSessionExpired(error)) {
    showSessionExpired();
    return UPLOAD_TEXT.sessionExpiredTitle;
  }
  const text = serverMessageOf(error) || UPLOAD_TEXT.otherFailure;
  feedback.message.error(text);
  return text;
}
