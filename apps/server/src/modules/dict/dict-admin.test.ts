import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

describe.each(targets)('dictionary administration on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, payload });
  const items = async (code: string) =>
    (await call('GET', `/sys/dict/getDictItems/${code}`, undefined, staff)).json().result as {
      value: string;
      text: string;
    }[];

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('adds, lists and edits dictionaries with unique codes', async () => {
    const add = await call('POST', '/sys/dict/add', {
      dictName: '房屋状态🏠𠮷',
      dictCode: 'house_status',
      description: '房屋',
    });
    expect(add.statusCode).toBe(200);
    const page = (await call('GET', '/sys/dict/list?dictCode=house_status')).json().result;
    expect(page.records).toHaveLength(1);
    expect(page.records[0].dictName).toBe('房屋状态🏠𠮷');
    expect(
      (await call('GET', `/sys/dict/list?${new URLSearchParams({ dictName: '*房屋*' })}`)).json().result.total,
    ).toBe(1);

    const dup = await call('POST', '/sys/dict/add', { dictName: '重复', dictCode: 'sex' });
    expect([dup.statusCode, dup.json().message]).toEqual([400, '字典编码“sex”已存在']);
    const badCode = await call('POST', '/sys/dict/add', { dictName: '坏', dictCode: 'a-b' });
    expect([badCode.statusCode, badCode.json().message]).toEqual([400, '字典编码只能包含字母、数字和下划线']);
    const noName = await call('POST', '/sys/dict/add', { dictCode: 'x1' });
    expect([noName.statusCode, noName.json().message]).toEqual([400, '请输入字典名称']);

    const edit = await call('PUT', '/sys/dict/edit', { id: add.json().result.id, dictName: '房屋状态' });
    expect(edit.statusCode).toBe(200);
  });

  it('manages items with unique values per dictionary and refreshes the cache at once', async () => {
    const dictId = (await call('GET', '/sys/dict/list?dictCode=house_status')).json().result.records[0].id as string;
    expect(await items('house_status')).toEqual([]); // cached empty
    const a = await call('POST', '/sys/dictItem/add', {
      dictId,
      itemText: '在用😀',
      itemValue: '1',
      itemColor: '#52c41a',
      sortOrder: 2,
      status: 1,
    });
    expect(a.statusCode).toBe(200);
    await call('POST', '/sys/dictItem/add', { dictId, itemText: '闲置', itemValue: '2', sortOrder: 1 });
    // The write retired the cached (empty) answer.
    expect((await items('house_status')).map((i) => [i.value, i.text])).toEqual([
      ['2', '闲置'],
      ['1', '在用😀'],
    ]);
    const dup = await call('POST', '/sys/dictItem/add', { dictId, itemText: '又一个', itemValue: '1' });
    expect([dup.statusCode, dup.json().message]).toEqual([400, '数据值“1”在该字典中已存在']);
    // The same value in another dictionary is fine.
    const sexId = (await call('GET', '/sys/dict/list?dictCode=sex')).json().result.records[0].id as string;
    expect(
      (await call('POST', '/sys/dictItem/add', { dictId: sexId, itemText: '未知', itemValue: '9' })).statusCode,
    ).toBe(200);
    const color = await call('POST', '/sys/dictItem/add', { dictId, itemText: 'c', itemValue: '3', itemColor: 'red' });
    expect([color.statusCode, color.json().message]).toEqual([400, '颜色须为 #RRGGBB 格式']);
    const noDict = await call('POST', '/sys/dictItem/add', { dictId: 'missing', itemText: 'c', itemValue: '3' });
    expect([noDict.statusCode, noDict.json().message]).toEqual([400, '字典不存在或已删除']);

    const list = (await call('GET', `/sys/dictItem/list?dictId=${dictId}`)).json().result;
    expect(list.records.map((r: { itemValue: string }) => r.itemValue)).toEqual(['2', '1']);
    expect(list.records[1]).toMatchObject({ itemColor: '#52c41a', status_dictText: '有效' });

    const idle = list.records[0].id as string;
    const disable = await call('PUT', '/sys/dictItem/edit', { id: idle, status: 0 });
    expect(disable.statusCode).toBe(200);
    expect((await items('house_status')).map((i) => i.value)).toEqual(['1']);
    const clash = await call('PUT', '/sys/dictItem/edit', { id: idle, itemValue: '1' });
    expect(clash.json().message).toBe('数据值“1”在该字典中已存在');
    expect((await call('DELETE', `/sys/dictItem/delete?id=${idle}`)).statusCode).toBe(200);
    expect((await call('GET', `/sys/dictItem/list?dictId=${dictId}`)).json().result.total).toBe(1);
  });

  it('moves deleted dictionaries to the recycle bin, restores and deletes them for good', async () => {
    const id = (await call('GET', '/sys/dict/list?dictCode=house_status')).json().result.records[0].id as string;
    expect((await items('house_status')).length).toBe(1);
    expect((await call('DELETE', `/sys/dict/delete?id=${id}`)).statusCode).toBe(200);
    expect((await call('GET', '/sys/dict/list?dictCode=house_status')).json().result.total).toBe(0);
    expect(await items('house_status')).toEqual([]);
    const bin = (await call('GET', '/sys/dict/deleteList')).json().result;
    expect(bin.map((d: { dictCode: string }) => d.dictCode)).toEqual(['house_status']);
    const again = await call('POST', '/sys/dict/add', { dictName: '同码', dictCode: 'house_status' });
    expect(again.json().message).toBe('字典编码“house_status”已存在于回收站中，请先还原或彻底删除');

    const back = await call('PUT', `/sys/dict/back/${id}`);
    expect([back.statusCode, back.json().message]).toEqual([200, '还原成功！']);
    expect((await items('house_status')).length).toBe(1);
    const notInBin = await call('DELETE', `/sys/dict/deletePhysic/${id}`);
    expect([notInBin.statusCode, notInBin.json().message]).toEqual([400, '该字典不在回收站中']);

    await call('DELETE', `/sys/dict/delete?id=${id}`);
    const gone = await call('DELETE', `/sys/dict/deletePhysic/${id}`);
    expect([gone.statusCode, gone.json().message]).toEqual([200, '彻底删除成功！']);
    const left = await t.app.ctx.db.db.selectFrom('sysDictItem').select('id').where('dictId', '=', id).execute();
    expect(left).toEqual([]);
    expect((await call('GET', '/sys/dict/deleteList')).json().result).toEqual([]);
    expect((await call('PUT', `/sys/dict/back/${id}`)).statusCode).toBe(404);

    // Seeded dictionaries come back at every start, so they only go to the bin.
    const sex = (await call('GET', '/sys/dict/list?dictCode=sex')).json().result.records[0].id as string;
    await call('DELETE', `/sys/dict/delete?id=${sex}`);
    const builtIn = await call('DELETE', `/sys/dict/deletePhysic/${sex}`);
    expect([builtIn.statusCode, builtIn.json().message]).toEqual([
      400,
      '系统内置字典不能彻底删除，可保留在回收站中或还原',
    ]);
    expect((await call('PUT', `/sys/dict/back/${sex}`)).statusCode).toBe(200);
  });

  it('exports and imports dictionaries', async () => {
    const res = await call('GET', '/sys/dict/exportXls?dictCode=sex,yn');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '字典名称', '字典编码', '描述']);
    expect(sheet.rowCount).toBe(3);

    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('数据字典');
    ws.addRow(['字典名称', '字典编码', '描述']);
    ws.addRow(['导入字典😀', 'imported_dict', '']);
    ws.addRow(['重复', 'sex', '']);
    const buffer = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----s4dict';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.request({
      method: 'POST',
      url: '/sys/dict/importExcel',
      token: admin,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(imported.json()).toMatchObject({ code: 201, result: { total: 2, success: 1, failed: 1 } });
    expect((await call('GET', '/sys/dict/list?dictCode=imported_dict')).json().result.records[0].dictName).toBe(
      '导入字典😀',
    );
  });

  it('refuses dictionary administration to users without the permission', async () => {
    for (const [method, url] of [
      ['GET', '/sys/dict/list'],
      ['POST', '/sys/dict/add'],
      ['PUT', '/sys/dict/edit'],
      ['DELETE', '/sys/dict/delete?id=x'],
      ['GET', '/sys/dict/deleteList'],
      ['PUT', '/sys/dict/back/x'],
      ['DELETE', '/sys/dict/deletePhysic/x'],
      ['GET', '/sys/dictItem/list?dictId=x'],
      ['POST', '/sys/dictItem/add'],
      ['DELETE', '/sys/dictItem/deleteBatch?ids=x'],
      ['GET', '/sys/dict/exportXls'],
    ] as const) {
      expect((await call(method, url, {}, staff)).statusCode, url).toBe(403);
    }
  });
});
