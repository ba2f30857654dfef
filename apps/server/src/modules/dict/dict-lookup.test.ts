import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS, SEED_TENANTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { resolveTableDictLabels } from './dict-lookup.service.js';

const GZB = seedId('depart:gzb');
const ZCGL = seedId('depart:zcgl');
const ZHBGS = seedId('depart:zhbgs');
const ODD_DEPART = "O'Neil 100%_科";
const OTHER_TENANT_DEPART = '建投集团财务部';

const enc = encodeURIComponent;

interface Node {
  key: string;
  value: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
}

describe.each(targets)('dictionary lookups on $name', (target) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  const get = (url: string, token: string | null = staff, tenant?: number) =>
    t.request({ method: 'GET', url, token, ...(tenant !== undefined ? { tenant } : {}) });

  beforeAll(async () => {
    t = await startApp(target);
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    admin = await t.login(SEED_ACCOUNTS.admin.username);
    const { db } = t.app.ctx.db;
    const depart = (id: string, name: string, parentId: string, tenantId: number, orgCode: string) => ({
      id,
      parentId,
      departName: name,
      departNameEn: null,
      departNameAbbr: null,
      departOrder: 9,
      description: null,
      orgCategory: '2',
      orgType: '2',
      orgCode,
      mobile: null,
      fax: null,
      address: null,
      memo: null,
      status: '1',
      delFlag: 0,
      tenantId,
      createBy: null,
      createTime: null,
      updateBy: null,
      updateTime: null,
    });
    await db
      .insertInto('sysDepart')
      .values([
        depart(newId(), ODD_DEPART, ZHBGS, SEED_TENANTS[0].id, 'A01A02A01'),
        depart(newId(), OTHER_TENANT_DEPART, GZB, SEED_TENANTS[1].id, 'B01'),
      ])
      .execute();
    const category = (id: string, pid: string, name: string, code: string, hasChild: string) => ({
      id,
      pid,
      name,
      code,
      hasChild,
      sysOrgCode: null,
      tenantId: null,
      createBy: null,
      createTime: null,
      updateBy: null,
      updateTime: null,
    });
    // The seeded demo tree (category.seed.ts) is replaced by this test's own.
    await db.deleteFrom('sysCategory').execute();
    await db
      .insertInto('sysCategory')
      .values([
        category('c'.repeat(32), '0', '资产分类', 'B01', '1'),
        category('d'.repeat(32), 'c'.repeat(32), '房屋', 'B01A01', '0'),
        category('e'.repeat(32), 'c'.repeat(32), '土地', 'B01A02', '0'),
      ])
      .execute();
  });
  afterAll(() => t?.close());

  describe('loadDict', () => {
    it('answers sys_dict options whose text contains the keyword, at most pageSize', async () => {
      const res = await get(`/sys/dict/loadDict/sex?keyword=${enc('女')}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual([{ value: '2', text: '女' }]);
      const one = await get('/sys/dict/loadDict/priority?pageSize=1');
      expect(one.json().result).toEqual([{ value: 'L', text: '一般消息' }]);
    });

    it('answers a registered table dictionary with the default page size of 10', async () => {
      const users = await get(`/sys/dict/loadDict/${enc('sys_user,realname,username')}?keyword=${enc('张')}`);
      expect(users.json().result).toEqual([{ value: 'staff', text: '张三' }]);
      const departs = await get(`/sys/dict/loadDict/${enc('sys_depart,depart_name,id')}`);
      const names = departs.json().result.map((o: { text: string }) => o.text);
      expect(names).toEqual(expect.arrayContaining(['示范区国资办', '资产管理科', '综合办公室', ODD_DEPART]));
      expect(names.length).toBeLessThanOrEqual(10);
    });

    it('treats quotes, percent signs and underscores in the keyword as plain text', async () => {
      const url = (k: string) => `/sys/dict/loadDict/${enc('sys_depart,depart_name,id')}?keyword=${enc(k)}`;
      for (const keyword of ['%', '_', "'", "O'Neil", '100%_']) {
        const res = await get(url(keyword));
        expect(res.statusCode, keyword).toBe(200);
        expect(
          res.json().result.map((o: { text: string }) => o.text),
          keyword,
        ).toEqual([ODD_DEPART]);
      }
      const none = await get(url("' or '1'='1"));
      expect(none.statusCode).toBe(200);
      expect(none.json().result).toEqual([]);
      const bang = await get(url('!%'));
      expect(bang.json().result).toEqual([]);
    });

    it('refuses unregistered table dictionaries, unknown where-keys and odd codes with 400', async () => {
      for (const dict of [
        'sys_user,password,id',
        'sys_user,realname,username,bogus',
        'sys_user,realname,username,active,x',
        'sys_user realname;drop table sys_user,username,id',
        'sys_dict,dict_name,id',
      ]) {
        const res = await get(`/sys/dict/loadDict/${enc(dict)}`);
        expect(res.statusCode, dict).toBe(400);
        expect(res.json().message, dict).toContain('未注册的表字典');
      }
      const odd = await get(`/sys/dict/loadDict/${enc("sex' or '1")}`);
      expect(odd.statusCode).toBe(400);
      expect(odd.json().message).toBe('字典Code不正确');
    });

    it('refuses a page size that is not a positive integer', async () => {
      for (const size of ['0', '-1', 'abc', '1.5']) {
        const res = await get(`/sys/dict/loadDict/sex?pageSize=${size}`);
        expect(res.statusCode, size).toBe(400);
        expect(res.json().message).toBe('pageSize 必须是正整数');
      }
    });

    it('applies a registered where-key', async () => {
      const res = await get(`/sys/dict/loadDict/${enc('sys_depart,depart_name,id,company')}`);
      expect(res.json().result.map((o: { text: string }) => o.text)).toEqual(['示范区国资办']);
    });

    it('needs a signed-in user', async () => {
      const res = await get('/sys/dict/loadDict/sex', null);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('loadDictItem', () => {
    it('answers the labels comma-joined in the order of the keys, unknown values as they are', async () => {
      const res = await get('/sys/dict/loadDictItem/sex?key=2,1,9');
      expect(res.json()).toMatchObject({ success: true, result: '女,男,9' });
      const departs = await get(`/sys/dict/loadDictItem/${enc('sys_depart,depart_name,id')}?key=${ZHBGS},${GZB}`);
      expect(departs.json().result).toBe('综合办公室,示范区国资办');
      const users = await get(
        `/sys/dict/loadDictItem/${enc('sys_user,realname,username')}?key=${enc("admin,x' or 1=1")}`,
      );
      expect(users.json().result).toBe("系统管理员,x' or 1=1");
      const empty = await get('/sys/dict/loadDictItem/sex?key=');
      expect(empty.json().result).toBe('');
    });

    it('refuses unregistered table dictionaries', async () => {
      const res = await get(`/sys/dict/loadDictItem/${enc('sys_user,password,username')}?key=admin`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('未注册的表字典');
    });
  });

  describe('loadTreeData', () => {
    const departTree = (extra: string) =>
      `/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&hasChildField=${extra}`;

    it('answers the roots, then the children of an expanded node; childless nodes are leaves', async () => {
      const roots = (await get(departTree('&pid='))).json().result as Node[];
      expect(roots).toEqual([{ key: GZB, value: GZB, title: '示范区国资办', leaf: false, parentId: null }]);
      const children = (await get(departTree(`&pid=${GZB}`))).json().result as Node[];
      expect(children.map((n) => [n.title, n.leaf, n.parentId])).toEqual([
        ['资产管理科', true, GZB],
        ['综合办公室', false, GZB],
      ]);
      expect(children[0]?.key).toBe(ZCGL);
    });

    it('filters by the JSON condition with bound values', async () => {
      const cond = (c: string) => departTree(`&pid=${GZB}&condition=${enc(c)}`);
      const only = (await get(cond(JSON.stringify({ org_code: 'A01A01' })))).json().result as Node[];
      expect(only.map((n) => n.title)).toEqual(['资产管理科']);
      const injected = await get(cond(JSON.stringify({ org_code: "A01A01' or '1'='1" })));
      expect(injected.statusCode).toBe(200);
      expect(injected.json().result).toEqual([]);
      const list = (await get(cond(JSON.stringify({ org_code: ['A01A01', 'A01A02'] })))).json().result as Node[];
      expect(list).toHaveLength(2);
    });

    it('refuses a condition that is not a JSON object string, or names an unknown field', async () => {
      for (const c of ['abc', '[1,2]', '"x"', '{"org_code":{"a":1}}']) {
        const res = await get(departTree(`&pid=&condition=${enc(c)}`));
        expect(res.statusCode, c).toBe(400);
        expect(res.json().message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
      }
      const field = await get(departTree(`&pid=&condition=${enc('{"password":"x"}')}`));
      expect(field.statusCode).toBe(400);
      expect(field.json().message).toBe('不支持的查询条件字段：password');
    });

    it('refuses a tuple that is not registered', async () => {
      for (const url of [
        '/sys/dict/loadTreeData?tableName=sys_user&text=password&code=id&pidField=parent_id',
        '/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=org_code',
        '/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&hasChildField=x',
        '/sys/dict/loadTreeData?tableName=sys_user&text=realname&code=username&pidField=parent_id',
        '/sys/dict/loadTreeData',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toContain('未注册的树形字典');
      }
    });

    it('walks a category tree by its stored has_child flag, roots under pid 0', async () => {
      const url = (pid: string) =>
        `/sys/dict/loadTreeData?tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=has_child&pid=${pid}`;
      const roots = (await get(url(''))).json().result as Node[];
      expect(roots).toEqual([
        { key: 'c'.repeat(32), value: 'c'.repeat(32), title: '资产分类', leaf: false, parentId: '0' },
      ]);
      const kids = (await get(url('c'.repeat(32)))).json().result as Node[];
      expect(kids.map((n) => [n.title, n.leaf])).toEqual([
        ['房屋', true],
        ['土地', true],
      ]);
      const byCode = await get(
        '/sys/dict/loadTreeData?tableName=sys_category&text=name&code=code&pidField=pid&hasChildField=has_child&pid=0',
      );
      expect(byCode.json().result[0]).toMatchObject({ key: 'c'.repeat(32), value: 'B01' });
    });

    it('walks the permission tree', async () => {
      const roots = (
        await get('/sys/dict/loadTreeData?tableName=sys_permission&text=name&code=id&pidField=parent_id', admin)
      ).json().result as Node[];
      expect(roots.length).toBeGreaterThan(0);
      expect(roots.every((n) => n.parentId === null || n.parentId === '')).toBe(true);
    });
  });

  describe('tenancy', () => {
    it('offers rows of the caller’s tenant and shared rows only', async () => {
      const dict = enc('sys_depart,depart_name,id');
      const mine = await get(`/sys/dict/loadDict/${dict}?keyword=${enc('建投')}`, staff);
      expect(mine.json().result).toEqual([]);
      const other = await get(`/sys/dict/loadDict/${dict}?keyword=${enc('建投')}`, admin, SEED_TENANTS[1].id);
      expect(other.json().result.map((o: { text: string }) => o.text)).toEqual([OTHER_TENANT_DEPART]);
      // Seeded roles carry no tenant: shared by all.
      const roles = await get(`/sys/dict/loadDict/${enc('sys_role,role_name,id')}?pageSize=50`, staff);
      expect(roles.json().result.map((o: { text: string }) => o.text)).toEqual(
        expect.arrayContaining(['管理员', '普通员工', '访客']),
      );
      const positions = await get(`/sys/dict/loadDictItem/${enc('sys_position,name,code')}?key=kezhang,keyuan`);
      expect(positions.json().result).toBe('科长,科员');
    });
  });

  describe('resolveTableDictLabels', () => {
    it('maps a page of values to labels in one call, and refuses unregistered dictionaries', async () => {
      const { db } = t.app.ctx.db;
      const labels = await resolveTableDictLabels(
        db,
        'sys_user,realname,username',
        ['admin', 'staff', 'nobody', 'admin'],
        1001,
      );
      expect(Object.fromEntries(labels)).toEqual({ admin: '系统管理员', staff: '张三' });
      const many = await resolveTableDictLabels(
        db,
        'sys_depart,depart_name,id',
        Array.from({ length: 1200 }, (_, i) => (i === 1100 ? GZB : `x${i}`)),
        1001,
      );
      expect(Object.fromEntries(many)).toEqual({ [GZB]: '示范区国资办' });
      await expect(resolveTableDictLabels(db, 'sys_user,password,id', ['a'], 1001)).rejects.toBeInstanceOf(ApiError);
    });
  });
});
