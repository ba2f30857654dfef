import { DEFAULT_BIZ_PATH, UPLOAD_API, type ApiResponse, type UploadedFile } from '@district/shared';
import { http } from '@/lib/request';

export interface UploadOptions {
  /** Business path (sub-folder on the server), default temp. */
  bizPath?: string;
  /** Percent 0–100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart. The request layer adds the access token and tenant headers to every
 * call, so the uploader always sends the token (widgets-spec §6). Failures are shown by the caller
 * (upload-error.ts), so the central notice stays silent.
 */
async function send<T>(url: string, file: File, fields: Record<string, string>, opts: UploadOptions) {
  const form = new FormData();
  // Fields first, so a streaming server knows them before the file.
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, file.name);
  const response = await http.post<ApiResponse<T>>(url, form, {
    silent: true,
    signal: opts.signal,
    onUploadProgress: (event) => {
      if (event.total) opts.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return response.data;
}

/** POST /file/upload: the stored file's details in result[0]. */
export function uploadFile(file: File, opts: UploadOptions = {}): Promise<ApiResponse<UploadedFile[]>> {
  return send<UploadedFile[]>(UPLOAD_API.fileUpload, file, { biz: opts.bizPath || DEFAULT_BIZ_PATH }, opts);
}

/** POST /sys/common/upload (isup=1): the stored path comes back in `message` (or `responseName`). */
export function uploadCommon(file: File, opts: UploadOptions = {}): Promise<ApiResponse<unknown>> {
  return send<unknown>(UPLOAD_API.commonUpload, file, { isup: '1', biz: opts.bizPath || DEFAULT_BIZ_PATH }, opts);
}

/** The stored path from a common-upload answer: the field named by responseName, else message. */
export function pathFromResponse(response: ApiResponse<unknown>, responseName = 'message'): string {
  const value = (response as unknown as Record<string, unknown>)[responseName];
  return typeof value === 'string' ? value : '';
}
