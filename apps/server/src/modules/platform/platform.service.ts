import { DEFAULT_LOGO_TITLE, type PlatformSettings } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { formatDateTime } from '../../lib/time.js';

export const DEFAULT_SYSTEM_NAME = '区域资产资源管理与发布平台';

/** The settings an administrator edits, with their defaults filled in. */
export async function getPlatformSettings(db: Kysely<Database>): Promise<PlatformSettings> {
  const s = await getSettings(db);
  return {
    systemName: s.systemName || DEFAULT_SYSTEM_NAME,
    logoUrl: s.logoUrl ?? '',
    logoTitle: s.logoTitle || DEFAULT_LOGO_TITLE,
  };
}

export async function getSettings(db: Kysely<Database>): Promise<Record<string, string | undefined>> {
  const rows = await db.selectFrom('sysPlatformSetting').select(['settingKey', 'settingValue']).execute();
  return Object.fromEntries(rows.map((r) => [r.settingKey, r.settingValue ?? '']));
}

/** Upserts settings one key at a time, inside the caller's transaction when given one. */
export async function saveSettings(db: Kysely<Database>, values: Record<string, string>): Promise<void> {
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    for (const [settingKey, settingValue] of Object.entries(values)) {
      const updated = await trx
        .updateTable('sysPlatformSetting')
        .set({ settingValue, updateTime: now })
        .where('settingKey', '=', settingKey)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx.insertInto('sysPlatformSetting').values({ settingKey, settingValue, updateTime: now }).execute();
      }
    }
  });
}
