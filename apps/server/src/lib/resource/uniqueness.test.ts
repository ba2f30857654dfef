import { DICT_MESSAGES, USER_MESSAGES, USER_UNIQUE_FIELDS } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_COLUMNS, personalHashes, sealPersonal } from '../personal-data.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/**
 * Issue 8 point 13: uniqueness is a database constraint, so writes racing past the check-before-insert
 * still leave one row, and the loser is told which field clashed (400), never a 500.
 */
describe.each(targets)('uniqueness under concurrency on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, token: admin, tenant: 1001, ...(payload ? { payload } : {}) });
  const addUser = (body: object) =>
    call('POST', '/sys/user/add', { password: 'Passw0rd!', confirmpassword: 'Passw0rd!', realname: '并发', ...body });

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('keeps one dictionary item of a value when ten adds race', async () => {
    const add = await call('POST', '/sys/dict/add', { dictName: '并发字典', dictCode: 'race_dict' });
    const dictId = add.json().result.id as string;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/sys/dictItem/add', { dictId, itemText: `值${i}`, itemValue: 'same' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(9).fill(400)]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().message).toBe(DICT_MESSAGES.itemValueTaken('same'));
    }
    const rows = await t.app.ctx.db.db.selectFrom('sysDictItem').select('id').where('dictId', '=', dictId).execute();
    expect(rows).toHaveLength(1);
  });

  it('creates one account when two adds of one username race', async () => {
    const [a, b] = await Promise.all([addUser({ username: 'race_user' }), addUser({ username: 'race_user' })]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r!.statusCode === 400)!.json().message).toBe(
      USER_MESSAGES.taken(USER_UNIQUE_FIELDS.username),
    );
    const rows = await t.app.ctx.db.db.selectFrom('sysUser').select('id').where('username', '=', 'race_user').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps phone numbers unique among live accounts, even when adds race, and free again after deletion', async () => {
    const phone = '13912345678';
    const results = await Promise.all(
      ['race_p1', 'race_p2', 'race_p3'].map((username) => addUser({ username, phone })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().message).toBe(USER_MESSAGES.taken(USER_UNIQUE_FIELDS.phone));
    }
    const db = t.app.ctx.db.db;
    // Phones are sealed at rest: found by their keyed hash.
    const live = await db
      .selectFrom('sysUser')
      .select('id')
      .where('phoneHash', 'in', personalHashes(t.app.ctx.fields, SEALED_COLUMNS.userPhone, phone))
      .where('delFlag', '=', 0)
      .execute();
    expect(live).toHaveLength(1);
    // A deleted account's phone may be given to someone else, twice over.
    expect((await call('DELETE', `/sys/user/delete?id=${live[0]!.id}`)).statusCode).toBe(200);
    const again = await addUser({ username: 'race_p4', phone });
    expect(again.statusCode).toBe(200);
    const id4 = (
      await db.selectFrom('sysUser').select('id').where('username', '=', 'race_p4').executeTakeFirstOrThrow()
    ).id;
    expect((await call('DELETE', `/sys/user/delete?id=${id4}`)).statusCode).toBe(200);
    expect((await addUser({ username: 'race_p5', phone })).statusCode).toBe(200);
    // Accounts without a phone, e-mail or work number never clash.
    expect((await addUser({ username: 'race_n1' })).statusCode).toBe(200);
    expect((await addUser({ username: 'race_n2', phone: '', email: '', workNo: '' })).statusCode).toBe(200);
  });

  it('enforces the promised uniqueness in the database itself', async () => {
    const db = t.app.ctx.db.db;
    const user = await db
      .selectFrom('sysUser')
      .selectAll()
      .where('username', '=', 'race_user')
      .executeTakeFirstOrThrow();
    // A second live account with the same e-mail, written past every check, is refused by the database: the unique
    // index is on the keyed hash (each sealing of the value differs).
    const first = sealPersonal(t.app.ctx.fields, SEALED_COLUMNS.userEmail, 'a@b.cn');
    const second = sealPersonal(t.app.ctx.fields, SEALED_COLUMNS.userEmail, 'a@b.cn');
    expect(second.value).not.toBe(first.value);
    await db
      .updateTable('sysUser')
      .set({ email: first.value, emailHash: first.hash })
      .where('id', '=', user.id)
      .execute();
    await expect(
      db
        .insertInto('sysUser')
        .values({
          ...user,
          id: 'e'.repeat(32),
          username: 'race_copy',
          email: second.value,
          emailHash: second.hash,
          phone: null,
          phoneHash: null,
          workNo: null,
        })
        .execute(),
    ).rejects.toThrow();
    const item = await db
      .selectFrom('sysDictItem')
      .selectAll()
      .where('itemValue', '=', 'same')
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('sysDictItem')
        .values({ ...item, id: 'f'.repeat(32) })
        .execute(),
    ).rejects.toThrow();
  });
});
