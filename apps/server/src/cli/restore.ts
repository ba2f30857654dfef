import { pathToFileURL } from 'node:url';
import { BACKUP_MESSAGES } from '@district/shared';
import { loadConfig } from '../config.js';
import { BackupError, resolveBackup, restoreBackup } from '../modules/backup/backup.service.js';

/**
 * `npm run restore -- <backup>`: restores a backup (a folder path, or a name under BACKUP_DIR) into the configured
 * DATABASE_URL and UPLOAD_DIR. Run it with the server stopped. The backup's checksums are checked first; a damaged
 * backup is refused before anything is touched. Answers the exit code.
 */
export async function runRestore(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const what = args.find((a) => a.trim() !== '' && a !== '--');
  if (!what) {
    out(BACKUP_MESSAGES.restoreUsage);
    return 2;
  }
  try {
    const config = loadConfig(env);
    // npm runs workspace scripts in the workspace folder; a relative path means where the command was typed.
    const dir = resolveBackup(what, config.backupDir, env.INIT_CWD || process.cwd());
    out(`正在校验并恢复备份：${dir}`);
    const { manifest, keptAside } = await restoreBackup(dir, config);
    out(BACKUP_MESSAGES.restored(dir));
    out(`备份时间：${new Date(manifest.createdAt).toLocaleString('zh-CN')}，文件 ${manifest.parts.length} 个均已校验`);
    for (const p of keptAside) out(`恢复前的数据已移到 ${p}，确认无误后可删除`);
    return 0;
  } catch (error) {
    out(error instanceof BackupError ? error.message : `恢复失败：${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // npm runs this script in apps/server: relative paths of the environment (DATABASE_URL=sqlite:data/…) mean the
  // folder the command was typed in, as they do for `npm run serve` from the repository root.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  process.exitCode = await runRestore(process.argv.slice(2));
}
