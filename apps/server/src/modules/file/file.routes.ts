import multipart from '@fastify/multipart';
import { MSG, UPLOAD_API, UPLOAD_MSG } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, fail, ok } from '../../lib/http.js';
import { setFileReleaser } from '../../lib/resource/file-release.js';
import { dataChanged } from '../../lib/resource/resource.service.js';
import { formatDateTime } from '../../lib/time.js';
import { disposition } from './disposition.js';
import { FileService, isImagePath } from './file.service.js';
import { Storages } from './object-storage.js';
import { ossResourceRoutes, ossRoutes } from './oss.routes.js';
import { currentUser } from '../../lib/current-user.js';

/** Room for the multipart framing and the small fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
const HOUR_MS = 60 * 60_000;

export default async function fileRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  const maxBytes = config.maxUploadMb * 1024 * 1024;
  // The configured storage takes new uploads; each row names the storage its bytes went to.
  const storages = new Storages(config.uploadDir, config.storage, app.log);
  app.addHook('onClose', async () => storages.close());
  const files = new FileService(app.ctx.db.db, {
    uploadDir: config.uploadDir,
    maxBytes,
    maxUploadMb: config.maxUploadMb,
    storages,
    log: app.log,
    changed: () => dataChanged(app.ctx.kv),
  });
  // Records of every module let go of files through the resource engine; the files go once the write commits.
  setFileReleaser(app.ctx, (change) => files.releaseLetGo(change));

  // Uploads never saved (a form closed with 取消) are swept by age, hourly, by one instance of a cluster per hour.
  if (config.fileSweepHours > 0) {
    const sweep = async () => {
      const hour = Math.floor(Date.now() / HOUR_MS);
      if ((await app.ctx.kv.incr(`file:sweep:${hour}`, 2 * HOUR_MS)) !== 1) return;
      const before = formatDateTime(new Date(Date.now() - config.fileSweepHours * HOUR_MS));
      const deleted = await files.sweep(before);
      if (deleted) app.log.info({ deleted }, 'swept uploads no record uses');
    };
    const timer = setInterval(() => {
      sweep().catch((error: unknown) => app.log.warn({ err: error }, 'sweeping unused uploads failed'));
    }, HOUR_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  await app.register(ossResourceRoutes());

  // Registered inside this plugin only: other modules keep their own body handling.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  // An announced body over the limit is refused before any of it is read; the stream limit covers the rest.
  const checkLength = async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes + ENVELOPE_BYTES) throw files.tooLarge();
  };
  const checkMultipart = async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw new ApiError(415, '请使用 multipart/form-data 上传文件');
  };
  const uploadRoute = { config: { auth: 'user' as const }, onRequest: checkLength, preValidation: checkMultipart };
  await ossRoutes(app, files, { onRequest: checkLength, preValidation: checkMultipart });

  app.post(UPLOAD_API.fileUpload, uploadRoute, async (request) => {
    const stored = await files.store(request, currentUser(request));
    return ok([stored], `${stored.srcFileName}${UPLOAD_MSG.uploaded}`);
  });

  // The path is the answer's message, as the editors and table cells read it (widgets-spec §7).
  app.post(UPLOAD_API.commonUpload, uploadRoute, async (request) => {
    const stored = await files.store(request, currentUser(request));
    return ok(stored.filePath, stored.filePath);
  });

  // By id or by stored path (a value loaded into a form keeps only its path). The uploaders no longer call it.
  app.post(UPLOAD_API.fileDelete, { config: { auth: 'user' } }, async (request) => {
    const body = (request.body ?? {}) as { id?: unknown; path?: unknown };
    const query = request.query as { id?: unknown; path?: unknown };
    const pick = (name: 'id' | 'path') => {
      const value = body[name] ?? query[name];
      return typeof value === 'string' ? value : '';
    };
    const id = pick('id');
    const storedPath = pick('path');
    if (!id && storedPath) {
      await files.removeByPath(storedPath, currentUser(request));
      return ok(null, UPLOAD_MSG.deleted);
    }
    if (!/^[0-9a-f]{32}$/.test(id)) throw new ApiError(400, '文件ID不正确');
    await files.remove(id, currentUser(request));
    return ok(null, UPLOAD_MSG.deleted);
  });

  // Public so stored images work in <img> (no token there), for every tenant's pages and the public display: the
  // path is the capability (128 random bits, learnt only from a record or 对象存储 of the file's tenant), and only
  // registered files inside the upload root are served. Never rendered as a page of ours: sandboxed, not sniffed.
  app.get(`${UPLOAD_API.staticFile}/*`, { config: { auth: 'public' } }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const found = await files.find(relative);
    if (!found) return reply.status(404).send(fail(404, MSG.notFound));
    const { row, body } = found;
    const image = isImagePath(row.storedPath);
    return reply
      .header('Content-Type', row.mime)
      .header('Content-Length', String(row.fileSize))
      .header('Content-Security-Policy', 'sandbox')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', disposition(image ? 'inline' : 'attachment', row.originalName))
      .header('Cache-Control', 'private, max-age=86400')
      .send(body);
  });
}
