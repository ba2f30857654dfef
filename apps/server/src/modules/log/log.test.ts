import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as logTenant from '../../db/migrations/2026-11-25-0002-log-tenant.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const ROLE_ADMIN = seedId('role:admin');

describe.each(targets)('logs on $name', (target) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('lists login logs and operation logs with their labels', async () => {
    await t.request({ method: 'GET', url: '/sys/position/list', token: admin });
    await t.app.operationLog.flush();
    const login = (await t.request({ method: 'GET', url: '/sys/log/list?logType=1', token: admin })).json().result;
    expect(login.total).toBeGreaterThan(0);
    expect(login.records[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志', username: 'admin' });
    const ops = (
      await t.request({
        method: 'GET',
        url: `/sys/log/list?logType=2&requestUrl=${encodeURIComponent('*position/list*')}`,
        token: admin,
      })
    ).json().result;
    expect(ops.records[0]).toMatchObject({
      method: 'GET /api/sys/position/list',
      operateType_dictText: '查询',
      result_dictText: '成功',
      username: 'admin',
    });
  });

  it('keeps every version of a record and compares two of them', async () => {
    const id = (
      await t.request({
        method: 'POST',
        url: '/sys/position/add',
        token: admin,
        payload: { code: 'LOG1', name: '第一版' },
      })
    ).json().result.id as string;
    await t.request({ method: 'PUT', url: '/sys/position/edit', token: admin, payload: { id, name: '第二版🏷️' } });
    const versions = (
      await t.request({
        method: 'GET',
        url: `/sys/dataLog/queryDataVersion?dataTable=sys_position&dataId=${id}`,
        token: admin,
      })
    ).json().result as { id: string; dataVersion: number }[];
    expect(versions.map((v) => v.dataVersion)).toEqual([1, 2]);
    const compare = await t.request({
      method: 'GET',
      url: `/sys/dataLog/queryCompareList?dataId1=${versions[1]!.id}&dataId2=${versions[0]!.id}`,
      token: admin,
    });
    const [older, newer] = compare.json().result as { dataContent: string }[];
    expect(JSON.parse(older!.dataContent).name).toBe('第一版');
    expect(JSON.parse(newer!.dataContent).name).toBe('第二版🏷️');
    const list = (
      await t.request({
        method: 'GET',
        url: `/sys/dataLog/list?dataId=${id}&column=dataVersion&order=asc`,
        token: admin,
      })
    ).json().result;
    expect(list.records.map((r: { action_dictText: string }) => r.action_dictText)).toEqual(['新增', '编辑']);
  });

  it('refuses comparing versions of different records, and callers without the permission', async () => {
    await t.request({
      method: 'POST',
      url: '/sys/position/add',
      token: admin,
      payload: { code: 'LOG2', name: '另一条' },
    });
    const rows = await t.app.ctx.db.db.selectFrom('sysDataLog').select(['id', 'dataId']).execute();
    const a = rows[0]!;
    const b = rows.find((r) => r.dataId !== a.dataId)!;
    const res = await t.request({
      method: 'GET',
      url: `/sys/dataLog/queryCompareList?dataId1=${a.id}&dataId2=${b.id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('只能比较同一条数据的不同版本');
    const staff = await t.login('staff');
    expect((await t.request({ method: 'GET', url: '/sys/log/list', token: staff })).statusCode).toBe(403);
  });

  it('keeps every log to its tenant: an administrator of tenant 1001 sees nothing of tenant 1002', async () => {
    // Two administrators (the administrator role) who belong to one tenant each.
    for (const [username, tenant] of [
      ['logadmin1', 1001],
      ['logadmin2', 1002],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/sys/user/add',
        token: admin,
        tenant,
        payload: {
          username,
          realname: `租户${tenant}管理员`,
          password: 'Passw0rd!',
          confirmpassword: 'Passw0rd!',
          selectedroles: ROLE_ADMIN,
          relTenantIds: String(tenant),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const t1 = await t.login('logadmin1', 'Passw0rd!');
    const t2 = await t.login('logadmin2', 'Passw0rd!');
    // The tenant-1002 administrator works: a list call and a record with two versions.
    expect((await t.request({ method: 'GET', url: '/sys/position/list', token: t2 })).statusCode).toBe(200);
    const id = (
      await t.request({
        method: 'POST',
        url: '/sys/position/add',
        token: t2,
        payload: { code: 'T2SECRET', name: '二号租户职务' },
      })
    ).json().result.id as string;
    await t.request({ method: 'PUT', url: '/sys/position/edit', token: t2, payload: { id, name: '二号租户职务改' } });
    await t.app.operationLog.flush();

    const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
    const usernames = async (token: string, logType: number) =>
      (await get(`/sys/log/list?logType=${logType}&pageSize=500`, token))
        .json()
        .result.records.map((r: { username: string }) => r.username) as string[];
    // Tenant 1001 sees its own rows, never tenant 1002's (sign-ins nor calls).
    expect(await usernames(t1, 1)).toContain('logadmin1');
    expect(await usernames(t1, 1)).not.toContain('logadmin2');
    expect(await usernames(t1, 2)).not.toContain('logadmin2');
    // Tenant 1002 sees them.
    expect(await usernames(t2, 1)).toContain('logadmin2');
    expect(await usernames(t2, 2)).toContain('logadmin2');
    expect(await usernames(t2, 1)).not.toContain('logadmin1');

    // Data log, its versions and their comparison, and the export.
    const t1Data = (await get(`/sys/dataLog/list?dataId=${id}`, t1)).json().result;
    expect(t1Data.total).toBe(0);
    expect((await get(`/sys/dataLog/list?dataId=${id}`, t2)).json().result.total).toBe(2);
    expect((await get(`/sys/dataLog/queryDataVersion?dataTable=sys_position&dataId=${id}`, t1)).json().result).toEqual(
      [],
    );
    const versions = (await get(`/sys/dataLog/queryDataVersion?dataTable=sys_position&dataId=${id}`, t2)).json()
      .result as { id: string }[];
    expect(versions).toHaveLength(2);
    const compare = `/sys/dataLog/queryCompareList?dataId1=${versions[0]!.id}&dataId2=${versions[1]!.id}`;
    expect((await get(compare, t1)).statusCode).toBe(404);
    expect((await get(compare, t2)).statusCode).toBe(200);
    // The log's export (the data log has none) leaves them out too.
    await t.app.operationLog.flush();
    const opsExport = await get(`/sys/log/exportXls?logType=2`, t1);
    expect(opsExport.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(opsExport.rawPayload as unknown as ArrayBuffer);
    const cells = JSON.stringify(wb.worksheets[0]!.getSheetValues());
    expect(cells).toContain('logadmin1');
    expect(cells).not.toContain('logadmin2');
    // A caller left without any tenant sees no tenant's logs (not every tenant's).
    const db0 = t.app.ctx.db.db;
    const lone = (await db0.selectFrom('sysUser').select('id').where('username', '=', 'logadmin2').executeTakeFirst())!;
    await db0.deleteFrom('sysUserTenant').where('userId', '=', lone.id).execute();
    await t.app.ctx.authCache.invalidate();
    const none = await get('/sys/log/list', t2);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('您不属于任何租户，无法查看日志');
    expect((await get('/sys/dataLog/list', t2)).statusCode).toBe(403);
    // Every row written carries its tenant.
    const db = t.app.ctx.db.db;
    const rows = await db.selectFrom('sysDataLog').selectAll().where('dataId', '=', id).execute();
    expect(rows.map((r) => r.tenantId)).toEqual([1002, 1002]);
  });

  it('gives rows older than the tenant column the tenant of their maker, when it has exactly one', async () => {
    // Undo the migration, write rows as the earlier release did, and migrate again.
    const raw = t.app.ctx.db.db.withoutPlugins() as unknown as Kysely<unknown>;
    await logTenant.down(raw);
    const db = t.app.ctx.db.db.withoutPlugins();
    const old = (id: string, by: string) => ({
      id,
      data_table: 'sys_position',
      data_id: id,
      data_version: 1,
      data_content: '{}',
      action: 'add',
      create_by: by,
      create_time: '2026-01-01 00:00:00',
    });
    await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('sys_data_log')
      .values([old('old_by_staff', 'staff'), old('old_by_admin', 'admin'), old('old_by_nobody', 'ghost')])
      .execute();
    await logTenant.up(raw);
    const rows = await t.app.ctx.db.db
      .selectFrom('sysDataLog')
      .select(['id', 'tenantId'])
      .where('id', 'like', 'old_by_%')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.tenantId === null ? null : Number(r.tenantId)])).toEqual([
      ['old_by_admin', null],
      ['old_by_nobody', null],
      ['old_by_staff', 1001],
    ]);
  });
});
