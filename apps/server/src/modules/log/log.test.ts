import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';

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
    expect(list.records.map((r: { action_dictText: string }) => r.action_dictText)).toEqual(['新增', '修改']);
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
});
