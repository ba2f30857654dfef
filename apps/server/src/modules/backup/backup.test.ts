import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKUP_API, BACKUP_MESSAGES, JOB_API, type BackupOverview, type BackupRecord } from '@district/shared';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { runRestore } from '../../cli/restore.js';
import { createDb } from '../../db/database.js';
import { shippedJobId } from '../../db/seeds/ops.seed.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets } from '../../test/harness.js';
import { createBackup, pruneBackups } from './backup.service.js';

const tmpDirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, whatever its columns
type AnyDb = Kysely<any>;

/** Every table's rows (the lock table aside), in a stable order, as JSON text: what "identical" is compared on. */
async function contents(raw: AnyDb): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await raw.introspection.getTables()) {
    if (table.isView || table.name === 'kysely_migration_lock') continue;
    const rows = (await raw.selectFrom(table.name).selectAll().execute()) as Record<string, unknown>[];
    out[table.name] = JSON.stringify(
      rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))).sort(),
    );
  }
  return out;
}

const filesOf = (dir: string) =>
  Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return [path.relative(dir, full), fs.readFileSync(full).toString('base64')];
      }),
  );

describe.each(targets.filter((t) => !t.name.includes('redis')))('数据备份与恢复 ($name)', (target) => {
  it('backs up rows and uploaded files; the restore command brings back exactly that after damage, and onto a new host', async () => {
    const uploadDir = tmp('da-upload-');
    const backupDir = tmp('da-backup-');
    const t = await startApp(target, { uploadDir, backupDir });
    let closed = false;
    try {
      const { db } = t.app.ctx.db;
      // Data written: rows of our own, a changed seeded row, and an uploaded file (binary, in a sub-folder).
      const dictId = newId();
      await db
        .insertInto('sysDict')
        .values({
          id: dictId,
          dictName: '备份测试',
          dictCode: 'backup_test',
          description: '恢复演练',
          delFlag: 0,
          type: 0,
          tenantId: null,
        } as never)
        .execute();
      for (const [i, text] of ['甲', '乙', '丙'].entries()) {
        await db
          .insertInto('sysDictItem')
          .values({ id: newId(), dictId, itemText: text, itemValue: String(i), sortOrder: i, status: 1 } as never)
          .execute();
      }
      await db.updateTable('sysUser').set({ realname: '备份前的名字' }).where('username', '=', 'admin').execute();
      fs.mkdirSync(path.join(uploadDir, 'temp'), { recursive: true });
      const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255, 254]);
      fs.writeFileSync(path.join(uploadDir, 'temp', '照片.png'), picture);
      fs.writeFileSync(path.join(uploadDir, 'readme.txt'), '上传的文件');

      const keysBefore = filesOf(uploadDir);
      const raw = db.withoutPlugins() as AnyDb;
      const before = await contents(raw);
      const result = await createBackup(t.app.ctx.db, t.config);
      expect(result.verified).toBe(true);
      expect(result.fileCount).toBe(2);
      expect(result.method).toEqual(target.name === 'sqlite' ? 'sqlite-online' : expect.stringMatching(/^logical/));
      const manifest = JSON.parse(fs.readFileSync(path.join(result.dir, 'manifest.json'), 'utf8'));
      expect(manifest.parts.every((p: { sha256: string }) => /^[0-9a-f]{64}$/.test(p.sha256))).toBe(true);

      // Damage: rows deleted, a row changed, the file deleted.
      await db.deleteFrom('sysDictItem').where('dictId', '=', dictId).execute();
      await db.updateTable('sysUser').set({ realname: '被改掉了' }).where('username', '=', 'admin').execute();
      fs.rmSync(path.join(uploadDir, 'temp', '照片.png'));
      expect(await contents(raw)).not.toEqual(before);

      // A tampered copy is refused, and nothing is touched.
      const tampered = path.join(backupDir, 'tampered');
      fs.cpSync(result.dir, tampered, { recursive: true });
      const dbPart = manifest.parts.find((p: { path: string }) => !p.path.startsWith('files/')).path as string;
      const bytes = fs.readFileSync(path.join(tampered, dbPart));
      bytes[Math.floor(bytes.length / 2)] ^= 0xff;
      fs.writeFileSync(path.join(tampered, dbPart), bytes);
      const env = { DATABASE_URL: t.config.databaseUrl, UPLOAD_DIR: uploadDir, BACKUP_DIR: backupDir };
      const lines: string[] = [];
      expect(await runRestore([], env, (l) => lines.push(l))).toBe(2);
      expect(lines.at(-1)).toBe(BACKUP_MESSAGES.restoreUsage);
      expect(await runRestore([tampered], env, (l) => lines.push(l))).toBe(1);
      expect(lines.at(-1)).toBe(BACKUP_MESSAGES.partChanged(dbPart));
      fs.rmSync(path.join(result.dir.replace(result.name, 'tampered'), 'files', 'readme.txt'));
      expect(await runRestore(['tampered'], env, (l) => lines.push(l))).toBe(1);
      expect(lines.at(-1)).toMatch(/备份已损坏/);
      expect(fs.existsSync(path.join(uploadDir, 'temp', '照片.png'))).toBe(false);

      // The server stopped, the restore command (by the backup's name under BACKUP_DIR) brings everything back.
      await t.app.close();
      closed = true;
      const restoredLines: string[] = [];
      const code = await runRestore(['--', result.name], env, (l) => restoredLines.push(l));
      expect(code, restoredLines.join('\n')).toBe(0);
      expect(restoredLines.join('\n')).toContain('已从备份');
      const after = createDb(t.config.databaseUrl);
      try {
        expect(await contents(after.db.withoutPlugins() as AnyDb)).toEqual(before);
      } finally {
        await after.destroy();
      }
      // The key files (beside the upload folder's files on PostgreSQL/MariaDB) are not in backups and stay in place.
      const keys = Object.fromEntries(Object.entries(keysBefore).filter(([k]) => k.startsWith('.')));
      expect(filesOf(uploadDir)).toEqual({
        ...keys,
        [path.join('temp', '照片.png')]: picture.toString('base64'),
        'readme.txt': Buffer.from('上传的文件').toString('base64'),
      });

      // The drill on a new host: an empty database and no upload folder.
      const fresh = await target.prepare();
      try {
        const freshUploads = path.join(tmp('da-fresh-'), 'uploads');
        const freshEnv = { DATABASE_URL: fresh.databaseUrl, UPLOAD_DIR: freshUploads, BACKUP_DIR: backupDir };
        expect(await runRestore([result.dir], freshEnv, () => undefined)).toBe(0);
        const restored = createDb(fresh.databaseUrl);
        try {
          expect(await contents(restored.db.withoutPlugins() as AnyDb)).toEqual(before);
        } finally {
          await restored.destroy();
        }
        expect(filesOf(freshUploads)).toEqual({
          [path.join('temp', '照片.png')]: picture.toString('base64'),
          'readme.txt': Buffer.from('上传的文件').toString('base64'),
        });
      } finally {
        await fresh.drop();
      }
    } finally {
      if (!closed) await t.app.close();
      await t.close().catch(() => undefined);
    }
  });
});

