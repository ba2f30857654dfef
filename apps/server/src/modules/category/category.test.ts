import ExcelJS from 'exceljs';
import { CATEGORY_MESSAGES } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

interface Node {
  key: string;
  title: string;
  value: string;
  code: string;
  leaf: boolean;
  parentId: string;
}

const ROOT = seedId('category:A01');

describe.each(targets)('categories on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, payload });
  const row = (id: string) =>
    t.app.ctx.db.db.selectFrom('sysCategory').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('seeds the asset category tree and serves it lazily to the tree table', async () => {
    const top = (await call('GET', '/sys/category/list?pid=0')).json().result;
    expect(
      top.records.map((r: { code: string; name: string; hasChildren: boolean }) => [r.code, r.name, r.hasChildren]),
    ).toEqual([['A01', '资产分类', true]]);
    const kids = (await call('GET', `/sys/category/childList?pid=${ROOT}`)).json().result;
    expect(kids.map((r: { name: string }) => r.name)).toEqual(['土地', '房屋', '商铺', '车位', '设备', '车辆']);
    expect(kids[0]).toMatchObject({ code: 'A01A01', parentCode: 'A01', hasChildren: true });
    // A name search lists matching rows at any depth.
    const found = (await call('GET', `/sys/category/list?${new URLSearchParams({ name: '*车位*' })}`)).json().result;
    expect(found.records.map((r: { code: string }) => r.code)).toEqual(['A01A04', 'A01A04A01', 'A01A04A02']);
  });

  it('generates codes under the parent and keeps has_child right', async () => {
    const top = await call('POST', '/sys/category/add', { name: '公共设施🏞️𠮷' });
    expect([top.statusCode, top.json().result.code]).toEqual([200, 'A02']);
    const topId = top.json().result.id as string;
    expect((await row(topId)).hasChild).toBe('0');
    const a = await call('POST', '/sys/category/add', { pid: topId, name: '公园' });
    expect(a.json().result.code).toBe('A02A01');
    expect((await row(topId)).hasChild).toBe('1');
    // Concurrent adds under one parent each get their own code.
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', '/sys/category/add', { pid: topId, name: `设施${i}` })),
    );
    expect(many.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const codes = many.map((r) => r.json().result.code as string).sort();
    expect(codes).toEqual(['A02A02', 'A02A03', 'A02A04', 'A02A05', 'A02A06', 'A02A07']);
    // A client-supplied code is ignored by add.
    const own = await call('POST', '/sys/category/add', { pid: topId, name: '自定', code: 'A02Z99' });
    expect(own.json().result.code).toBe('A02A08');

    const missing = await call('POST', '/sys/category/add', { pid: 'nope', name: 'x' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, '父级分类不存在']);
    const noName = await call('POST', '/sys/category/add', { pid: topId });
    expect([noName.statusCode, noName.json().message]).toEqual([400, '请输入分类名称']);

    const edit = await call('PUT', '/sys/category/edit', { id: a.json().result.id, name: '城市公园' });
    expect(edit.statusCode).toBe(200);
    expect((await row(a.json().result.id)).name).toBe('城市公园');
    const moveCode = await call('PUT', '/sys/category/edit', { id: a.json().result.id, code: 'B01' });
    expect(moveCode.statusCode).toBe(400);

    // A parent with children is not deleted; the last child's deletion makes the parent a leaf.
    const refused = await call('DELETE', `/sys/category/delete?id=${topId}`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      '分类“公共设施🏞️𠮷”下还有子分类，请先删除子分类',
    ]);
    const children = (await call('GET', `/sys/category/childList?pid=${topId}`)).json().result as { id: string }[];
    const del = await call('DELETE', `/sys/category/deleteBatch?ids=${children.map((c) => c.id).join(',')}`);
    expect(del.statusCode).toBe(200);
    expect((await row(topId)).hasChild).toBe('0');
    expect((await call('DELETE', `/sys/category/delete?id=${topId}`)).statusCode).toBe(200);
  });

  it('answers the category select calls', async () => {
    const roots = (await call('GET', '/sys/category/loadTreeRoot?pcode=0', undefined, staff)).json().result as Node[];
    expect(roots).toEqual([{ key: ROOT, value: ROOT, title: '资产分类', code: 'A01', leaf: false, parentId: '0' }]);
    const underA01 = (await call('GET', '/sys/category/loadTreeRoot?pcode=A01', undefined, staff)).json()
      .result as Node[];
    expect(underA01.map((n) => n.title)).toEqual(['土地', '房屋', '商铺', '车位', '设备', '车辆']);
    const missing = await call('GET', '/sys/category/loadTreeRoot?pcode=Z99', undefined, staff);
    expect([missing.statusCode, missing.json().message]).toEqual([400, '分类编码“Z99”不存在']);

    const land = underA01[0]!;
    const leaves = (await call('GET', `/sys/category/loadTreeChildren?pid=${land.key}`, undefined, staff)).json()
      .result as Node[];
    expect(leaves.map((n) => [n.code, n.leaf])).toEqual([
      ['A01A01A01', true],
      ['A01A01A02', true],
      ['A01A01A03', true],
    ]);

    const one = (await call('GET', '/sys/category/loadOne?field=code&val=A01A02', undefined, staff)).json().result;
    expect(one).toMatchObject({ name: '房屋', code: 'A01A02' });
    expect((await call('GET', `/sys/category/loadOne?field=id&val=${ROOT}`, undefined, staff)).json().result.code).toBe(
      'A01',
    );
    expect((await call('GET', '/sys/category/loadOne?field=name&val=x', undefined, staff)).statusCode).toBe(400);

    const cond = encodeURIComponent(JSON.stringify({ name: '房屋' }));
    const filtered = (
      await call('GET', `/sys/category/loadTreeData?pcode=A01&condition=${cond}`, undefined, staff)
    ).json().result as Node[];
    expect(filtered.map((n) => n.code)).toEqual(['A01A02']);
    const byPid = (await call('GET', `/sys/category/loadTreeData?pid=${land.key}`, undefined, staff)).json().result;
    expect(byPid).toHaveLength(3);
    const badJson = await call('GET', '/sys/category/loadTreeData?pcode=0&condition=%7Bnot', undefined, staff);
    expect([badJson.statusCode, badJson.json().message]).toEqual([400, CATEGORY_MESSAGES.badCondition]);
    const badField = await call(
      'GET',
      `/sys/category/loadTreeData?pcode=0&condition=${encodeURIComponent('{"tenant_id":1}')}`,
      undefined,
      staff,
    );
    expect([badField.statusCode, badField.json().message]).toEqual([400, 'condition 不支持的字段：tenant_id']);

    const ids = [underA01[1]!.key, 'unknown', underA01[0]!.key].join(',');
    const names = await call('GET', `/sys/category/loadDictItem/?ids=${ids}`, undefined, staff);
    expect(names.json().result).toBe('房屋,unknown,土地');
    expect((await call('GET', `/sys/category/loadDictItem?ids=${ROOT}`, undefined, staff)).json().result).toBe(
      '资产分类',
    );
  });

  it('exports and imports the tree, keeping or generating codes', async () => {
    const res = await call('GET', '/sys/category/exportXls?code=A01A06*');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '分类名称', '分类编码', '上级分类编码']);
    expect(sheet.getRow(2).values).toEqual([undefined, '车辆', 'A01A06', 'A01']);

    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('分类字典');
    ws.addRow(['分类名称', '分类编码', '上级分类编码']);
    ws.addRow(['无形资产', 'A05', '']);
    ws.addRow(['软件著作权', 'A05A01', 'A05']);
    ws.addRow(['专利🔬', '', 'A05']);
    ws.addRow(['孤儿', '', 'Q77']);
    ws.addRow(['重复', 'A01', '']);
    const buffer = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----s4cat';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\n\r\n`),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.request({
      method: 'POST',
      url: '/sys/category/importExcel',
      token: admin,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(imported.json()).toMatchObject({ code: 201, result: { total: 5, success: 3, failed: 2 } });
    const tree = (await call('GET', '/sys/category/loadTreeRoot?pcode=A05')).json().result as Node[];
    expect(tree.map((n) => [n.code, n.title])).toEqual([
      ['A05A01', '软件著作权'],
      ['A05A02', '专利🔬'],
    ]);
    expect((await call('GET', '/sys/category/loadOne?field=code&val=A05')).json().result.hasChild).toBe('1');
  });

  it('refuses category administration to users without the permission', async () => {
    // Staff reads the categories (分类查询) but maintains none of them.
    expect((await call('GET', '/sys/category/list', {}, staff)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/sys/category/add'],
      ['PUT', '/sys/category/edit'],
      ['DELETE', `/sys/category/delete?id=${ROOT}`],
      ['GET', '/sys/category/exportXls'],
    ] as const) {
      expect((await call(method, url, {}, staff)).statusCode, url).toBe(403);
    }
  });
});
