import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SQLite as Database } from '../../lib/sqlite-driver.js';
import ExcelJS from 'exceljs';
import {
  DATA_SOURCE_API,
  DATA_SOURCE_MESSAGES,
  GUEST_CREDENTIALS,
  ONLINE_API,
  ONLINE_COMPONENTS,
  ONLINE_MESSAGES,
  onlineFormPerm,
  onlineReportPerm,
  type PermissionCode,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migrateReportPerms } from '../../db/migrations/2026-11-26-0001-online-report-perms.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const MEETING = {
  tableName: 'onl_meeting',
  title: '会议室预约',
  formKind: 'single',
  theme: 'plain',
  fields: [
    { name: 'room', label: '会议室', dbType: 'string', length: 20, required: true, widget: 'select', dictCode: 'sex' },
    { name: 'meeting_date', label: '日期', dbType: 'date', required: true, widget: 'date' },
    { name: 'topic', label: '主题', dbType: 'string', length: 50, unique: true },
    { name: 'seats', label: '人数', dbType: 'int' },
    { name: 'fee', label: '费用', dbType: 'decimal', length: 10, scale: 2 },
  ],
};

describe.each(targets)('online forms and reports on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let guest: string;
  let booker: string;
  const call = (method: Method, url: string, payload?: object, token = admin, tenant: number = 1001) =>
    t.request({ method, url, token, tenant, payload });
  const db = () => t.app.ctx.db.db;
  const data = (table: string, action: string) => `${ONLINE_API.data}/${table}/${action}`;

  /** Button rows `online:{table}:{action}` under a menu entry of kind auto list, as an administrator adds them. */
  const addButtons = async (table: string) => {
    const now = '2026-11-25 10:00:00';
    const menuId = seedId(`perm:test-menu-${table}`);
    const base = {
      parentId: null,
      componentName: null,
      redirect: null,
      permsType: null,
      alwaysShow: 0,
      icon: null,
      keepAlive: 0,
      hidden: 0,
      hideTab: 0,
      description: null,
      status: '1',
      delFlag: 0,
      ruleFlag: 0,
      internalOrExternal: 0,
      createBy: 'admin',
      createTime: now,
      updateBy: null,
      updateTime: null,
    };
    await db()
      .insertInto('sysPermission')
      .values({
        ...base,
        id: menuId,
        name: table,
        url: `/online/cgformList/${table}`,
        component: 'modules/online/cgform/auto/OnlCgformAutoList',
        menuType: 0,
        perms: null,
        sortNo: 99,
        isRoute: 1,
        isLeaf: 0,
      })
      .execute();
    const codes: string[] = [];
    for (const action of ['list', 'add', 'edit', 'delete', 'export', 'import'] as const) {
      const code = onlineFormPerm(table, action);
      codes.push(code);
      await db()
        .insertInto('sysPermission')
        .values({
          ...base,
          id: seedId(`perm:${code}`),
          parentId: menuId,
          name: action,
          url: null,
          component: null,
          menuType: 2,
          perms: code,
          permsType: '1',
          sortNo: 0,
          isRoute: 0,
          isLeaf: 1,
        })
        .execute();
    }
    return codes as PermissionCode[];
  };

  const define = async (payload: object = MEETING) => {
    const res = await call('POST', `${ONLINE_API.head}/add`, payload);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result as { id: string; version: number };
  };
  const refusedForm = async (payload: object) => {
    const res = await call('POST', `${ONLINE_API.head}/add`, payload);
    return [res.statusCode, res.json().message];
  };

  // SQLite data sources of the reports live here.
  const sourceFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'da-online-ds-'));
  afterAll(() => fs.rmSync(sourceFolder, { recursive: true, force: true }));

  beforeAll(async () => {
    t = await startApp(target, { dataSourceSqliteDir: sourceFolder });
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
  });
  afterAll(() => t?.close());

  it('refuses bad table names, reserved or unsafe fields, blobs, unknown dictionaries and backtracking-prone patterns', async () => {
    const field = MEETING.fields[1]!;
    expect(await refusedForm({ ...MEETING, tableName: 'meeting' })).toEqual([400, ONLINE_MESSAGES.tableName]);
    expect(await refusedForm({ ...MEETING, tableName: 'onl_Meeting' })).toEqual([400, ONLINE_MESSAGES.tableName]);
    expect(await refusedForm({ ...MEETING, tableName: 'onl_cgform_head' })).toEqual([400, ONLINE_MESSAGES.tableSystem]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, name: 'select' }] })).toEqual([
      400,
      ONLINE_MESSAGES.fieldReserved('select'),
    ]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, name: 'create_time' }] })).toEqual([
      400,
      ONLINE_MESSAGES.fieldReserved('create_time'),
    ]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, name: 'a_1' }] })).toEqual([
      400,
      ONLINE_MESSAGES.fieldName,
    ]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, name: 'x; drop table sys_user' }] })).toEqual([
      400,
      ONLINE_MESSAGES.fieldName,
    ]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, dbType: 'blob' }] })).toEqual([
      400,
      ONLINE_MESSAGES.blobRefused,
    ]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, dictCode: 'no_such_dict' }] })).toEqual([
      400,
      ONLINE_MESSAGES.badDict(field.label),
    ]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, dbType: 'string', pattern: '^(a)\\1$' }] })).toEqual([
      400,
      ONLINE_MESSAGES.badPattern(field.label),
    ]);
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, widget: 'link', linkTable: 'onl_nothing' }] })).toEqual(
      [400, `字段 ${field.label} 关联的表单不存在`],
    );
    expect(await refusedForm({ ...MEETING, fields: [{ ...field, widget: 'popup', linkTable: 'no_report' }] })).toEqual([
      400,
      `字段 ${field.label} 的报表不存在`,
    ]);
    expect(await refusedForm({ ...MEETING, fields: [field, field] })).toEqual([
      400,
      ONLINE_MESSAGES.fieldDuplicate(field.name),
    ]);
    const forms = await db().selectFrom('sysDataLog').select('id').execute();
    expect((await call('GET', `${ONLINE_API.head}/list`)).json().result.total).toBe(0);
    void forms;
  });

  it('keeps staff and the guest away from the designer, the data and the reports', async () => {
    for (const token of [staff, guest]) {
      expect((await call('GET', `${ONLINE_API.head}/list`, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', `${ONLINE_API.head}/add`, MEETING, token)).statusCode).toBe(403);
      expect((await call('GET', `${ONLINE_API.report}/list`, undefined, token)).statusCode).toBe(403);
      expect((await call('GET', data('onl_meeting', 'list'), undefined, token)).statusCode).toBe(403);
    }
  });

  it('defines, synchronises, writes through the resource pattern, alters and keeps the data', async () => {
    const form = await define();
    // A second definition may not take the same table.
    expect(await refusedForm(MEETING)).toEqual([400, ONLINE_MESSAGES.tableTaken]);
    // Not synchronised yet: the pages answer so.
    const codes = await addButtons('onl_meeting');
    const roleId = await roleWith(t, admin, 1001, 'meeting_booker', codes);
    await accountWith(t, admin, 1001, 'booker', [roleId]);
    booker = await t.login('booker', 'Passw0rd!');
    expect((await call('GET', data('onl_meeting', 'list'), undefined, booker)).json().message).toBe(
      ONLINE_MESSAGES.notSynced,
    );

    const synced = await call('POST', `${ONLINE_API.head}/sync`, { id: form.id });
    expect([synced.statusCode, synced.json().message, synced.json().result.created]).toEqual([
      200,
      ONLINE_MESSAGES.syncDone,
      true,
    ]);

    const add = (payload: object, token = booker) => call('POST', data('onl_meeting', 'add'), payload, token);
    const ok1 = await add({ room: '1', meetingDate: '2026-12-01', topic: '周例会', seats: 8, fee: '12.50' });
    expect([ok1.statusCode, ok1.json().message]).toEqual([200, '添加成功！']);
    const id = ok1.json().result.id as string;
    expect((await add({ room: '2', meetingDate: '2026-12-02', topic: '月度会' })).statusCode).toBe(200);
    // Checks built from the definition.
    expect((await add({ meetingDate: '2026-12-01' })).json().message).toBe('请输入会议室');
    expect((await add({ room: '1', meetingDate: '12/01/2026' })).json().message).toBe('日期须为日期 YYYY-MM-DD');
    expect((await add({ room: '1', meetingDate: '2026-12-01', fee: '1.234' })).statusCode).toBe(400);
    expect((await add({ room: '1', meetingDate: '2026-12-01', topic: '周例会' })).json().message).toBe(
      '主题“周例会”已存在',
    );
    expect((await add({ room: '1', meetingDate: '2026-12-01', createBy: 'x' })).statusCode).toBe(400);

    const list = (
      await call('GET', `${data('onl_meeting', 'list')}?column=meetingDate&order=asc`, undefined, booker)
    ).json().result;
    expect(list.total).toBe(2);
    expect(list.records.map((r: Record<string, unknown>) => [r.topic, r.room_dictText, r.tenantId])).toEqual([
      ['周例会', '男', 1001],
      ['月度会', '女', 1001],
    ]);
    expect(Number(list.records[0].fee)).toBe(12.5);
    // Filters only on the definition's fields.
    expect((await call('GET', `${data('onl_meeting', 'list')}?password=1`, undefined, booker)).statusCode).toBe(400);
    expect(
      (await call('GET', `${data('onl_meeting', 'list')}?topic=*例*`, undefined, booker)).json().result.total,
    ).toBe(1);

    // Another tenant sees none of these rows.
    const other = await call('GET', data('onl_meeting', 'list'), undefined, admin, 1002);
    expect(other.statusCode === 403 || other.json().result?.total === 0).toBe(true);

    const edited = await call('PUT', data('onl_meeting', 'edit'), { id, topic: '周例会（改）', seats: 9 }, booker);
    expect(edited.json().message).toBe('编辑成功！');
    const logs = await db()
      .selectFrom('sysDataLog')
      .select(['action', 'dataVersion'])
      .where('dataTable', '=', 'onl_meeting')
      .where('dataId', '=', id)
      .orderBy('dataVersion')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'edit']);

    const exported = await call(
      'GET',
      `${data('onl_meeting', 'exportXls')}?column=meetingDate&order=asc`,
      undefined,
      booker,
    );
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['会议室', '日期', '主题']));
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['男', '2026-12-01', '周例会（改）']));

    // Import by the column titles, dictionary labels back to values; a bad row is reported, the good one kept.
    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('会议室预约');
    ws.addRow(['会议室', '日期', '主题', '人数']);
    ws.addRow(['女', '2026-12-10', '导入会', '3']);
    ws.addRow(['女', '12/10/2026', '坏日期', '3']);
    const boundary = '----online';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(await out.xlsx.writeBuffer()),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.request({
      method: 'POST',
      url: data('onl_meeting', 'importExcel'),
      token: booker,
      tenant: 1001,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(imported.json().result).toMatchObject({ total: 2, success: 1, failed: 1 });
    const importedRow = (await call('GET', `${data('onl_meeting', 'list')}?topic=导入会`, undefined, booker)).json()
      .result.records[0];
    expect([importedRow.room, importedRow.seats, importedRow.tenantId]).toEqual(['2', 3, 1001]);
    await call('DELETE', `${data('onl_meeting', 'delete')}?id=${importedRow.id}`, undefined, booker);

    // Alter: add a column and rename a label; the rows stay.
    const current = (await call('GET', `${ONLINE_API.head}/queryById?id=${form.id}`)).json().result;
    const altered = {
      id: form.id,
      tableName: current.tableName,
      title: current.title,
      formKind: current.formKind,
      theme: current.theme,
      fields: [
        ...current.fields.map((f: Record<string, unknown>) => (f.name === 'topic' ? { ...f, label: '会议主题' } : f)),
        { name: 'host', label: '主持人', dbType: 'string', length: 30 },
      ],
    };
    expect((await call('PUT', `${ONLINE_API.head}/edit`, altered)).json().message).toBe('编辑成功！');
    // Until synchronised the pages keep serving the old columns.
    expect((await add({ room: '1', meetingDate: '2026-12-03', host: '王五' })).statusCode).toBe(400);
    const sync2 = await call('POST', `${ONLINE_API.head}/sync`, { id: form.id });
    expect(sync2.json().result.changes).toEqual(['新增字段 host']);
    expect((await add({ room: '1', meetingDate: '2026-12-03', host: '王五', topic: '新会' })).statusCode).toBe(200);
    const kept = (await call('GET', `${data('onl_meeting', 'queryById')}?id=${id}`, undefined, booker)).json().result;
    expect([kept.topic, kept.seats, kept.host]).toEqual(['周例会（改）', 9, null]);

    // Dropping a column that holds data needs a confirmation, and is logged.
    const dropped = { ...altered, fields: altered.fields.filter((f: { name: string }) => f.name !== 'seats') };
    await call('PUT', `${ONLINE_API.head}/edit`, dropped);
    const refused = await call('POST', `${ONLINE_API.head}/sync`, { id: form.id });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      ONLINE_MESSAGES.destructive('删除有数据的字段 seats'),
    ]);
    expect(
      (await call('GET', `${data('onl_meeting', 'queryById')}?id=${id}`, undefined, booker)).json().result.seats,
    ).toBe(9);
    const confirmed = await call('POST', `${ONLINE_API.head}/sync`, { id: form.id, confirm: true });
    expect(confirmed.statusCode).toBe(200);
    const versions = (await call('GET', `${ONLINE_API.head}/versions?id=${form.id}`)).json().result;
    expect(versions.map((v: { action: string }) => v.action)).toEqual(
      expect.arrayContaining(['add', 'sync', 'edit', 'sync-destructive']),
    );
    const after = (await call('GET', `${data('onl_meeting', 'queryById')}?id=${id}`, undefined, booker)).json().result;
    expect([after.topic, 'seats' in after]).toEqual(['周例会（改）', false]);

    // Delete and batch delete, scoped like any resource.
    const all = (await call('GET', data('onl_meeting', 'list'), undefined, booker)).json().result.records;
    const del = await call(
      'DELETE',
      `${data('onl_meeting', 'deleteBatch')}?ids=${all.map((r: { id: string }) => r.id).join(',')}`,
      undefined,
      booker,
    );
    expect(del.json().message).toBe(`批量删除成功！共 ${all.length} 条`);

    // A staff user without the buttons gets nothing.
    expect((await add({ room: '1', meetingDate: '2026-12-01' }, staff)).statusCode).toBe(403);
  });

  it('serves a tree table level by level, and main/sub forms with their foreign key', async () => {
    const tree = await define({
      tableName: 'onl_area',
      title: '区域',
      formKind: 'tree',
      theme: 'plain',
      treeParentField: 'pid',
      fields: [{ name: 'area_name', label: '区域名称', dbType: 'string', required: true }],
    });
    expect((await call('POST', `${ONLINE_API.head}/sync`, { id: tree.id })).statusCode).toBe(200);
    const codes = await addButtons('onl_area');
    const roleId = await roleWith(t, admin, 1001, 'area_keeper', codes);
    await accountWith(t, admin, 1001, 'area_keeper', [roleId]);
    const keeper = await t.login('area_keeper', 'Passw0rd!');
    const add = async (payload: object) =>
      (await call('POST', data('onl_area', 'add'), payload, keeper)).json().result.id as string;
    const root = await add({ areaName: '锦江区' });
    await add({ areaName: '春熙路街道', pid: root });
    await add({ areaName: '青羊区' });
    const top = (
      await call('GET', `${data('onl_area', 'list')}?treeRoot=1&column=areaName&order=asc`, undefined, keeper)
    ).json().result.records;
    expect(top.map((r: { areaName: string; hasChild: string }) => [r.areaName, r.hasChild])).toEqual([
      ['锦江区', '1'],
      ['青羊区', '0'],
    ]);
    const children = (await call('GET', `${data('onl_area', 'list')}?pid=${root}`, undefined, keeper)).json().result;
    expect(children.records.map((r: { areaName: string }) => r.areaName)).toEqual(['春熙路街道']);

    // Main/sub: the sub form must exist as a sub form with its foreign key, and be synchronised first.
    const sub = await define({
      tableName: 'onl_order_item',
      title: '明细',
      formKind: 'sub',
      theme: 'plain',
      fields: [
        { name: 'order_id', label: '订单', dbType: 'string', length: 32, required: true },
        { name: 'item', label: '物品', dbType: 'string' },
      ],
    });
    const mainForm = {
      tableName: 'onl_order',
      title: '订单',
      formKind: 'main',
      theme: 'erp',
      subTables: [{ table: 'onl_order_item', relation: 'many', foreignKey: 'nope' }],
      fields: [{ name: 'order_no', label: '单号', dbType: 'string' }],
    };
    expect(await refusedForm(mainForm)).toEqual([400, '附表 onl_order_item 没有外键字段 nope']);
    const main = await define({ ...mainForm, subTables: [{ ...mainForm.subTables[0], foreignKey: 'order_id' }] });
    expect((await call('POST', `${ONLINE_API.head}/sync`, { id: main.id })).json().message).toBe(
      '请先同步附表 onl_order_item',
    );
    await call('POST', `${ONLINE_API.head}/sync`, { id: sub.id });
    expect((await call('POST', `${ONLINE_API.head}/sync`, { id: main.id })).statusCode).toBe(200);
    await addButtons('onl_order');
  });

  it('saves a main record with its sub rows in one request and one transaction, naming the bad row', async () => {
    const line = await define({
      tableName: 'onl_bill_line',
      title: '明细',
      formKind: 'sub',
      theme: 'plain',
      fields: [
        { name: 'bill_id', label: '单据', dbType: 'string', length: 32, required: true },
        { name: 'goods', label: '物品', dbType: 'string', required: true },
        { name: 'qty', label: '数量', dbType: 'int' },
        { name: 'code', label: '编码', dbType: 'string', unique: true },
      ],
    });
    const extra = await define({
      tableName: 'onl_bill_extra',
      title: '附加信息',
      formKind: 'sub',
      theme: 'plain',
      fields: [
        { name: 'bill_id', label: '单据', dbType: 'string', length: 32, required: true },
        { name: 'note', label: '说明', dbType: 'string' },
      ],
    });
    const bill = await define({
      tableName: 'onl_bill',
      title: '领用单',
      formKind: 'main',
      theme: 'tab',
      subTables: [
        { table: 'onl_bill_line', relation: 'many', foreignKey: 'bill_id' },
        { table: 'onl_bill_extra', relation: 'one', foreignKey: 'bill_id' },
      ],
      fields: [{ name: 'bill_no', label: '单号', dbType: 'string', required: true }],
    });
    for (const f of [line, extra, bill]) await call('POST', `${ONLINE_API.head}/sync`, { id: f.id });
    // Only the main form's buttons: they cover its sub rows.
    const roleId = await roleWith(t, admin, 1001, 'bill_clerk', await addButtons('onl_bill'));
    await accountWith(t, admin, 1001, 'bill_clerk', [roleId]);
    const clerk = await t.login('bill_clerk', 'Passw0rd!');
    const save = (method: 'POST' | 'PUT', payload: object) =>
      call(method, data('onl_bill', method === 'POST' ? 'add' : 'edit'), payload, clerk);
    const counts = async () =>
      Promise.all(
        ['onl_bill', 'onl_bill_line', 'onl_bill_extra'].map(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table
          async (table) => (await (db() as any).selectFrom(table).select('id').execute()).length,
        ),
      );

    const refused = async (method: 'POST' | 'PUT', payload: object) => {
      const res = await save(method, payload);
      return [res.statusCode, res.json().message];
    };
    expect(
      await refused('POST', {
        billNo: 'B1',
        onl_bill_line: [
          { goods: '笔', qty: 2 },
          { goods: '纸', qty: 'x' },
        ],
      }),
    ).toEqual([400, '明细第 2 行：数量须为整数']);
    expect(await refused('POST', { billNo: 'B1', onl_bill_line: [{ goods: '笔' }, { qty: 1 }] })).toEqual([
      400,
      '明细第 2 行：请输入物品',
    ]);
    // The second row's duplicate is found inside the transaction: the main record is rolled back with it.
    expect(
      await refused('POST', {
        billNo: 'B1',
        onl_bill_line: [
          { goods: '笔', code: 'A' },
          { goods: '纸', code: 'A' },
        ],
      }),
    ).toEqual([400, '明细第 2 行：编码“A”已存在']);
    expect(await refused('POST', { billNo: 'B1', onl_bill_extra: [{ note: 'a' }, { note: 'b' }] })).toEqual([
      400,
      '附加信息只能有一行',
    ]);
    expect(await refused('POST', { billNo: 'B1', onl_bill_line: { goods: '笔' } })).toEqual([
      400,
      '附表 onl_bill_line 的数据须为列表',
    ]);
    expect(await counts()).toEqual([0, 0, 0]);

    const added = await save('POST', {
      billNo: 'B1',
      // A foreign key in the row is overwritten with the new main record's id.
      onl_bill_line: [
        { goods: '笔', qty: 2, code: 'A', billId: 'someone-else' },
        { goods: '纸', qty: 5 },
      ],
      onl_bill_extra: [{ note: '加急' }],
    });
    expect([added.statusCode, added.json().message]).toEqual([200, '添加成功！']);
    const id = added.json().result.id as string;
    const subRows = async (mainId = id) =>
      (await call('GET', `${data('onl_bill', 'subRows')}?id=${mainId}`, undefined, clerk)).json().result as Record<
        string,
        { id: string; goods?: string; qty?: number; billId: string; note?: string }[]
      >;
    let subs = await subRows();
    // Rows saved in the same second come back in no particular order.
    const byGoods = <T extends { goods?: string }>(rows: T[]) =>
      [...rows].sort((a, b) => String(a.goods).localeCompare(String(b.goods)));
    expect(byGoods(subs.onl_bill_line!).map((r) => [r.goods, r.qty, r.billId])).toEqual([
      ['笔', 2, id],
      ['纸', 5, id],
    ]);
    expect(subs.onl_bill_extra!.map((r) => [r.note, r.billId])).toEqual([['加急', id]]);

    // Edit: the first row changed, the second dropped, a third added; the extra row kept as it is.
    const [pen, paper] = byGoods(subs.onl_bill_line!);
    const edited = await save('PUT', {
      id,
      billNo: 'B1-改',
      onl_bill_line: [{ id: pen!.id, goods: '钢笔', qty: 3 }, { goods: '墨水' }],
    });
    expect([edited.statusCode, edited.json().message]).toEqual([200, '编辑成功！']);
    subs = await subRows();
    expect(byGoods(subs.onl_bill_line!).map((r) => [r.id === pen!.id, r.goods])).toEqual([
      [true, '钢笔'],
      [false, '墨水'],
    ]);
    expect(subs.onl_bill_extra!.map((r) => r.note)).toEqual(['加急']);
    const logged = await db()
      .selectFrom('sysDataLog')
      .select('action')
      .where('dataTable', '=', 'onl_bill_line')
      .where('dataId', '=', paper!.id)
      .execute();
    expect(logged.map((l) => l.action).sort()).toEqual(['add', 'delete']);

    // Another record's row cannot be taken over; a failed edit changes nothing.
    const other = await save('POST', { billNo: 'B2', onl_bill_line: [{ goods: '尺' }] });
    const ruler = (await subRows(other.json().result.id)).onl_bill_line![0]!;
    expect(
      await refused('PUT', {
        id,
        billNo: 'B1-再改',
        onl_bill_line: [
          { id: pen!.id, goods: '钢笔' },
          { id: ruler.id, goods: '尺' },
        ],
      }),
    ).toEqual([400, '明细第 2 行：该行不属于本记录']);
    expect(
      (await call('GET', `${data('onl_bill', 'queryById')}?id=${id}`, undefined, clerk)).json().result.billNo,
    ).toBe('B1-改');
    expect((await subRows()).onl_bill_line!.length).toBe(2);
    // Staff without the main form's rights reads no sub rows.
    expect((await call('GET', `${data('onl_bill', 'subRows')}?id=${id}`, undefined, staff)).statusCode).toBe(403);
    // Deleting a main record takes its sub rows along; the other record's rows stay.
    expect((await call('DELETE', `${data('onl_bill', 'delete')}?id=${id}`, undefined, clerk)).statusCode).toBe(200);
    expect(await counts()).toEqual([1, 1, 0]);
  });

  it('stores rich text through the announcements sanitiser and markdown as written', async () => {
    const form = await define({
      tableName: 'onl_notice',
      title: '须知',
      formKind: 'single',
      theme: 'plain',
      fields: [
        { name: 'body', label: '正文', dbType: 'text', widget: 'richText' },
        { name: 'memo', label: '备注', dbType: 'text', widget: 'markdown' },
      ],
    });
    await call('POST', `${ONLINE_API.head}/sync`, { id: form.id });
    const roleId = await roleWith(t, admin, 1001, 'notice_writer', await addButtons('onl_notice'));
    await accountWith(t, admin, 1001, 'notice_writer', [roleId]);
    const writer = await t.login('notice_writer', 'Passw0rd!');
    const body =
      '<p style="color: red" onclick="steal()"><strong>须知</strong><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">链接</a><img src="/a.png" onerror="alert(1)">';
    const memo = '**粗体** <script>x</script>';
    const added = await call('POST', data('onl_notice', 'add'), { body, memo }, writer);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result.id as string;
    const row = (await call('GET', `${data('onl_notice', 'queryById')}?id=${id}`, undefined, writer)).json().result;
    expect(row.body).toBe('<p style="color:red;"><strong>须知</strong></p><a href>链接</a><img src="/a.png">');
    // Markdown is text: the browser renders it through a sanitising preview.
    expect(row.memo).toBe(memo);
    const evil = '<iframe src="https://evil"></iframe><p>改</p>';
    expect((await call('PUT', data('onl_notice', 'edit'), { id, body: evil }, writer)).statusCode).toBe(200);
    const edited = await call('GET', `${data('onl_notice', 'queryById')}?id=${id}`, undefined, writer);
    expect(edited.json().result.body).toBe('<p>改</p>');
  });

  it('copies a definition as a new version over its own table', async () => {
    const source = (await call('GET', `${ONLINE_API.head}/list?tableName=onl_meeting`)).json().result.records[0];
    const copied = await call('POST', `${ONLINE_API.head}/copy`, { id: source.id, tableName: 'onl_meeting_copy' });
    expect(copied.json().message).toBe('复制成功！');
    const copy = copied.json().result;
    expect([copy.tableName, copy.copyOf, copy.version, copy.syncedVersion, copy.fields.length]).toEqual([
      'onl_meeting_copy',
      source.id,
      1,
      null,
      source.fields.length,
    ]);
    expect(
      (await call('POST', `${ONLINE_API.head}/copy`, { id: source.id, tableName: 'onl_meeting' })).json().message,
    ).toBe(ONLINE_MESSAGES.tableTaken);
  });

  it('keeps at most 16 enhancement versions per form', async () => {
    for (let i = 1; i <= 18; i++) {
      const res = await call('POST', `${ONLINE_API.head}/enhance`, { tableName: 'onl_meeting', script: `// v${i}` });
      expect(res.statusCode).toBe(200);
    }
    const kept = (await call('GET', `${ONLINE_API.head}/enhance?tableName=onl_meeting`)).json().result;
    expect(kept.length).toBe(16);
    expect([kept[0].script, kept[15].script]).toEqual(['// v18', '// v3']);
    expect(
      (await call('POST', `${ONLINE_API.head}/enhance`, { tableName: 'onl_meeting', script: '' }, staff)).statusCode,
    ).toBe(403);
  });

  describe('online reports', () => {
    const report = {
      code: 'dict_report',
      name: '字典统计',
      sqlText:
        'select d.dict_code as code, d.dict_name as name, count(i.id) as items from sys_dict d ' +
        'left join sys_dict_item i on i.dict_id = d.id where d.dict_code like :prefix group by d.dict_code, d.dict_name',
      params: [{ name: 'prefix', label: '前缀', defaultValue: '%', hint: '如 sex%' }],
      columns: [
        { field: 'code', label: '编码', sortable: true },
        { field: 'name', label: '名称' },
        { field: 'items', label: '项数', sortable: true },
      ],
      queryFields: [{ field: 'name', label: '名称', mode: 'like' }],
    };
    const save = (payload: object, token = admin) => call('POST', `${ONLINE_API.report}/add`, payload, token);
    const refusal = async (sqlText: string) => (await save({ ...report, code: 'bad', sqlText })).json().message;

    // The dictionary reports read system tables, which reports may read only once a platform administrator allows.
    beforeAll(async () => {
      const allowed = await call('PUT', ONLINE_API.reportSystemTables, { tables: ['sys_dict', 'sys_dict_item'] });
      expect(allowed.statusCode, allowed.body).toBe(200);
    });

    it('saves one SELECT and shows it with bound parameters, sorting, filters and export', async () => {
      const saved = await save(report);
      expect([saved.statusCode, saved.json().message]).toEqual([200, '添加成功！']);
      const rows = async (query: string) =>
        (await call('GET', `${ONLINE_API.reportData}/dict_report?${query}`)).json().result;
      const sexOnly = await rows('prefix=sex&pageSize=10');
      expect(sexOnly.records).toEqual([{ code: 'sex', name: '性别', items: expect.anything() }]);
      expect(Number(sexOnly.records[0].items)).toBe(2);
      // A value is bound, never spliced: an injection attempt matches nothing.
      expect((await rows(`prefix=${encodeURIComponent("x' or '1'='1")}`)).total).toBe(0);
      const sorted = await rows('column=code&order=asc&pageSize=1000');
      const codes = sorted.records.map((r: { code: string }) => r.code);
      expect(codes).toEqual([...codes].sort());
      expect((await rows('name=性')).records.map((r: { code: string }) => r.code)).toContain('sex');
      expect((await call('GET', `${ONLINE_API.reportData}/dict_report?column=name`)).statusCode).toBe(400);
      const xls = await call('GET', `${ONLINE_API.reportExport}/dict_report?prefix=sex`);
      expect(xls.statusCode).toBe(200);
      // The config answers no SQL; staff without the right gets 403.
      const config = (await call('GET', `${ONLINE_API.reportConfig}/dict_report`)).json().result;
      expect(config.sqlText).toBeUndefined();
      // What the parameter takes reaches the report page, which shows it in the empty field.
      expect(config.params).toEqual([expect.objectContaining({ name: 'prefix', hint: '如 sex%' })]);
      expect((await call('GET', `${ONLINE_API.reportData}/dict_report`, undefined, staff)).statusCode).toBe(403);
      expect((await save({ ...report, code: 'staff_report' }, staff)).statusCode).toBe(403);
    });

    it('serves an online report through the popup calls of the widget library', async () => {
      const columns = await call('GET', `/online/cgreport/api/getRpColumns/dict_report`);
      expect(columns.statusCode).toBe(200);
      const { cgRpConfigId, columns: cols } = columns.json().result;
      expect(cols.map((c: { field: string }) => c.field)).toEqual(['code', 'name', 'items']);
      const info = (await call('GET', `/online/cgreport/api/getQueryInfo/${cgRpConfigId}`)).json().result;
      expect(info).toEqual([{ field: 'name', title: '名称', mode: 'single' }]);
      const rows = (await call('GET', `/online/cgreport/api/getData/${cgRpConfigId}?self_prefix=sex`)).json().result;
      expect(rows.records).toEqual([expect.objectContaining({ code: 'sex', id: '1' })]);
      // The registered popup reports still answer, and staff without the report's right gets nothing.
      expect((await call('GET', `/online/cgreport/api/getRpColumns/sys_user_report`)).statusCode).toBe(200);
      expect((await call('GET', `/online/cgreport/api/getData/${cgRpConfigId}`, undefined, staff)).statusCode).toBe(
        403,
      );
    });

    it('生成菜单 adds the page entry with its buttons under the chosen parent; report rights have their own prefix', async () => {
      const parent = await db()
        .selectFrom('sysPermission')
        .select('id')
        .where('url', '=', '/online')
        .executeTakeFirstOrThrow();
      const copy = (await call('GET', `${ONLINE_API.head}/list?tableName=onl_meeting_copy`)).json().result.records[0];
      expect((await call('POST', ONLINE_API.formMenu, { id: copy.id, parentId: parent.id }, staff)).statusCode).toBe(
        403,
      );
      const made = await call('POST', ONLINE_API.formMenu, {
        id: copy.id,
        parentId: parent.id,
        name: '会议室预约（副本）',
      });
      expect([made.statusCode, made.json().message]).toEqual([200, ONLINE_MESSAGES.menuCreated]);
      const menu = await db()
        .selectFrom('sysPermission')
        .selectAll()
        .where('id', '=', made.json().result.id)
        .executeTakeFirstOrThrow();
      expect([menu.name, menu.parentId, menu.url, menu.component, menu.menuType]).toEqual([
        '会议室预约（副本）',
        parent.id,
        '/online/cgformList/onl_meeting_copy',
        ONLINE_COMPONENTS.autoList,
        1,
      ]);
      const buttons = await db()
        .selectFrom('sysPermission')
        .select(['id', 'perms', 'name'])
        .where('parentId', '=', menu.id)
        .orderBy('sortNo')
        .execute();
      expect(buttons.map((b) => [b.perms, b.name])).toEqual([
        ['online:onl_meeting_copy:list', '查询'],
        ['online:onl_meeting_copy:add', '新增'],
        ['online:onl_meeting_copy:edit', '编辑'],
        ['online:onl_meeting_copy:delete', '删除'],
        ['online:onl_meeting_copy:export', '导出'],
        ['online:onl_meeting_copy:import', '导入'],
      ]);
      // Granted at once to the creator's menu-admin roles, so the administrator can hand them on.
      const granted = await db()
        .selectFrom('sysRolePermission')
        .select('permissionId')
        .where(
          'permissionId',
          'in',
          buttons.map((b) => b.id),
        )
        .execute();
      expect(new Set(granted.map((g) => g.permissionId)).size).toBe(6);
      // A second menu for the same page, or one over buttons already made by hand, is refused without writing.
      const before = (await db().selectFrom('sysPermission').select('id').execute()).length;
      expect((await call('POST', ONLINE_API.formMenu, { id: copy.id, parentId: parent.id })).json().message).toBe(
        ONLINE_MESSAGES.menuExists('/online/cgformList/onl_meeting_copy'),
      );
      expect((await db().selectFrom('sysPermission').select('id').execute()).length).toBe(before);

      // A report's page: its right is online:report:{code}:list, never a form table's shape.
      const report = (await call('GET', `${ONLINE_API.report}/list?name=字典统计`)).json().result.records[0];
      const reportMenu = await call('POST', ONLINE_API.reportMenu, { id: report.id, parentId: parent.id });
      expect(reportMenu.statusCode, reportMenu.body).toBe(200);
      const viewButton = await db()
        .selectFrom('sysPermission')
        .select(['id', 'perms'])
        .where('parentId', '=', reportMenu.json().result.id)
        .execute();
      expect(viewButton.map((b) => b.perms)).toEqual([onlineReportPerm('dict_report')]);
      const role = await call('POST', '/sys/role/add', { roleCode: 'report_viewer', roleName: '报表查看' });
      const roleId = role.json().result.id as string;
      const grant = await call('POST', '/sys/permission/saveRolePermission', {
        roleId,
        permissionIds: viewButton[0]!.id,
      });
      expect(grant.statusCode, grant.body).toBe(200);
      await accountWith(t, admin, 1001, 'report_viewer', [roleId]);
      const viewer = await t.login('report_viewer', 'Passw0rd!');
      // The view right lets the viewer past the permission check; a report on system tables (every tenant's rows)
      // is then for platform administrators only.
      const viewed = await call('GET', `${ONLINE_API.reportData}/dict_report?prefix=sex`, undefined, viewer);
      expect([viewed.statusCode, viewed.json().message]).toEqual([403, ONLINE_MESSAGES.reportPlatformOnly]);
      expect((await call('GET', `${ONLINE_API.reportData}/dict_report`, undefined, staff)).json().message).toBe(
        `没有权限，请联系管理员授权：缺少权限 ${onlineReportPerm('dict_report')}`,
      );
    });

    it('moves report view rights made before the prefix to online:report:{code}:list, leaving form buttons', async () => {
      const now = '2026-11-25 10:00:00';
      const row = (id: string, values: object) => ({
        id,
        parentId: null,
        name: id,
        url: null,
        component: null,
        componentName: null,
        redirect: null,
        menuType: 2,
        perms: null,
        permsType: null,
        sortNo: 0,
        alwaysShow: 0,
        icon: null,
        isRoute: 0,
        isLeaf: 1,
        keepAlive: 0,
        hidden: 0,
        hideTab: 0,
        description: null,
        status: '1',
        delFlag: 0,
        ruleFlag: 0,
        internalOrExternal: 0,
        createBy: 'admin',
        createTime: now,
        updateBy: null,
        updateTime: null,
        ...values,
      });
      await db()
        .insertInto('sysPermission')
        .values([
          row('oldrepmenu', {
            menuType: 1,
            url: '/online/cgreportList/old_rep',
            component: ONLINE_COMPONENTS.reportAutoList,
            isRoute: 1,
          }),
          row('oldrepbtn', { parentId: 'oldrepmenu', perms: 'online:old_rep:list', permsType: '1' }),
        ])
        .execute();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration takes the untyped database
      await migrateReportPerms(db() as any);
      const perms = async (id: string) =>
        (await db().selectFrom('sysPermission').select('perms').where('id', '=', id).executeTakeFirstOrThrow()).perms;
      expect(await perms('oldrepbtn')).toBe('online:report:old_rep:list');
      // Form buttons (under auto list entries) keep their codes.
      const formButtons = await db()
        .selectFrom('sysPermission')
        .select('perms')
        .where('perms', '=', onlineFormPerm('onl_meeting', 'list'))
        .execute();
      expect(formButtons.length).toBe(1);
    });

    it('refuses writes, several statements, dangerous functions, credential tables and text parameters', async () => {
      expect(await refusal('delete from sys_dict')).toBe(ONLINE_MESSAGES.sqlNotSelect);
      expect(await refusal('select 1 as a; delete from sys_dict')).toBe(ONLINE_MESSAGES.sqlNotSelect);
      expect(await refusal('update sys_dict set dict_name = 1')).toBe(ONLINE_MESSAGES.sqlNotSelect);
      expect(await refusal('select pg_sleep(10) as a')).toBe(ONLINE_MESSAGES.sqlFunction('pg_sleep'));
      expect(await refusal('select sleep(10) as a')).toBe(ONLINE_MESSAGES.sqlFunction('sleep'));
      expect(await refusal("select load_file('/etc/passwd') as a")).toBe(ONLINE_MESSAGES.sqlFunction('load_file'));
      expect(await refusal('select randomblob(1000000000) as a')).toBe(ONLINE_MESSAGES.sqlFunction('randomblob'));
      expect(await refusal('select username, password from sys_user')).toBe(ONLINE_MESSAGES.sqlTable('sys_user'));
      expect(await refusal("select * from sys_dict where dict_code = '${code}'")).toBe(ONLINE_MESSAGES.sqlParamText);
      expect(await refusal('select * from sys_dict -- comment')).toBe('SQL 中不允许注释');
      const cte = await refusal('with x as (delete from sys_dict returning *) select * from x');
      expect([ONLINE_MESSAGES.sqlNotSelect, ONLINE_MESSAGES.sqlParse]).toContain(cte);
      expect(await refusal('select * from sys_dict where dict_code = :unknown')).toBe(
        'SQL 参数 :unknown 未在参数中配置',
      );
      const dicts = await db().selectFrom('sysDict').select('id').execute();
      expect(dicts.length).toBeGreaterThan(0);
    });

    it('runs a report on a data source after the same checks, and says when the source cannot be reached', async () => {
      const file = path.join(sourceFolder, 'stock.db');
      const stock = new Database(file);
      stock.exec(
        "create table stock (name text, qty integer); insert into stock values ('铅笔', 12), ('纸', 3), ('墨水', 7);",
      );
      stock.close();
      const source = async (payload: object) => {
        const res = await call('POST', `${DATA_SOURCE_API.base}/add`, payload);
        expect(res.statusCode, res.body).toBe(200);
      };
      await source({ code: 'stock_db', name: '库存库', dbType: 'sqlite', databaseName: 'stock.db' });
      const stockReport = {
        code: 'stock_report',
        name: '库存',
        dbSource: 'stock_db',
        sqlText: 'select name, qty from stock where qty >= :min',
        params: [{ name: 'min', label: '最少', defaultValue: '0' }],
        columns: [
          { field: 'name', label: '名称' },
          { field: 'qty', label: '数量', sortable: true },
        ],
      };
      const saved = await save(stockReport);
      expect([saved.statusCode, saved.json().message]).toEqual([200, '添加成功！']);
      expect(saved.json().result.dbSource).toBe('stock_db');
      const rows = (await call('GET', `${ONLINE_API.reportData}/stock_report?min=5&column=qty&order=desc`)).json()
        .result;
      expect(rows.records).toEqual([
        { name: '铅笔', qty: 12 },
        { name: '墨水', qty: 7 },
      ]);
      expect(rows.total).toBe(2);
      // The main database's tables are not there: the report reads the source.
      expect(
        (await save({ ...stockReport, code: 'stock_main', sqlText: 'select * from sys_dict' })).json().message,
      ).toBe(ONLINE_MESSAGES.sqlRun);

      // The same refusals as on the main database; the file is left as it was.
      const onSource = async (sqlText: string) =>
        (await save({ ...stockReport, code: 'stock_bad', sqlText, params: [] })).json().message;
      expect(await onSource("delete from stock where name = '纸'")).toBe(ONLINE_MESSAGES.sqlNotSelect);
      expect(await onSource('select name from stock; drop table stock')).toBe(ONLINE_MESSAGES.sqlNotSelect);
      expect(await onSource('select sql from sqlite_master')).toBe(ONLINE_MESSAGES.sqlTable('sqlite_master'));
      expect(await onSource('select randomblob(1000) as x from stock')).toBe(ONLINE_MESSAGES.sqlFunction('randomblob'));
      const after = new Database(file, { readonly: true });
      expect(after.prepare('select count(*) as n from stock').get()).toEqual({ n: 3 });
      after.close();
      const missing = await save({ ...stockReport, code: 'stock_missing', dbSource: 'nope' });
      expect([missing.statusCode, missing.json().message]).toEqual([400, ONLINE_MESSAGES.sourceMissing('nope')]);

      // A server that accepts the connection and never answers: the 5-second timeout, in Chinese.
      const silent = net.createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as net.AddressInfo).port;
      try {
        await source({
          code: 'silent_pg',
          name: '无响应',
          dbType: 'postgres',
          host: '127.0.0.1',
          port,
          databaseName: 'x',
          username: 'x',
        });
        const started = Date.now();
        const timedOut = await save({ ...stockReport, code: 'silent_report', dbSource: 'silent_pg' });
        expect([timedOut.statusCode, timedOut.json().message]).toEqual([400, ONLINE_MESSAGES.sourceTimeout(5)]);
        expect(Date.now() - started).toBeLessThan(8000);
      } finally {
        silent.close();
      }
      await source({
        code: 'closed_my',
        name: '拒绝',
        dbType: 'mysql',
        host: '127.0.0.1',
        port: 1,
        databaseName: 'x',
        username: 'x',
      });
      const refused = await save({ ...stockReport, code: 'closed_report', dbSource: 'closed_my' });
      expect(refused.statusCode).toBe(400);
      // In Chinese, as 测试连接 says it, never the driver's "connect ECONNREFUSED 127.0.0.1:1".
      expect(refused.json().message).toBe(
        `${ONLINE_MESSAGES.sourceFailed}${DATA_SOURCE_MESSAGES.unreachable.replace(/^连接失败：/, '')}`,
      );
      expect((await call('GET', `${ONLINE_API.report}/list?name=无响应`)).json().result.total).toBe(0);
    }, 30_000);

    it.runIf(process.env.TEST_PG_URL)('runs a report on a PostgreSQL data source with bound parameters', async () => {
      const url = new URL(process.env.TEST_PG_URL!);
      // Codes are letters, digits and underscores: 'sqlite+redis' becomes sqlite_redis.
      const tag = target.name.replace(/\W/g, '_');
      const add = await call('POST', `${DATA_SOURCE_API.base}/add`, {
        code: `pg_src_${tag}`,
        name: 'PG',
        dbType: 'postgres',
        host: url.hostname,
        port: Number(url.port || 5432),
        databaseName: url.pathname.slice(1),
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password) || undefined,
      });
      expect(add.statusCode, add.body).toBe(200);
      const saved = await save({
        code: `pg_report_${tag}`,
        name: 'PG 报表',
        dbSource: `pg_src_${tag}`,
        sqlText: 'select cast(:n as integer) + 1 as next',
        params: [{ name: 'n', label: 'n', defaultValue: '1' }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const rows = (await call('GET', `${ONLINE_API.reportData}/pg_report_${tag}?n=41`)).json().result;
      expect(rows.records).toEqual([{ next: 42 }]);
    });
  });
});
