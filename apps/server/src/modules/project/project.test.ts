import ExcelJS from 'exceljs';
import {
  API,
  ASSET_MESSAGES,
  GUEST_CREDENTIALS,
  PERM,
  PROJECT_API,
  PROJECT_COST_CEILING_KEY,
  PROJECT_MESSAGES,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';
import { completedKept } from './project.resource.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ZCGL = seedId('depart:zcgl'); // 资产管理科 A01A01 (tenant 1001)
const ZHBGS = seedId('depart:zhbgs'); // 综合办公室 A01A02
const LABEL: Record<string, string> = {
  planned: '计划',
  in_progress: '在建',
  suspended: '已暂停',
  completed: '已完工',
};

describe.each(targets)('projects on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let staffId: string;
  const call = (method: Method, url: string, payload?: object, token = admin, tenant: number = 1001) =>
    t.request({ method, url, token, tenant, payload });
  const db = () => t.app.ctx.db.db;
  const base = { name: '测试项目', type: 'construction' };
  const add = async (payload: object, token = admin) => {
    const res = await call('POST', `${PROJECT_API.base}/add`, { ...base, ...payload }, token);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result.id as string;
  };
  const refused = async (payload: object) => {
    const res = await call('POST', `${PROJECT_API.base}/add`, { ...base, ...payload });
    return [res.statusCode, res.json().message];
  };
  const stored = (id: string) =>
    db().selectFrom('bizProject').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const move = (id: string, status: string, version?: number, token = admin) =>
    call('PUT', PROJECT_API.status, { id, status, ...(version === undefined ? {} : { version }) }, token);
  const list = async (query: Record<string, string>, token = admin, tenant = 1001) =>
    (
      await call(
        'GET',
        `${PROJECT_API.base}/list?${new URLSearchParams({ pageSize: '100', ...query })}`,
        undefined,
        token,
        tenant,
      )
    ).json().result;
  const ticketOn = async (projectId: string) =>
    db()
      .insertInto('bizRoomTicket')
      .values({
        id: newId(),
        ticketNo: `FP-${newId().slice(0, 12)}`,
        holderName: '李四',
        holderIdCard: '11010519491231002X',
        holderPhone: '13800138000',
        projectId,
        faceAmount: 100000,
        usedAmount: 0,
        issueDate: '2026-01-01',
        expiryDate: '2027-01-01',
        status: 'issued',
        version: 0,
        tenantId: 1001,
        delFlag: 0,
      } as never)
      .execute();

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    staffId = (
      await db()
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', SEED_ACCOUNTS.staff.username)
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .insertInto('sysFile')
      .values({
        id: newId(),
        biz: 'temp',
        originalName: '立项批复.pdf',
        storedPath: 'temp/approval.pdf',
        fileSize: 10,
        mime: 'application/pdf',
        createBy: 'admin',
        createTime: '2026-11-20 10:00:00',
      })
      .execute();
  });
  afterAll(() => t?.close());

  it('adds a planned project with a drawn code, exact money, labels and its detail', async () => {
    const res = await call('POST', `${PROJECT_API.base}/add`, {
      ...base,
      name: '锦江大道改造',
      type: 'renovation',
      leaderId: staffId,
      departId: ZCGL,
      budget: '1000000.10',
      actualCost: 0.1,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      progress: 30,
      longitude: 104.1,
      latitude: 30.6,
      attachments: ['temp/approval.pdf'],
      description: '<p>一期<script>alert(1)</script></p>',
    });
    expect([res.statusCode, res.json().message]).toEqual([200, '添加成功！']);
    const id = res.json().result.id as string;
    const row = await stored(id);
    expect(row.code).toMatch(/^XM\d{4}\d+$/);
    expect([Number(row.budget), Number(row.actualCost), row.status, row.progress, row.tenantId]).toEqual([
      100000010,
      10,
      'planned',
      30,
      1001,
    ]);
    expect([row.sysOrgCode, row.version, row.attachments]).toEqual(['A01A01', 0, 'temp/approval.pdf']);
    expect(row.description).not.toContain('script');

    const found = (await list({ code: row.code })).records[0];
    expect(found).toMatchObject({
      id,
      budget: 1000000.1,
      actualCost: 0.1,
      type_dictText: '改造项目',
      status_dictText: '计划',
      leaderId_dictText: '张三',
      departId_dictText: '资产管理科',
    });
    const detail = (await call('GET', `${PROJECT_API.detail}?id=${id}`)).json().result;
    expect(detail).toMatchObject({
      id,
      typeText: '改造项目',
      statusText: '计划',
      leaderName: '张三',
      departName: '资产管理科',
      budget: 1000000.1,
      costRate: 0,
      nextStatuses: ['in_progress'],
      attachments: [{ path: 'temp/approval.pdf', name: '立项批复.pdf' }],
    });
    // An import may bring its own code; a clash is refused.
    await add({ code: 'XM-OWN-1' });
    expect(await refused({ code: 'XM-OWN-1' })).toEqual([400, PROJECT_MESSAGES.codeTaken('XM-OWN-1')]);
  });

  it('refuses bad input with the field’s message and writes nothing', async () => {
    const before = (await db().selectFrom('bizProject').select('id').execute()).length;
    expect(await refused({ progress: 101 })).toEqual([400, PROJECT_MESSAGES.progress]);
    expect(await refused({ progress: -1 })).toEqual([400, PROJECT_MESSAGES.progress]);
    expect(await refused({ progress: 1.5 })).toEqual([400, PROJECT_MESSAGES.progress]);
    expect(await refused({ budget: -1 })).toEqual([400, PROJECT_MESSAGES.money('预算')]);
    expect(await refused({ actualCost: '1.234' })).toEqual([400, PROJECT_MESSAGES.money('实际成本')]);
    expect(await refused({ startDate: '2026-05-01', endDate: '2026-04-30' })).toEqual([
      400,
      PROJECT_MESSAGES.endBeforeStart,
    ]);
    expect(await refused({ leaderId: 'nobody' })).toEqual([400, PROJECT_MESSAGES.unknownLeader]);
    expect(await refused({ departId: 'nowhere' })).toEqual([400, PROJECT_MESSAGES.unknownDepart]);
    expect(await refused({ name: '' })).toEqual([400, PROJECT_MESSAGES.nameRequired]);
    expect(await refused({ type: 'castle' })).toEqual([400, PROJECT_MESSAGES.typeRequired]);
    expect(await refused({ attachments: ['temp/never.pdf'] })).toEqual([
      400,
      `附件：${ASSET_MESSAGES.notFile('temp/never.pdf')}`,
    ]);
    expect(await refused({ status: 'completed' })).toEqual([400, '不支持的参数：status']);
    // A department of another tenant is none of the caller's.
    const other = await call('POST', `${PROJECT_API.base}/add`, { ...base, departId: ZCGL }, admin, 1002);
    expect([other.statusCode, other.json().message]).toEqual([400, PROJECT_MESSAGES.unknownDepart]);
    expect((await db().selectFrom('bizProject').select('id').execute()).length).toBe(before);
  });

  it('warns over budget, refuses over the configured ceiling, and lets the administrator move the ceiling', async () => {
    const over = await call('POST', `${PROJECT_API.base}/add`, {
      ...base,
      name: '超支',
      budget: 100,
      actualCost: 110.5,
    });
    expect([over.statusCode, over.json().result.warning]).toEqual([200, PROJECT_MESSAGES.overBudget('110.5')]);
    expect(over.json().message).toBe(`添加成功！${PROJECT_MESSAGES.overBudget('110.5')}`);
    const id = over.json().result.id as string;
    const count = async () =>
      (await db().selectFrom('bizProject').select('id').where('name', '=', '超上限').execute()).length;
    expect(await refused({ name: '超上限', budget: 100, actualCost: 120.01 })).toEqual([
      400,
      PROJECT_MESSAGES.overCeiling(120),
    ]);
    expect(await count()).toBe(0);
    // Exactly at the ceiling is allowed.
    const edge = await call('PUT', `${PROJECT_API.base}/edit`, { id, actualCost: 120 });
    expect([edge.statusCode, edge.json().result]).toEqual([200, { warning: PROJECT_MESSAGES.overBudget('120.0') }]);
    const tooMuch = await call('PUT', `${PROJECT_API.base}/edit`, { id, budget: 99 });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([400, PROJECT_MESSAGES.overCeiling(120)]);
    expect(Number((await stored(id)).budget)).toBe(10000);

    const settings = (await call('GET', API.platformSettings)).json().result;
    expect(settings.projectCostCeilingPercent).toBe(120);
    const badCeiling = await call('PUT', API.platformSettings, {
      systemName: settings.systemName,
      logoUrl: settings.logoUrl,
      logoTitle: settings.logoTitle,
      projectCostCeilingPercent: 99,
    });
    expect([badCeiling.statusCode, badCeiling.json().message]).toEqual([400, PROJECT_MESSAGES.ceilingRange]);
    const saved = await call('PUT', API.platformSettings, {
      systemName: settings.systemName,
      logoUrl: settings.logoUrl,
      logoTitle: settings.logoTitle,
      projectCostCeilingPercent: 150,
    });
    expect([saved.statusCode, saved.json().result.projectCostCeilingPercent]).toEqual([200, 150]);
    expect(await refused({ name: '超上限', budget: 100, actualCost: 150.01 })).toEqual([
      400,
      PROJECT_MESSAGES.overCeiling(150),
    ]);
    expect(
      (await call('POST', `${PROJECT_API.base}/add`, { ...base, name: '超上限', budget: 100, actualCost: 140 }))
        .statusCode,
    ).toBe(200);
    await db().deleteFrom('sysPlatformSetting').where('settingKey', '=', PROJECT_COST_CEILING_KEY).execute();
  });

  it('moves through the state machine only, completes at 100%, and closes completed projects', async () => {
    const id = await add({ name: '状态机', progress: 10 });
    const msg = async (res: Awaited<ReturnType<typeof move>>) => [res.statusCode, res.json().message];
    expect(await msg(await move(id, 'completed'))).toEqual([400, PROJECT_MESSAGES.transition('计划', '已完工')]);
    expect(await msg(await move(id, 'suspended'))).toEqual([400, PROJECT_MESSAGES.transition('计划', '已暂停')]);
    expect(await msg(await move(id, 'bogus'))).toEqual([400, PROJECT_MESSAGES.statusRequired]);
    expect(await msg(await move(id, 'in_progress', 7))).toEqual([400, PROJECT_MESSAGES.concurrentChange]);
    expect((await move(id, 'in_progress', 0)).json().result).toEqual({
      version: 1,
      status: 'in_progress',
      progress: 10,
    });
    expect((await move(id, 'suspended', 1)).statusCode).toBe(200);
    expect(await msg(await move(id, 'completed'))).toEqual([400, PROJECT_MESSAGES.transition('已暂停', '已完工')]);
    expect((await move(id, 'in_progress')).statusCode).toBe(200);
    const done = await move(id, 'completed');
    expect(done.json().result).toEqual({ version: 4, status: 'completed', progress: 100 });
    const detail = (await call('GET', `${PROJECT_API.detail}?id=${id}`)).json().result;
    expect([detail.status, detail.progress, detail.nextStatuses]).toEqual(['completed', 100, []]);
    for (const to of ['planned', 'in_progress', 'suspended', 'completed']) {
      expect(await msg(await move(id, to))).toEqual([400, PROJECT_MESSAGES.transition('已完工', LABEL[to]!)]);
    }
    const edit = await call('PUT', `${PROJECT_API.base}/edit`, { id, name: '改名' });
    expect([edit.statusCode, edit.json().message]).toEqual([400, PROJECT_MESSAGES.completedClosed]);
    expect((await stored(id)).name).toBe('状态机');
    // Every change left a data-log version.
    const logs = await db().selectFrom('sysDataLog').select('dataVersion').where('dataId', '=', id).execute();
    expect(logs).toHaveLength(5);
  });

  it('keeps a completed project on the record: its delete and any batch holding it are refused', async () => {
    const done = await add({ name: '已竣工档案' });
    const open = await add({ name: '在建可删' });
    expect((await move(done, 'in_progress')).statusCode).toBe(200);
    expect((await move(done, 'completed')).statusCode).toBe(200);
    const del = await call('DELETE', `${PROJECT_API.base}/delete?id=${done}`);
    expect([del.statusCode, del.json().message]).toEqual([400, completedKept('已竣工档案')]);
    expect(del.json().message).toBe('项目“已竣工档案”已完工，属于档案记录，不能删除');
    // A batch with a completed project deletes nothing, not even the open one beside it.
    const batch = await call('DELETE', `${PROJECT_API.base}/deleteBatch?ids=${open},${done}`);
    expect([batch.statusCode, batch.json().message]).toEqual([400, completedKept('已竣工档案')]);
    expect([(await stored(done)).delFlag, (await stored(open)).delFlag]).toEqual([0, 0]);
    expect((await list({ name: '已竣工档案' })).total).toBe(1);
    // A project not yet completed may still go.
    expect((await call('DELETE', `${PROJECT_API.base}/delete?id=${open}`)).statusCode).toBe(200);
    expect((await stored(open)).delFlag).toBe(1);
  });

  it('edits what a person owns: not the status or code, with a version check and dates in order', async () => {
    const id = await add({ name: '待编辑', startDate: '2026-01-01', budget: 100 });
    const edit = async (payload: object) => {
      const res = await call('PUT', `${PROJECT_API.base}/edit`, { id, ...payload });
      return [res.statusCode, res.json().message];
    };
    expect(await edit({ status: 'in_progress' })).toEqual([400, PROJECT_MESSAGES.statusByAction]);
    expect(await edit({ code: 'OTHER' })).toEqual([400, PROJECT_MESSAGES.codeFixed]);
    expect(await edit({ version: 3 })).toEqual([400, PROJECT_MESSAGES.concurrentChange]);
    expect(await edit({ endDate: '2025-12-31' })).toEqual([400, PROJECT_MESSAGES.endBeforeStart]);
    expect(await edit({ progress: 101 })).toEqual([400, PROJECT_MESSAGES.progress]);
    expect(await edit({ leaderId: 'nobody' })).toEqual([400, PROJECT_MESSAGES.unknownLeader]);
    expect(await edit({ name: '已编辑', status: 'planned', version: 0, departId: ZHBGS, progress: 55 })).toEqual([
      200,
      '编辑成功！',
    ]);
    const row = await stored(id);
    expect([row.name, row.progress, row.version, row.sysOrgCode]).toEqual(['已编辑', 55, 1, 'A01A02']);
    // The old version is now stale.
    expect(await edit({ name: '又改', version: 0 })).toEqual([400, PROJECT_MESSAGES.concurrentChange]);
  });

  it('keeps resettlement projects with tickets: no delete, no type change; lists them for the ticket form', async () => {
    const id = await add({ name: '安置一期', type: 'resettlement' });
    const free = await add({ name: '安置二期', type: 'resettlement' });
    await add({ name: '非安置', type: 'investment' });
    await ticketOn(id);
    const del = await call('DELETE', `${PROJECT_API.base}/delete?id=${id}`);
    expect([del.statusCode, del.json().message]).toEqual([400, PROJECT_MESSAGES.referencedByTickets('安置一期')]);
    const batch = await call('DELETE', `${PROJECT_API.base}/deleteBatch?ids=${free},${id}`);
    expect(batch.statusCode).toBe(400);
    expect((await stored(free)).delFlag).toBe(0);
    const retype = await call('PUT', `${PROJECT_API.base}/edit`, { id, type: 'construction' });
    expect([retype.statusCode, retype.json().message]).toEqual([400, PROJECT_MESSAGES.typeLockedByTickets]);
    expect((await call('PUT', `${PROJECT_API.base}/edit`, { id: free, type: 'construction' })).statusCode).toBe(200);

    const options = (await call('GET', PROJECT_API.resettlement, undefined, staff)).json().result as {
      id: string;
      name: string;
      code: string;
    }[];
    expect(options.map((o) => o.name)).toContain('安置一期');
    expect(options.map((o) => o.name)).not.toContain('安置二期');
    expect(options.map((o) => o.name)).not.toContain('非安置');
    expect(options.map((o) => o.code)).toEqual([...options.map((o) => o.code)].sort());
    expect((await call('GET', PROJECT_API.resettlement, undefined, admin, 1002)).json().result).toEqual([]);

    const gone = await add({ name: '删除我' });
    expect((await call('DELETE', `${PROJECT_API.base}/delete?id=${gone}`)).statusCode).toBe(200);
    expect((await list({ name: '删除我' })).total).toBe(0);
    expect((await stored(gone)).delFlag).toBe(1);
  });

  it('filters and sorts, keeps tenants apart', async () => {
    await add({ name: '筛选A', progress: 10, budget: 5, startDate: '2025-01-01', departId: ZCGL, leaderId: staffId });
    await add({ name: '筛选B', progress: 60, budget: 50, startDate: '2026-03-01', type: 'investment' });
    await add({ name: '筛选C', progress: 90, budget: 500, startDate: '2026-06-01', departId: ZHBGS });
    const names = async (q: Record<string, string>) =>
      (await list({ name: '筛选*', ...q })).records.map((r: { name: string }) => r.name);
    expect(await names({ column: 'progress', order: 'desc' })).toEqual(['筛选C', '筛选B', '筛选A']);
    expect(await names({ column: 'budget', order: 'asc' })).toEqual(['筛选A', '筛选B', '筛选C']);
    expect(await names({ type: 'investment' })).toEqual(['筛选B']);
    expect(await names({ departId: ZCGL })).toEqual(['筛选A']);
    expect(await names({ leaderId: staffId })).toEqual(['筛选A']);
    expect(await names({ startDate_begin: '2026-01-01', column: 'name', order: 'asc' })).toEqual(['筛选B', '筛选C']);
    expect(await names({ budget_begin: '50', column: 'name', order: 'asc' })).toEqual(['筛选B', '筛选C']);
    expect(await names({ status: 'planned', column: 'name', order: 'asc' })).toEqual(['筛选A', '筛选B', '筛选C']);
    // Another tenant sees none of them, by list or by id.
    const id = (await list({ name: '筛选A' })).records[0].id as string;
    expect((await list({ name: '筛选*' }, admin, 1002)).total).toBe(0);
    const detail = await call('GET', `${PROJECT_API.detail}?id=${id}`, undefined, admin, 1002);
    expect([detail.statusCode, detail.json().message]).toEqual([404, PROJECT_MESSAGES.notFound]);
    expect((await call('PUT', `${PROJECT_API.base}/edit`, { id, name: 'x' }, admin, 1002)).statusCode).toBe(404);
    const moved = await call('PUT', PROJECT_API.status, { id, status: 'in_progress' }, admin, 1002);
    expect([moved.statusCode, moved.json().message]).toEqual([404, PROJECT_MESSAGES.notFound]);
  });

  it('exports with labels and imports with a per-row error report', async () => {
    await add({ name: '导出样本', budget: 99.99, departId: ZCGL, leaderId: staffId, type: 'investment' });
    const exported = await call('GET', `${PROJECT_API.base}/exportXls?name=${encodeURIComponent('导出样本')}`);
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const cells = (sheet.getRow(2).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    const at = (title: string) => cells[headers.indexOf(title)];
    expect([at('项目名称'), at('项目类型'), at('项目负责人'), at('所属部门'), at('预算(元)')]).toEqual([
      '导出样本',
      '投资项目',
      '张三',
      '资产管理科',
      '99.99',
    ]);

    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('项目');
    ws.addRow(['项目名称', '项目类型', '项目负责人', '所属部门', '预算(元)', '进度(%)', '项目状态']);
    ws.addRow(['导入一', '建设项目', '张三', '资产管理科', '10.5', '20', '已完工']);
    ws.addRow(['导入二', '建设项目', '无此人', '', '', '', '']);
    ws.addRow(['导入三', '建设项目', '', '', '', '101', '']);
    const buffer = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----project';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request({
      method: 'POST',
      url: `${PROJECT_API.base}/importExcel`,
      token: admin,
      tenant: 1001,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ total: 3, success: 1, failed: 2 });
    const imported = (await list({ name: '导入一' })).records[0];
    // An imported project starts as planned whatever the file says.
    expect(imported).toMatchObject({ status: 'planned', budget: 10.5, progress: 20, leaderId: staffId });
    expect(imported.code).toMatch(/^XM/);
  });

  it('lets only one of several simultaneous edits of the same version through', async () => {
    const id = await add({ name: '并发' });
    const edits = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', `${PROJECT_API.base}/edit`, { id, version: 0, name: `并发${i}` }),
      ),
    );
    const passed = edits.filter((r) => r.statusCode === 200);
    expect(passed).toHaveLength(1);
    for (const r of edits.filter((e) => e.statusCode !== 200)) {
      expect([r.statusCode, r.json().message]).toEqual([400, PROJECT_MESSAGES.concurrentChange]);
    }
    const row = await stored(id);
    expect(Number(row.version)).toBe(1);
    expect(row.name).toMatch(/^并发\d$/);
  });

  it('refuses the guest and a user without the permission on every route', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const role = await roleWith(t, admin, 1001, 'project_reader_only', [PERM.projectList]);
    await accountWith(t, admin, 1001, 'project_reader', [role]);
    const reader = await t.login('project_reader', 'Passw0rd!');
    const id = await add({ name: '权限' });
    const routes: [Method, string, object | undefined][] = [
      ['GET', `${PROJECT_API.base}/list`, undefined],
      ['GET', `${PROJECT_API.detail}?id=${id}`, undefined],
      ['GET', `${PROJECT_API.base}/queryById?id=${id}`, undefined],
      ['POST', `${PROJECT_API.base}/add`, base],
      ['PUT', `${PROJECT_API.base}/edit`, { id, name: 'x' }],
      ['DELETE', `${PROJECT_API.base}/delete?id=${id}`, undefined],
      ['DELETE', `${PROJECT_API.base}/deleteBatch?ids=${id}`, undefined],
      ['GET', `${PROJECT_API.base}/exportXls`, undefined],
      ['PUT', PROJECT_API.status, { id, status: 'in_progress' }],
      ['GET', PROJECT_API.resettlement, undefined],
    ];
    for (const [method, url, payload] of routes) {
      expect([method, url, (await call(method, url, payload, guest)).statusCode]).toEqual([method, url, 403]);
      const readable = url.includes('/list') || url.includes('detail') || url.includes('queryById');
      expect([method, url, (await call(method, url, payload, reader)).statusCode]).toEqual([
        method,
        url,
        readable ? 200 : 403,
      ]);
    }
    // The ticket form's project choice is open to either ticket right: 发放房票 alone is enough.
    const issuerRole = await roleWith(t, admin, 1001, 'ticket_issuer_only', [PERM.ticketAdd]);
    await accountWith(t, admin, 1001, 'ticket_issuer', [issuerRole]);
    const issuer = await t.login('ticket_issuer', 'Passw0rd!');
    expect((await call('GET', PROJECT_API.resettlement, undefined, issuer)).statusCode).toBe(200);
    const refused = await call('GET', PROJECT_API.resettlement, undefined, reader);
    expect(refused.json().message).toContain(`${PERM.ticketList} 或 ${PERM.ticketAdd}`);
    const importRes = await t.request({ method: 'POST', url: `${PROJECT_API.base}/importExcel`, token: guest });
    expect(importRes.statusCode).toBe(403);
    // 张三 of 资产管理科 changes statuses; nothing was changed by the refused calls.
    expect((await stored(id)).status).toBe('planned');
    expect((await move(id, 'in_progress', undefined, staff)).statusCode).toBe(200);
  });
});
