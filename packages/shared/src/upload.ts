/** The file storage contract (widgets-spec §3, §7, §9), shared by the upload API and the uploaders. */

export const UPLOAD_API = {
  /** multipart: file, biz → result[] of UploadedFile. */
  fileUpload: '/file/upload',
  /**
   * id (file_id) or path → deletes the record and the stored file, unless a record still uses it. The uploaders
   * never call it: a file a form lets go of is released by the server once the record is saved.
   */
  fileDelete: '/fileObj/delete',
  /** multipart: file, isup=1, biz → the stored path in `message`. */
  commonUpload: '/sys/common/upload',
  /** + '/{stored path}': serves a stored file. */
  staticFile: '/sys/common/static',
} as const;

/** Default business path (sub-folder) of an upload. */
export const DEFAULT_BIZ_PATH = 'temp';

/** Business paths a file may be stored under; anything else is refused. */
export const UPLOAD_BIZ_PATHS = [
  'temp',
  'avatar',
  'image',
  'file',
  'asset',
  'notice',
  'editor',
  'company',
  'house',
  'ledger',
  'project',
  'online',
] as const;

/** Extensions the server stores; the content must match the extension. */
export const UPLOAD_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'wps',
  'txt',
  'mp4',
  'wav',
  'zip',
] as const;

/** Extensions served inline (shown in <img>); everything else is served as an attachment. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

/** Default upload size limit in MB (the server's MAX_UPLOAD_MB). */
export const DEFAULT_MAX_UPLOAD_MB = 20;

/** One stored file as /file/upload answers it (widgets-spec §3 "Upload response"). */
export interface UploadedFile {
  /** The sys_file id, used by /fileObj/delete. */
  file_id: string;
  /** Stored path relative to the upload root, e.g. `temp/20261122/<id>.png`. */
  url: string;
  filePath: string;
  /** Server-generated name on disk. */
  fileName: string;
  /** The name the user's file had. */
  srcFileName: string;
  /** Mime type derived from the checked extension. */
  type: string;
  fileSize: number;
}

export const UPLOAD_MSG = {
  bizNotAllowed: '不支持的业务路径',
  noFile: '请选择要上传的文件',
  emptyFile: '不能上传空文件',
  badFileName: '文件名不正确',
  typeNotAllowed: '不支持的文件类型',
  contentMismatch: '文件内容与扩展名不符',
  /** + `${mb}MB` */
  tooLarge: '文件大小不能超过',
  fileNotFound: '文件不存在',
  deleteForbidden: '只能删除自己上传的文件',
  uploaded: '上传成功',
  deleted: '删除成功',
} as const;
