import {
  ANNT_CATEGORY,
  ANNT_STATUS,
  ANNT_TARGET,
  BACKUP_MESSAGES,
  BACKUP_PERM,
  BACKUP_STATUS,
  type BackupRecord,
} from '@district/shared';
import type { FastifyInstance } from 'fastify';
import type { SysBackup } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { createBackup, newBackupName, pruneBackups } from './backup.service.js';

/** One backup at a time per instance (the scheduled one and a manual one would otherwise race for the disk). */
let running: Promise<unknown> | null = null;

export class BackupBusyError extends Error {}

/** Whether this instance is taking a backup now. */
export const backupRunning = (): boolean => running !== null;

export function toRecord(row: SysBackup): BackupRecord {
  return {
    id: row.id,
    name: row.name,
    trigger: row.triggerType,
    status: row.status === BACKUP_STATUS.success ? BACKUP_STATUS.success : BACKUP_STATUS.failed,
    method: row.method,
    dbBytes: Number(row.dbBytes),
    fileBytes: Number(row.fileBytes),
    fileCount: Number(row.fileCount),
    checksum: row.checksum,
    verified: Number(row.verified) === 1,
    message: row.status === 'running' ? '进行中' : row.message,
    startTime: row.startTime,
    endTime: row.endTime,
    createBy: row.createBy,
  };
}

/**
 * Takes a backup, records it in sys_backup, removes backups past BACKUP_KEEP_DAYS and, when it fails, tells every
 * active user granted 立即备份 (the platform's administrators) by a system message. Throws on failure (the job's run
 * log then says 失败) after recording it.
 */
export async function runBackup(app: FastifyInstance, trigger: 'cron' | 'manual', by: string): Promise<BackupRecord> {
  if (running) throw new BackupBusyError(BACKUP_MESSAGES.busy);
  const work = runOnce(app, trigger, by);
  running = work;
  try {
    return await work;
  } finally {
    running = null;
  }
}

async function runOnce(app: FastifyInstance, trigger: 'cron' | 'manual', by: string): Promise<BackupRecord> {
  const { db: database, config } = app.ctx;
  const db = database.db;
  const row: SysBackup = {
    id: newId(),
    name: newBackupName(),
    triggerType: trigger,
    status: 'running',
    method: null,
    dbBytes: 0,
    fileBytes: 0,
    fileCount: 0,
    checksum: null,
    verified: 0,
    message: null,
    startTime: formatDateTime(),
    endTime: null,
    createBy: by,
  };
  // Recorded once done, not before: the row must not be in the backup it describes (a restored database would list
  // that backup as still running).
  let done: SysBackup;
  try {
    const result = await createBackup(database, config, row.name);
    const removed = pruneBackups(config.backupDir, config.backupKeepDays);
    const notes = [...result.notes];
    if (removed.length) notes.push(`已删除超过 ${config.backupKeepDays} 天的备份 ${removed.length} 份`);
    done = {
      ...row,
      status: result.verified ? 'success' : 'failed',
      method: result.method,
      dbBytes: result.dbBytes,
      fileBytes: result.fileBytes,
      fileCount: result.fileCount,
      checksum: result.checksum,
      verified: result.verified ? 1 : 0,
      message: (result.verified ? notes.join('；') : '写入后校验不一致') || null,
      endTime: formatDateTime(),
    };
  } catch (error) {
    done = {
      ...row,
      status: 'failed',
      message: ((error as Error).message || BACKUP_MESSAGES.failed).slice(0, 1000),
      endTime: formatDateTime(),
    };
  }
  if (done.message) done.message = done.message.slice(0, 1000);
  await db.insertInto('sysBackup').values(done).execute();
  if (done.status !== 'success') {
    await notifyAdministrators(app, done).catch((error: unknown) =>
      app.log.error({ err: error }, 'backup failure notice not sent'),
    );
    throw new Error(`${BACKUP_MESSAGES.failed}：${done.message ?? ''}`);
  }
  return toRecord(done);
}

/** The active users holding 立即备份 through a role: one released system message to them all, on their bells. */
async function notifyAdministrators(app: FastifyInstance, row: SysBackup): Promise<void> {
  const db = app.ctx.db.db;
  const users = (
    await db
      .selectFrom('sysUser as u')
      .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
      .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
      .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
      .select('u.id')
      .distinct()
      .where('p.perms', '=', BACKUP_PERM.backupRun)
      .where('p.delFlag', '=', 0)
      .where('u.status', '=', 1)
      .where('u.delFlag', '=', 0)
      .execute()
  ).map((u) => u.id);
  if (!users.length) return;
  const now = formatDateTime();
  const anntId = newId();
  const title = BACKUP_MESSAGES.notifyTitle;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysAnnouncement')
      .values({
        id: anntId,
        titile: title,
        msgContent: BACKUP_MESSAGES.notifyBody(row.name, row.message ?? BACKUP_MESSAGES.failed),
        startTime: null,
        endTime: null,
        sender: '系统',
        priority: 'H',
        msgCategory: ANNT_CATEGORY.system,
        msgType: ANNT_TARGET.user,
        userIds: users.join(','),
        departIds: null,
        roleIds: null,
        sendStatus: ANNT_STATUS.released,
        sendTime: now,
        cancelTime: null,
        openType: null,
        openPage: null,
        busType: 'backup',
        busId: row.id,
        msgAbstract: null,
        tenantId: null,
        delFlag: 0,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await trx
      .insertInto('sysAnnouncementSend')
      .values(users.map((userId) => ({ id: newId(), anntId, userId, readFlag: 0, readTime: null, createTime: now })))
      .execute();
  });
  await app.noticeHub.toUsers(users, { cmd: 'user', msgId: anntId, msgTxt: title });
}
