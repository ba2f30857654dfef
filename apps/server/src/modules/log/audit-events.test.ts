import { SECURITY_API, TICKET_API, type SecuritySettingsView } from '@district/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/*
 * Audit events (issue 24 item 7): reading whole ID numbers, exporting personal data and changing a security setting
 * each leave an operation-log row of type 审计事件 saying what happened; the same calls without the right, or a save
 * that changes nothing, leave an ordinary row.
 */

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 24 * 60 * 60_000);
  return d.toISOString().slice(0, 10);
};

describe.each(targets)('audit events on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let db: Kysely<Database>;
  beforeAll(async () => {
    t = await startApp(target);
    db = t.app.ctx.db.db;
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    const project = newId();
    await db
      .insertInto('bizProject')
      .values({
        id: project,
        code: `XM-${project.slice(0, 8)}`,
        name: '审计测试安置项目',
        type: 'resettlement',
        status: 'in_progress',
        progress: 0,
        version: 0,
        tenantId: 1001,
        sysOrgCode: 'A01A01',
        delFlag: 0,
      } as never)
      .execute();
    const res = await t.request({
      method: 'POST',
      url: `${TICKET_API.base}/add`,
      token: admin,
      tenant: 1001,
      payload: {
        holderName: '李四',
        holderIdCard: '110101199003091234',
        holderPhone: '13800138000',
        projectId: project,
        faceAmount: 100000,
        issueDate: day(-10),
        expiryDate: day(365),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t?.close());

  /** The operation-log rows of one call (by path), newest first, once the batch is written. */
  const rowsOf = async (requestUrl: string, username: string) => {
    await t.app.operationLog.flush();
    return db
      .selectFrom('sysLog')
      .select(['logContent', 'operateType', 'method'])
      .where('requestUrl', '=', `/api${requestUrl}`)
      .where('username', '=', username)
      .orderBy('createTime', 'desc')
      .orderBy('chainSeq', 'desc')
      .execute();
  };

  it('records reading whole ID numbers, and not a masked read', async () => {
    const list = `${TICKET_API.base}/list`;
    expect((await t.request({ method: 'GET', url: list, token: admin, tenant: 1001 })).statusCode).toBe(200);
    const [row] = await rowsOf(list, 'admin');
    expect(row!.operateType).toBe(7);
    expect(row!.logContent).toMatch(/^审计事件：/);
    expect(row!.logContent).toContain('查看明文身份证号（房票 1 条）');

    // Staff sees the numbers masked: an ordinary read.
    const masked = await t.request({ method: 'GET', url: list, token: staff, tenant: 1001 });
    expect(masked.statusCode).toBe(200);
    expect(masked.json().result.records[0].holderIdCard).toContain('*');
    const [plain] = await rowsOf(list, 'staff');
    expect(plain).toMatchObject({ operateType: 1, logContent: `GET /api${list}` });
  });

  it('records exporting personal data: users and room tickets', async () => {
    for (const [url, what] of [
      ['/sys/user/exportXls', '用户'],
      [`${TICKET_API.base}/exportXls`, '房票'],
    ] as const) {
      const res = await t.request({ method: 'GET', url, token: admin, tenant: 1001 });
      expect(res.statusCode, url).toBe(200);
      const [row] = await rowsOf(url, 'admin');
      expect(row!.operateType, url).toBe(7);
      expect(row!.logContent, url).toContain(`导出个人数据（${what}）`);
    }
  });

  it('records a change of the security settings, naming what changed; a save without a change is none', async () => {
    const current = (await t.request({ method: 'GET', url: SECURITY_API.settings, token: admin })).json()
      .result as SecuritySettingsView;
    const { totpDefaultRoleCodes: _resolved, ...settings } = current;
    const save = (body: object) =>
      t.request({ method: 'PUT', url: SECURITY_API.settings, token: admin, payload: body });
    expect((await save({ ...settings, idleMinutes: settings.idleMinutes + 5 })).statusCode).toBe(200);
    let [row] = await rowsOf(SECURITY_API.settings, 'admin');
    expect(row!.operateType).toBe(7);
    expect(row!.logContent).toBe(
      `审计事件：修改安全设置：空闲超时（分钟） ${settings.idleMinutes}→${settings.idleMinutes + 5}`,
    );
    expect((await save({ ...settings, idleMinutes: settings.idleMinutes + 5 })).statusCode).toBe(200);
    [row] = await rowsOf(SECURITY_API.settings, 'admin');
    expect(row!.operateType).toBe(3);
    // Put back.
    expect((await save(settings)).statusCode).toBe(200);
  });
});
