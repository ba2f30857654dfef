import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { targets } from '../../test/harness.js';
import { createDb, type Db } from '../database.js';
import * as m0001 from './2026-11-22-0001-system-tables.js';
import * as m0002 from './2026-11-22-0002-admin-tables.js';
import * as m0003 from './2026-11-22-0003-files.js';
import * as m0004 from './2026-11-25-0001-unique-constraints.js';

const before: Record<string, Migration> = {
  '2026-11-22-0001-system-tables': m0001,
  '2026-11-22-0002-admin-tables': m0002,
  '2026-11-22-0003-files': m0003,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped
async function migrate(db: Kysely<any>, migrations: Record<string, Migration>): Promise<unknown> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  return error;
}

const user = (id: string, username: string, phone: string | null, delFlag = 0) =>
  sql`insert into sys_user (id, username, realname, password, phone, status, del_flag)
      values (${id}, ${username}, ${username}, 'x', ${phone}, 1, ${delFlag})`;

/** Upgrading a database that the race already filled with duplicates (issue 8 point 13). */
describe.each(targets.filter((t) => t.name !== 'sqlite+redis'))('unique-constraint migration on $name', (target) => {
  let db: Db | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('removes duplicate dictionary items, and refuses live duplicates of people’s data until resolved', async () => {
    const prepared = await target.prepare();
    drop = prepared.drop;
    db = createDb(prepared.databaseUrl);
    const raw = db.db.withoutPlugins();
    expect(await migrate(raw, before)).toBeUndefined();
    for (const [id, time] of [
      ['i1', '2026-01-02 00:00:00'],
      ['i2', '2026-01-01 00:00:00'],
      ['i3', '2026-01-03 00:00:00'],
    ]) {
      await sql`insert into sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_time)
                values (${id}, 'd1', ${id}, 'same', 0, 1, ${time})`.execute(raw);
    }
    await user('u1', 'a', '13900000001').execute(raw);
    await user('u2', 'b', '13900000001').execute(raw);
    await user('u3', 'c', '13900000002', 1).execute(raw);
    await user('u4', 'd', '13900000002', 1).execute(raw);
    await user('u5', 'e', '').execute(raw);
    await user('u6', 'f', '').execute(raw);

    const refused = await migrate(raw, { ...before, '2026-11-25-0001-unique-constraints': m0004 });
    expect(String(refused)).toContain('无法建立唯一约束');
    expect(String(refused)).toContain('sys_user.phone 有 1 个重复值（“13900000001”）');
    // Refused before changing anything.
    const items = await sql<{ id: string }>`select id from sys_dict_item`.execute(raw);
    expect(items.rows).toHaveLength(3);

    await sql`update sys_user set phone = '13900000003' where id = 'u2'`.execute(raw);
    expect(await migrate(raw, { ...before, '2026-11-25-0001-unique-constraints': m0004 })).toBeUndefined();
    const kept = await sql<{ id: string }>`select id from sys_dict_item`.execute(raw);
    expect(kept.rows.map((r) => r.id)).toEqual(['i2']);
    const blanks = await sql<{ id: string }>`select id from sys_user where phone is null order by id`.execute(raw);
    expect(blanks.rows.map((r) => r.id)).toEqual(['u5', 'u6']);
    // Deleted accounts keep their (shared) phone; a live one may take it, a second live one may not.
    await user('u7', 'g', '13900000002').execute(raw);
    await expect(user('u8', 'h', '13900000002').execute(raw)).rejects.toThrow();
  });
});
