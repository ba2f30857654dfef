import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BACKUP_MESSAGES } from '@district/shared';
import { sql, type Kysely } from 'kysely';
import { createDb, dialectOf, type Db, type DialectName } from '../../db/database.js';
import { migrateToLatest, migrationNames } from '../../db/migrate.js';
import { SQLite } from '../../lib/sqlite-driver.js';
import { exportTables, importTables, MIGRATION_TABLE, nativeDump } from './backup-dump.js';

/*
 * One backup is a folder under BACKUP_DIR: the database part (database.sqlite, or db/<table>.jsonl plus the dump tool's
 * native/database.sql), a copy of the upload folder under files/, and manifest.json listing every part with its size
 * and SHA-256. It is written as <name>.partial and renamed when complete, so a folder without that suffix is whole.
 */

export const MANIFEST = 'manifest.json';
/**
 * The generated key files (lib/secret-box.ts, lib/field-crypto.ts) sit in the upload folder when the database is not a
 * SQLite file. They are never put in a backup: a backup that carried the keys would carry the sealed personal data
 * open. They are kept apart (docs/backup-and-recovery.md) and stay in place when a backup is restored.
 */
const KEY_FILES = ['.secret-key', '.field-keys'];
const PARTIAL = '.partial';
const DAY_MS = 86_400_000;

export interface BackupPart {
  /** Relative to the backup folder, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  dialect: DialectName;
  method: string;
  /** The applied migrations when the backup was taken. */
  migrations: string[];
  /** Logical exports: the rows of each table. */
  tables: Record<string, number>;
  parts: BackupPart[];
  notes: string[];
}

export interface BackupResult {
  name: string;
  dir: string;
  method: string;
  dbBytes: number;
  fileBytes: number;
  fileCount: number;
  checksum: string;
  verified: boolean;
  notes: string[];
}

/** A refusal with a message for the person (restore command, 系统监控). */
export class BackupError extends Error {}

export interface BackupSettings {
  databaseUrl: string;
  uploadDir: string;
  backupDir: string;
}

const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

async function describe(root: string, file: string): Promise<BackupPart> {
  return { path: rel(root, file), bytes: fs.statSync(file).size, sha256: await sha256(file) };
}

/** Every regular file below dir (symbolic links are not followed: an upload folder never holds one on purpose). */
function walk(dir: string, skip: (p: string) => boolean = () => false): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skip(full)) continue;
    if (entry.isDirectory()) out.push(...walk(full, skip));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

const inside = (child: string, parent: string) => {
  const r = path.relative(parent, child);
  return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
};

export function sqliteFile(url: string): string {
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file === ':memory:') throw new BackupError('内存数据库（:memory:）无法备份或恢复');
  return path.resolve(file);
}

