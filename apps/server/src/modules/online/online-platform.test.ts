import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { MSG, ONLINE_API, ONLINE_LIMITS, ONLINE_MESSAGES, onlineColumnProblem } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as rebuildUniqueIndexes } from '../../db/migrations/2026-11-27-0010-online-platform.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { uniqueIndexName } from './form.sync.js';
import { SANDBOX_CSP, SANDBOX_HTML } from './sandbox.html.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/* eslint-disable @typescript-eslint/no-explicit-any -- generated tables are outside the schema type */

const ROOM = {
  tableName: 'onl_room',
  title: '会议室',
  formKind: 'single',
  theme: 'plain',
  fields: [
    { name: 'room_no', label: '房间号', dbType: 'string', length: 20, required: true, unique: true },
    { name: 'seats', label: '座位', dbType: 'int' },
  ],
};

/*
 * Online form definitions, their tables and enhancement scripts are shared by every tenant (platform objects); the
 * rows of the generated tables belong to tenants. Column names are checked against one shared list of reserved and
 * system names, and synchronisation answers a definition the database refuses with a 400.
 */
describe.each(targets)('online forms as platform objects on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  const call = (method: Method, url: string, payload?: object, token = admin, tenant: number = 1001) =>
    t.request({ method, url, token, tenant, payload });
  const db = () => t.app.ctx.db.db as any;
  /** The database without the camelCase mapping: generated tables and columns as they are named. */
  const raw = () => t.app.ctx.db.db.withoutPlugins() as any;
  const data = (table: string, action: string) => `${ONLINE_API.data}/${table}/${action}`;
  const head = (action: string) => `${ONLINE_API.head}/${action}`;
  const define = async (payload: object) => {
    const res = await call('POST', head('add'), payload);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result as { id: string; version: number; fields: object[] };
  };
  const sync = async (id: string) => {
    const res = await call('POST', head('sync'), { id });
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  /** 生成菜单 as the platform administrator: the buttons go to the administrator role, which both admins hold. */
  const menu = async (id: string) => {
    const res = await call('POST', ONLINE_API.formMenu, { id });
    if (res.statusCode !== 200) throw new Error(res.body);
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    // The administrator role in tenant 1002 only: every permission code, no platform role.
    tenantAdmin = (
      await createTestUser(t, {
        username: 'onlineadmin2',
        password: 'Passw0rd!',
        roleIds: [seedId('role:admin')],
        tenants: [1002],
      })
    ).token;
  });
  afterAll(() => t?.close());

  it('lets only a platform administrator change a definition, its table, its script or its menu', async () => {
    const room = await define(ROOM);
    const edited = { ...ROOM, id: room.id, title: '会议室（改）' };
    const refused = async (method: Method, url: string, payload?: object) => {
      const res = await call(method, url, payload, tenantAdmin, 1002);
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([403, MSG.platformOnly]);
    };
    await refused('POST', head('add'), { ...ROOM, tableName: 'onl_room_other' });
    await refused('PUT', head('edit'), edited);
    await refused('POST', head('edit'), edited);
    await refused('POST', head('copy'), { id: room.id, tableName: 'onl_room_copy' });
    await refused('POST', head('sync'), { id: room.id });
    await refused('POST', head('sync'), { id: room.id, confirm: true });
    await refused('POST', head('enhance'), { tableName: 'onl_room', script: 'enhance({})' });
    await refused('POST', ONLINE_API.formMenu, { id: room.id });
    await refused('DELETE', `${head('delete')}?id=${room.id}`);

    // Nothing changed: no copy, no table, no script, no menu, the title kept.
    const stored = (await call('GET', `${head('queryById')}?id=${room.id}`, undefined, tenantAdmin, 1002)).json();
    expect([stored.result.title, stored.result.version, stored.result.syncedVersion]).toEqual(['会议室', 1, null]);
    expect((await call('GET', `${head('list')}?tableName=onl_room`)).json().result.total).toBe(1);
    const scripts = await call('GET', `${head('enhance')}?tableName=onl_room`, undefined, tenantAdmin, 1002);
    expect([scripts.statusCode, scripts.json().result]).toEqual([200, []]);
    const menus = await db().selectFrom('sysPermission').select('id').where('url', '=', '/online/cgformList/onl_room');
    expect(await menus.execute()).toEqual([]);

    // The platform administrator does all of it.
    expect((await call('PUT', head('edit'), edited)).statusCode).toBe(200);
    await sync(room.id);
    expect((await call('POST', head('enhance'), { tableName: 'onl_room', script: 'enhance({})' })).statusCode).toBe(
      200,
    );
    await menu(room.id);
    const routes = t.app.routeTable.filter((r) => r.platform).map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining(
        ['POST add', 'PUT edit', 'POST edit', 'DELETE delete', 'POST copy', 'POST sync', 'POST enhance']
          .map((r) => r.replace(' ', ` /api${ONLINE_API.head}/`))
          .concat(`POST /api${ONLINE_API.formMenu}`),
      ),
    );
    expect(routes).not.toContain(`GET /api${ONLINE_API.head}/list`);
  });

  it('tells the pages whether the caller administers the platform, in the permission answer', async () => {
    const answer = async (token: string, tenant: number) =>
      (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, token, tenant)).json().result;
    expect((await answer(admin, 1001)).isPlatformAdmin).toBe(true);
    // The administrator role's whole menu, without the platform role.
    const tenantAnswer = await answer(tenantAdmin, 1002);
    expect(tenantAnswer.isPlatformAdmin).toBe(false);
    expect(tenantAnswer.menu.length).toBeGreaterThan(0);
  });

  it("keeps each tenant's rows to that tenant through every generated data route", async () => {
    const own = async (payload: object, tenant: number, token = admin) => {
      const res = await call('POST', data('onl_room', 'add'), payload, token, tenant);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.id as string;
    };
    const a1 = await own({ roomNo: 'A-101', seats: 8 }, 1001);
    await own({ roomNo: 'A-102', seats: 4 }, 1001);
    // The same unique value in another tenant is that tenant's own: accepted, and nothing about 1001 is said.
    const b1 = await own({ roomNo: 'A-101', seats: 2 }, 1002, tenantAdmin);
    // Within a tenant the value stays unique.
    const dup = await call('POST', data('onl_room', 'add'), { roomNo: 'A-101' }, tenantAdmin, 1002);
    expect([dup.statusCode, dup.json().message]).toEqual([400, '房间号“A-101”已存在']);

    const as2 = (method: Method, url: string, payload?: object) => call(method, url, payload, tenantAdmin, 1002);
    const list2 = (await as2('GET', data('onl_room', 'list'))).json().result;
    expect(list2.records.map((r: { id: string; tenantId: number }) => [r.id, r.tenantId])).toEqual([[b1, 1002]]);
    expect((await as2('GET', `${data('onl_room', 'list')}?roomNo=A-102`)).json().result.total).toBe(0);
    expect((await as2('GET', `${data('onl_room', 'queryById')}?id=${a1}`)).statusCode).toBe(404);
    expect((await as2('PUT', data('onl_room', 'edit'), { id: a1, seats: 99 })).statusCode).toBe(404);
    expect((await as2('POST', data('onl_room', 'edit'), { id: a1, seats: 99 })).statusCode).toBe(404);
    expect((await as2('DELETE', `${data('onl_room', 'delete')}?id=${a1}`)).statusCode).toBe(404);
    expect((await as2('DELETE', `${data('onl_room', 'deleteBatch')}?ids=${a1},${b1}`)).statusCode).toBe(404);

    const exported = await as2('GET', data('onl_room', 'exportXls'));
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells).toContain('A-101');
    expect(cells).not.toContain('A-102');

    // An import lands in the importer's tenant.
    const sheet = new ExcelJS.Workbook();
    const ws = sheet.addWorksheet('会议室');
    ws.addRow(['房间号', '座位']);
    ws.addRow(['B-201', '6']);
    const boundary = '----online-platform';
    const imported = await t.request({
      method: 'POST',
      url: data('onl_room', 'importExcel'),
      token: tenantAdmin,
      tenant: 1002,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(await sheet.xlsx.writeBuffer()),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(imported.json().result, imported.body).toMatchObject({ success: 1, failed: 0 });

    // Tenant 1001's rows are as they were, and 1002's are not among them.
    const rows1 = (await call('GET', `${data('onl_room', 'list')}?column=roomNo&order=asc`)).json().result.records;
    expect(rows1.map((r: Record<string, unknown>) => [r.roomNo, r.seats, r.tenantId])).toEqual([
      ['A-101', 8, 1001],
      ['A-102', 4, 1001],
    ]);
    const stored = await raw().selectFrom('onl_room').select(['room_no', 'tenant_id']).where('room_no', '=', 'B-201');
    expect((await stored.execute()).map((r: any) => Number(r.tenant_id))).toEqual([1002]);
  });

  it("keeps another tenant's rows out of a tree's children and a main record's sub rows", async () => {
    const area = await define({
      tableName: 'onl_zone',
      title: '区域',
      formKind: 'tree',
      theme: 'plain',
      treeParentField: 'pid',
      fields: [{ name: 'zone_name', label: '区域名称', dbType: 'string', required: true }],
    });
    await sync(area.id);
    await menu(area.id);
    const root = (await call('POST', data('onl_zone', 'add'), { zoneName: '锦江区' })).json().result.id as string;
    // Tenant 1002 names 1001's row as a parent: 1001's tree does not grow a child from it.
    const foreign = await call('POST', data('onl_zone', 'add'), { zoneName: '外租户', pid: root }, tenantAdmin, 1002);
    expect(foreign.statusCode).toBe(200);
    const top = (await call('GET', `${data('onl_zone', 'list')}?treeRoot=1`)).json().result.records;
    expect(top.map((r: { zoneName: string; hasChild: string }) => [r.zoneName, r.hasChild])).toEqual([['锦江区', '0']]);

    const line = await define({
      tableName: 'onl_memo_line',
      title: '明细',
      formKind: 'sub',
      theme: 'plain',
      fields: [
        { name: 'memo_id', label: '单据', dbType: 'string', length: 32, required: true },
        { name: 'item', label: '物品', dbType: 'string' },
      ],
    });
    const memo = await define({
      tableName: 'onl_memo',
      title: '单据',
      formKind: 'main',
      theme: 'erp',
      subTables: [{ table: 'onl_memo_line', relation: 'many', foreignKey: 'memo_id' }],
      fields: [{ name: 'memo_no', label: '单号', dbType: 'string' }],
    });
    await sync(line.id);
    await sync(memo.id);
    await menu(memo.id);
    const saved = await call('POST', data('onl_memo', 'add'), { memoNo: 'M1', onl_memo_line: [{ item: '笔' }] });
    const mainId = saved.json().result.id as string;
    expect(
      (await call('GET', `${data('onl_memo', 'subRows')}?id=${mainId}`, undefined, tenantAdmin, 1002)).statusCode,
    ).toBe(404);
    // A row of tenant 1002 that points at 1001's record (no route makes one; a stray row of another tenant)
    // survives 1001 deleting its record, which takes only its own sub rows along.
    await raw()
      .insertInto('onl_memo_line')
      .values({ id: 'stray1002', memo_id: mainId, item: '外租户', tenant_id: 1002 })
      .execute();
    expect((await call('DELETE', `${data('onl_memo', 'delete')}?id=${mainId}`)).statusCode).toBe(200);
    const left = await raw().selectFrom('onl_memo_line').select(['id', 'tenant_id']).execute();
    expect(left.map((r: any) => [r.id, Number(r.tenant_id)])).toEqual([['stray1002', 1002]]);
  });

  it('refuses reserved and system column names of every dialect, in the shared check and at save', async () => {
    const field = { name: 'x', label: '字段', dbType: 'string' };
    const names = [
      // PostgreSQL system columns, SQLite's rowid aliases.
      'ctid',
      'xmin',
      'xmax',
      'cmin',
      'cmax',
      'tableoid',
      'oid',
      'rowid',
      // MySQL/MariaDB reserved words, standard SQL keywords.
      'rank',
      'mod',
      'interval',
      'key',
      'usage',
      'select',
      'user',
      'window',
      'returning',
      // Columns the engine generates or answers.
      'id',
      'tenant_id',
      'create_by',
      'sys_org_code',
      'has_child',
    ];
    for (const name of names) {
      expect(onlineColumnProblem(name), name).toBe(ONLINE_MESSAGES.fieldReserved(name));
      expect(onlineColumnProblem(name.toUpperCase()), name).toBe(ONLINE_MESSAGES.fieldReserved(name.toUpperCase()));
      const res = await call('POST', head('add'), { ...ROOM, tableName: 'onl_words', fields: [{ ...field, name }] });
      expect([res.statusCode, res.json().message], name).toEqual([400, ONLINE_MESSAGES.fieldReserved(name)]);
    }
    // Everyday names stay allowed.
    for (const name of ['name', 'date', 'time', 'level', 'status', 'type', 'comment', 'code', 'value']) {
      expect(onlineColumnProblem(name), name).toBeNull();
    }
    // A tree's parent column is a column too.
    const tree = await call('POST', head('add'), {
      ...ROOM,
      tableName: 'onl_words',
      formKind: 'tree',
      treeParentField: 'xmin',
      fields: [{ ...field, name: 'zone' }],
    });
    expect([tree.statusCode, tree.json().message]).toEqual([400, ONLINE_MESSAGES.fieldReserved('xmin')]);
    // Unique columns the databases cannot index.
    const uniqueText = await call('POST', head('add'), {
      ...ROOM,
      tableName: 'onl_words',
      fields: [{ name: 'body', label: '正文', dbType: 'text', unique: true }],
    });
    expect(uniqueText.json().message).toBe(ONLINE_MESSAGES.uniqueText('正文'));
    const uniqueLong = await call('POST', head('add'), {
      ...ROOM,
      tableName: 'onl_words',
      fields: [{ name: 'code', label: '编码', dbType: 'string', length: 1000, unique: true }],
    });
    expect(uniqueLong.json().message).toBe(ONLINE_MESSAGES.uniqueTooLong('编码', ONLINE_LIMITS.uniqueMaxLength));
    expect((await call('GET', `${head('list')}?tableName=onl_words`)).json().result.total).toBe(0);
  });

  it('answers a definition the database would refuse with a 400 at synchronisation, never a 500', async () => {
    // Saved before the rule existed (written straight into the table): a PostgreSQL system column.
    const legacy = await define({
      ...ROOM,
      tableName: 'onl_legacy',
      fields: [{ name: 'note', label: '备注', dbType: 'string' }],
    });
    const bad = [{ name: 'xmin', label: '版本', dbType: 'string' }];
    await raw()
      .updateTable('onl_cgform_head')
      .set({ fields: JSON.stringify(bad) })
      .where('id', '=', legacy.id)
      .execute();
    const refused = await call('POST', head('sync'), { id: legacy.id });
    expect([refused.statusCode, refused.json().message]).toEqual([400, ONLINE_MESSAGES.fieldReserved('xmin')]);
    const tables = await t.app.ctx.db.db.withoutPlugins().introspection.getTables();
    expect(tables.some((x) => x.name.toLowerCase() === 'onl_legacy')).toBe(false);

    // A table that drifted from what the definition last synchronised (a column gone): the database refuses
    // the plan, and the answer is the definition's 400.
    const drift = await define({
      ...ROOM,
      tableName: 'onl_drift',
      fields: [{ name: 'note', label: '备注', dbType: 'string' }],
    });
    await sync(drift.id);
    const ghost = [
      { name: 'note', label: '备注', dbType: 'string' },
      { name: 'ghost', label: '幽灵', dbType: 'string' },
    ];
    await raw()
      .updateTable('onl_cgform_head')
      .set({ synced_fields: JSON.stringify(ghost) })
      .where('id', '=', drift.id)
      .execute();
    const current = (await call('GET', `${head('queryById')}?id=${drift.id}`)).json().result;
    await call('PUT', head('edit'), {
      ...ROOM,
      id: drift.id,
      tableName: 'onl_drift',
      title: current.title,
      fields: [ghost[0]],
    });
    const res = await call('POST', head('sync'), { id: drift.id, confirm: true });
    expect([res.statusCode, res.json().message]).toEqual([400, ONLINE_MESSAGES.syncRefused]);

    // A row wider than MariaDB takes (100 × varchar(255) in utf8mb4): said so there; the others store it.
    const wide = await define({
      ...ROOM,
      tableName: 'onl_wide',
      fields: Array.from({ length: ONLINE_LIMITS.maxFields }, (_, i) => ({
        name: `c${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
        label: `列${i}`,
        dbType: 'string',
        length: 255,
      })),
    });
    const wideSync = await call('POST', head('sync'), { id: wide.id });
    expect([wideSync.statusCode, wideSync.json().message]).toEqual(
      t.app.ctx.db.dialect === 'mysql' ? [400, ONLINE_MESSAGES.syncRowTooLarge] : [200, ONLINE_MESSAGES.syncDone],
    );
  });

  it('adds and removes unique constraints per tenant on every dialect', async () => {
    const tag = await define({
      ...ROOM,
      tableName: 'onl_tag',
      fields: [
        { name: 'tag_code', label: '编码', dbType: 'string', length: 30, unique: true },
        { name: 'tag_name', label: '名称', dbType: 'string', length: 30 },
      ],
    });
    await sync(tag.id);
    await menu(tag.id);
    const add = (payload: object, tenant: number) =>
      call('POST', data('onl_tag', 'add'), payload, tenant === 1001 ? admin : tenantAdmin, tenant);
    expect((await add({ tagCode: 'T1', tagName: '甲' }, 1001)).statusCode).toBe(200);
    expect((await add({ tagCode: 'T1', tagName: '甲' }, 1002)).statusCode).toBe(200);
    // The database's own index refuses a duplicate in one tenant that passed the check (a race).
    await expect(
      raw().insertInto('onl_tag').values({ id: 'race1', tag_code: 'T1', tenant_id: 1001 }).execute(),
    ).rejects.toThrow();

    // Moving uniqueness from one column to the other, then dropping a unique column: the indexes follow.
    const current = (await call('GET', `${head('queryById')}?id=${tag.id}`)).json().result;
    const moved = current.fields.map((f: { name: string }) => ({ ...f, unique: f.name === 'tag_name' }));
    expect(
      (await call('PUT', head('edit'), { ...ROOM, id: tag.id, tableName: 'onl_tag', fields: moved })).statusCode,
    ).toBe(200);
    const synced = await call('POST', head('sync'), { id: tag.id });
    expect([synced.statusCode, synced.json().result?.changes]).toEqual([
      200,
      ['字段 tag_code 去掉唯一约束', '字段 tag_name 加唯一约束'],
    ]);
    expect((await add({ tagCode: 'T1', tagName: '乙' }, 1001)).statusCode).toBe(200);
    expect((await add({ tagCode: 'T2', tagName: '乙' }, 1001)).json().message).toBe('名称“乙”已存在');
    const dropped = await call('PUT', head('edit'), {
      ...ROOM,
      id: tag.id,
      tableName: 'onl_tag',
      fields: [moved[0]],
    });
    expect(dropped.statusCode).toBe(200);
    const gone = await call('POST', head('sync'), { id: tag.id, confirm: true });
    expect([gone.statusCode, gone.json().result?.changes]).toEqual([200, ['删除字段 tag_name']]);
  });

  it('rebuilds unique indexes of tables synchronised before tenants had their own values (migration)', async () => {
    const old = await define({
      ...ROOM,
      tableName: 'onl_badge',
      fields: [{ name: 'badge_no', label: '工牌号', dbType: 'string', length: 30, unique: true }],
    });
    await sync(old.id);
    await menu(old.id);
    // The index as synchronisation made it before: the column alone.
    const name = uniqueIndexName('onl_badge', 'badge_no');
    const plain = raw();
    const drop = plain.schema.dropIndex(name);
    await (t.app.ctx.db.dialect === 'mysql' ? drop.on('onl_badge') : drop).execute();
    await plain.schema.createIndex(name).on('onl_badge').column('badge_no').unique().execute();
    await call('POST', data('onl_badge', 'add'), { badgeNo: 'G-1' });
    await expect(
      plain.insertInto('onl_badge').values({ id: 'other1', badge_no: 'G-1', tenant_id: 1002 }).execute(),
    ).rejects.toThrow();

    await rebuildUniqueIndexes(plain);
    const other = await call('POST', data('onl_badge', 'add'), { badgeNo: 'G-1' }, tenantAdmin, 1002);
    expect(other.statusCode, other.body).toBe(200);
    await expect(
      plain.insertInto('onl_badge').values({ id: 'dup1', badge_no: 'G-1', tenant_id: 1001 }).execute(),
    ).rejects.toThrow();
  });

  it('serves the enhancement sandbox with a policy that leaves its script no network and no page', async () => {
    const res = await t.request({ method: 'GET', url: '/online/cgform/sandbox' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toBe(SANDBOX_CSP);
    const directives = new Map(
      String(csp)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );
    // The one inline script, by its hash; no other script, no inline handlers.
    const inline = /<script>([\s\S]*)<\/script>/.exec(res.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;
    expect(directives.get('script-src')).toEqual([hash, "'unsafe-eval'"]);
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).toBe(SANDBOX_HTML);
    // Nothing to load or connect to; workers only from blobs (they inherit this policy).
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('worker-src')).toEqual(['blob:']);
    for (const fetchDirective of ['connect-src', 'img-src', 'frame-src', 'child-src', 'form-action', 'base-uri']) {
      expect(directives.get(fetchDirective) ?? ["'none'"], fetchDirective).toEqual(["'none'"]);
    }
    // An opaque origin however it is opened, framed by our pages only.
    expect(directives.get('sandbox')).toEqual(['allow-scripts']);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    // The script runs in a worker; the frame's own code (the worker's source string aside) compiles nothing.
    const relay = inline.replace(/var SOURCE = "(?:[^"\\]|\\.)*";/, '');
    expect(relay).not.toBe(inline);
    expect(relay).toContain('new Worker(');
    expect(relay).not.toMatch(/new Function|\beval\(/);
  });
});