describe('数据备份 in 系统监控 (sqlite)', () => {
  it('an administrator starts a backup and sees it verified; a failed one is listed and told to the administrators', async () => {
    const uploadDir = tmp('da-upload-');
    const backupDir = path.join(tmp('da-backup-'), 'store');
    const t = await startApp(targets[0]!, { uploadDir, backupDir });
    try {
      const token = await t.login();
      const started = await t.request({ method: 'POST', url: BACKUP_API.run, token });
      expect(started.statusCode).toBe(200);
      const record = started.json().result as BackupRecord;
      expect(record).toMatchObject({ status: 'success', verified: true, trigger: 'manual', createBy: 'admin' });

      // The shipped job 数据备份 (daily 02:00) takes one the same way, run here once by hand.
      const job = await t.request({
        method: 'POST',
        url: JOB_API.execute,
        token,
        payload: { id: shippedJobId('database-backup') },
      });
      expect(job.statusCode).toBe(200);
      expect(job.json().result).toMatchObject({ result: '1', message: expect.stringContaining('校验通过') });
      expect(fs.readdirSync(backupDir).filter((n) => n.startsWith('backup-'))).toHaveLength(2);

      // The backup folder cannot be created (a file is in the way): the run fails, is listed, and the bell rings.
      fs.rmSync(backupDir, { recursive: true });
      fs.writeFileSync(backupDir, 'not a folder');
      const failed = await t.request({ method: 'POST', url: BACKUP_API.run, token });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().message).toMatch(/^备份失败/);

      const list = await t.request({ method: 'GET', url: BACKUP_API.list, token });
      const overview = list.json().result as BackupOverview;
      // Both in the same second here: the order between them is not what is checked.
      expect(overview.records.map((r) => [r.status, r.verified]).sort()).toEqual([
        ['failed', false],
        ['success', true],
        ['success', true],
      ]);
      const notices = await t.request({ method: 'GET', url: '/sys/annountCement/listByUser', token });
      expect(JSON.stringify(notices.json().result)).toContain(BACKUP_MESSAGES.notifyTitle);

      // Without signing in, nothing.
      const guest = await t.request({ method: 'GET', url: BACKUP_API.list });
      expect(guest.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('removes backups older than BACKUP_KEEP_DAYS, and unfinished ones after a day', () => {
    const dir = tmp('da-prune-');
    const day = 86_400_000;
    const make = (name: string, createdAt: number) => {
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, name, 'manifest.json'), JSON.stringify({ createdAt: new Date(createdAt) }));
    };
    const now = Date.now();
    make('backup-old', now - 31 * day);
    make('backup-new', now - 29 * day);
    fs.mkdirSync(path.join(dir, 'backup-x.partial'));
    fs.utimesSync(path.join(dir, 'backup-x.partial'), new Date(now - 2 * day), new Date(now - 2 * day));
    expect(pruneBackups(dir, 30, now).sort()).toEqual(['backup-old', 'backup-x.partial']);
    expect(fs.readdirSync(dir)).toEqual(['backup-new']);
  });
});
