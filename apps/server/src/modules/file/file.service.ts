import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_EXTENSIONS,
  OSS_MESSAGES,
  UPLOAD_BIZ_PATHS,
  UPLOAD_EXTENSIONS,
  UPLOAD_MSG,
  type UploadedFile,
} from '@district/shared';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database, SysFile } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import type { LetGo } from '../../lib/resource/file-release.js';
import { formatDateTime } from '../../lib/time.js';
import { describeUses, fileColumns, findUses, pathsOfRows } from './file-usage.js';
import { insideRoot, type Storages } from './object-storage.js';

export { insideRoot } from './object-storage.js';

type Extension = (typeof UPLOAD_EXTENSIONS)[number];

const OOXML = ['docx', 'xlsx', 'pptx'];

/**
 * What each extension is stored as, and which sniffed types its content may have. `text` means the
 * content must not look like any binary format. Some writers produce OOXML files that sniff as a
 * plain zip, so those are accepted too; legacy Office and WPS files are OLE compound files (cfb).
 */
const TYPES: Record<Extension, { mime: string; sniff: readonly string[] | 'text' }> = {
  jpg: { mime: 'image/jpeg', sniff: ['jpg'] },
  jpeg: { mime: 'image/jpeg', sniff: ['jpg'] },
  png: { mime: 'image/png', sniff: ['png', 'apng'] },
  gif: { mime: 'image/gif', sniff: ['gif'] },
  webp: { mime: 'image/webp', sniff: ['webp'] },
  pdf: { mime: 'application/pdf', sniff: ['pdf'] },
  doc: { mime: 'application/msword', sniff: ['cfb'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    sniff: ['docx', 'zip'],
  },
  xls: { mime: 'application/vnd.ms-excel', sniff: ['cfb'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: ['xlsx', 'zip'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', sniff: ['cfb'] },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    sniff: ['pptx', 'zip'],
  },
  wps: { mime: 'application/vnd.ms-works', sniff: ['cfb', ...OOXML, 'zip'] },
  txt: { mime: 'text/plain; charset=utf-8', sniff: 'text' },
  mp4: { mime: 'video/mp4', sniff: ['mp4', 'm4v'] },
  wav: { mime: 'audio/wav', sniff: ['wav'] },
  zip: { mime: 'application/zip', sniff: ['zip', ...OOXML] },
};

const SNIFF_BYTES = 4100;

export function isImagePath(storedPath: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(storedPath));
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The user's file name without any folder part or control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const base = [...last]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f')
    .join('')
    .trim();
  return base.length > 200 ? base.slice(base.length - 200) : base;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Refuses content that does not match its extension (file-type sniffing for binary formats). */
async function checkContent(file: string, ext: Extension): Promise<void> {
  const expected = TYPES[ext].sniff;
  const sniffed = await fileTypeFromFile(file);
  if (expected === 'text') {
    const head = await readHead(file);
    if (sniffed || head.includes(0)) throw new ApiError(400, UPLOAD_MSG.contentMismatch);
    return;
  }
  if (!sniffed || !expected.includes(sniffed.ext)) throw new ApiError(400, UPLOAD_MSG.contentMismatch);
}

export interface StoreOptions {
  uploadDir: string;
  maxBytes: number;
  maxUploadMb: number;
  /** Where the bytes go (the configured storage) and where each row's bytes are. */
  storages: Storages;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Tells the lists that records changed (cached totals). */
  changed?: () => Promise<void>;
}

/** Who may see a file on 对象存储: its tenant's users, and a platform administrator those of no tenant. */
export function visibleFiles<Q extends SelectQueryBuilder<Database, 'sysFile', object>>(q: Q, user: AuthUser): Q {
  return q.where((eb) => {
    const seen = [];
    if (user.tenantId !== null) seen.push(eb('sysFile.tenantId', '=', user.tenantId));
    if (user.session?.isPlatformAdmin) seen.push(eb('sysFile.tenantId', 'is', null));
    return seen.length ? eb.or(seen) : sql<SqlBool>`1 = 0`;
  }) as Q;
}

const IN_CHUNK = 500;

const ymd = () => formatDateTime().slice(0, 10).replace(/-/g, '');

export class FileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: StoreOptions,
  ) {}

  tooLarge(): ApiError {
    return new ApiError(413, `${UPLOAD_MSG.tooLarge}${this.opts.maxUploadMb}MB`);
  }

  /**
   * Reads a multipart request (one `file`, optional `biz`), streams the file to a scratch file inside
   * the upload root, stopping at the size limit, checks its name and content, then moves it to
   * `<biz>/<yyyymmdd>/<id>.<ext>` and records it. Fields may come before or after the file.
   */
  async store(request: FastifyRequest, user: AuthUser): Promise<UploadedFile> {
    const { uploadDir } = this.opts;
    const scratchDir = path.join(uploadDir, '.tmp');
    await fs.promises.mkdir(scratchDir, { recursive: true });
    const scratch = path.join(scratchDir, newId());
    let received: { name: string; size: number } | null = null;
    let biz = 'temp';
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'biz' && typeof part.value === 'string' && part.value !== '') biz = part.value;
          continue;
        }
        const file = part as MultipartFile;
        if (file.fieldname !== 'file' || received) {
          file.file.resume();
          continue;
        }
        await pipeline(file.file, fs.createWriteStream(scratch));
        if (file.file.truncated) throw this.tooLarge();
        received = { name: cleanFileName(file.filename), size: (await fs.promises.stat(scratch)).size };
      }
      if (!(UPLOAD_BIZ_PATHS as readonly string[]).includes(biz)) {
        throw new ApiError(400, `${UPLOAD_MSG.bizNotAllowed}：${biz.slice(0, 50)}`);
      }
      if (!received) throw new ApiError(400, UPLOAD_MSG.noFile);
      if (!received.name || received.name.startsWith('.')) throw new ApiError(400, UPLOAD_MSG.badFileName);
      const ext = extensionOf(received.name);
      if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
        throw new ApiError(400, `${UPLOAD_MSG.typeNotAllowed}：${ext ? `.${ext.slice(0, 20)}` : '无扩展名'}`);
      }
      if (received.size === 0) throw new ApiError(400, UPLOAD_MSG.emptyFile);
      await checkContent(scratch, ext as Extension);

      const id = newId();
      const storedPath = `${biz}/${ymd()}/${id}.${ext}`;
      const mime = TYPES[ext as Extension].mime;
      const storage = this.opts.storages.current;
      await storage.put(storedPath, scratch, { size: received.size, mime });
      const row: SysFile = {
        id,
        biz,
        originalName: received.name,
        storedPath,
        fileSize: received.size,
        mime,
        createBy: user.username,
        createTime: formatDateTime(),
        storage: storage.kind,
        tenantId: user.tenantId,
      };
      try {
        await this.db.insertInto('sysFile').values(row).execute();
      } catch (error) {
        await storage.remove(storedPath).catch(() => undefined);
        throw error;
      }
      return {
        file_id: id,
        url: storedPath,
        filePath: storedPath,
        fileName: path.basename(storedPath),
        srcFileName: received.name,
        type: row.mime,
        fileSize: row.fileSize,
      };
    } catch (error) {
      // The limit can also be met inside the parser (a second file, too many fields).
      if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw this.tooLarge();
      throw error;
    } finally {
      await fs.promises.rm(scratch, { force: true });
    }
  }

  /**
   * Deletes a file of the caller's tenant by id (404 for any other); only its uploader or an administrator may, and
   * not while a record uses it.
   */
  async remove(id: string, user: AuthUser): Promise<void> {
    const row = await visibleFiles(this.db.selectFrom('sysFile').selectAll(), user)
      .where('id', '=', id)
      .executeTakeFirst();
    await this.removeOwn(row, user);
  }

  /**
   * The same by stored path, as a form's value holds it: a leading slash or the static-file URL prefix
   * the web adds for display is dropped. A path outside the upload root is a 400.
   */
  async removeByPath(value: string, user: AuthUser): Promise<void> {
    const relative = value.replace(/^.*\/sys\/common\/static\//, '').replace(/^\/+/, '');
    const inside = relative ? insideRoot(this.opts.uploadDir, relative) : null;
    if (!inside) throw new ApiError(400, '文件路径不正确');
    const row = await visibleFiles(this.db.selectFrom('sysFile').selectAll(), user)
      .where('storedPath', '=', inside.relative)
      .executeTakeFirst();
    await this.removeOwn(row, user);
  }

  private async removeOwn(row: SysFile | undefined, user: AuthUser): Promise<void> {
    if (!row) throw new ApiError(404, UPLOAD_MSG.fileNotFound);
    if (row.createBy !== user.username && !(await this.isAdmin(user.id))) {
      throw new ApiError(403, UPLOAD_MSG.deleteForbidden);
    }
    await this.deleteFiles([row], user);
  }

  /**
   * Deletes files (rows the caller may see) with their objects. Refused (400, nothing deleted) while a record uses
   * any of them, naming where. Each file goes on its own: the object first, then its row, so a storage that refuses
   * (503) leaves that file's row and object both, and the files before it deleted whole.
   */
  async deleteFiles(rows: SysFile[], user: AuthUser): Promise<number> {
    const uses = await findUses(
      this.db,
      rows.map((r) => r.storedPath),
    );
    const used = rows.find((r) => uses.has(r.storedPath));
    if (used) {
      const places = describeUses(uses.get(used.storedPath)!, user.tenantId);
      throw new ApiError(
        400,
        rows.length === 1 ? OSS_MESSAGES.inUse(places) : OSS_MESSAGES.namedInUse(used.originalName, places),
      );
    }
    for (const row of rows) await this.deleteFile(row, user);
    return rows.length;
  }

  private async deleteFile(row: SysFile, by: AuthUser | null): Promise<void> {
    await this.opts.storages.of(row.storage).remove(row.storedPath);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysFile').where('id', '=', row.id).execute();
      // Logged in the file's tenant, so that tenant's data log shows who deleted it (the sweep is 'system').
      const actor = { username: by?.username ?? 'system', tenantId: row.tenantId ?? null };
      await writeDataLog(trx, 'sys_file', row.id, 'delete', { ...row }, actor);
    });
    await this.opts.changed?.();
  }

  /**
   * After a committed edit or delete: the files the record's file columns held before and no longer hold, of the
   * caller's tenant, that no record uses any more, are deleted. Others (of another tenant, of none) wait for the sweep.
   */
  async releaseLetGo({ table, before, after, user }: LetGo): Promise<void> {
    if (user.tenantId === null) return;
    if (pathsOfRows(before).size === 0) return;
    const columns = await fileColumns(this.db, table);
    if (columns.length === 0) return;
    const pick = (rows: LetGo['before']) =>
      pathsOfRows(rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]]))));
    const kept = pick(after);
    const gone = [...pick(before)].filter((p) => !kept.has(p));
    if (gone.length === 0) return;
    const rows: SysFile[] = [];
    for (let i = 0; i < gone.length; i += IN_CHUNK) {
      rows.push(
        ...(await this.db
          .selectFrom('sysFile')
          .selectAll()
          .where('storedPath', 'in', gone.slice(i, i + IN_CHUNK))
          .where('tenantId', '=', user.tenantId)
          .execute()),
      );
    }
    if (rows.length === 0) return;
    const uses = await findUses(
      this.db,
      rows.map((r) => r.storedPath),
    );
    for (const row of rows.filter((r) => !uses.has(r.storedPath))) {
      await this.deleteFile(row, user).catch((error: unknown) =>
        this.opts.log.warn({ err: error, file: row.storedPath }, 'releasing a file failed; the sweep will retry'),
      );
    }
  }

  /**
   * Uploads never saved: files older than `before` (a time string) that no record uses are deleted. A file found in
   * use is marked and never looked at again (a record that lets go of it later releases it itself). Answers how many
   * were deleted.
   */
  async sweep(before: string): Promise<number> {
    let deleted = 0;
    let after = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('sysFile')
        .selectAll()
        .where('createTime', '<', before)
        .where('inUse', '=', 0)
        .where('id', '>', after)
        .orderBy('id')
        .limit(IN_CHUNK)
        .execute();
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const uses = await findUses(
        this.db,
        rows.map((r) => r.storedPath),
      );
      const used = rows.filter((r) => uses.has(r.storedPath)).map((r) => r.id);
      if (used.length) await this.db.updateTable('sysFile').set({ inUse: 1 }).where('id', 'in', used).execute();
      for (const row of rows.filter((r) => !uses.has(r.storedPath))) {
        try {
          await this.deleteFile(row, null);
          deleted++;
        } catch (error) {
          this.opts.log.warn({ err: error, file: row.storedPath }, 'sweeping an unused upload failed');
        }
      }
    }
    return deleted;
  }

  /** The registered file behind a stored path, if the path stays inside the upload root. */
  async find(relative: string): Promise<{ row: SysFile; body: Readable } | null> {
    const inside = insideRoot(this.opts.uploadDir, relative);
    if (!inside) return null;
    const row = await this.db
      .selectFrom('sysFile')
      .selectAll()
      .where('storedPath', '=', inside.relative)
      .executeTakeFirst();
    if (!row) return null;
    const body = await this.opts.storages.of(row.storage).get(row.storedPath);
    return body ? { row, body } : null;
  }

  /** The same by id, among the files the caller may see (the 对象存储 list's preview and download). */
  async findById(id: string, user: AuthUser): Promise<{ row: SysFile; body: Readable } | null> {
    const row = await visibleFiles(this.db.selectFrom('sysFile').selectAll(), user)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const body = await this.opts.storages.of(row.storage).get(row.storedPath);
    return body ? { row, body } : null;
  }

  private async isAdmin(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select('r.id')
      .where('ur.userId', '=', userId)
      .where('r.roleCode', '=', 'admin')
      .executeTakeFirst();
    return row !== undefined;
  }
}
