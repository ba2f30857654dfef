import ExcelJS from 'exceljs';
import { AUDIT_EVENT, PERM, TICKET_API, USER_MESSAGES, USER_UNIQUE_FIELDS } from '@district/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb } from '../db/database.js';
import { migrateToBefore, migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { SEED_ACCOUNTS } from '../db/seeds/demo.seed.js';
import { runSeeds } from '../db/seeds/index.js';
import { accountWith, roleWith } from '../test/reach-fixtures.js';
import { startApp, targets, type Target, type TestApp } from '../test/harness.js';
import { newFieldKeyEntry } from './field-crypto.js';
import { fieldStatus } from './field-reseal.js';
import { newId } from './ids.js';
import { hashPassword } from './password.js';
import { UNREADABLE } from './personal-data.js';

/*
 * Issue 24 item 8: phones, e-mails and ID numbers of users and ticket holders are sealed at rest (SM4 by default),
 * found by the whole value through a keyed hash, unique through it, masked in lists, exports and logs unless the
 * caller holds the unmask right; existing data is sealed on upgrade, and a key rotation re-seals in the background.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const PHONE = '13912340001';
const PHONE2 = '13912340002';
const EMAIL = 'wang.wu@example.com';
const ID_CARD = '110101199003091234';
const HOLDER_PHONE = '13800138000';
// Numbers as people write them, found anywhere in a dump (not inside a longer run of digits or a hex id).
const MOBILE_ANYWHERE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/;
const ID_ANYWHERE = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/;

const dumpOf = async (db: Kysely<Database>, table: string) =>
  JSON.stringify((await sql`select * from ${sql.table(table)}`.execute(db)).rows);

async function resettlementProject(db: Kysely<Database>, tenantId = 1001) {
  const id = newId();
  await db
    .insertInto('bizProject')
    .values({
      id,
      code: `XM-${id.slice(0, 8)}`,
      name: '加密测试安置项目',
      type: 'resettlement',
      status: 'in_progress',
      progress: 0,
      version: 0,
      tenantId,
      sysOrgCode: 'A01A01',
      delFlag: 0,
    } as never)
    .execute();
  return id;
}

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb.worksheets[0]!.getSheetValues()
    .filter(Boolean)
    .map((r) => (r as unknown[]).slice(1));
}

describe.each(targets)('personal data encrypted at rest on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let project: string;
  let userId: string;
  let ticketId: string;
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });
  const db = () => t.app.ctx.db.db;

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    // Lists, exports and tickets, without the unmask rights (system:user:viewPhone, ticket:viewIdCard).
    const role = await roleWith(t, admin, 1001, 'pd_viewer', [
      PERM.userList,
      PERM.userExport,
      PERM.ticketList,
      PERM.ticketExport,
      PERM.dataLogList,
    ]);
    await accountWith(t, admin, 1001, 'pd_viewer', [role]);
    viewer = await t.login('pd_viewer', 'Passw0rd!');
    project = await resettlementProject(db());

    const added = await call('POST', '/sys/user/add', {
      username: 'pd_wangwu',
      realname: '王五',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      phone: PHONE,
      email: EMAIL,
      relTenantIds: '1001',
    });
    expect(added.statusCode, added.body).toBe(200);
    userId = added.json().result.id;
    const edited = await call('PUT', '/sys/user/edit', { id: userId, realname: '王五', phone: PHONE2 });
    expect(edited.statusCode, edited.body).toBe(200);

    const ticket = await call('POST', `${TICKET_API.base}/add`, {
      holderName: '李四',
      holderIdCard: ID_CARD,
      holderPhone: HOLDER_PHONE,
      projectId: project,
      faceAmount: 100000,
      issueDate: '2026-01-01',
      expiryDate: '2099-12-31',
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    ticketId = ticket.json().result.id;
    // A search by the whole number leaves its parameters in the operation log.
    expect((await call('GET', `/sys/user/list?phone=${PHONE2}`)).statusCode).toBe(200);
    await t.app.operationLog.flush();
  });
  afterAll(() => t?.close());

  it('leaves no readable phone, e-mail or ID number in a dump of the tables and logs', async () => {
    const users = await dumpOf(db(), 'sys_user');
    const tickets = await dumpOf(db(), 'biz_room_ticket');
    const logs = (await dumpOf(db(), 'sys_data_log')) + (await dumpOf(db(), 'sys_log'));
    for (const value of [PHONE, PHONE2, EMAIL, ID_CARD, HOLDER_PHONE, '13800000001', '13800000002']) {
      expect(users + tickets + logs).not.toContain(value);
    }
    // The demo data too (its tickets' holders), sealed at start.
    expect(users).not.toMatch(MOBILE_ANYWHERE);
    expect(tickets).not.toMatch(MOBILE_ANYWHERE);
    expect(tickets).not.toMatch(ID_ANYWHERE);
    expect(logs).not.toMatch(ID_ANYWHERE);
    const row = await db().selectFrom('bizRoomTicket').selectAll().where('id', '=', ticketId).executeTakeFirstOrThrow();
    expect(row.holderIdCard).toMatch(/^fe1:s:k1:/);
    expect(row.holderIdCardHash).toMatch(/^[0-9a-f]{64}$/);
    const user = await db().selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect([user.phone, user.email].every((v) => v?.startsWith('fe1:s:k1:'))).toBe(true);
  });

  it('finds people by the whole number only, and keeps phone and e-mail unique through the hash', async () => {
    const found = await call('GET', `/sys/user/list?phone=${PHONE2}`);
    expect(found.json().result.records.map((r: { username: string }) => r.username)).toEqual(['pd_wangwu']);
    expect((await call('GET', `/sys/user/list?phone=${PHONE}`)).json().result.total).toBe(0);
    expect((await call('GET', `/sys/user/list?email=${EMAIL}`)).json().result.total).toBe(1);
    const partial = await call('GET', `/sys/user/list?phone=${encodeURIComponent('*1391*')}`);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('手机号码加密存储，只能按完整的手机号码精确查询');
    const sorted = await call('GET', '/sys/user/list?column=phone&order=asc');
    expect(sorted.statusCode).toBe(400);
    const advanced = encodeURIComponent(JSON.stringify([{ field: 'phone', rule: 'like', val: '139' }]));
    expect((await call('GET', `/sys/user/list?superQueryParams=${advanced}`)).statusCode).toBe(400);
    const exact = encodeURIComponent(JSON.stringify([{ field: 'phone', rule: 'eq', val: PHONE2 }]));
    expect((await call('GET', `/sys/user/list?superQueryParams=${exact}`)).json().result.total).toBe(1);

    const byId = await call('GET', `${TICKET_API.base}/list?holderIdCard=${ID_CARD}`);
    expect(byId.json().result.records.map((r: { id: string }) => r.id)).toEqual([ticketId]);
    // ID numbers compare in upper case, as they are stored.
    expect((await call('GET', `${TICKET_API.base}/list?holderPhone=${HOLDER_PHONE}`)).json().result.total).toBe(1);

    const taken = await call('GET', `/sys/user/checkOnlyUser?phone=${PHONE2}`);
    expect(taken.json()).toMatchObject({ success: false, message: USER_MESSAGES.taken(USER_UNIQUE_FIELDS.phone) });
    const dup = await call('GET', `/sys/duplicate/check?tableName=sys_user&fieldName=email&fieldVal=${EMAIL}`);
    expect(dup.json().success).toBe(false);
    const again = await call('POST', '/sys/user/add', {
      username: 'pd_copy',
      realname: '复制',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      phone: PHONE2,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(USER_MESSAGES.taken(USER_UNIQUE_FIELDS.phone));
    const sameMail = await call('POST', '/sys/user/add', {
      username: 'pd_copy',
      realname: '复制',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      email: EMAIL,
    });
    expect(sameMail.json().message).toBe(USER_MESSAGES.taken(USER_UNIQUE_FIELDS.email));
  });

  it('masks them in lists, exports and logs without the unmask right, and shows them whole with it', async () => {
    const list = async (token: string) =>
      (await call('GET', '/sys/user/list?username=pd_wangwu', undefined, token)).json().result.records[0];
    expect(await list(viewer)).toMatchObject({ phone: '139****0002', email: 'w***@example.com' });
    expect(await list(admin)).toMatchObject({ phone: PHONE2, email: EMAIL });
    expect(await list(admin)).not.toHaveProperty('phoneHash');
    const ticket = async (token: string) =>
      (await call('GET', `${TICKET_API.base}/queryById?id=${ticketId}`, undefined, token)).json().result;
    expect(await ticket(viewer)).toMatchObject({ holderIdCard: '110***********1234', holderPhone: '138****8000' });
    expect(await ticket(admin)).toMatchObject({ holderIdCard: ID_CARD, holderPhone: HOLDER_PHONE });
    const detail = (await call('GET', `${TICKET_API.detail}?id=${ticketId}`, undefined, viewer)).json().result;
    expect([detail.holderIdCard, detail.holderPhone]).toEqual(['110***********1234', '138****8000']);

    const exported = async (token: string) => {
      const res = await call('GET', '/sys/user/exportXls?username=pd_wangwu', undefined, token);
      expect(res.statusCode).toBe(200);
      return JSON.stringify(await sheetRows(res.rawPayload));
    };
    expect(await exported(viewer)).toContain('139****0002');
    expect(await exported(viewer)).not.toContain(PHONE2);
    expect(await exported(admin)).toContain(PHONE2);
    const tickets = await call('GET', `${TICKET_API.base}/exportXls?selections=${ticketId}`, undefined, viewer);
    const sheet = JSON.stringify(await sheetRows(tickets.rawPayload));
    expect(sheet).toContain('110***********1234');
    expect(sheet).not.toContain(ID_CARD);

    // The data log keeps every version masked, whoever reads it.
    const versions = await db().selectFrom('sysDataLog').select('dataContent').where('dataId', '=', userId).execute();
    expect(versions.length).toBeGreaterThanOrEqual(2);
    for (const v of versions) {
      expect(JSON.parse(v.dataContent)).toMatchObject({ email: 'w***@example.com' });
      expect(v.dataContent).not.toContain('fe1:');
      expect(v.dataContent).not.toContain('phoneHash');
    }
    // The operation log keeps the parameters masked.
    const params = await db()
      .selectFrom('sysLog')
      .select('requestParam')
      .where('requestUrl', 'like', '%/sys/user/add%')
      .execute();
    expect(params.map((p) => p.requestParam).join()).toContain('139****0001');
    // Whole numbers shown make the read an audit event (issue 24 item 7).
    await call('GET', `${TICKET_API.base}/queryById?id=${ticketId}`);
    await t.app.operationLog.flush();
    const events = await db()
      .selectFrom('sysLog')
      .select('logContent')
      .where('logContent', 'like', `%${AUDIT_EVENT.viewIdCard('房票', 1)}%`)
      .execute();
    expect(events.length).toBeGreaterThan(0);
  });

  it('keeps a stored value when a form sends the masked one back, and refuses storing a masked value', async () => {
    const edit = await call('PUT', '/sys/user/edit', { id: userId, realname: '王五', phone: '139****0002' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('GET', `/sys/user/list?phone=${PHONE2}`)).json().result.total).toBe(1);
    const masked = await call('POST', '/sys/user/add', {
      username: 'pd_masked',
      realname: '脱敏',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      phone: '139****0009',
    });
    expect(masked.statusCode).toBe(400);
    expect(masked.json().message).toBe('手机号码不能是脱敏后的值（含 *），请填写完整的手机号码');
  });

  it('fails closed: a value altered in the database is shown as unreadable, never as another number', async () => {
    const row = await db().selectFrom('bizRoomTicket').selectAll().where('id', '=', ticketId).executeTakeFirstOrThrow();
    const tail = row.holderIdCard.slice(-6);
    const altered = row.holderIdCard.slice(0, -6) + (tail.startsWith('A') ? 'B' : 'A') + tail.slice(1);
    await db().updateTable('bizRoomTicket').set({ holderIdCard: altered }).where('id', '=', ticketId).execute();
    const res = await call('GET', `${TICKET_API.base}/queryById?id=${ticketId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.holderIdCard).toBe(UNREADABLE);
    expect(res.json().result.holderPhone).toBe(HOLDER_PHONE);
    await db()
      .updateTable('bizRoomTicket')
      .set({ holderIdCard: row.holderIdCard })
      .where('id', '=', ticketId)
      .execute();
  });
});

/** Several starts of the product on one database: an upgrade, a rotation, keys that do not fit. */
describe.each(targets.filter((t) => t.name !== 'sqlite+redis'))('field keys on $name', (target: Target) => {
  const K1 = newFieldKeyEntry('k1');
  const K2 = newFieldKeyEntry('k2');
  let prepared: Awaited<ReturnType<Target['prepare']>>;
  const configFor = (fieldKeys: string, extra: Record<string, unknown> = {}) =>
    loadConfig(
      {},
      {
        databaseUrl: prepared.databaseUrl,
        redisUrl: null,
        captchaEnabled: false,
        webDist: null,
        seedDemoAssets: false,
        fieldKeys,
        ...extra,
      },
    );

  beforeAll(async () => {
    prepared = await target.prepare();
  });
  afterAll(() => prepared?.drop());

  it('seals plain data on upgrade, re-seals under a new key or cipher in the background, refuses wrong keys', async () => {
    // A database as the release before left it: schema up to the migration before, people's data plain.
    const raw = createDb(prepared.databaseUrl);
    await migrateToLatest(raw.db);
    const uploadDir = configFor(K1).uploadDir;
    await runSeeds(raw.db, { demo: true, demoAssets: false, uploadDir, hashPassword });
    const plain = raw.db.withoutPlugins();
    await migrateToBefore(plain, '2026-11-28-0050-field-encryption');
    await sql`insert into sys_user (id, username, realname, password, phone, email, status, del_flag)
      values ('old-user', 'olduser', '老用户', 'x', '13700000001', 'old@example.com', 1, 0)`.execute(plain);
    await sql`insert into sys_data_log (id, data_table, data_id, data_version, data_content, action, create_time)
      values ('old-log', 'sys_user', 'old-user', 1, ${JSON.stringify({ phone: '13700000001', email: 'old@example.com' })},
              'add', '2026-01-01 00:00:00')`.execute(plain);
    await sql`insert into sys_log (id, log_type, log_content, request_param, create_time, result)
      values ('old-op', 2, 'POST /house/ticket/add', ${JSON.stringify({ holderIdCard: ID_CARD, holderPhone: HOLDER_PHONE })},
              '2026-01-01 00:00:00', 1)`.execute(plain);
    await raw.destroy();

    // The upgrade: the migration widens the columns and masks the old log rows; the start seals the values.
    let app = await buildApp(configFor(K1));
    const db = app.ctx.db.db;
    const old = await db.selectFrom('sysUser').selectAll().where('id', '=', 'old-user').executeTakeFirstOrThrow();
    expect(old.phone).toMatch(/^fe1:s:k1:/);
    expect(app.ctx.fields.open(old.email!, 'sys_user.email')).toBe('old@example.com');
    const logged = await db
      .selectFrom('sysDataLog')
      .select('dataContent')
      .where('id', '=', 'old-log')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.dataContent)).toEqual({ phone: '137****0001', email: 'o***@example.com' });
    const param = await db
      .selectFrom('sysLog')
      .select('requestParam')
      .where('id', '=', 'old-op')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(param.requestParam!)).toEqual({ holderIdCard: '110***********1234', holderPhone: '138****8000' });
    const admin = await app.inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'admin', password: SEED_ACCOUNTS.admin.password },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const token = admin.json().result.token as string;
    const search = await app.inject({
      method: 'GET',
      url: '/api/sys/user/list?phone=13700000001',
      headers: { 'x-access-token': token, 'tenant-id': '0' },
    });
    expect(search.statusCode).toBe(200);
    await app.close();

    // A rotation: k2 first, k1 kept to read what it sealed; the values move to k2 in the background.
    app = await buildApp(configFor(`${K2},${K1}`));
    await expect
      .poll(
        async () => (await fieldStatus(app.ctx.db.db, app.ctx.fields)).every((s) => Object.keys(s.stale).length === 0),
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(true);
    const rotated = await app.ctx.db.db
      .selectFrom('sysUser')
      .selectAll()
      .where('id', '=', 'old-user')
      .executeTakeFirstOrThrow();
    expect(rotated.phone).toMatch(/^fe1:s:k2:/);
    await app.close();

    // k1 has nothing left to open: it may leave the configuration.
    app = await buildApp(configFor(K2));
    const retired = await app.ctx.db.db
      .selectFrom('sysFieldKey')
      .selectAll()
      .where('keyId', '=', 'k1')
      .executeTakeFirstOrThrow();
    expect(retired.retireTime).not.toBeNull();
    await app.close();

    // Another key under a known id, and a ring without the key the data needs, both stop the start.
    await expect(buildApp(configFor(newFieldKeyEntry('k2')))).rejects.toThrow(
      /字段加密密钥 k2 与数据库中登记的不是同一个密钥/,
    );
    await expect(buildApp(configFor(newFieldKeyEntry('k3')))).rejects.toThrow(/仍有以字段加密密钥 k2 加密的数据/);

    // AES-256-GCM as the setting: what SM4 sealed is sealed again with AES, and still reads the same.
    app = await buildApp(configFor(K2, { fieldCipher: 'aes-256-gcm' }));
    await expect
      .poll(
        async () => (await fieldStatus(app.ctx.db.db, app.ctx.fields)).every((s) => Object.keys(s.stale).length === 0),
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(true);
    const aes = await app.ctx.db.db
      .selectFrom('sysUser')
      .selectAll()
      .where('id', '=', 'old-user')
      .executeTakeFirstOrThrow();
    expect(aes.phone).toMatch(/^fe1:a:k2:/);
    expect(app.ctx.fields.open(aes.phone!, 'sys_user.phone')).toBe('13700000001');
    await app.close();
  });
});