function stamp(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}-${p(date.getHours())}${p(
    date.getMinutes(),
  )}${p(date.getSeconds())}`;
}

/** A fresh folder name: backup-YYYYMMDD-HHmmss-xxxx (the suffix keeps two backups of one second apart). */
export function newBackupName(): string {
  return `backup-${stamp()}-${randomBytes(2).toString('hex')}`;
}

/** Takes one backup of the database behind `db` and of the upload folder; answers what was written. */
export async function createBackup(db: Db, settings: BackupSettings, name = newBackupName()): Promise<BackupResult> {
  const finalDir = path.join(settings.backupDir, name);
  const dir = finalDir + PARTIAL;
  fs.mkdirSync(dir, { recursive: true });
  try {
    const notes: string[] = [];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, whatever its columns
    const raw = db.db.withoutPlugins() as Kysely<any>;
    const migrations = (
      (await raw.selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute()) as { name: string }[]
    ).map((r) => String(r.name));
    let method: string;
    let tables: Record<string, number> = {};
    const dbFiles: string[] = [];
    if (db.dialect === 'sqlite') {
      // The online backup API copies the database page by page while the server keeps writing; what was committed
      // when it finished (the WAL included) is in the copy.
      const source = new SQLite(sqliteFile(settings.databaseUrl), { fileMustExist: true });
      try {
        const target = path.join(dir, 'database.sqlite');
        await source.backup(target);
        dbFiles.push(target);
      } finally {
        source.close();
      }
      method = 'sqlite-online';
    } else {
      const exported = await exportTables(raw, db.dialect, path.join(dir, 'db'));
      tables = exported.tables;
      dbFiles.push(...exported.files);
      method = 'logical';
      const nativeFile = path.join(dir, 'native', 'database.sql');
      try {
        const tool = await nativeDump(settings.databaseUrl, db.dialect, nativeFile);
        if (tool) {
          method = `logical+${tool}`;
          dbFiles.push(nativeFile);
        } else notes.push('未找到数据库自带的导出工具，仅做逐表导出');
      } catch (error) {
        // The logical export is what restores; a dump tool that fails (a version older than the server) is noted.
        fs.rmSync(nativeFile, { force: true });
        notes.push(`数据库导出工具失败（逐表导出不受影响）：${(error as Error).message}`);
      }
    }

    // The upload folder, copied file by file (a backup folder inside it is not copied into itself).
    const filesRoot = path.join(dir, 'files');
    const keyFiles = new Set(KEY_FILES.map((k) => path.join(settings.uploadDir, k)));
    const uploaded = walk(settings.uploadDir, (p) => inside(p, settings.backupDir) || keyFiles.has(p));
    for (const file of uploaded) {
      const target = path.join(filesRoot, path.relative(settings.uploadDir, file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Asynchronous: a scheduled backup of many pictures must not hold up the server's requests.
      await fs.promises.copyFile(file, target);
    }

    const parts: BackupPart[] = [];
    for (const file of dbFiles) parts.push(await describe(dir, file));
    const fileParts: BackupPart[] = [];
    for (const file of walk(filesRoot)) fileParts.push(await describe(dir, file));
    parts.push(...fileParts);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      dialect: db.dialect,
      method,
      migrations,
      tables,
      parts,
      notes,
    };
    fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(dir, finalDir);

    // Read back what is on disk now: a backup is "verified" only when every part matches its checksum.
    let verified = true;
    try {
      await verifyBackup(finalDir);
    } catch {
      verified = false;
    }
    const sum = (list: BackupPart[]) => list.reduce((n, p) => n + p.bytes, 0);
    return {
      name,
      dir: finalDir,
      method,
      dbBytes: sum(parts) - sum(fileParts),
      fileBytes: sum(fileParts),
      fileCount: fileParts.length,
      checksum: await sha256(path.join(finalDir, MANIFEST)),
      verified,
      notes,
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Reads the manifest and checks every part (present, same size, same SHA-256) and that nothing was added. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const manifestFile = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new BackupError(BACKUP_MESSAGES.noManifest);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.format !== 1 || !Array.isArray(manifest.parts) || !Array.isArray(manifest.migrations)) {
      throw new Error('format');
    }
  } catch {
    throw new BackupError(BACKUP_MESSAGES.badManifest);
  }
  const listed = new Set<string>();
  for (const part of manifest.parts) {
    // A part's path stays inside the backup folder.
    const file = path.resolve(dir, part.path);
    if (!inside(file, dir) || part.path.includes('\\')) throw new BackupError(BACKUP_MESSAGES.badManifest);
    listed.add(rel(dir, file));
    if (!fs.existsSync(file)) throw new BackupError(BACKUP_MESSAGES.partMissing(part.path));
    if (fs.statSync(file).size !== part.bytes || (await sha256(file)) !== part.sha256) {
      throw new BackupError(BACKUP_MESSAGES.partChanged(part.path));
    }
  }
  for (const file of walk(dir)) {
    const name = rel(dir, file);
    if (name !== MANIFEST && !listed.has(name)) throw new BackupError(BACKUP_MESSAGES.extraPart(name));
  }
  return manifest;
}

/** Removes complete backups older than keepDays (0: none), and unfinished ones a day old; answers the names removed. */
export function pruneBackups(backupDir: string, keepDays: number, now = Date.now()): string[] {
  if (!fs.existsSync(backupDir)) return [];
  const removed: string[] = [];
  for (const entry of fs.readdirSync(backupDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('backup-')) continue;
    const dir = path.join(backupDir, entry.name);
    let created = fs.statSync(dir).mtimeMs;
    const partial = entry.name.endsWith(PARTIAL);
    if (!partial) {
      try {
        const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as { createdAt?: string };
        const at = Date.parse(manifest.createdAt ?? '');
        if (Number.isFinite(at)) created = at;
      } catch {
        // No readable manifest: the folder's time decides.
      }
    }
    const limit = partial ? DAY_MS : keepDays * DAY_MS;
    if ((partial || keepDays > 0) && now - created > limit) {
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(entry.name);
    }
  }
  return removed;
}

/** A backup given by path, or by name under BACKUP_DIR. */
export function resolveBackup(what: string, backupDir: string, cwd = process.cwd()): string {
  for (const candidate of [path.resolve(cwd, what), path.join(backupDir, what)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isDirectory()) return candidate;
  }
  throw new BackupError(BACKUP_MESSAGES.notFound(what));
}

/** Copies the backup's files/ into a fresh folder beside the upload folder, then swaps them; answers the old one's path. */
function restoreFiles(dir: string, manifest: BackupManifest, uploadDir: string, suffix: string): string | null {
  const staging = `${uploadDir}.restoring-${suffix}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  for (const part of manifest.parts) {
    if (!part.path.startsWith('files/')) continue;
    const target = path.join(staging, ...part.path.slice('files/'.length).split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, part.path), target);
  }
  let previous: string | null = null;
  if (fs.existsSync(uploadDir)) {
    for (const key of KEY_FILES) {
      if (fs.existsSync(path.join(uploadDir, key))) fs.copyFileSync(path.join(uploadDir, key), path.join(staging, key));
    }
    previous = `${uploadDir}.before-restore-${suffix}`;
    fs.renameSync(uploadDir, previous);
  }
  fs.renameSync(staging, uploadDir);
  return previous;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What the restore moved aside (the previous SQLite file, the previous upload folder), for the person to remove. */
  keptAside: string[];
}

