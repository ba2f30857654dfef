import { MSG, OSS_API, OSS_MESSAGES, PERM, UPLOAD_MSG, type OssFile } from '@district/shared';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { ApiError, fail, ok } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import type { SysFile } from '../../db/schema.js';
import { currentUser } from '../../plugins/guard.js';
import { disposition } from './disposition.js';
import type { FileService } from './file.service.js';

const INLINE_TYPES = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/;

/**
 * 对象存储 (系统监控): every uploaded file (sys_file) whatever storage holds it, listed with query and paging,
 * previewed, downloaded, deleted with its object, and uploaded from the page through the same checks as
 * /file/upload. Administrators only (the menu's button codes).
 */
export function ossResource(files: FileService): ResourceDef {
  return {
    name: 'sys_file',
    title: '对象存储',
    table: 'sysFile',
    path: OSS_API.base,
    fields: {
      originalName: { type: 'string', title: '文件名称', filter: true, sort: true },
      biz: { type: 'string', title: '业务目录', filter: true, sort: true },
      mime: { type: 'string', title: '文件类型', filter: true },
      fileSize: { type: 'int', title: '文件大小', sort: true },
      storage: { type: 'string', title: '存储位置', filter: true, sort: true },
      storedPath: { type: 'string', title: '存储路径' },
      createBy: { type: 'string', title: '上传人', filter: true, sort: true },
      createTime: { type: 'datetime', title: '上传时间', filter: true, sort: true },
    },
    permissions: {
      list: PERM.ossList,
      queryById: PERM.ossList,
      delete: PERM.ossDelete,
      deleteBatch: PERM.ossDelete,
    },
    defaultSort: { field: 'createTime', order: 'desc' },
    // Inside the delete's transaction: a bucket that refuses rolls the rows back, so the list keeps them.
    async afterDelete(rows) {
      await files.removeObjects(rows as unknown as SysFile[]);
    },
  };
}

/** The list and delete routes; registered before the upload routes' own multipart parser (they bring theirs). */
export const ossResourceRoutes = (files: FileService) => resourcePlugin([ossResource(files)]);

/** Upload and download, inside the file routes' plugin so uploads share its multipart limits. */
export async function ossRoutes(
  app: FastifyInstance,
  files: FileService,
  upload: Pick<RouteShorthandOptions, 'onRequest' | 'preValidation'>,
): Promise<void> {
  app.post(OSS_API.upload, { ...upload, config: { auth: PERM.ossUpload } }, async (request) => {
    const stored = await files.store(request, currentUser(request));
    const row = await app.ctx.db.db
      .selectFrom('sysFile')
      .selectAll()
      .where('id', '=', stored.file_id)
      .executeTakeFirstOrThrow();
    return ok(row as OssFile, `${stored.srcFileName}${UPLOAD_MSG.uploaded}`);
  });

  // Behind a permission, unlike the public static route: the page fetches the bytes and shows them itself.
  app.get(OSS_API.download, { config: { auth: PERM.ossDownload } }, async (request, reply) => {
    const { id } = request.query as { id?: unknown };
    if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) throw new ApiError(400, OSS_MESSAGES.idInvalid);
    const found = await files.findById(id);
    if (!found) return reply.status(404).send(fail(404, MSG.notFound));
    const { row, body } = found;
    return reply
      .header('Content-Type', row.mime)
      .header('Content-Length', String(row.fileSize))
      .header('Content-Security-Policy', 'sandbox')
      .header('X-Content-Type-Options', 'nosniff')
      .header(
        'Content-Disposition',
        disposition(INLINE_TYPES.test(row.mime) ? 'inline' : 'attachment', row.originalName),
      )
      .header('Cache-Control', 'private, no-store')
      .send(body);
  });
}
