import { BACKUP_API, BACKUP_MESSAGES, PERM, type BackupOverview } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok } from '../../lib/http.js';
import { BackupBusyError, backupRunning, runBackup, toRecord } from './backup.run.js';

/** How many recent backups 系统监控 → 数据备份 lists. */
const LISTED = 30;
/**
 * How long 立即备份 waits for the backup before answering that it goes on: less than a reverse proxy's usual read
 * timeout (60 s), so a long backup is never reported to the person as a gateway error. It goes on either way.
 */
const ANSWER_WITHIN_MS = 20_000;

/**
 * 系统监控 → 数据备份: the recent backups with their result, and 立即备份. Both are platform-only: a backup holds every
 * tenant's data.
 */
export default async function backupRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    BACKUP_API.list,
    { config: { auth: PERM.backupList, platform: true, doc: { summary: '最近的数据备份' } } },
    async () => {
      const rows = await app.ctx.db.db
        .selectFrom('sysBackup')
        .selectAll()
        .orderBy('startTime', 'desc')
        .orderBy('id', 'desc')
        .limit(LISTED)
        .execute();
      const overview: BackupOverview = {
        records: rows.map(toRecord),
        dir: app.ctx.config.backupDir,
        keepDays: app.ctx.config.backupKeepDays,
        running: backupRunning(),
      };
      return ok(overview, '');
    },
  );

  app.post(
    BACKUP_API.run,
    { config: { auth: PERM.backupRun, platform: true, doc: { summary: '立即备份数据库和上传文件' } } },
    async (request) => {
      const work = runBackup(app, 'manual', currentUser(request).username);
      // A failure after the answer is recorded and told to the administrators; nothing is left unhandled.
      work.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const later = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS);
      });
      try {
        const record = await Promise.race([work, later]);
        return record ? ok(record, BACKUP_MESSAGES.started) : ok(null, BACKUP_MESSAGES.stillRunning);
      } catch (error) {
        if (error instanceof BackupBusyError) throw new ApiError(409, error.message);
        // The failure is recorded (the list shows it) and the administrators are told; the caller sees why.
        throw new ApiError(500, (error as Error).message);
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
