import { ASSET_MESSAGES } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';

/* Records keep their uploaded files as comma-separated stored paths (images, attachments, documents). */

export const splitPaths = (value: unknown): string[] =>
  typeof value === 'string' && value ? value.split(',').filter(Boolean) : [];

/**
 * Refuses (400, prefixed with the field's title) a path that is not an uploaded file, or with `images` not an
 * uploaded image: a record never points at a file the server did not store.
 */
export async function checkStoredFiles(
  db: Kysely<Database>,
  paths: string[],
  opts: { title: string; images?: boolean },
): Promise<void> {
  if (paths.length === 0) return;
  const files = await db
    .selectFrom('sysFile')
    .select(['storedPath', 'mime'])
    .where('storedPath', 'in', [...new Set(paths)])
    .execute();
  const mime = new Map(files.map((f) => [f.storedPath, f.mime]));
  for (const p of paths) {
    const m = mime.get(p);
    if (opts.images && !m?.startsWith('image/'))
      throw new ApiError(400, `${opts.title}：${ASSET_MESSAGES.notImage(p)}`);
    if (m === undefined) throw new ApiError(400, `${opts.title}：${ASSET_MESSAGES.notFile(p)}`);
  }
}

/** Stored paths with the names they were uploaded under (the path's last part when unknown). */
export async function namedFiles(db: Kysely<Database>, paths: string[]): Promise<{ path: string; name: string }[]> {
  const names = paths.length
    ? new Map(
        (
          await db
            .selectFrom('sysFile')
            .select(['storedPath', 'originalName'])
            .where('storedPath', 'in', paths)
            .execute()
        ).map((f) => [f.storedPath, f.originalName]),
      )
    : new Map<string, string>();
  return paths.map((p) => ({ path: p, name: names.get(p) ?? p.split('/').pop()! }));
}
