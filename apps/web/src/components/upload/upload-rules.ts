import type { UploadedFile } from '@district/shared';

/** Uploader file types of widgets-spec §5; 'all' accepts every type the server stores. */
export type UploadFileType = 'image' | 'document' | 'video' | 'audio' | 'all';

/** Extensions and the exact messages of the uploader type table (typos and commas as specified). */
export const FILE_TYPE_RULES: Record<Exclude<UploadFileType, 'all'>, { extensions: string[]; message: string }> = {
  image: { extensions: ['jpg', 'jpeg', 'png'], message: '文件格式有误,仅支持jpg,jpeg,png,格式文件上传' },
  document: {
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'wps'],
    message: '文件格式有误,仅支持pdf,doc,docx,xls,xlsx,ppt,pptx,格式文件上传',
  },
  video: { extensions: ['mp4'], message: '文件格式有误,mp4,格式文件上传' },
  audio: { extensions: ['wav'], message: '文件格式有误,仅支持wav格式文件上传' },
};

export const UPLOAD_TEXT = {
  /** The image cell's mime check. */
  notImage: '请上传图片格式的文件',
  /** File pop-up confirmed with nothing uploaded. */
  noFileUploaded: '未上传任何文件',
  /** `${name}上传成功!` */
  success: '上传成功!',
  /** `${name} 上传失败.` when the server gave no message. */
  failed: '上传失败.',
  cellErrorTitle: '上传出错',
  cellErrorLabel: '错误信息：',
  unknownError: '未知错误',
  sessionExpiredTitle: '登录已过期',
  sessionExpiredContent: '很抱歉，登录已过期，请重新登录',
  relogin: '重新登录',
  otherFailure: '文件上传失败',
} as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The message refusing a file for the uploader's type, or null when it is accepted. */
export function checkFileType(fileType: UploadFileType, fileName: string): string | null {
  if (fileType === 'all') return null;
  const rule = FILE_TYPE_RULES[fileType];
  return rule.extensions.includes(extensionOf(fileName)) ? null : rule.message;
}

/** The `accept` attribute for the file dialog of a type. */
export function acceptOf(fileType: UploadFileType): string | undefined {
  return fileType === 'all' ? undefined : FILE_TYPE_RULES[fileType].extensions.map((e) => `.${e}`).join(',');
}

/** The image cell's check: only image mime types (widgets-spec §5). */
export function checkImageMime(file: { type?: string }): string | null {
  return file.type?.startsWith('image/') ? null : UPLOAD_TEXT.notImage;
}

/** Number limit (widgets-spec §5/§9): 0 is unlimited, otherwise the last N are kept. */
export function keepLast<T>(list: readonly T[], limit: number): T[] {
  return limit > 0 && list.length > limit ? list.slice(-limit) : [...list];
}

/** A file name as shown: cut to 5 characters plus an ellipsis (widgets-spec §9). */
export function shortName(name: string, length = 5): string {
  const chars = [...name];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : name;
}

/** The widget's value: the stored paths joined with commas. */
export function joinPaths(paths: readonly string[]): string {
  return paths.filter(Boolean).join(',');
}

export function splitPaths(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The name part of a stored path, for items rebuilt from a value. */
export function baseName(path: string): string {
  return path.split('/').pop() ?? path;
}

/** Uploader widget item of widgets-spec §3. */
export interface UploaderItem {
  uid: string;
  file_id?: string;
  fileName: string;
  srcFileName: string;
  url: string;
  filePath: string;
  fileType?: string;
  fileSize?: number;
  status: 'uploading' | 'done' | 'error';
  percent?: number;
  message?: string;
}

/** What the uploader's onChange list carries (widgets-spec §3). */
export interface UploaderChangeItem {
  srcFileName: string;
  url: string;
  file_id?: string;
}

export function fromUploaded(uid: string, file: UploadedFile): UploaderItem {
  return {
    uid,
    file_id: file.file_id,
    fileName: file.fileName,
    srcFileName: file.srcFileName,
    url: file.url,
    filePath: file.filePath,
    fileType: file.type,
    fileSize: file.fileSize,
    status: 'done',
    percent: 100,
  };
}
