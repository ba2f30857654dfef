import ExcelJS from 'exceljs';
import { GUEST_CREDENTIALS, PERM, TICKET_API, TICKET_MESSAGES, TICKET_ROUTES, maskIdCard } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';
import { expireTickets } from './ticket.service.js';
import { addDataRule, grantToRole } from '../../test/data-rule-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ID_CARD = '110101199003091234';
const ID_MASKED = '110***********1234';
const OTHER_ID = '11010519491231002X';

/** A local date `days` from today, as tickets store dates. */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return formatDateTime(d).slice(0, 10);
}

describe.each(targets)('room tickets on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let resettlement: string;
  let construction: string;
  let foreign: string;
  const call = (method: Method, url: string, payload?: object, token = admin, tenant: number = 1001) =>
    t.request({ method, url, token, tenant, payload });
  const db = () => t.app.ctx.db.db;
  const base = () => ({
    holderName: '李四',
    holderIdCard: ID_CARD,
    holderPhone: '13800138000',
    projectId: resettlement,
    faceAmount: 100000,
    issueDate: day(-10),
    expiryDate: day(365),
  });
  const add = async (payload: object = {}, token = admin) => {
    const res = await call('POST', `${TICKET_API.base}/add`, { ...base(), ...payload }, token);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result.id as string;
  };
  const raw = (id: string) =>
    db().selectFrom('bizRoomTicket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The row as the product reads it: the holder's numbers are sealed at rest (issue 24), opened here. */
  const stored = async (id: string) => {
    const r = await raw(id);
    const { fields } = t.app.ctx;
    return {
      ...r,
      holderIdCard: fields.open(r.holderIdCard, 'biz_room_ticket.holder_id_card'),
      holderPhone: fields.open(r.holderPhone, 'biz_room_ticket.holder_phone'),
      faceAmount: Number(r.faceAmount),
      usedAmount: Number(r.usedAmount),
      version: Number(r.version),
    };
  };
  const ticketCount = async () =>
    Number(
      (
        await db()
          .selectFrom('bizRoomTicket')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const useRows = async (ticketId: string) =>
    db().selectFrom('bizTicketUse').selectAll().where('ticketId', '=', ticketId).execute();
  const logVersions = async (id: string) =>
    (await db().selectFrom('sysDataLog').select('dataVersion').where('dataId', '=', id).execute()).length;
  const use = (ticketId: string, amount: unknown, extra: object = {}, token = admin) =>
    call(
      'POST',
      TICKET_API.use,
      { ticketId, houseAddress: '锦江区幸福路1号2-301', amount, useDate: day(0), seller: '锦江置业', ...extra },
      token,
    );
  const project = async (name: string, type: string, tenantId = 1001) => {
    const id = newId();
    await db()
      .insertInto('bizProject')
      .values({
        id,
        code: `XM-${id.slice(0, 8)}`,
        name,
        type,
        status: 'in_progress',
        progress: 0,
        version: 0,
        tenantId,
        sysOrgCode: 'A01A01',
        delFlag: 0,
      } as never)
      .execute();
    return id;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    resettlement = await project('锦江区测试安置项目', 'resettlement');
    construction = await project('锦江区测试建设项目', 'construction');
    foreign = await project('他区安置项目', 'resettlement', 1002);
  });
  afterAll(() => t?.close());

  it('issues a ticket with a drawn number, the project by name and the ID number masked for staff only', async () => {
    const id = await add({ faceAmount: '120000.5', remark: '首批' }, staff);
    const row = await stored(id);
    expect(row.ticketNo).toMatch(/^FP\d{8}\d+$/);
    expect([row.status, row.usedAmount, row.faceAmount, row.version, row.tenantId, row.sysOrgCode]).toEqual([
      'issued',
      0,
      12000050,
      0,
      1001,
      'A01A01',
    ]);
    expect(row.holderIdCard).toBe(ID_CARD);
    // In the table itself: sealed (SM4), never the number.
    const sealed = await raw(id);
    expect(sealed.holderIdCard).toMatch(/^fe1:s:/);
    expect(sealed.holderIdCard).not.toContain(ID_CARD);

    const listed = async (token: string) =>
      (await call('GET', `${TICKET_API.base}/list?ticketNo=${row.ticketNo}`, undefined, token)).json().result
        .records[0];
    expect(await listed(staff)).toMatchObject({
      id,
      holderIdCard: ID_MASKED,
      projectId_dictText: '锦江区测试安置项目',
      status_dictText: '已发放',
      faceAmount: 120000.5,
      usedAmount: 0,
      remainingAmount: 120000.5,
    });
    expect((await listed(admin)).holderIdCard).toBe(ID_CARD);
    const byId = async (token: string) =>
      (await call('GET', `${TICKET_API.base}/queryById?id=${id}`, undefined, token)).json().result.holderIdCard;
    expect([await byId(staff), await byId(admin)]).toEqual([ID_MASKED, ID_CARD]);

    const detail = (await call('GET', `${TICKET_API.detail}?id=${id}`, undefined, staff)).json().result;
    expect(detail).toMatchObject({
      holderIdCard: ID_MASKED,
      projectName: '锦江区测试安置项目',
      statusText: '已发放',
      faceAmount: 120000.5,
      remainingAmount: 120000.5,
      faceAmountText: '壹拾贰万元伍角',
      usedAmountText: '零元整',
      remainingAmountText: '壹拾贰万元伍角',
      uses: [],
    });
    expect((await call('GET', `${TICKET_API.detail}?id=${id}`)).json().result.holderIdCard).toBe(ID_CARD);

    // An import may bring its own number; a clash is refused with the number.
    await add({ ticketNo: 'FP-OWN-1' });
    const clash = await call('POST', `${TICKET_API.base}/add`, { ...base(), ticketNo: 'FP-OWN-1' });
    expect([clash.statusCode, clash.json().message]).toEqual([400, TICKET_MESSAGES.ticketNoTaken('FP-OWN-1')]);
  });

  it('refuses bad tickets with a clear message and writes nothing', async () => {
    const before = await ticketCount();
    const cases: [object, string][] = [
      [{ projectId: newId() }, TICKET_MESSAGES.unknownProject],
      [{ projectId: foreign }, TICKET_MESSAGES.unknownProject],
      [{ projectId: construction }, TICKET_MESSAGES.projectNotResettlement],
      [{ holderIdCard: '110101199003091235' }, TICKET_MESSAGES.idCardInvalid],
      [{ holderIdCard: '' }, TICKET_MESSAGES.idCardRequired],
      [{ holderPhone: '12345' }, TICKET_MESSAGES.phoneInvalid],
      [{ holderName: '' }, TICKET_MESSAGES.holderNameRequired],
      [{ faceAmount: 0 }, TICKET_MESSAGES.faceAmount],
      [{ faceAmount: -5 }, TICKET_MESSAGES.faceAmount],
      [{ faceAmount: '1.005' }, TICKET_MESSAGES.faceAmount],
      [{ faceAmount: 1e15 }, TICKET_MESSAGES.tooLarge],
      [{ issueDate: day(0), expiryDate: day(-1) }, TICKET_MESSAGES.expiryBeforeIssue],
      [{ status: 'used' }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', `${TICKET_API.base}/add`, { ...base(), ...payload });
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await ticketCount()).toBe(before);
  });

  it('spends a ticket in parts and refuses what does not fit, changing nothing', async () => {
    const id = await add({ issueDate: day(-5), expiryDate: day(30) });
    const first = await use(id, 30000, { useDate: day(-1), area: '89.5' }, staff);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ remainingAmount: 70000, status: 'partly_used' });
    expect((await use(id, '50000.00', {}, staff)).statusCode).toBe(200);

    const detail = (await call('GET', `${TICKET_API.detail}?id=${id}`, undefined, staff)).json().result;
    expect(detail).toMatchObject({
      status: 'partly_used',
      statusText: '部分使用',
      usedAmount: 80000,
      remainingAmount: 20000,
      usedAmountText: '捌万元整',
      remainingAmountText: '贰万元整',
    });
    // Newest first.
    expect(detail.uses.map((u: { amount: number; area: number | null }) => [u.amount, u.area])).toEqual([
      [50000, null],
      [30000, 89.5],
    ]);
    // 发放人/登记人 by real name beside the stored login name.
    const people = await t.app.ctx.db.db.selectFrom('sysUser').select(['username', 'realname']).execute();
    const realname = (username: string) => people.find((p) => p.username === username)?.realname;
    expect(detail.createByName).toBe(realname(detail.createBy));
    expect(detail.createByName).not.toBe(detail.createBy);
    expect(detail.uses.map((u: { createByName: string }) => u.createByName)).toEqual([
      realname(detail.uses[0].createBy),
      realname(detail.uses[1].createBy),
    ]);
    const uses = (await call('GET', `${TICKET_API.uses}?ticketId=${id}`, undefined, staff)).json().result;
    expect(uses.map((u: { amount: number }) => u.amount)).toEqual([50000, 30000]);

    const snapshot = await stored(id);
    const refusals: [unknown, object, string][] = [
      [20000.01, {}, TICKET_MESSAGES.overRemaining('20,000.00')],
      [0, {}, TICKET_MESSAGES.amount],
      [-1, {}, TICKET_MESSAGES.amount],
      ['1.234', {}, TICKET_MESSAGES.amount],
      [100, { useDate: day(-6) }, TICKET_MESSAGES.useBeforeIssue],
      [100, { useDate: day(31) }, TICKET_MESSAGES.useAfterExpiry],
      [100, { useDate: day(1) }, TICKET_MESSAGES.useInFuture],
      [100, { houseAddress: '' }, TICKET_MESSAGES.houseAddressRequired],
      [100, { seller: '' }, TICKET_MESSAGES.sellerRequired],
    ];
    for (const [amount, extra, message] of refusals) {
      const res = await use(id, amount, extra, staff);
      expect([amount, extra, res.statusCode, res.json().message]).toEqual([amount, extra, 400, message]);
    }
    expect(await stored(id)).toEqual(snapshot);
    expect(await useRows(id)).toHaveLength(2);

    // The rest spends it entirely; then nothing more.
    const last = await use(id, 20000, {}, staff);
    expect(last.json().result).toMatchObject({ remainingAmount: 0, status: 'used' });
    const done = await use(id, 1, {}, staff);
    expect([done.statusCode, done.json().message]).toEqual([400, TICKET_MESSAGES.usedUp]);
    expect((await stored(id)).usedAmount).toBe(10000000);
  });

  it('refuses uses of cancelled, expired and overdue tickets', async () => {
    const cancelled = await add();
    expect((await call('PUT', TICKET_API.cancel, { id: cancelled, reason: '' })).json().message).toBe(
      TICKET_MESSAGES.cancelReasonRequired,
    );
    const versions = await logVersions(cancelled);
    const res = await call('PUT', TICKET_API.cancel, { id: cancelled, reason: '持票人放弃安置' }, staff);
    expect(res.statusCode).toBe(200);
    const row = await stored(cancelled);
    expect([row.status, row.cancelReason, row.cancelTime?.slice(0, 10)]).toEqual([
      'cancelled',
      '持票人放弃安置',
      day(0),
    ]);
    expect(await logVersions(cancelled)).toBe(versions + 1);
    const again = await call('PUT', TICKET_API.cancel, { id: cancelled, reason: '再次' });
    expect([again.statusCode, again.json().message]).toEqual([400, TICKET_MESSAGES.notCancellable]);
    const onCancelled = await use(cancelled, 10);
    expect([onCancelled.statusCode, onCancelled.json().message]).toEqual([400, TICKET_MESSAGES.cancelled]);

    // Past its expiry date but not yet marked by the job: already not spendable.
    const overdue = await add({ issueDate: day(-30), expiryDate: day(-1) });
    const onOverdue = await use(overdue, 10, { useDate: day(-2) });
    expect([onOverdue.statusCode, onOverdue.json().message]).toEqual([400, TICKET_MESSAGES.expired]);
    expect(await useRows(overdue)).toHaveLength(0);
    expect((await stored(overdue)).usedAmount).toBe(0);
  });

  it('never overspends under 20 concurrent uses', async () => {
    const id = await add({ faceAmount: 150 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => use(id, 10, { houseAddress: `并发${i}` }, i % 2 ? staff : admin)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(15);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect([TICKET_MESSAGES.usedUp, TICKET_MESSAGES.overRemaining('0.00')]).toContain(r.json().message);
    }
    const row = await stored(id);
    const sum = (await useRows(id)).reduce((acc, u) => acc + Number(u.amount), 0);
    expect([row.usedAmount, sum, row.status, row.version]).toEqual([15000, 15000, 'used', 15]);
  });

  it('edits only what a person owns, while the ticket is open', async () => {
    const id = await add();
    const before = await stored(id);
    const edit = (payload: object, token = admin) => call('PUT', `${TICKET_API.base}/edit`, { id, ...payload }, token);

    // The masked number sent back by the form keeps the stored one.
    const ok = await edit({ holderIdCard: ID_MASKED, holderName: '王五', faceAmount: 90000, version: 0 }, staff);
    expect(ok.statusCode).toBe(200);
    let row = await stored(id);
    expect([row.holderIdCard, row.holderName, row.faceAmount, row.version]).toEqual([ID_CARD, '王五', 9000000, 1]);
    expect((await edit({ holderIdCard: OTHER_ID })).statusCode).toBe(200);
    expect((await stored(id)).holderIdCard).toBe(OTHER_ID);

    const refusals: [object, string][] = [
      [{ version: 0 }, TICKET_MESSAGES.concurrentChange],
      [{ status: 'used' }, TICKET_MESSAGES.statusFixed],
      [{ ticketNo: 'FP-OTHER' }, TICKET_MESSAGES.ticketNoFixed],
      [{ holderIdCard: '110101199003091235' }, TICKET_MESSAGES.idCardInvalid],
      [{ holderPhone: '1380013800' }, TICKET_MESSAGES.phoneInvalid],
      [{ projectId: construction }, TICKET_MESSAGES.projectNotResettlement],
      [{ projectId: foreign }, TICKET_MESSAGES.unknownProject],
      [
        { expiryDate: before.issueDate.replace(/^(\d{4})/, (y) => String(Number(y) - 1)) },
        TICKET_MESSAGES.expiryBeforeIssue,
      ],
      [{ faceAmount: '1.001' }, TICKET_MESSAGES.faceAmount],
    ];
    const snapshot = await stored(id);
    for (const [payload, message] of refusals) {
      const res = await edit(payload);
      expect([payload, res.statusCode, res.json().message]).toEqual([payload, 400, message]);
    }
    expect((await edit({ usedAmount: 0 })).statusCode).toBe(400);
    expect(await stored(id)).toEqual(snapshot);

    expect((await use(id, 40000, { useDate: day(-1) })).statusCode).toBe(200);
    const below = await edit({ faceAmount: 39999.99 });
    expect([below.statusCode, below.json().message]).toEqual([400, TICKET_MESSAGES.faceBelowUsed]);
    // The validity must keep covering the recorded use.
    const lateIssue = await edit({ issueDate: day(0) });
    expect([lateIssue.statusCode, lateIssue.json().message]).toEqual([400, TICKET_MESSAGES.issueAfterUse(day(-1))]);
    const earlyExpiry = await edit({ expiryDate: day(-2) });
    expect(earlyExpiry.json().message).toBe(TICKET_MESSAGES.expiryBeforeUse(day(-1)));
    expect((await edit({ expiryDate: day(-1) })).statusCode).toBe(200);
    // Lowered to what was spent, the ticket is used up.
    expect((await edit({ faceAmount: 40000 })).statusCode).toBe(200);
    row = await stored(id);
    expect([row.status, row.faceAmount, row.usedAmount, row.expiryDate]).toEqual(['used', 4000000, 4000000, day(-1)]);

    const closed = await edit({ holderName: '赵六' });
    expect([closed.statusCode, closed.json().message]).toEqual([400, TICKET_MESSAGES.editClosed]);
  });

  it('deletes only tickets without uses', async () => {
    const used = await add();
    await use(used, 1);
    const refused = await call('DELETE', `${TICKET_API.base}/delete?id=${used}`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, TICKET_MESSAGES.deleteUsed]);
    expect((await stored(used)).delFlag).toBe(0);

    const fresh = await add();
    expect((await call('DELETE', `${TICKET_API.base}/delete?id=${fresh}`, undefined, staff)).statusCode).toBe(200);
    expect(Number((await stored(fresh)).delFlag)).toBe(1);
    expect((await call('GET', `${TICKET_API.detail}?id=${fresh}`)).statusCode).toBe(404);
  });

  it('expires overdue tickets once, and the button only for its holders', async () => {
    const overdue = await add({ issueDate: day(-30), expiryDate: day(-1) });
    const partly = await add({ issueDate: day(-30), expiryDate: day(-2) });
    await db()
      .updateTable('bizRoomTicket')
      .set({ status: 'partly_used', usedAmount: 100 })
      .where('id', '=', partly)
      .execute();
    const valid = await add({ issueDate: day(-30), expiryDate: day(0) });
    const first = await expireTickets(db());
    expect(first).toBeGreaterThanOrEqual(2);
    expect((await stored(overdue)).status).toBe('expired');
    expect((await stored(partly)).status).toBe('expired');
    expect((await stored(valid)).status).toBe('issued');
    expect(await expireTickets(db())).toBe(0);
    const onExpired = await use(overdue, 1, { useDate: day(-5) });
    expect([onExpired.statusCode, onExpired.json().message]).toEqual([400, TICKET_MESSAGES.expired]);

    const another = await add({ issueDate: day(-30), expiryDate: day(-3) });
    expect((await call('POST', TICKET_API.expire, {}, staff)).statusCode).toBe(403);
    const run = await call('POST', TICKET_API.expire, {});
    expect([run.statusCode, run.json().result.changed]).toEqual([200, 1]);
    expect((await stored(another)).status).toBe('expired');
    expect((await call('POST', TICKET_API.expire, {})).json().result.changed).toBe(0);
  });

  it('keeps tickets inside their tenant', async () => {
    const id = await add();
    expect((await call('GET', `${TICKET_API.detail}?id=${id}`, undefined, admin, 1002)).statusCode).toBe(404);
    expect((await call('GET', `${TICKET_API.uses}?ticketId=${id}`, undefined, admin, 1002)).statusCode).toBe(404);
    const res = await t.request({
      method: 'POST',
      url: TICKET_API.use,
      token: admin,
      tenant: 1002,
      payload: { ticketId: id, houseAddress: 'x', amount: 1, useDate: day(0), seller: 'y' },
    });
    expect([res.statusCode, res.json().message]).toEqual([404, TICKET_MESSAGES.notFound]);
    expect((await call('PUT', TICKET_API.cancel, { id, reason: 'x' }, admin, 1002)).statusCode).toBe(404);
    expect((await stored(id)).status).toBe('issued');
  });

  it('keeps tickets outside the data rule of 房票管理 away from every route', async () => {
    const id = await add();
    const role = await roleWith(t, admin, 1001, 'ticket_scope', [PERM.ticketList, PERM.ticketUse, PERM.ticketCancel]);
    await accountWith(t, admin, 1001, 'ticket_scoped', [role]);
    // 本部门房票: sys_org_code = the caller's department; this account has none, so it sees no ticket.
    const menu = await db()
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', TICKET_ROUTES.list)
      .executeTakeFirstOrThrow();
    const ruleId = await addDataRule(db(), menu.id, {
      name: '本部门房票',
      column: 'sys_org_code',
      condition: '=',
      value: '#{sys_org_code}',
    });
    await grantToRole(db(), role, [{ permissionId: menu.id, dataRuleIds: ruleId }]);
    await t.app.ctx.authCache.invalidate();
    const scoped = await t.login('ticket_scoped', 'Passw0rd!');

    expect((await call('GET', `${TICKET_API.base}/list`, undefined, scoped)).json().result.total).toBe(0);
    const refusals: [Method, string, object | undefined][] = [
      ['GET', `${TICKET_API.detail}?id=${id}`, undefined],
      ['GET', `${TICKET_API.uses}?ticketId=${id}`, undefined],
      ['POST', TICKET_API.use, { ticketId: id, houseAddress: 'x', amount: 1, useDate: day(0), seller: 'y' }],
      ['PUT', TICKET_API.cancel, { id, reason: 'x' }],
    ];
    for (const [method, url, payload] of refusals) {
      const res = await call(method, url, payload, scoped);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, TICKET_MESSAGES.notFound]);
    }
    const row = await stored(id);
    expect([row.status, row.usedAmount]).toEqual(['issued', 0]);
    // The same routes answer the unrestricted staff account.
    expect((await call('GET', `${TICKET_API.detail}?id=${id}`, undefined, staff)).statusCode).toBe(200);
  });

  it('records a data-log version for every write of a ticket', async () => {
    const id = await add();
    expect(await logVersions(id)).toBe(1);
    await use(id, 10);
    await call('PUT', `${TICKET_API.base}/edit`, { id, holderName: '改名' });
    await call('PUT', TICKET_API.cancel, { id, reason: '测试' });
    const logs = await db()
      .selectFrom('sysDataLog')
      .select(['dataVersion', 'action', 'dataContent'])
      .where('dataTable', '=', 'biz_room_ticket')
      .where('dataId', '=', id)
      .orderBy('dataVersion')
      .execute();
    expect(logs.map((l) => [Number(l.dataVersion), l.action, JSON.parse(l.dataContent).status])).toEqual([
      [1, 'add', 'issued'],
      [2, 'edit', 'partly_used'],
      [3, 'edit', 'partly_used'],
      [4, 'edit', 'cancelled'],
    ]);
    // The holder's ID number and phone are kept masked, as the list shows them; neither the sealed value nor its
    // hash is logged.
    const whole = await stored(id);
    for (const l of logs) {
      const logged = JSON.parse(l.dataContent) as Record<string, unknown>;
      expect(logged.holderIdCard).toBe(maskIdCard(whole.holderIdCard));
      expect(logged.holderPhone).toBe('138****8000');
      expect(l.dataContent).not.toContain('fe1:');
      expect(logged).not.toHaveProperty('holderIdCardHash');
    }
  });

  it('refuses the guest and a user without the permission on every route', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const role = await roleWith(t, admin, 1001, 'ticket_reader_only', [PERM.ticketList]);
    await accountWith(t, admin, 1001, 'ticket_reader', [role]);
    const reader = await t.login('ticket_reader', 'Passw0rd!');
    const id = await add();
    const routes: [Method, string, object | undefined][] = [
      ['GET', `${TICKET_API.base}/list`, undefined],
      ['GET', `${TICKET_API.detail}?id=${id}`, undefined],
      ['GET', `${TICKET_API.uses}?ticketId=${id}`, undefined],
      ['GET', `${TICKET_API.base}/queryById?id=${id}`, undefined],
      ['POST', `${TICKET_API.base}/add`, base()],
      ['PUT', `${TICKET_API.base}/edit`, { id, holderName: 'x' }],
      ['DELETE', `${TICKET_API.base}/delete?id=${id}`, undefined],
      ['DELETE', `${TICKET_API.base}/deleteBatch?ids=${id}`, undefined],
      ['GET', `${TICKET_API.base}/exportXls`, undefined],
      ['POST', TICKET_API.use, { ticketId: id, houseAddress: 'x', amount: 1, useDate: day(0), seller: 'y' }],
      ['PUT', TICKET_API.cancel, { id, reason: 'x' }],
      ['POST', TICKET_API.expire, {}],
    ];
    for (const [method, url, payload] of routes) {
      expect([method, url, (await call(method, url, payload, guest)).statusCode]).toEqual([method, url, 403]);
      const readable =
        url.includes('/list') || url.includes('detail') || url.includes('queryById') || url.includes('uses');
      expect([method, url, (await call(method, url, payload, reader)).statusCode]).toEqual([
        method,
        url,
        readable ? 200 : 403,
      ]);
    }
    for (const token of [guest, reader]) {
      const imp = await t.request({ method: 'POST', url: `${TICKET_API.base}/importExcel`, token, tenant: 1001 });
      expect(imp.statusCode).toBe(403);
    }
    // The reader's list shows the number masked too.
    const listed = (await call('GET', `${TICKET_API.base}/list?pageSize=5`, undefined, reader)).json().result.records;
    expect(listed.length).toBeGreaterThan(0);
    for (const r of listed) expect(r.holderIdCard).toMatch(/^\d{3}\*+\w{4}$/);
    const stillThere = await stored(id);
    expect([stillThere.status, stillThere.delFlag, stillThere.holderName]).toEqual(['issued', 0, '李四']);
  });

  it('exports with labels (masked for staff) and imports with a per-row error report', async () => {
    await add({ holderName: '导出样本', faceAmount: 88888.88 });
    const exported = async (token: string) => {
      const res = await call(
        'GET',
        `${TICKET_API.base}/exportXls?holderName=${encodeURIComponent('导出样本')}`,
        undefined,
        token,
      );
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const values = (sheet.getRow(2).values as unknown[]).slice(1);
      return (title: string) => values[header.indexOf(title)];
    };
    const cell = await exported(staff);
    expect([
      cell('持票人'),
      cell('身份证号'),
      cell('安置项目'),
      cell('票面金额'),
      cell('已使用金额'),
      cell('状态'),
    ]).toEqual(['导出样本', ID_MASKED, '锦江区测试安置项目', 88888.88, 0, '已发放']);
    expect((await exported(admin))('身份证号')).toBe(ID_CARD);

    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('房票');
    ws.addRow([
      '房票编号',
      '持票人',
      '身份证号',
      '手机号',
      '安置项目',
      '票面金额',
      '已使用金额',
      '发放日期',
      '有效期至',
      '状态',
    ]);
    ws.addRow([
      'IMP-T-1',
      '导入甲',
      ID_CARD,
      '13900139000',
      '锦江区测试安置项目',
      '50000',
      '999',
      day(-1),
      day(100),
      '已使用',
    ]);
    ws.addRow(['', '导入乙', OTHER_ID, '13900139001', '锦江区测试安置项目', '1000.5', '', day(-1), day(100), '']);
    ws.addRow(['', '导入坏甲', ID_CARD, '13900139002', '不存在的项目', '100', '', day(-1), day(100), '']);
    ws.addRow([
      '',
      '导入坏乙',
      '110101199003091235',
      '13900139003',
      '锦江区测试安置项目',
      '100',
      '',
      day(-1),
      day(100),
      '',
    ]);
    ws.addRow(['', '导入坏丙', ID_CARD, '139', '锦江区测试安置项目', '100', '', day(-1), day(100), '']);
    ws.addRow(['IMP-T-1', '导入重号', ID_CARD, '13900139004', '锦江区测试安置项目', '100', '', day(-1), day(100), '']);
    const buffer = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----ticket-import';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tickets.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.request({
      method: 'POST',
      url: `${TICKET_API.base}/importExcel`,
      token: staff,
      tenant: 1001,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().result).toMatchObject({ total: 6, success: 2, failed: 4 });
    const rows = await db()
      .selectFrom('bizRoomTicket')
      .selectAll()
      .where('holderName', 'in', ['导入甲', '导入乙'])
      .orderBy('holderName')
      .execute();
    expect(
      rows.map((r) => [r.holderName, r.projectId, Number(r.faceAmount), Number(r.usedAmount), r.status, r.sysOrgCode]),
    ).toEqual(
      [
        ['导入乙', resettlement, 100050, 0, 'issued', 'A01A01'],
        ['导入甲', resettlement, 5000000, 0, 'issued', 'A01A01'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(rows.find((r) => r.holderName === '导入甲')!.ticketNo).toBe('IMP-T-1');
    expect(rows.find((r) => r.holderName === '导入乙')!.ticketNo).toMatch(/^FP\d{8}/);

    const report = await call('GET', imported.json().result.errorReportUrl);
    const rb = new ExcelJS.Workbook();
    await rb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const messages: string[] = [];
    rb.worksheets[0]!.eachRow((r, n) => {
      if (n > 1) messages.push(String((r.values as unknown[]).slice(-1)[0]));
    });
    expect(messages).toEqual([
      TICKET_MESSAGES.unknownProject,
      TICKET_MESSAGES.idCardInvalid,
      TICKET_MESSAGES.phoneInvalid,
      TICKET_MESSAGES.ticketNoTaken('IMP-T-1'),
    ]);
  });
});
