/*
 * 数据备份 (issue 24 items 10–11): scheduled backups of the database and the uploaded files, listed under 系统监控,
 * restored with `npm run restore -- <backup>` (the server stopped). Plain data only.
 */

/** Permission codes; spread into PERM. Both are platform-only (the routes say so). */
export const BACKUP_PERM = {
  /** 系统监控 → 数据备份: the recent backups and their results. */
  backupList: 'monitor:backup:list',
  /** Start a backup now (besides the scheduled job). */
  backupRun: 'monitor:backup:run',
} as const;

export const BACKUP_API = {
  list: '/monitor/backup/list',
  run: '/monitor/backup/run',
} as const;

/** The page under 系统监控. */
export const BACKUP_ROUTE = '/monitor/backup';

/** The scheduled job's handler key (modules/job) and its default schedule: every day at 02:00. */
export const BACKUP_JOB_HANDLER = 'databaseBackup';
export const BACKUP_JOB_CRON = '0 0 2 * * ?';

/** BACKUP_KEEP_DAYS when unset. */
export const BACKUP_DEFAULT_KEEP_DAYS = 30;

export const BACKUP_STATUS = { success: 'success', failed: 'failed' } as const;
export type BackupStatus = (typeof BACKUP_STATUS)[keyof typeof BACKUP_STATUS];
export const BACKUP_STATUS_LABELS: Record<BackupStatus, string> = { success: '成功', failed: '失败' };

/**
 * How the database was saved: SQLite's online backup API (a copy of the database file), or a logical export of every
 * table (PostgreSQL, MariaDB/MySQL), with the dump tool's own file beside it when the tool is on PATH.
 */
export const BACKUP_METHOD_LABELS: Record<string, string> = {
  'sqlite-online': 'SQLite 在线备份',
  logical: '逐表导出',
  'logical+pg_dump': '逐表导出 + pg_dump',
  'logical+mariadb-dump': '逐表导出 + mariadb-dump',
  'logical+mysqldump': '逐表导出 + mysqldump',
};

export const BACKUP_TRIGGER_LABELS: Record<string, string> = { cron: '定时', manual: '手动' };

/** One backup as 系统监控 lists it. */
export interface BackupRecord {
  id: string;
  /** The backup's folder name under BACKUP_DIR (what `npm run restore --` is given). */
  name: string;
  trigger: string;
  status: BackupStatus;
  method: string | null;
  /** Bytes of the database part(s), of the uploaded files, and their count. */
  dbBytes: number;
  fileBytes: number;
  fileCount: number;
  /** SHA-256 of the manifest (which lists each part's own SHA-256). */
  checksum: string | null;
  /** Every part was read back after writing and matched its checksum. */
  verified: boolean;
  message: string | null;
  startTime: string;
  endTime: string | null;
  createBy: string;
}

export interface BackupOverview {
  records: BackupRecord[];
  /** Where backups are written, and how long they are kept. */
  dir: string;
  keepDays: number;
  /** A backup is being taken (by the instance that answered): the page polls until it is done. */
  running: boolean;
}

export const BACKUP_MESSAGES = {
  started: '备份完成',
  failed: '备份失败',
  busy: '已有备份正在进行，请稍后再试',
  stillRunning: '备份仍在进行，完成后显示在列表中',
  notifyTitle: '数据备份失败',
  notifyBody: (name: string, reason: string) => `数据备份 ${name} 失败：${reason}。请检查备份目录的磁盘空间与权限。`,
  restoreUsage: '用法：npm run restore -- <备份目录或名称>（请先停止服务）',
  notFound: (what: string) => `找不到备份：${what}`,
  noManifest: '备份已损坏：缺少清单文件 manifest.json',
  badManifest: '备份已损坏：清单文件 manifest.json 无法解析',
  partMissing: (part: string) => `备份已损坏：缺少文件 ${part}，拒绝恢复`,
  partChanged: (part: string) => `备份已损坏：文件 ${part} 的校验和不一致，拒绝恢复`,
  extraPart: (part: string) => `备份已损坏：清单之外多出文件 ${part}，拒绝恢复`,
  dialectMismatch: (backup: string, target: string) =>
    `备份来自 ${backup} 数据库，不能恢复到当前配置的 ${target} 数据库（DATABASE_URL）`,
  versionMismatch: '备份的数据库结构版本与当前程序不一致：请使用做备份时的程序版本恢复，再启动新版本升级',
  tablesMissing: (tables: string) =>
    `目标数据库缺少表：${tables}（在线表单同步生成的表）。请先在目标库执行备份中的 native/database.sql，或先同步这些表单，再恢复`,
  restored: (name: string) => `已从备份 ${name} 恢复数据库和上传文件，现在可以启动服务`,
} as const;
