import type { ImportProgress } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http.js';

/*
 * Progress of a running import, kept in the key-value store (memory, or Redis in cluster mode, so a poll that
 * lands on another instance still finds it) under the importing user and the id the client chose: nobody
 * else can read it, and nothing is kept when the client did not ask.
 */

const ID = /^[A-Za-z0-9_-]{8,64}$/;
const TTL_MS = 30 * 60_000;
export const BAD_IMPORT_ID = '导入任务编号格式不正确';

const key = (userId: string, importId: string) => `import:progress:${userId}:${importId}`;

export interface ProgressReporter {
  report(progress: ImportProgress): Promise<void>;
}

/** The reporter of the import a request names with `importId` (none: reports go nowhere). */
export function importProgress(app: FastifyInstance, userId: string, query: unknown): ProgressReporter {
  const importId = (query as Record<string, unknown> | undefined)?.importId;
  if (importId === undefined || importId === '') return { report: () => Promise.resolve() };
  if (typeof importId !== 'string' || !ID.test(importId)) throw new ApiError(400, BAD_IMPORT_ID);
  return { report: (progress) => app.ctx.kv.set(key(userId, importId), JSON.stringify(progress), TTL_MS) };
}

export async function readImportProgress(
  app: FastifyInstance,
  userId: string,
  importId: string,
): Promise<ImportProgress | null> {
  if (!ID.test(importId)) throw new ApiError(400, BAD_IMPORT_ID);
  const raw = await app.ctx.kv.get(key(userId, importId));
  return raw ? (JSON.parse(raw) as ImportProgress) : null;
}
