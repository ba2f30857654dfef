import { MAX_PAGE_NO, MSG, POPUP_REPORT_API } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../modules/report/report.registry.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const NUL = '\u0000';

/** Issue 8 point 9: a NUL character or an absurd page number is the caller's mistake (400), never a 500. */
describe.each(targets)('bad input on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.request({ method, url, token: admin, tenant: 1001, ...(payload ? { payload } : {}) });
  const answer = (res: { statusCode: number; json(): { message: string } }) => [res.statusCode, res.json().message];

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('refuses a NUL character in an add, a list filter, a dictionary and a check', async () => {
    const refused = [400, MSG.controlCharacter];
    expect(answer(await call('POST', '/sys/position/add', { code: `N${NUL}1`, name: '职务', postRank: '1' }))).toEqual(
      refused,
    );
    expect(answer(await call('GET', `/sys/position/list?name=${encodeURIComponent(`*a${NUL}b*`)}`))).toEqual(refused);
    expect(
      answer(
        await call(
          'GET',
          `/sys/position/list?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'name', rule: 'like', val: `x${NUL}` }]))}`,
        ),
      ),
    ).toEqual(refused);
    expect(answer(await call('POST', '/sys/dict/add', { dictName: `字典${NUL}`, dictCode: 'nul_dict' }))).toEqual(
      refused,
    );
    expect(
      answer(
        await call(
          'GET',
          `/sys/duplicate/check?tableName=sys_user&fieldName=username&dataId=&fieldVal=${encodeURIComponent(`a${NUL}`)}`,
        ),
      ),
    ).toEqual(refused);
    expect(
      answer(
        await call(
          'GET',
          `/sys/checkRule/checkByCode?ruleCode=asset_code_check&value=${encodeURIComponent(`A${NUL}`)}`,
        ),
      ),
    ).toEqual(refused);
    // In a key too, and deep inside a body.
    expect(answer(await call('POST', '/sys/position/add', { code: 'N2', name: '职务', [`x${NUL}`]: 1 }))).toEqual(
      refused,
    );
    // Nothing was written, and the server still answers.
    const list = await call('GET', '/sys/position/list?code=N*');
    expect(list.statusCode).toBe(200);
    expect(list.json().result.total).toBe(0);
  });

  it('answers 400 to a page number beyond any page, on lists and popup reports', async () => {
    const report = `${POPUP_REPORT_API.data}/${REPORTS.find((r) => r.code === 'sys_position_report')!.configId}`;
    for (const url of ['/sys/position/list', '/sys/user/list', report]) {
      expect(answer(await call('GET', `${url}?pageNo=1e300`))).toEqual([400, `参数 pageNo 不能大于 ${MAX_PAGE_NO}`]);
      expect(answer(await call('GET', `${url}?pageNo=${MAX_PAGE_NO + 1}`))).toEqual([
        400,
        `参数 pageNo 不能大于 ${MAX_PAGE_NO}`,
      ]);
      expect(answer(await call('GET', `${url}?pageNo=1.5`))).toEqual([400, '参数 pageNo 必须是正整数']);
      expect(answer(await call('GET', `${url}?pageNo=Infinity`))).toEqual([400, '参数 pageNo 必须是正整数']);
      // The deepest page allowed is an empty page, and a huge page size is served at the cap.
      const deepest = await call('GET', `${url}?pageNo=${MAX_PAGE_NO}&pageSize=1000`);
      expect(deepest.statusCode).toBe(200);
      expect(deepest.json().result.records).toEqual([]);
      const wide = await call('GET', `${url}?pageSize=1e300`);
      expect(wide.statusCode).toBe(200);
      expect(wide.json().result.size).toBe(1000);
    }
  });
});
