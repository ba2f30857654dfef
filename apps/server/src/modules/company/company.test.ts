import { ASSET_MESSAGES, COMPANY_API, COMPANY_MESSAGES, GUEST_CREDENTIALS, PERM, ROLE } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const NEW_TENANT = 1003;
const CARD_A = '6222024402001234567';
const CARD_B = '6217003810001234';
const CARD_C = '6228480402564890018';

describe.each(targets)('company profile on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  /** An administrator acting in a tenant that has no profile yet. */
  let fresh: string;
  const db = () => t.app.ctx.db.db;
  const call = (method: Method, url: string, payload?: object, token = admin, tenant?: number) =>
    t.request({ method, url, token, tenant, payload });
  const body = async (method: Method, url: string, payload?: object, token = fresh) => {
    const res = await call(method, url, payload, token);
    return { status: res.statusCode, message: res.json().message as string, result: res.json().result };
  };
  const banks = async (token = fresh, tenant?: number) =>
    (await call('GET', COMPANY_API.bankList, undefined, token, tenant)).json().result as {
      id: string;
      accountNo: string;
      branch: string | null;
      isDefault: number;
    }[];
  const profile = async (token = fresh, tenant?: number) =>
    (await call('GET', COMPANY_API.profile, undefined, token, tenant)).json().result;
  const dataLogs = async (table: string, id: string) =>
    (
      await db()
        .selectFrom('sysDataLog')
        .select(['dataVersion', 'action'])
        .where('dataTable', '=', table)
        .where('dataId', '=', id)
        .orderBy('dataVersion')
        .execute()
    ).map((r) => r.action);
  const file = async (storedPath: string, mime: string) => {
    await db()
      .insertInto('sysFile')
      .values({
        id: newId(),
        biz: 'temp',
        originalName: storedPath.split('/').pop()!,
        storedPath,
        fileSize: 10,
        mime,
        createBy: 'admin',
        createTime: '2026-11-25 10:00:00',
      })
      .execute();
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    await db()
      .insertInto('sysTenant')
      .values({
        id: NEW_TENANT,
        name: '新租户',
        beginDate: null,
        endDate: null,
        status: 1,
        createBy: 'test',
        createTime: '2026-11-25 10:00:00',
        updateBy: null,
        updateTime: null,
      })
      .execute();
    fresh = (
      await createTestUser(t, {
        username: 'company_admin',
        password: 'Passw0rd!',
        roleIds: [seedId(`role:${ROLE.admin}`)],
        tenants: [NEW_TENANT],
      })
    ).token;
    await file('temp/logo.png', 'image/png');
    await file('temp/contract.pdf', 'application/pdf');
  });
  afterAll(() => t?.close());

  it('reads the seeded profile of each tenant with its invoice details and one default account', async () => {
    const p1001 = await profile(admin, 1001);
    expect(p1001).toMatchObject({ name: '示范区国有资产经营管理有限公司', creditCode: '91510104MA6C8QJ72K' });
    expect(p1001.invoiceTitle).toBe('示范区国有资产经营管理有限公司');
    expect((await profile(admin, 1002)).name).toBe('示范区城市建设投资集团有限公司');
    const list = await banks(admin, 1001);
    expect(list).toHaveLength(2);
    expect(list.filter((b) => b.isDefault === 1)).toHaveLength(1);
    // The seeded profile leads the login's company.
    const login = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'admin', password: SEED_ACCOUNTS.admin.password },
    });
    expect(login.json().result.company).toEqual({
      name: '示范区国有资产经营管理有限公司',
      latitude: 30.658842,
      longitude: 104.082913,
    });
  });

  it('answers an empty profile to a tenant without one and creates it on the first save', async () => {
    expect(await profile()).toMatchObject({ id: null, name: '', version: 0 });
    expect(await banks()).toEqual([]);
    // Before the profile exists the login falls back to the platform settings' company.
    // (An administrator of its tenant: the login passes the second factor first.)
    const before = await t.loginResult('company_admin', 'Passw0rd!');
    expect(before.company.name).toBe('示范区国有资产经营管理有限公司');
    expect(
      await body('POST', COMPANY_API.bankAdd, { bankName: '工行', accountName: '新公司', accountNo: CARD_A }),
    ).toEqual({ status: 400, message: COMPANY_MESSAGES.profileFirst, result: null });

    const created = await body('PUT', COMPANY_API.profile, {
      name: ' 新公司 ',
      creditCode: '91510104MA6C8QJ72K',
      phone: '13800138000',
      longitude: 104.08,
      latitude: 30.65,
      invoiceTaxNo: '91510104MA6C8QJ72K',
    });
    expect(created.status).toBe(200);
    expect(created.result).toMatchObject({ name: '新公司', phone: '13800138000', version: 0 });
    const id = created.result.id as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect((await profile()).id).toBe(id);

    // The invoice tab saves its fields only: the basic fields stay.
    const invoice = await body('PUT', COMPANY_API.profile, {
      name: '新公司',
      invoiceTitle: '新公司开票',
      invoicePhone: '028-86661234',
      version: 0,
    });
    expect(invoice.status).toBe(200);
    expect(invoice.result).toMatchObject({ version: 1, invoiceTitle: '新公司开票', phone: '13800138000' });
    expect(await dataLogs('biz_company', id)).toEqual(['add', 'edit']);

    // A stale version is refused and writes nothing.
    const stale = await body('PUT', COMPANY_API.profile, { name: '覆盖', version: 0 });
    expect([stale.status, stale.message]).toEqual([400, COMPANY_MESSAGES.concurrentChange]);
    expect((await profile()).name).toBe('新公司');
    expect(await db().selectFrom('bizCompany').select('id').where('tenantId', '=', NEW_TENANT).execute()).toHaveLength(
      1,
    );
  });

  it('refuses bad profile input with the contract messages and writes nothing', async () => {
    const version = (await profile()).version as number;
    const cases: [object, string][] = [
      [{ name: '' }, COMPANY_MESSAGES.nameRequired],
      [{ name: '新公司', creditCode: '91510104MA6C8QJ7' }, COMPANY_MESSAGES.creditCode],
      [{ name: '新公司', creditCode: '91510104MA6C8QJ7IO' }, COMPANY_MESSAGES.creditCode],
      [{ name: '新公司', phone: '12345' }, COMPANY_MESSAGES.phone],
      [{ name: '新公司', invoicePhone: 'abc' }, COMPANY_MESSAGES.phone],
      [{ name: '新公司', invoiceTaxNo: 'abc' }, COMPANY_MESSAGES.taxNo],
      [{ name: '新公司', invoiceAccount: '0123456789' }, COMPANY_MESSAGES.accountNo],
      [{ name: '新公司', longitude: 200, latitude: 30 }, ASSET_MESSAGES.longitude],
      [{ name: '新公司', longitude: 104, latitude: 95 }, ASSET_MESSAGES.latitude],
      [{ name: '新公司', longitude: 104 }, ASSET_MESSAGES.coordinatePair],
      [{ name: '新公司', logo: 'temp/none.png' }, `企业Logo：${ASSET_MESSAGES.notImage('temp/none.png')}`],
      [{ name: '新公司', logo: 'temp/contract.pdf' }, `企业Logo：${ASSET_MESSAGES.notImage('temp/contract.pdf')}`],
      [{ name: '新公司', tenantId: 1001 }, '不支持的参数：tenantId'],
    ];
    for (const [payload, message] of cases) {
      const res = await body('PUT', COMPANY_API.profile, payload);
      expect([payload, res.status, res.message]).toEqual([payload, 400, message]);
    }
    expect((await profile()).version).toBe(version);

    const logo = await body('PUT', COMPANY_API.profile, { name: '新公司', logo: 'temp/logo.png', version });
    expect([logo.status, logo.result.logo]).toEqual([200, 'temp/logo.png']);
  });

  it('keeps exactly one default account: the first by itself, a second refused, moved by setDefault', async () => {
    const add = (payload: object) =>
      body('POST', COMPANY_API.bankAdd, { bankName: '中国工商银行', accountName: '新公司', ...payload });
    const a = await add({ accountNo: CARD_A, branch: '春熙路支行' });
    expect([a.status, a.result.isDefault]).toEqual([200, 1]);

    const second = await add({ accountNo: CARD_B, isDefault: 1 });
    expect([second.status, second.message]).toEqual([400, COMPANY_MESSAGES.secondDefault]);
    expect(await banks()).toHaveLength(1);

    const b = await add({ accountNo: CARD_B });
    expect([b.status, b.result.isDefault]).toEqual([200, 0]);
    const bad: [object, string][] = [
      [{ accountNo: CARD_A }, COMPANY_MESSAGES.accountTaken(CARD_A)],
      [{ accountNo: '0622202440200123' }, COMPANY_MESSAGES.accountNo],
      [{ accountNo: '6222 0244 0200' }, COMPANY_MESSAGES.accountNo],
      [{ accountNo: '' }, COMPANY_MESSAGES.accountNoRequired],
      [{ accountNo: CARD_C, bankName: '' }, COMPANY_MESSAGES.bankNameRequired],
      [{ accountNo: CARD_C, accountName: ' ' }, COMPANY_MESSAGES.accountNameRequired],
    ];
    for (const [payload, message] of bad) {
      const res = await add(payload);
      expect([payload, res.status, res.message]).toEqual([payload, 400, message]);
    }
    expect(await banks()).toHaveLength(2);

    const edit = (payload: object) => body('PUT', COMPANY_API.bankEdit, payload);
    expect((await edit({ id: b.result.id, isDefault: 1 })).message).toBe(COMPANY_MESSAGES.secondDefault);
    expect((await edit({ id: a.result.id, isDefault: 0 })).message).toBe(COMPANY_MESSAGES.unsetDefault);
    expect((await edit({ id: b.result.id, accountNo: CARD_A })).message).toBe(COMPANY_MESSAGES.accountTaken(CARD_A));
    const branch = await edit({ id: a.result.id, branch: '锦江支行', isDefault: 1 });
    expect([branch.status, branch.result.branch, branch.result.isDefault]).toEqual([200, '锦江支行', 1]);

    const del = await body('DELETE', `${COMPANY_API.bankDelete}?id=${a.result.id}`);
    expect([del.status, del.message]).toEqual([400, COMPANY_MESSAGES.deleteDefault]);

    const moved = await body('PUT', COMPANY_API.bankSetDefault, { id: b.result.id });
    expect([moved.status, moved.result.isDefault]).toEqual([200, 1]);
    const after = await banks();
    expect(after.map((x) => [x.accountNo, x.isDefault])).toEqual([
      [CARD_B, 1],
      [CARD_A, 0],
    ]);
    expect(await dataLogs('biz_company_bank', a.result.id)).toEqual(['add', 'edit', 'edit']);

    // The old default is an ordinary account now: it goes; then the last account (the default) goes too.
    expect((await body('DELETE', `${COMPANY_API.bankDelete}?id=${a.result.id}`)).status).toBe(200);
    expect((await body('DELETE', `${COMPANY_API.bankDelete}?id=${b.result.id}`)).status).toBe(200);
    expect(await banks()).toEqual([]);
    expect(await dataLogs('biz_company_bank', b.result.id)).toEqual(['add', 'edit', 'delete']);
    const again = await add({ accountNo: CARD_C });
    expect(again.result.isDefault).toBe(1);
  });

  it('stays at one default when writes race, and the database itself refuses a second default', async () => {
    for (const b of await banks()) {
      const isDefault = b.isDefault === 1;
      if (!isDefault) await body('DELETE', `${COMPANY_API.bankDelete}?id=${b.id}`);
    }
    const [only] = await banks();
    await body('DELETE', `${COMPANY_API.bankDelete}?id=${only!.id}`);
    // Two first accounts at once: both are added, one of them is the default.
    const added = await Promise.all(
      [CARD_A, CARD_B].map((accountNo) =>
        body('POST', COMPANY_API.bankAdd, { bankName: '工行', accountName: '新公司', accountNo }),
      ),
    );
    expect(added.map((r) => r.status)).toEqual([200, 200]);
    const c = await body('POST', COMPANY_API.bankAdd, { bankName: '工行', accountName: '新公司', accountNo: CARD_C });
    const others = (await banks()).filter((b) => b.isDefault === 0);
    const moves = await Promise.all(others.map((b) => body('PUT', COMPANY_API.bankSetDefault, { id: b.id })));
    for (const m of moves) expect([200, 400]).toContain(m.status);
    expect((await banks()).filter((b) => b.isDefault === 1)).toHaveLength(1);

    const companyId = (await profile()).id as string;
    await expect(
      db()
        .insertInto('bizCompanyBank')
        .values({
          id: newId(),
          companyId,
          bankName: '直接写入',
          branch: null,
          accountName: '新公司',
          accountNo: '6222000000000001',
          isDefault: 1,
          defaultKey: companyId,
          remark: null,
          tenantId: NEW_TENANT,
          createBy: 'test',
          createTime: '2026-11-25 10:00:00',
          updateBy: null,
          updateTime: null,
        })
        .execute(),
    ).rejects.toThrow();
    expect(c.status).toBe(200);
  });

  it("answers another tenant's account as not found and leaves it alone", async () => {
    const theirs = (await banks(admin, 1002))[0]!;
    const tries: [Method, string, object | undefined][] = [
      ['PUT', COMPANY_API.bankEdit, { id: theirs.id, branch: '改' }],
      ['DELETE', `${COMPANY_API.bankDelete}?id=${theirs.id}`, undefined],
      ['PUT', COMPANY_API.bankSetDefault, { id: theirs.id }],
    ];
    for (const [method, url, payload] of tries) {
      const res = await call(method, url, payload, admin, 1001);
      expect([res.statusCode, res.json().message]).toEqual([404, COMPANY_MESSAGES.bankNotFound]);
    }
    expect((await banks(admin, 1002)).find((b) => b.id === theirs.id)).toMatchObject({ branch: theirs.branch });
  });

  it('refuses writes of a caller without a tenant', async () => {
    const { token } = await createTestUser(t, {
      username: 'no_tenant_admin',
      password: 'Passw0rd!',
      roleIds: [seedId(`role:${ROLE.admin}`)],
    });
    expect((await profile(token)).id).toBeNull();
    expect(await body('PUT', COMPANY_API.profile, { name: '无租户' }, token)).toMatchObject({
      status: 400,
      message: COMPANY_MESSAGES.noTenant,
    });
    expect(
      await body('POST', COMPANY_API.bankAdd, { bankName: '工行', accountName: 'x', accountNo: CARD_A }, token),
    ).toMatchObject({ status: 400, message: COMPANY_MESSAGES.noTenant });
  });

  it('lets staff read but not edit, and refuses the guest and a user without the rights on every route', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const role = await roleWith(t, admin, 1001, 'company_nothing', [PERM.assetList]);
    await accountWith(t, admin, 1001, 'company_nobody', [role]);
    const nobody = await t.login('company_nobody', 'Passw0rd!');
    const id = (await banks(admin, 1001))[0]!.id;
    const routes: [Method, string, object | undefined, boolean][] = [
      ['GET', COMPANY_API.profile, undefined, true],
      ['PUT', COMPANY_API.profile, { name: '改名' }, false],
      ['GET', COMPANY_API.bankList, undefined, true],
      ['POST', COMPANY_API.bankAdd, { bankName: '工行', accountName: 'x', accountNo: CARD_C }, false],
      ['PUT', COMPANY_API.bankEdit, { id, branch: '改' }, false],
      ['DELETE', `${COMPANY_API.bankDelete}?id=${id}`, undefined, false],
      ['PUT', COMPANY_API.bankSetDefault, { id }, false],
    ];
    for (const [method, url, payload, staffMay] of routes) {
      expect([method, url, (await call(method, url, payload, guest)).statusCode]).toEqual([method, url, 403]);
      expect([method, url, (await call(method, url, payload, nobody)).statusCode]).toEqual([method, url, 403]);
      expect([method, url, (await call(method, url, payload, staff)).statusCode]).toEqual([
        method,
        url,
        staffMay ? 200 : 403,
      ]);
    }
    expect((await profile(admin, 1001)).name).toBe('示范区国有资产经营管理有限公司');
    expect(await banks(admin, 1001)).toHaveLength(2);
  });

  it("makes the login's company follow an edited profile", async () => {
    const current = await profile(admin, 1001);
    const saved = await call(
      'PUT',
      COMPANY_API.profile,
      { name: '示范区资产运营有限公司', longitude: 104.0817, latitude: 30.6571, version: current.version },
      admin,
      1001,
    );
    expect(saved.statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'admin', password: SEED_ACCOUNTS.admin.password },
    });
    expect(login.json().result.company).toEqual({
      name: '示范区资产运营有限公司',
      latitude: 30.6571,
      longitude: 104.0817,
    });
  });
});
