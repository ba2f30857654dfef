import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3Module from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { OSS_MESSAGES } from '@district/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { S3StorageConfig, StorageConfig } from '../../config.js';
import { ApiError } from '../../lib/http.js';
import { lazyRequire } from '../../lib/lazy-require.js';

export type StorageKind = 'local' | 's3';

/**
 * Where the bytes of an uploaded file live. Keys are the stored paths the server generated
 * (`<biz>/<yyyymmdd>/<id>.<ext>`), never a name from a request; each sys_file row names its storage, so files
 * stay readable after the configured storage changes.
 */
export interface ObjectStorage {
  readonly kind: StorageKind;
  /** Takes over a finished scratch file (moved or uploaded; the caller removes the scratch file). */
  put(key: string, file: string, meta: { size: number; mime: string }): Promise<void>;
  /** The object's bytes, or null when it is gone. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/**
 * Resolves a stored path inside the upload root, or null when it would leave it (`..`, absolute
 * paths, NUL bytes). The answer is the normalised relative path with forward slashes.
 */
export function insideRoot(root: string, relative: string): { absolute: string; relative: string } | null {
  if (!relative || relative.includes('\0')) return null;
  const absolute = path.resolve(root, relative.replace(/\\/g, '/'));
  if (!absolute.startsWith(root + path.sep)) return null;
  const rel = path.relative(root, absolute).split(path.sep).join('/');
  // Dot-folders (the upload scratch folder) are never served.
  if (rel.split('/').some((segment) => segment.startsWith('.'))) return null;
  return { absolute, relative: rel };
}

/** The upload folder (UPLOAD_DIR). */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const inside = insideRoot(this.root, key);
    if (!inside || inside.relative !== key) throw new ApiError(400, '文件路径不正确');
    return inside.absolute;
  }

  async put(key: string, file: string): Promise<void> {
    const target = this.resolve(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // The scratch folder sits inside the upload root, so this is a rename on the same volume.
    await fs.promises.rename(file, target);
  }

  async get(key: string): Promise<Readable | null> {
    const inside = insideRoot(this.root, key);
    if (!inside) return null;
    try {
      if (!(await fs.promises.stat(inside.absolute)).isFile()) return null;
    } catch {
      return null;
    }
    return fs.createReadStream(inside.absolute);
  }

  async remove(key: string): Promise<void> {
    const inside = insideRoot(this.root, key);
    if (inside) await fs.promises.rm(inside.absolute, { force: true });
  }
}

const s3 = lazyRequire<typeof S3Module>('@aws-sdk/client-s3');

/** A bucket of any S3-compatible service, signed with AWS Signature V4 by the SDK. */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly config: S3StorageConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.client = new (s3().S3Client)({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible services refuse the newer default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    });
  }

  private key(key: string): string {
    // Stored paths are server-made; still, nothing that climbs or starts at the root reaches the bucket.
    if (!key || key.startsWith('/') || key.split('/').some((s) => s === '..' || s === '.' || s === '')) {
      throw new ApiError(400, '文件路径不正确');
    }
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, file: string, meta: { size: number; mime: string }): Promise<void> {
    await this.run('put', key, () =>
      this.client.send(
        new (s3().PutObjectCommand)({
          Bucket: this.config.bucket,
          Key: this.key(key),
          Body: fs.createReadStream(file),
          ContentLength: meta.size,
          ContentType: meta.mime,
        }),
      ),
    );
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new (s3().GetObjectCommand)({ Bucket: this.config.bucket, Key: this.key(key) }),
      );
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (
        error instanceof s3().NoSuchKey ||
        (error instanceof s3().S3ServiceException && error.$metadata.httpStatusCode === 404)
      )
        return null;
      throw this.unavailable(error, 'get', key);
    }
  }

  async remove(key: string): Promise<void> {
    await this.run('remove', key, () =>
      this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.config.bucket, Key: this.key(key) })),
    );
  }

  private async run(action: string, key: string, send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (error) {
      throw this.unavailable(error, action, key);
    }
  }

  /**
   * A storage fault is the service's, not the caller's: 503 with a plain message, never a 500. What the bucket or
   * the network said (an address, a bucket name) goes to the server log only: the answer may reach a guest.
   */
  private unavailable(error: unknown, action: string, key: string): ApiError {
    if (error instanceof ApiError) return error;
    this.log.warn({ err: error, storage: 's3', action, key }, 'object storage unavailable');
    return new ApiError(503, OSS_MESSAGES.storageUnavailable);
  }

  close(): void {
    this.client.destroy();
  }
}

/** The configured storage for new uploads, and every storage a stored row may name. */
export class Storages {
  readonly local: LocalStorage;
  private readonly s3: S3Storage | null;
  readonly current: ObjectStorage;

  constructor(uploadDir: string, config: StorageConfig, log: Pick<FastifyBaseLogger, 'warn'>) {
    this.local = new LocalStorage(uploadDir);
    this.s3 = config.type === 's3' ? new S3Storage(config, log) : null;
    this.current = this.s3 ?? this.local;
  }

  /** The storage a row was written to; a row of a storage no longer configured cannot be reached (503). */
  of(kind: string | undefined): ObjectStorage {
    if (!kind || kind === 'local') return this.local;
    if (kind === 's3' && this.s3) return this.s3;
    throw new ApiError(503, OSS_MESSAGES.storageNotConfigured);
  }

  close(): void {
    this.s3?.close();
  }
}
