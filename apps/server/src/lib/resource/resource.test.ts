import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../db/seeds/seed-id.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { newId } from '../ids.js';
import { hashPassword } from '../password.js';
import { addDataRule, grantToRole } from '../../test/data-rule-fixtures.js';

/** The resource pattern, proven on positions (the smallest resource) on every database. */
describe.each(targets)('resource pattern on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const list = async (query: Record<string, string>, token = admin, tenant: number | undefined = 1001) =>
    t.request({ method: 'GET', url: `/sys/position/list?${new URLSearchParams(query)}`, token, tenant });
  const add = (payload: object, tenant = 1001) =>
    t.request({ method: 'POST', url: '/sys/position/add', token: admin, tenant, payload });

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    for (const [code, name, postRank] of [
      ['A01', '区长', '1'],
      ['A02', '副区长', '2'],
      ['B01', '科长', '3'],
      ['B02', '科员%_!', '5'],
      ['C01', '𠮷祥专员🏠', '5'],
    ]) {
      expect((await add({ code, name, postRank })).statusCode).toBe(200);
    }
  });
  afterAll(() => t?.close());

  it('pages, sorts and translates dictionary fields', async () => {
    const res = await list({ pageNo: '1', pageSize: '2', column: 'code', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ total: 7, size: 2, current: 1, pages: 4 });
    expect(page.records.map((r: { code: string }) => r.code)).toEqual(['A01', 'A02']);
    expect(page.records[0].postRank_dictText).toBe('正处级');
  });

  it('understands the filter encodings and ranges', async () => {
    const codes = async (q: Record<string, string>) =>
      (await list({ ...q, column: 'code', order: 'asc', pageSize: '50' }))
        .json()
        .result.records.map((r: { code: string }) => r.code);
    expect(await codes({ name: '*区长*' })).toEqual(['A01', 'A02']);
    expect(await codes({ code: 'A01,B01' })).toEqual(['A01', 'B01']);
    expect(await codes({ code: 'A*' })).toEqual(['A01', 'A02']);
    // Seeded 科长 (kezhang, rank 3) matches too: lower-case letters sort after upper-case ones.
    expect(await codes({ postRank: '!5', code: '>=A02' })).toEqual(['A02', 'B01', 'kezhang']);
    expect(await codes({ code_begin: 'A02', code_end: 'B01' })).toEqual(['A02', 'B01']);
    // LIKE wildcards in a value are matched literally.
    expect(await codes({ name: '*%_!*' })).toEqual(['B02']);
    expect(await codes({ name: '*🏠*' })).toEqual(['C01']);
  });

  it('applies the advanced query with and/or', async () => {
    const conditions = [
      { field: 'code', rule: 'right_like', val: 'A' },
      { field: 'postRank', rule: 'eq', val: '5' },
    ];
    const q = (matchType: string) =>
      list({
        superQueryParams: encodeURIComponent(JSON.stringify(conditions)),
        superQueryMatchType: matchType,
        pageSize: '50',
      });
    expect((await q('and')).json().result.total).toBe(0);
    // A01, A02, and rank 5: B02, C01 and the seeded 科员.
    expect((await q('or')).json().result.total).toBe(5);
  });

  it('refuses unknown fields, sorts and malformed queries with 400', async () => {
    for (const [query, message] of [
      [{ column: 'password' }, '不支持按字段 password 排序'],
      [{ 'name;drop table sys_user': 'x' }, '不支持的查询字段'],
      [{ superQueryParams: '%5Bnot-json' }, '高级查询参数格式有误'],
      [
        { superQueryParams: encodeURIComponent(JSON.stringify([{ field: 'id); --', rule: 'eq', val: '1' }])) },
        '不支持的查询字段',
      ],
      [
        { superQueryParams: encodeURIComponent(JSON.stringify([{ field: 'code', rule: 'sql', val: '1' }])) },
        '高级查询条件有误',
      ],
      [{ pageSize: '-1' }, 'pageSize'],
      [{ order: 'sideways', column: 'code' }, '排序方向'],
    ] as const) {
      const res = await list(query as Record<string, string>);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('keeps tenants apart', async () => {
    expect((await add({ code: 'T2', name: '二号租户职务' }, 1002)).statusCode).toBe(200);
    const in1001 = (await list({ code: 'T2' })).json().result.total;
    const in1002 = (await list({ code: 'T2' }, admin, 1002)).json().result.total;
    expect([in1001, in1002]).toEqual([0, 1]);
  });

  it('writes a data log version for every write and refuses duplicates', async () => {
    const created = (await add({ code: 'D01', name: '待改职务' })).json().result.id as string;
    expect((await add({ code: 'D01', name: '重复' })).json().message).toBe('职务编码“D01”已存在');
    const edit = await t.request({
      method: 'PUT',
      url: '/sys/position/edit',
      token: admin,
      tenant: 1001,
      payload: { id: created, name: '已改职务' },
    });
    expect(edit.statusCode).toBe(200);
    const logs = await t.app.ctx.db.db
      .selectFrom('sysDataLog')
      .selectAll()
      .where('dataId', '=', created)
      .orderBy('dataVersion')
      .execute();
    expect(logs.map((l) => [l.dataVersion, l.action, JSON.parse(l.dataContent).name])).toEqual([
      [1, 'add', '待改职务'],
      [2, 'edit', '已改职务'],
    ]);
    const del = await t.request({
      method: 'DELETE',
      url: `/sys/position/delete?id=${created}`,
      token: admin,
      tenant: 1001,
    });
    expect(del.statusCode).toBe(200);
    const byId = await t.request({
      method: 'GET',
      url: `/sys/position/queryById?id=${created}`,
      token: admin,
      tenant: 1001,
    });
    expect(byId.statusCode).toBe(404);
  });

  it('refuses to delete a position that still has users', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/sys/position/delete?id=${seedId('position:kezhang')}`,
      token: admin,
      tenant: 1001,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('职务下还有用户，请先移除用户后再删除');
  });

  it('exports an .xlsx with labels, chosen columns and neutralised formulas', async () => {
    await add({ code: 'F01', name: '=1+2' });
    const res = await t.request({
      method: 'GET',
      url: '/sys/position/exportXls?field=code,name,postRank&code=A01,F01',
      token: admin,
      tenant: 1001,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['职务编码', '职务名称', '职级']);
    expect(rows).toContainEqual(['A01', '区长', '正处级']);
    expect(rows).toContainEqual(['F01', "'=1+2"]);
  });

  it('imports good rows and answers 201 with an error report for bad ones', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('职务');
    ws.addRow(['职务编码', '职务名称', '职级']);
    ws.addRow(['I01', '导入职务一', '科员']);
    ws.addRow(['I02', "'=SUM(1)", '正科级']);
    ws.addRow(['', '缺编码', '科员']);
    ws.addRow(['I03', '错职级', '宇宙级']);
    ws.addRow(['A01', '重复编码', '科员']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----da' + newId();
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="职务.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/sys/position/importExcel',
      token: admin,
      tenant: 1001,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(201);
    expect(body.result).toMatchObject({ total: 5, success: 2, failed: 3 });
    const names = (await list({ code: 'I01,I02', column: 'code', order: 'asc' })).json().result.records;
    expect(names.map((r: { name: string; postRank: string }) => [r.name, r.postRank])).toEqual([
      ['导入职务一', '5'],
      ['=SUM(1)', '3'],
    ]);
    const report = await t.request({ method: 'GET', url: body.result.errorReportUrl, token: admin });
    expect(report.statusCode).toBe(200);
    const rwb = new ExcelJS.Workbook();
    await rwb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const messages = rwb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).at(-1));
    expect(messages).toEqual(['错误信息', '请输入职务编码', '职级的值“宇宙级”不在字典中', '职务编码“A01”已存在']);
  });

  it('narrows lists, exports and queryById to the data rules of the caller’s roles', async () => {
    const db = t.app.ctx.db.db;
    const roleId = newId();
    const userId = newId();
    await db
      .insertInto('sysRole')
      .values({
        id: roleId,
        roleName: '仅A职务',
        roleCode: `r${roleId.slice(0, 8)}`,
        description: null,
        tenantId: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('sysUser')
      .values({
        id: userId,
        username: 'rule_user',
        realname: '规则用户',
        password: await hashPassword('Rule@2026'),
        status: 1,
        delFlag: 0,
        loginTenantId: 1001,
      } as never)
      .execute();
    await db.insertInto('sysUserRole').values({ id: newId(), userId, roleId, tenantId: null }).execute();
    await db.insertInto('sysUserTenant').values({ id: newId(), userId, tenantId: 1001, status: 1 }).execute();
    const menu = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/system/position')
      .executeTakeFirstOrThrow();
    const listPerm = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', 'system:position:list')
      .executeTakeFirstOrThrow();
    const ruleId = await addDataRule(db, menu.id, {
      name: '只看A',
      column: 'code',
      condition: 'RIGHT_LIKE',
      value: 'A',
    });
    await grantToRole(db, roleId, [{ permissionId: menu.id, dataRuleIds: ruleId }, { permissionId: listPerm.id }]);
    const token = await t.login('rule_user', 'Rule@2026');
    const page = (await list({ pageSize: '50' }, token)).json().result;
    expect(page.records.map((r: { code: string }) => r.code).sort()).toEqual(['A01', 'A02']);
    const b01 = page.records.length ? (await list({ code: 'B01' })).json().result.records[0].id : '';
    const byId = await t.request({ method: 'GET', url: `/sys/position/queryById?id=${b01}`, token, tenant: 1001 });
    expect(byId.statusCode).toBe(404);
    const add403 = await t.request({
      method: 'POST',
      url: '/sys/position/add',
      token,
      tenant: 1001,
      payload: { code: 'X', name: 'X' },
    });
    expect(add403.statusCode).toBe(403);
  });

  it('shows a caller who belongs to no tenant no tenant-scoped rows, never every tenant', async () => {
    // The administrator role: every permission, so only the tenant filter can hide the rows.
    const { token } = await createTestUser(t, {
      username: 'no_tenant_admin',
      password: 'NoTenant@2026',
      roleIds: [seedId('role:admin')],
    });
    const res = await t.request({ method: 'GET', url: '/sys/position/list?pageSize=50', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.total).toBe(0);
    const a01 = (await list({ code: 'A01' })).json().result.records[0].id as string;
    const byId = await t.request({ method: 'GET', url: `/sys/position/queryById?id=${a01}`, token });
    expect(byId.statusCode).toBe(404);
  });

  it('records every call in the operation log with passwords masked', async () => {
    await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: 'wrong-secret' } });
    await t.app.operationLog.flush();
    const rows = await t.app.ctx.db.db
      .selectFrom('sysLog')
      .selectAll()
      .where('logType', '=', 2)
      .where('requestUrl', '=', `${t.config.apiBase}/sys/login`)
      .where('result', '=', 0)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const last = rows.at(-1)!;
    expect(last.requestParam).toContain('******');
    expect(last.requestParam).not.toContain('wrong-secret');
    expect(last.method).toBe('POST /api/sys/login');
  });
});
