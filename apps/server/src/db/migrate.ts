import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/2026-11-22-0001-system-tables.js';
import * as m0002 from './migrations/2026-11-22-0002-admin-tables.js';
import * as m0003 from './migrations/2026-11-22-0003-files.js';
import * as m0004 from './migrations/2026-11-25-0001-unique-constraints.js';
import * as m0005 from './migrations/2026-11-25-0002-log-tenant.js';
import * as m0006 from './migrations/2026-11-25-0003-assets.js';
import * as m0007 from './migrations/2026-11-25-0004-tickets-projects-company.js';
import * as m0008 from './migrations/2026-11-25-0005-dashboard-indexes.js';
import * as mMessaging from './migrations/2026-11-25-0020-messaging.js';
import * as mPrint from './migrations/2026-11-25-0010-print.js';
import * as mOps from './migrations/2026-11-25-0030-operations.js';
import * as mAccount from './migrations/2026-11-25-0040-account.js';
import * as m0050 from './migrations/2026-11-25-0050-online.js';
import * as mOss from './migrations/2026-11-25-0060-oss.js';
import * as mOnlineReportPerms from './migrations/2026-11-26-0001-online-report-perms.js';
import * as mOnlinePlatform from './migrations/2026-11-27-0010-online-platform.js';
import * as mFileTenant from './migrations/2026-11-27-0040-file-tenant.js';
import * as mIotReplay from './migrations/2026-11-27-0060-iot-replay.js';
import * as mUsernameFold from './migrations/2026-11-27-0070-username-fold.js';
import * as mImportRuns from './migrations/2026-11-27-0080-import-runs.js';
import * as mTotp from './migrations/2026-11-28-0010-totp.js';
import * as mPasswordPolicy from './migrations/2026-11-28-0020-password-policy.js';
import * as mLogChain from './migrations/2026-11-28-0030-log-chain.js';
import * as mFieldEncryption from './migrations/2026-11-28-0050-field-encryption.js';
import * as mBackup from './migrations/2026-11-28-0060-backup.js';
import * as mPrivacy from './migrations/2026-11-28-0070-privacy.js';
import * as mDepreciation from './migrations/2026-11-28-0080-depreciation.js';
import * as mInventory from './migrations/2026-11-28-0090-inventory.js';

/** A static list rather than a folder scan, so the compiled server and the tests see the same set. */
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-system-tables': m0001,
  '2026-11-22-0002-admin-tables': m0002,
  '2026-11-22-0003-files': m0003,
  '2026-11-25-0001-unique-constraints': m0004,
  '2026-11-25-0002-log-tenant': m0005,
  '2026-11-25-0003-assets': m0006,
  '2026-11-25-0004-tickets-projects-company': m0007,
  '2026-11-25-0005-dashboard-indexes': m0008,
  '2026-11-25-0020-messaging': mMessaging,
  '2026-11-25-0010-print': mPrint,
  '2026-11-25-0030-operations': mOps,
  '2026-11-25-0040-account': mAccount,
  '2026-11-25-0050-online': m0050,
  '2026-11-25-0060-oss': mOss,
  '2026-11-26-0001-online-report-perms': mOnlineReportPerms,
  '2026-11-27-0010-online-platform': mOnlinePlatform,
  '2026-11-27-0040-file-tenant': mFileTenant,
  '2026-11-27-0060-iot-replay': mIotReplay,
  '2026-11-27-0070-username-fold': mUsernameFold,
  '2026-11-27-0080-import-runs': mImportRuns,
  '2026-11-28-0010-totp': mTotp,
  '2026-11-28-0020-password-policy': mPasswordPolicy,
  '2026-11-28-0030-log-chain': mLogChain,
  '2026-11-28-0050-field-encryption': mFieldEncryption,
  '2026-11-28-0060-backup': mBackup,
  '2026-11-28-0070-privacy': mPrivacy,
  '2026-11-28-0080-depreciation': mDepreciation,
  '2026-11-28-0090-inventory': mInventory,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this program knows, in order (a logical backup is restored only into the same list). */
export const migrationNames = (): string[] => Object.keys(migrations).sort();

/**
 * Takes the schema to just before a migration, undoing it and everything after it in reverse order (tests of an
 * upgrade from an earlier release).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time, untyped
export async function migrateToBefore(db: Kysely<any>, name: string): Promise<void> {
  const names = migrationNames();
  const at = names.indexOf(name);
  if (at < 1) throw new Error(`unknown or first migration: ${name}`);
  const { error } = await new Migrator({ db: db.withoutPlugins(), provider }).migrateTo(names[at - 1]!);
  if (error) throw error;
}

/**
 * Brings the schema up to date. On PostgreSQL and MySQL Kysely's migrator holds a database lock;
 * SQLite has none, so a start that lost the race (its transaction rolled back) looks again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time, untyped
export async function migrateToLatest(db: Kysely<any>, attempts = 3): Promise<void> {
  const migrator = new Migrator({ db: db.withoutPlugins(), provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if ((error || failed) && attempts > 1) {
    await new Promise((r) => setTimeout(r, 300));
    return migrateToLatest(db, attempts - 1);
  }
  if (error || failed) {
    const name = failed ? `（${failed.migrationName}）` : '';
    throw new Error(`数据库迁移失败${name}：${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
