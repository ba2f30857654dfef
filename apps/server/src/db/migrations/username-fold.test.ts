import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { targets } from '../../test/harness.js';
import { createDb, type Db } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { down, up } from './2026-11-27-0070-username-fold.js';

const user = (id: string, username: string, delFlag = 0) =>
  sql`insert into sys_user (id, username, realname, password, status, del_flag)
      values (${id}, ${username}, ${username}, 'x', 1, ${delFlag})`;

/** Upgrading a database that already holds user names differing only by case (issue 22). */
describe.each(targets.filter((t) => t.name !== 'sqlite+redis'))('user-name fold migration on $name', (target) => {
  let db: Db | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('refuses to run while names differ only by case, naming them; afterwards the database refuses such a name', async () => {
    const prepared = await target.prepare();
    drop = prepared.drop;
    db = createDb(prepared.databaseUrl);
    await migrateToLatest(db.db);
    const raw = db.db.withoutPlugins() as unknown as Kysely<unknown>;
    // As before the upgrade.
    await down(raw);
    await user('u1', 'Bob').execute(raw);
    await user('u2', 'bob').execute(raw);
    await user('u3', 'BOB', 1).execute(raw);
    await user('u4', 'Amy').execute(raw);
    await user('u5', 'amy').execute(raw);
    await user('u6', 'carol').execute(raw);

    const refused = await up(raw).then(
      () => null,
      (error: unknown) => String(error),
    );
    expect(refused).toContain('有 2 组账号仅大小写不同');
    expect(refused).toContain('“Amy”与“amy”');
    expect(refused).toContain('“BOB”与“Bob”与“bob”');
    // Nothing changed: a third spelling still goes in.
    await user('u7', 'CAROL').execute(raw);

    await sql`update sys_user set username = 'bob_2' where id in ('u2')`.execute(raw);
    await sql`update sys_user set username = 'bob_3' where id in ('u3')`.execute(raw);
    await sql`update sys_user set username = 'amy_2' where id = 'u5'`.execute(raw);
    await sql`update sys_user set username = 'carol_2' where id = 'u7'`.execute(raw);
    await up(raw);
    await expect(user('u8', 'BOB').execute(raw)).rejects.toThrow();
    await expect(user('u9', 'Carol', 1).execute(raw)).rejects.toThrow();
    await user('u10', 'dave').execute(raw);
  });
});
