import { assetCodeFromQr, GUEST_CREDENTIALS, PERM, PRINT_API, PRINT_MESSAGES as M, TICKET_API } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';
import { addDataRule, grantToRole } from '../../test/data-rule-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const el = (name: string, type: string, x: number, y: number, w = 40, h = 8, extra: object = {}) => ({
  name,
  type,
  position: { x, y },
  width: w,
  height: h,
  ...extra,
});

/** A ticket layout on A5 landscape (210 × 148 mm). */
const ticketLayout = (extra: object[] = []) =>
  JSON.stringify({
    schemas: [
      [
        el('title', 'text', 10, 5, 100, 10, { readOnly: true, content: '房票' }),
        el('holderName', 'text', 10, 20),
        el('faceAmount', 'text', 10, 30),
        el('faceAmount:capital', 'text', 10, 40, 80),
        el('issueDate:cn', 'text', 10, 50),
        el('status', 'text', 10, 60),
        el('projectId', 'text', 10, 70, 80),
        el('ticketNo#qr', 'qrcode', 160, 10, 30, 30),
        el('uses:useDate,houseAddress,amount', 'table', 10, 85, 180, 40),
        ...extra,
      ],
    ],
  });

const template = (over: object = {}) => ({
  code: `t_${newId().slice(0, 10)}`,
  name: '测试房票模板',
  source: 'ticket',
  paper: 'A5',
  orientation: 'landscape',
  layout: ticketLayout(),
  ...over,
});

