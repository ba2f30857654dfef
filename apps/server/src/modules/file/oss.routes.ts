import { MSG, OSS_API, OSS_FILE_RESOURCE, OSS_MESSAGES, PERM, UPLOAD_MSG, type OssFile } from '@district/shared';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { ApiError, fail, ok, parse } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { NOT_FOUND } from '../../lib/resource/resource.service.js';
import { defineResource, type AnyQuery, type ResourceDef } from '../../lib/resource/resource.types.js';
import { disposition } from './disposition.js';
import { visibleFiles, type FileService } from './file.service.js';
import { currentUser } from '../../lib/current-user.js';

const INLINE_TYPES = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/;

const ID = /^[0-9a-f]{32}$/;
const idQuery = z.object({ id: z.string().regex(ID, OSS_MESSAGES.idInvalid) }).loose();
const idsQuery = z
  .object({
    ids: z
      .string()
      .min(1, '请选择要删除的数据')
      .max(40_000)
      .transform((v) => [...new Set(v.split(',').filter(Boolean))])
      .refine((ids) => ids.length > 0, '请选择要删除的数据')
      .refine((ids) => ids.length <= 1000, '一次最多删除 1000 条数据')
      .refine((ids) => ids.every((id) => ID.test(id)), OSS_MESSAGES.idInvalid),
  })
  .loose();

/**
 * 对象存储 (系统监控): the uploaded files (sys_file) of the caller's tenant whatever storage holds them (a platform
 * administrator also sees those of no tenant), listed with query and paging, previewed, downloaded, deleted with
 * their object unless a record uses them, and uploaded from the page through the same checks as /file/upload.
 * Administrators only (the menu's button codes).
 */
export function ossResource(): ResourceDef {
  return defineResource(OSS_FILE_RESOURCE, {
    table: 'sysFile',
    tenancy: { kind: 'custom', apply: (q, _tenantId, ctx) => visibleFiles(q as never, ctx.user) as AnyQuery },
    defaultSort: { field: 'createTime', order: 'desc' },
    // Deletes are this module's routes below (the object, then the row, unless a record uses the file).
    skip: ['delete', 'deleteBatch'],
  });
}

/** The list routes; registered before the upload routes' own multipart parser (they bring theirs). */
export const ossResourceRoutes = () => resourcePlugin([ossResource()]);

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

  // Deletes go file by file (object, then row) rather than in one transaction of the engine: see deleteFiles.
  const remove = async (ids: string[], request: FastifyRequest) => {
    const user = currentUser(request);
    const rows = await visibleFiles(app.ctx.db.db.selectFrom('sysFile').selectAll(), user)
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw new ApiError(404, NOT_FOUND);
    return files.deleteFiles(rows, user);
  };
  app.delete(`${OSS_API.base}/delete`, { config: { auth: PERM.ossDelete } }, async (request) => {
    await remove([parse(idQuery, request.query).id], request);
    return ok(null, '删除成功！');
  });
  app.delete(`${OSS_API.base}/deleteBatch`, { config: { auth: PERM.ossDelete } }, async (request) => {
    const n = await remove(parse(idsQuery, request.query).ids, request);
    return ok(null, `批量删除成功！共 ${n} 条`);
  });

  // Behind a permission, unlike the public static route: the page fetches the bytes and shows them itself.
  app.get(OSS_API.download, { config: { auth: PERM.ossDownload } }, async (request, reply) => {
    const { id } = request.query as { id?: unknown };
    if (typeof id !== 'string' || !ID.test(id)) throw new ApiError(400, OSS_MESSAGES.idInvalid);
    const found = await files.findById(id, currentUser(request));
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