/**
 * Restores a verified backup into the configured database and upload folder. The server must be stopped: nothing else
 * may write while the database is replaced. A damaged backup is refused before anything is touched.
 */
export async function restoreBackup(dir: string, settings: Omit<BackupSettings, 'backupDir'>): Promise<RestoreResult> {
  const manifest = await verifyBackup(dir);
  const dialect = dialectOf(settings.databaseUrl);
  const names: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MariaDB/MySQL' };
  if (manifest.dialect !== dialect) {
    throw new BackupError(BACKUP_MESSAGES.dialectMismatch(names[manifest.dialect] ?? manifest.dialect, names[dialect]));
  }
  const suffix = stamp();
  const keptAside: string[] = [];
  if (dialect === 'sqlite') {
    // The copy is a whole database: it replaces the file (its own schema, migrated up when the server starts).
    const file = sqliteFile(settings.databaseUrl);
    const staging = `${file}.restoring-${suffix}`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(path.join(dir, 'database.sqlite'), staging);
    // The old file and its WAL are moved aside together (the file may be the damaged thing being replaced).
    for (const extra of ['', '-wal', '-shm']) {
      if (!fs.existsSync(file + extra)) continue;
      fs.renameSync(file + extra, `${file}.before-restore-${suffix}${extra}`);
      if (!extra) keptAside.push(`${file}.before-restore-${suffix}`);
    }
    fs.renameSync(staging, file);
  } else {
    const db = createDb(settings.databaseUrl);
    try {
      // An empty database gets the schema first; the rows then go into the same schema the backup was taken from.
      await migrateToLatest(db.db);
      const known = migrationNames();
      if (known.join('\n') !== [...manifest.migrations].sort().join('\n')) {
        throw new BackupError(BACKUP_MESSAGES.versionMismatch);
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, whatever its columns
      const raw = db.db.withoutPlugins() as Kysely<any>;
      // Tables an online form created (在线表单 → 同步数据库) exist only where that was done: refused before anything.
      const present = new Set((await raw.introspection.getTables()).map((t) => t.name));
      const missing = Object.keys(manifest.tables).filter((t) => !present.has(t));
      if (missing.length) throw new BackupError(BACKUP_MESSAGES.tablesMissing(missing.join('、')));
      await importTables(raw, path.join(dir, 'db'), Object.keys(manifest.tables).sort());
      if (dialect === 'postgres') await sql`analyze`.execute(raw);
    } finally {
      await db.destroy();
    }
  }
  const previous = restoreFiles(dir, manifest, settings.uploadDir, suffix);
  if (previous) keptAside.push(previous);
  return { manifest, keptAside };
}