describe.each(targets)('print templates on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let project: string;
  const call = (method: Method, url: string, payload?: object, token = admin, tenant: number = 1001) =>
    t.request({ method, url, token, tenant, payload });
  const db = () => t.app.ctx.db.db;
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('bizPrintTemplate')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const addTemplate = async (over: object = {}) => {
    const res = await call('POST', `${PRINT_API.template}/add`, template(over));
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result.id as string;
  };
  const addTicket = async (holderName: string, faceAmount: number, tenant = 1001, projectId = project) => {
    const res = await call(
      'POST',
      `${TICKET_API.base}/add`,
      {
        holderName,
        holderIdCard: '110101199003091234',
        holderPhone: '13800138000',
        projectId,
        faceAmount,
        issueDate: '2026-01-05',
        expiryDate: '2030-12-31',
      },
      admin,
      tenant,
    );
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result.id as string;
  };
  const addProject = async (tenantId: number) => {
    const id = newId();
    await db()
      .insertInto('bizProject')
      .values({
        id,
        code: `XM-${id.slice(0, 8)}`,
        name: `安置项目${tenantId}`,
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
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login('staff');
    project = await addProject(1001);
  });
  afterAll(() => t?.close());

  it('lists the sources with labelled fields and child tables, and the two shipped templates', async () => {
    const sources = (await call('GET', PRINT_API.sources)).json().result;
    expect(sources.map((s: { key: string }) => s.key)).toEqual(['asset', 'ledger', 'ticket', 'project']);
    const ticket = sources.find((s: { key: string }) => s.key === 'ticket');
    expect(ticket.fields).toContainEqual({ key: 'faceAmount', title: '票面金额(元)', kind: 'money' });
    expect(ticket.children[0].key).toBe('uses');
    const list = (await call('GET', `${PRINT_API.template}/list?pageSize=50`)).json().result.records;
    const shipped = list.filter((r: { builtIn: number }) => r.builtIn === 1).map((r: { code: string }) => r.code);
    expect(shipped.sort()).toEqual(['asset_card', 'room_ticket']);
    // The drawer of 房票管理 offers the ticket template to staff (print right) with its layout.
    const options = (await call('GET', `${PRINT_API.options}?source=ticket`, undefined, staff)).json().result;
    expect(options.map((o: { code: string }) => o.code)).toContain('room_ticket');
    expect(JSON.parse(options[0].layout).schemas[0].length).toBeGreaterThan(5);
  });

  it('saves a template bound to its source and answers it with the page size', async () => {
    const id = await addTemplate();
    const row = (await call('GET', `${PRINT_API.template}/queryById?id=${id}`)).json().result;
    expect([row.source, row.paper, row.orientation, Number(row.widthMm), Number(row.heightMm), row.builtIn]).toEqual([
      'ticket',
      'A5',
      'landscape',
      210,
      148,
      0,
    ]);
    const custom = await addTemplate({ paper: 'custom', widthMm: 100, heightMm: 70, layout: '{"schemas":[[]]}' });
    const c = (await call('GET', `${PRINT_API.template}/queryById?id=${custom}`)).json().result;
    expect([Number(c.widthMm), Number(c.heightMm)]).toEqual([100, 70]);
    const edited = await call('PUT', `${PRINT_API.template}/edit`, { id, name: '改名', paper: 'A4' });
    expect(edited.statusCode).toBe(200);
    const after = (await call('GET', `${PRINT_API.template}/queryById?id=${id}`)).json().result;
    expect([after.name, Number(after.widthMm), Number(after.heightMm)]).toEqual(['改名', 297, 210]);
  });

  it('refuses bad templates with a Chinese message and writes nothing', async () => {
    const existing = await addTemplate();
    const code = (await call('GET', `${PRINT_API.template}/queryById?id=${existing}`)).json().result.code;
    const before = await count();
    const cases: [object, string][] = [
      [{ source: 'sys_user' }, M.unknownSource('sys_user')],
      [{ paper: 'B5' }, M.paperInvalid],
      [{ paper: 'custom', widthMm: 5, heightMm: 70 }, M.customSize],
      [{ paper: 'custom' }, M.customSize],
      [{ orientation: 'diagonal' }, M.orientationInvalid],
      [{ layout: 'not json' }, M.layoutInvalid],
      [{ layout: ticketLayout([el('password', 'text', 10, 10)]) }, M.notBound('password')],
      [{ layout: ticketLayout([el('字段6', 'text', 10, 10)]) }, M.notBound('字段6')],
      [{ layout: ticketLayout([el('faceAmount:cn', 'text', 100, 10)]) }, M.badFormat('票面金额(元)', 'cn')],
      [{ layout: ticketLayout([el('far', 'text', 200, 140, 20, 10, { readOnly: true })]) }, M.outsidePage('far')],
      [
        { layout: ticketLayout([el('script', 'html', 10, 10, 10, 10, { readOnly: true })]) },
        M.elementType('script', 'html'),
      ],
      [{ layout: ticketLayout([el('ledger:type', 'table', 10, 10)]) }, M.unknownChild('房票', 'ledger')],
      [{ layout: ticketLayout([el('uses:password', 'table', 10, 10)]) }, M.unknownField('使用记录', 'password')],
      [{ layout: ticketLayout([el('holderName', 'text', 100, 10)]) }, M.elementName],
      [{ code }, M.codeTaken(code)],
      [{ code: 'bad code!' }, M.codeInvalid],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', `${PRINT_API.template}/add`, template(over));
      expect([over, res.statusCode, res.json().message]).toEqual([over, 400, message]);
    }
    // A4 portrait is 210 wide: an element at x 200 of width 20 does not fit, in A4 landscape it does.
    const wide = JSON.stringify({ schemas: [[el('holderName', 'text', 200, 10, 20, 10)]] });
    expect(
      (
        await call(
          'POST',
          `${PRINT_API.template}/add`,
          template({ paper: 'A4', orientation: 'portrait', layout: wide }),
        )
      ).statusCode,
    ).toBe(400);
    expect(await count()).toBe(before);
    // An edit that moves an element off the page is refused as well, and the stored layout stays.
    const stored = (await call('GET', `${PRINT_API.template}/queryById?id=${existing}`)).json().result.layout;
    const off = JSON.stringify({ schemas: [[el('holderName', 'text', 300, 10)]] });
    const res = await call('PUT', `${PRINT_API.template}/edit`, { id: existing, layout: off });
    // The message names the field's title, not its binding key.
    expect([res.statusCode, res.json().message]).toEqual([400, M.outsidePage('持票人')]);
    const refusedSource = await call('PUT', `${PRINT_API.template}/edit`, { id: existing, source: 'asset' });
    expect([refusedSource.statusCode, refusedSource.json().message]).toEqual([400, M.sourceFixed]);
    expect((await call('GET', `${PRINT_API.template}/queryById?id=${existing}`)).json().result.layout).toBe(stored);
  });

  it('fits a stored layout onto a narrower paper when the edit changes the page, tables recomputing their columns', async () => {
    const id = await addTemplate();
    // A5 landscape (210 wide) to portrait (148 wide): the 180 mm table and the QR code at x 160 leave the page.
    const res = await call('PUT', `${PRINT_API.template}/edit`, { id, orientation: 'portrait' });
    expect(res.statusCode).toBe(200);
    const row = (await call('GET', `${PRINT_API.template}/queryById?id=${id}`)).json().result;
    expect([Number(row.widthMm), Number(row.heightMm)]).toEqual([148, 210]);
    const page = JSON.parse(row.layout).schemas[0] as {
      name: string;
      position: { x: number; y: number };
      width: number;
      headWidthPercentages?: number[];
    }[];
    const byName = (n: string) => page.find((e) => e.name === n)!;
    const table = byName('uses:useDate,houseAddress,amount');
    expect([table.position.x, table.width]).toEqual([4, 140]);
    const pct = table.headWidthPercentages!;
    expect(pct.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
    // The money column is wide enough for 99,999,999.99 at 9 pt (≈ 25 mm with padding): never split.
    expect((pct[2]! / 100) * 140).toBeGreaterThan(25);
    expect([byName('ticketNo#qr').position.x, byName('ticketNo#qr').width]).toEqual([114, 30]);
    // Elements that fit stay where they were.
    expect(byName('holderName').position).toEqual({ x: 10, y: 20 });
  });

  it("saves the designer toolbar's fixed elements (named 字段N, read-only) as they are", async () => {
    const fixed = [
      el('字段6', 'text', 60, 60, 40, 8, { readOnly: true, content: '房票存根' }),
      el('字段7', 'line', 10, 80, 100, 0.5, { readOnly: true }),
      el('字段8', 'image', 120, 60, 20, 20, { readOnly: true, content: 'data:image/png;base64,iVBORw0KGgo=' }),
      el('字段9', 'qrcode', 150, 60, 20, 20, { readOnly: true, content: '二维码内容' }),
    ];
    const id = await addTemplate({ layout: ticketLayout(fixed) });
    const stored = JSON.parse((await call('GET', `${PRINT_API.template}/queryById?id=${id}`)).json().result.layout);
    expect(stored.schemas[0].slice(-4).map((e: { name: string }) => e.name)).toEqual([
      '字段6',
      '字段7',
      '字段8',
      '字段9',
    ]);
  });

  it('keeps the shipped templates read-only for every tenant', async () => {
    const id = seedId('print-template:room_ticket');
    const edit = await call('PUT', `${PRINT_API.template}/edit`, { id, name: 'x' });
    expect([edit.statusCode, edit.json().message]).toEqual([400, M.builtInFixed]);
    const del = await call('DELETE', `${PRINT_API.template}/delete?id=${id}`);
    expect([del.statusCode, del.json().message]).toEqual([400, M.builtInFixed]);
    expect((await call('GET', `${PRINT_API.template}/queryById?id=${id}`, undefined, admin, 1002)).statusCode).toBe(
      200,
    );
    // A tenant's own template stays inside it.
    const own = await addTemplate();
    expect((await call('GET', `${PRINT_API.template}/queryById?id=${own}`, undefined, admin, 1002)).statusCode).toBe(
      404,
    );
  });

  it('answers the records formatted for printing: labels, money, capitals, dates and child rows', async () => {
    const a = await addTicket('王五', 12000);
    const b = await addTicket('赵六', 10010.5);
    const used = await call('POST', TICKET_API.use, {
      ticketId: a,
      houseAddress: '锦江区幸福路1号2-301',
      amount: 2000,
      area: 88.5,
      useDate: '2026-02-01',
      seller: '锦江置业',
    });
    expect(used.statusCode).toBe(200);
    const id = await addTemplate();
    const res = await call('POST', PRINT_API.data, { templateId: id, ids: [b, a] }, staff);
    expect(res.statusCode).toBe(200);
    const [second, first] = res.json().result.inputs;
    expect(first).toMatchObject({
      holderName: '王五',
      faceAmount: '12,000.00',
      'faceAmount:capital': '壹万贰仟元整',
      'issueDate:cn': '2026年1月5日',
      status: '部分使用',
      projectId: '安置项目1001',
    });
    expect(first['ticketNo#qr']).toMatch(/^FP\d+/);
    expect(first.title).toBeUndefined();
    expect(JSON.parse(first['uses:useDate,houseAddress,amount'])).toEqual([
      ['2026-02-01', '锦江区幸福路1号2-301', '2,000.00'],
    ]);
    expect([second.holderName, second['faceAmount:capital'], second.status]).toEqual([
      '赵六',
      '壹万零壹拾元伍角',
      '已发放',
    ]);
    expect(JSON.parse(second['uses:useDate,houseAddress,amount'])).toEqual([]);

    // The shipped ticket template prints the same record; its ID number is masked for staff.
    const shipped = await call(
      'POST',
      PRINT_API.data,
      { templateId: seedId('print-template:room_ticket'), ids: [a] },
      staff,
    );
    expect(shipped.json().result.inputs[0].holderIdCard).toBe('110***********1234');
  });

  it('prints asset cards with the category, department, main image and a QR code of the code (a public link only when published)', async () => {
    const category = await db().selectFrom('sysCategory').select(['id', 'name']).executeTakeFirstOrThrow();
    const depart = await db().selectFrom('sysDepart').select(['id', 'departName']).executeTakeFirstOrThrow();
    const asset = async (published: number) => {
      const id = newId();
      await db()
        .insertInto('bizAsset')
        .values({
          id,
          code: `ZC-${id.slice(0, 8)}`,
          name: '测试资产',
          categoryId: category.id,
          ownerDepartId: depart.id,
          address: '锦江区红星路1号',
          originalValue: 123456,
          status: 'in_use',
          images: '2026/a.jpg,2026/b.jpg',
          published,
          version: 0,
          tenantId: 1001,
          delFlag: 0,
        } as never)
        .execute();
      return id;
    };
    const pub = await asset(1);
    const hidden = await asset(0);
    const res = await call('POST', PRINT_API.data, {
      templateId: seedId('print-template:asset_card'),
      ids: [pub, hidden],
    });
    expect(res.statusCode).toBe(200);
    const [p, h] = res.json().result.inputs;
    expect(p).toMatchObject({
      name: '测试资产',
      categoryId: category.name,
      ownerDepartId: depart.departName,
      address: '锦江区红星路1号',
      mainImage: '/sys/common/static/2026/a.jpg',
    });
    // The card's QR code: what 盘点录入's scanner reads as the code, for every asset.
    const codes = await db().selectFrom('bizAsset').select(['id', 'code']).where('id', 'in', [pub, hidden]).execute();
    const codeOf = (id: string) => codes.find((c) => c.id === id)!.code!;
    expect(assetCodeFromQr(p.cardQr)).toBe(codeOf(pub));
    expect(p.cardQr).toContain(`/infoDetails?id=${pub}&code=`);
    expect(assetCodeFromQr(h.cardQr)).toBe(codeOf(hidden));
  });

  it('refuses records the caller may not read: other tenants, data rules, no read right; and bad requests', async () => {
    const id = await addTemplate();
    const mine = await addTicket('孙七', 500);
    const otherProject = await addProject(1002);
    const foreign = await addTicket('周八', 600, 1002, otherProject);
    const refused = await call('POST', PRINT_API.data, { templateId: id, ids: [mine, foreign] });
    expect([refused.statusCode, refused.json().message]).toEqual([403, M.recordsRefused]);
    const unknown = await call('POST', PRINT_API.data, { templateId: id, ids: ['nope'] });
    expect(unknown.statusCode).toBe(403);
    const tooMany = await call('POST', PRINT_API.data, {
      templateId: id,
      ids: Array.from({ length: 1001 }, (_, i) => `id${i}`),
    });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, M.tooManyRecords]);
    const none = await call('POST', PRINT_API.data, { templateId: id, ids: [] });
    expect([none.statusCode, none.json().message]).toEqual([400, M.idsRequired]);
    const noTemplate = await call('POST', PRINT_API.data, { templateId: 'missing', ids: [mine] });
    expect([noTemplate.statusCode, noTemplate.json().message]).toEqual([404, M.templateNotFound]);
    // Another tenant cannot print with this tenant's template.
    expect((await call('POST', PRINT_API.data, { templateId: id, ids: [foreign] }, admin, 1002)).statusCode).toBe(404);

    // print:print without 房票查询: refused for tickets.
    const printer = await roleWith(t, admin, 1001, 'print_only', [PERM.printPrint]);
    await accountWith(t, admin, 1001, 'print_only_user', [printer]);
    const printOnly = await t.login('print_only_user', 'Passw0rd!');
    const noRight = await call('POST', PRINT_API.data, { templateId: id, ids: [mine] }, printOnly);
    expect([noRight.statusCode, noRight.json().message]).toEqual([403, M.noReadRight('房票')]);

    // 房票查询 + print, under a data rule that hides every ticket (no department): refused.
    const scopedRole = await roleWith(t, admin, 1001, 'print_scoped', [PERM.printPrint, PERM.ticketList]);
    await accountWith(t, admin, 1001, 'print_scoped_user', [scopedRole]);
    const menu = await db()
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', TICKET_API.base)
      .executeTakeFirstOrThrow();
    const ruleId = await addDataRule(db(), menu.id, {
      name: '本部门房票',
      column: 'sys_org_code',
      condition: '=',
      value: '#{sys_org_code}',
    });
    await grantToRole(db(), scopedRole, [{ permissionId: menu.id, dataRuleIds: ruleId }]);
    await t.app.ctx.authCache.invalidate();
    const scopedUser = await t.login('print_scoped_user', 'Passw0rd!');
    const ruled = await call('POST', PRINT_API.data, { templateId: id, ids: [mine] }, scopedUser);
    expect([ruled.statusCode, ruled.json().message]).toEqual([403, M.recordsRefused]);
    // The same record prints for staff, whom no rule restricts.
    expect((await call('POST', PRINT_API.data, { templateId: id, ids: [mine] }, staff)).statusCode).toBe(200);
  });

  it('refuses the guest everywhere and a user without the rights', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const id = await addTemplate();
    const ticket = await addTicket('吴九', 100);
    const before = await count();
    const routes: [Method, string, object | undefined][] = [
      ['GET', PRINT_API.sources, undefined],
      ['GET', `${PRINT_API.options}?source=ticket`, undefined],
      ['POST', PRINT_API.data, { templateId: id, ids: [ticket] }],
      ['GET', `${PRINT_API.template}/list`, undefined],
      ['GET', `${PRINT_API.template}/queryById?id=${id}`, undefined],
      ['POST', `${PRINT_API.template}/add`, template()],
      ['PUT', `${PRINT_API.template}/edit`, { id, name: 'x' }],
      ['DELETE', `${PRINT_API.template}/delete?id=${id}`, undefined],
    ];
    const role = await roleWith(t, admin, 1001, 'ticket_only', [PERM.ticketList]);
    await accountWith(t, admin, 1001, 'ticket_only_user', [role]);
    const reader = await t.login('ticket_only_user', 'Passw0rd!');
    for (const [method, url, payload] of routes) {
      expect([url, (await call(method, url, payload, guest)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(method, url, payload, reader)).statusCode]).toEqual([url, 403]);
    }
    // Staff (the asset office) reads and prints but does not design.
    expect((await call('POST', `${PRINT_API.template}/add`, template(), staff)).statusCode).toBe(403);
    expect((await call('PUT', `${PRINT_API.template}/edit`, { id, name: 'x' }, staff)).statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await call('DELETE', `${PRINT_API.template}/delete?id=${id}`)).statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
  });
});
