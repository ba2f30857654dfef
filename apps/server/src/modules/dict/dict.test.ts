import { MSG } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

describe.each(targets)('dictionaries on $name', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(target);
    token = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('lists a dictionary’s items in order with value and text', async () => {
    const res = await t.request({ method: 'GET', url: '/sys/dict/getDictItems/priority', token });
    expect(res.json().result.map((i: { value: string; text: string }) => [i.value, i.text])).toEqual([
      ['L', '一般消息'],
      ['M', '重要消息'],
      ['H', '紧急消息'],
    ]);
  });

  it('refuses table dictionaries that are not registered and codes that are not identifiers', async () => {
    const table = await t.request({
      method: 'GET',
      url: `/sys/dict/getDictItems/${encodeURIComponent('sys_user,password,id')}`,
      token,
    });
    expect(table.statusCode).toBe(400);
    expect(table.json().message).toContain('未注册的表字典');
    const odd = await t.request({
      method: 'GET',
      url: `/sys/dict/getDictItems/${encodeURIComponent("sex' or '1")}`,
      token,
    });
    expect(odd.statusCode).toBe(400);
  });

  it('serves cached items until the cache is refreshed', async () => {
    const { db } = t.app.ctx.db;
    const before = (await t.request({ method: 'GET', url: '/sys/dict/getDictItems/sex', token })).json().result;
    expect(before).toHaveLength(2);
    const dict = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow();
    await db
      .insertInto('sysDictItem')
      .values({
        id: 'e'.repeat(32),
        dictId: dict.id,
        itemText: '未知😀',
        itemValue: '0',
        itemColor: null,
        description: null,
        sortOrder: 9,
        status: 1,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    expect((await t.request({ method: 'GET', url: '/sys/dict/getDictItems/sex', token })).json().result).toHaveLength(
      2,
    );
    // Refreshing needs 刷新字典缓存 (system:dict:refreshCache): staff is refused, the admin refreshes.
    expect((await t.request({ method: 'GET', url: '/sys/dict/refleshCache', token })).statusCode).toBe(403);
    const admin = await t.login(SEED_ACCOUNTS.admin.username);
    const refresh = await t.request({ method: 'GET', url: '/sys/dict/refleshCache', token: admin });
    expect(refresh.json()).toMatchObject({ success: true, message: MSG.cacheRefreshed });
    const after = (await t.request({ method: 'GET', url: '/sys/dict/getDictItems/sex', token })).json().result;
    expect(after.map((i: { text: string }) => i.text)).toEqual(['男', '女', '未知😀']);
    const all = (await t.request({ method: 'GET', url: '/sys/dict/queryAllDictItems', token })).json().result;
    expect(all.sex).toHaveLength(3);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['yn', 'user_status', 'priority']));
  });
});
