import { POPUP_REPORT_API, type PopupReportColumns, type PopupReportQueryItem } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { REPORTS } from './report.registry.js';

const configOf = (code: string) => REPORTS.find((r) => r.code === code)!.configId;

describe.each(targets)('popup reports on $name', (target) => {
  let t: TestApp;
  let token: string;
  const get = (url: string, query: Record<string, string> = {}, tenant?: number) =>
    t.request({ method: 'GET', url, query, token, ...(tenant !== undefined ? { tenant } : {}) });
  const data = (code: string, query: Record<string, string> = {}, tenant?: number) =>
    get(`${POPUP_REPORT_API.data}/${configOf(code)}`, query, tenant);

  beforeAll(async () => {
    t = await startApp(target);
    token = await t.login(SEED_ACCOUNTS.admin.username);
    const { db } = t.app.ctx.db;
    // The position rank dictionary comes with the position screen; make sure the test has one.
    const rank = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'position_rank').executeTakeFirst();
    if (!rank) {
      const dictId = 'f'.repeat(32);
      const audit = { createBy: null, createTime: null, updateBy: null, updateTime: null };
      await db
        .insertInto('sysDict')
        .values({
          id: dictId,
          dictName: '职级',
          dictCode: 'position_rank',
          description: null,
          delFlag: 0,
          type: 0,
          tenantId: null,
          ...audit,
        })
        .execute();
      for (const [value, text] of [
        ['3', '三级'],
        ['5', '五级'],
      ]) {
        await db
          .insertInto('sysDictItem')
          .values({
            id: seedId(`test-rank:${value}`),
            dictId,
            itemText: text!,
            itemValue: value!,
            itemColor: null,
            description: null,
            sortOrder: Number(value),
            status: 1,
            ...audit,
          })
          .execute();
      }
    }
  });
  afterAll(() => t?.close());

  it('answers a report’s columns with its config id, name and dictionary options', async () => {
    const res = await get(`${POPUP_REPORT_API.columns}/sys_user_report`);
    expect(res.statusCode).toBe(200);
    const result = res.json().result as PopupReportColumns;
    expect(result.cgRpConfigId).toMatch(/^[0-9a-f]{32}$/);
    expect(result.cgRpConfigName).toBe('用户选择');
    // No phone: sealed at rest (issue 24 item 8).
    expect(result.columns.map((c) => c.field)).toEqual(['username', 'realname', 'sex', 'orgCode']);
    expect(result.columns.find((c) => c.field === 'sex')).toMatchObject({ title: '性别', dictCode: 'sex' });
    expect(result.dictOptions.sex!.map((i) => [i.value, i.text])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
  });

  it('shows positions by name, code and rank through the position_rank dictionary', async () => {
    const cols = (await get(`${POPUP_REPORT_API.columns}/sys_position_report`)).json().result as PopupReportColumns;
    expect(cols.columns.map((c) => [c.field, c.dictCode])).toEqual([
      ['name', undefined],
      ['code', undefined],
      ['postRank', 'position_rank'],
    ]);
    expect(cols.dictOptions.postRank!.map((i) => i.value)).toContain('3');
    const page = (await data('sys_position_report', { column: 'code', order: 'asc' })).json().result;
    expect(page.records.map((r: Record<string, unknown>) => [r.name, r.code, r.postRank])).toEqual([
      ['科员', 'keyuan', '5'],
      ['科长', 'kezhang', '3'],
    ]);
    const ranked = (await data('sys_position_report', { postRank: '3' })).json().result;
    expect(ranked.records.map((r: Record<string, unknown>) => r.name)).toEqual(['科长']);
  });

  it('refuses unknown reports and malformed codes with a Chinese message', async () => {
    const unknown = await get(`${POPUP_REPORT_API.columns}/no_such_report`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('未找到popup报表：no_such_report');
    const odd = await get(`${POPUP_REPORT_API.columns}/${encodeURIComponent("x' or 1=1")}`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('popup报表编码不正确');
    const noConfig = await get(`${POPUP_REPORT_API.queryInfo}/${'0'.repeat(32)}`);
    expect(noConfig.statusCode).toBe(404);
    expect(noConfig.json().message).toBe('未找到popup报表配置');
    const badConfig = await get(`${POPUP_REPORT_API.data}/sys_user`);
    expect(badConfig.statusCode).toBe(400);
    expect(badConfig.json().message).toBe('popup报表配置ID不正确');
  });

  it('lists the query form: single mode, hidden items marked 1', async () => {
    const res = await get(`${POPUP_REPORT_API.queryInfo}/${configOf('sys_user_report')}`);
    const items = res.json().result as PopupReportQueryItem[];
    expect(items).toEqual([
      { field: 'username', title: '用户账号', mode: 'single' },
      { field: 'realname', title: '用户姓名', mode: 'single' },
      { field: 'sex', title: '性别', mode: 'single', hidden: '1', dictCode: 'sex' },
    ]);
  });

  it('pages and sorts rows, showing only the declared columns', async () => {
    const first = (
      await data('sys_user_report', { pageNo: '1', pageSize: '2', column: 'username', order: 'desc' })
    ).json().result;
    // The demo seeds the three officers (三员分立) beside admin, guest and staff.
    expect(first).toMatchObject({ total: 6, size: 2, current: 1, pages: 3 });
    expect(first.records.map((r: { username: string }) => r.username)).toEqual(['sysadmin', 'staff']);
    expect(Object.keys(first.records[0]).sort()).toEqual(['id', 'orgCode', 'realname', 'sex', 'username']);
    const second = (
      await data('sys_user_report', { pageNo: '2', pageSize: '2', column: 'username', order: 'desc' })
    ).json().result;
    expect(second.records.map((r: { username: string }) => r.username)).toEqual(['secadmin', 'guest']);
    const byDefault = (await data('sys_user_report')).json().result;
    expect(byDefault.size).toBe(10);
    expect(byDefault.records.map((r: { username: string }) => r.username)).toEqual([
      'admin',
      'auditor',
      'guest',
      'secadmin',
      'staff',
      'sysadmin',
    ]);
  });

  it('filters by query fields with bound values', async () => {
    const names = async (query: Record<string, string>) =>
      (await data('sys_user_report', query)).json().result.records.map((r: { username: string }) => r.username);
    expect(await names({ realname: '张' })).toEqual(['staff']);
    expect(await names({ sex: '1' })).toEqual(['admin', 'staff']);
    expect(await names({ username: '%' })).toEqual([]);
    expect(await names({ username: "a' or '1'='1" })).toEqual([]);
    expect(await names({ username: '', realname: '' })).toEqual([
      'admin',
      'auditor',
      'guest',
      'secadmin',
      'staff',
      'sysadmin',
    ]);
    const notInt = await data('sys_user_report', { sex: 'male' });
    expect(notInt.statusCode).toBe(400);
    expect(notInt.json().message).toBe('字段 性别 需要整数');
  });

  it('applies self_ dynamic parameters the report declares, and only those', async () => {
    const names = async (query: Record<string, string>) =>
      (await data('sys_user_report', query)).json().result.records.map((r: { username: string }) => r.username);
    expect(await names({ self_orgCode: 'A01A01' })).toEqual(['staff']);
    expect(await names({ self_departId: seedId('depart:zcgl') })).toEqual(['admin', 'staff']);
    const undeclared = await data('sys_user_report', { self_password: 'x' });
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().message).toBe('不支持的参数：self_password');
  });

  it('rejects undeclared fields, sorts and paging values with 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ password: 'x' }, '不支持的查询字段：password'],
      [{ column: 'phone' }, '不支持按字段 phone 排序'],
      [{ column: 'password' }, '不支持按字段 password 排序'],
      [{ column: 'username', order: 'sideways' }, '排序方向只能是 asc 或 desc'],
      [{ pageNo: '0' }, '参数 pageNo 必须是正整数'],
      [{ pageSize: 'ten' }, '参数 pageSize 必须是正整数'],
      [{ username: 'x'.repeat(201) }, '字段 用户账号 的查询值过长'],
    ];
    for (const [query, message] of cases) {
      const res = await data('sys_user_report', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('shows only rows of the caller’s tenant (or shared by all)', async () => {
    const users = (await data('sys_user_report', {}, 1002)).json().result;
    expect(users.records.map((r: { username: string }) => r.username)).toEqual([
      'admin',
      'auditor',
      'secadmin',
      'sysadmin',
    ]);
    const ownDeparts = (await data('sys_depart_report', {}, 1001)).json().result;
    expect(ownDeparts.records.map((r: { orgCode: string }) => r.orgCode)).toEqual(['A01', 'A01A01', 'A01A02']);
    expect((await data('sys_depart_report', {}, 1002)).json().result.total).toBe(0);
    const { db } = t.app.ctx.db;
    await db
      .insertInto('sysDepart')
      .values({
        id: 'd'.repeat(32),
        parentId: null,
        departName: '共享中心',
        departNameEn: null,
        departNameAbbr: null,
        departOrder: 9,
        description: null,
        orgCategory: '1',
        orgType: '1',
        orgCode: 'Z01',
        mobile: null,
        fax: null,
        address: null,
        memo: null,
        status: '1',
        delFlag: 0,
        tenantId: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const shared = (await data('sys_depart_report', { departName: '共享' }, 1002)).json().result;
    expect(shared.records).toEqual([
      { id: 'd'.repeat(32), departName: '共享中心', orgCode: 'Z01', orgCategory: '1', mobile: null, address: null },
    ]);
    const companies = (await data('sys_depart_report', { self_orgCategory: '2' }, 1001)).json().result;
    expect(companies.records.map((r: { orgCode: string }) => r.orgCode)).toEqual(['A01A01', 'A01A02']);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({ method: 'GET', url: `${POPUP_REPORT_API.columns}/sys_user_report` });
    expect(res.statusCode).toBe(401);
  });
});
