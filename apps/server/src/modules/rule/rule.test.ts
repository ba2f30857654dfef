import { CHECK_RULE_MESSAGES, DUPLICATE_MESSAGES, GUEST_CREDENTIALS, MSG, PERM } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { formatSequence, scopeKey } from './fill-rule.service.js';
import { nextChildCode } from '../../lib/code-segment.js';

describe('code segments and sequences', () => {
  it('counts A01 … A99, then B01, per level', () => {
    expect(nextChildCode('', [])).toBe('A01');
    expect(nextChildCode('A01', ['A01A01', 'A01A07', 'A01A07A01', 'B01'])).toBe('A01A08');
    expect(nextChildCode('', ['A98', 'A99'])).toBe('B01');
    expect(() => nextChildCode('', ['Z99'])).toThrow('该层级的编码已用完（A01~Z99）');
  });

  it('formats prefix, date and a zero-padded counter', () => {
    const d = new Date(2026, 10, 22, 9, 0, 0);
    const p = { prefix: 'ZC', datePattern: 'YYYYMMDD', seqLength: 3, resetBy: 'day' } as const;
    expect(formatSequence(p, 1, d)).toBe('ZC20261122001');
    expect(formatSequence({ ...p, datePattern: 'YYYYMM' }, 1234, d)).toBe('ZC2026111234');
    expect([scopeKey('day', d), scopeKey('month', d), scopeKey('year', d), scopeKey('never', d)]).toEqual([
      '20261122',
      '202611',
      '2026',
      'all',
    ]);
  });
});

describe.each(targets)('fill rules, check rules and the duplicate check on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, payload });

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('runs the seeded asset_code rule: ZC + today + a counter per day', async () => {
    const d = new Date();
    const day = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
    // Drawing a code needs 生成编码 (the guest does not hold it; 张三 of the asset office does): refused before
    // the counter moves.
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const denied = await call('GET', '/sys/fillRule/executeRuleByCode/asset_code', undefined, guest);
    expect(denied.statusCode).toBe(403);
    const first = await call('GET', '/sys/fillRule/executeRuleByCode/asset_code');
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toBe(`ZC${day}001`);
    const second = await call('PUT', '/sys/fillRule/executeRuleByCode/asset_code', {});
    expect(second.json().result).toBe(`ZC${day}002`);
  });

  it('hands out distinct numbers under concurrency', async () => {
    const created = await call('POST', '/sys/fillRule/add', {
      ruleName: '并发测试🚀',
      ruleCode: 'conc_rule',
      ruleKind: 'sequence',
      ruleParams: JSON.stringify({ prefix: 'C', datePattern: '', seqLength: 4, resetBy: 'never' }),
    });
    expect(created.statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => call('GET', '/sys/fillRule/executeRuleByCode/conc_rule')),
    );
    const values = answers.map((r) => r.json().result as string).sort();
    expect(values).toEqual(Array.from({ length: 24 }, (_, i) => `C${String(i + 1).padStart(4, '0')}`));
  });

  it('gives the next organisation code under a department', async () => {
    const top = await call('GET', '/sys/fillRule/executeRuleByCode/org_code');
    expect(top.json().result).toBe('A02');
    const gzb = await t.app.ctx.db.db
      .selectFrom('sysDepart')
      .select('id')
      .where('orgCode', '=', 'A01')
      .executeTakeFirstOrThrow();
    const child = await call('PUT', '/sys/fillRule/executeRuleByCode/org_code', { parentId: gzb.id });
    expect(child.json().result).toBe('A01A03');
    const missing = await call('GET', '/sys/fillRule/executeRuleByCode/org_code?parentId=nope');
    expect([missing.statusCode, missing.json().message]).toEqual([400, '上级部门不存在']);
  });

  it('validates fill rules on save and keeps rule codes unique', async () => {
    const base = { ruleName: '编号', ruleCode: 'r1', ruleKind: 'sequence' };
    for (const [params, message] of [
      ['not json', '规则参数须为JSON对象'],
      [JSON.stringify({ prefix: 'A B', datePattern: '', seqLength: 3 }), '前缀只能包含字母'],
      [JSON.stringify({ prefix: 'A', datePattern: 'DD', seqLength: 3 }), '日期格式只能为'],
      [JSON.stringify({ prefix: 'A', datePattern: '', seqLength: 11 }), '流水号位数须为1到10的整数'],
      [JSON.stringify({ prefix: 'A', datePattern: 'YYYY', seqLength: 3, resetBy: 'day' }), '按日/月/年重置时'],
    ]) {
      const res = await call('POST', '/sys/fillRule/add', { ...base, ruleParams: params });
      expect(res.statusCode, params).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const dup = await call('POST', '/sys/fillRule/add', { ...base, ruleCode: 'asset_code', ruleKind: 'orgCode' });
    expect([dup.statusCode, dup.json().message]).toEqual([400, '规则编码“asset_code”已存在']);
    const unknown = await call('GET', '/sys/fillRule/executeRuleByCode/nope');
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, '编码规则“nope”不存在']);
    // An edit that changes the kind alone is checked against the stored params.
    const list = (await call('GET', '/sys/fillRule/list?ruleCode=conc_rule')).json().result.records;
    const edit = await call('PUT', '/sys/fillRule/edit', { id: list[0].id, ruleParams: '{"prefix":"A"}' });
    expect([edit.statusCode, edit.json().message]).toEqual([400, '流水号位数须为1到10的整数']);
  });

  it('refuses fill and check rule administration to users without the permission', async () => {
    for (const [method, url] of [
      ['GET', '/sys/fillRule/list'],
      ['POST', '/sys/fillRule/add'],
      ['GET', '/sys/checkRule/list'],
      ['POST', '/sys/checkRule/add'],
      ['DELETE', '/sys/checkRule/delete?id=x'],
    ] as const) {
      expect((await call(method, url, {}, staff)).statusCode, url).toBe(403);
    }
  });

  it('checks a value by rule code: the first failing segment answers, HTTP 200', async () => {
    const check = (value: string, token = staff) =>
      call(
        'GET',
        `/sys/checkRule/checkByCode?ruleCode=asset_code_check&value=${encodeURIComponent(encodeURIComponent(value))}`,
        undefined,
        token,
      );
    const good = await check('ZC20261122001');
    expect([good.statusCode, good.json().success, good.json().message]).toEqual([200, true, '校验通过']);
    const bad = await check('ZX20261122001');
    expect([bad.statusCode, bad.json().success, bad.json().message]).toEqual([200, false, '资产编号须以ZC开头']);
    expect((await check('ZC2026112A001')).json().message).toBe('资产编号第3到10位须为8位日期');
    expect((await check('ZC2026112200')).json().message).toBe('资产编号须为ZC加8位日期和至少3位流水号');
    const missing = await call('GET', '/sys/checkRule/checkByCode?ruleCode=nope&value=1');
    expect([missing.statusCode, missing.json().message]).toEqual([400, CHECK_RULE_MESSAGES.ruleNotFound('nope')]);
  });

  it('saves check rules with Chinese and emoji, validating the rule JSON', async () => {
    const rule = [
      { digits: '2', pattern: '^[\\u4e00-\\u9fa5]{2}$', message: '前两位须为汉字' },
      { digits: '1', pattern: '^🏠$', message: '第三位须为🏠' },
      { digits: '*', pattern: '^.{3,5}$', message: '总长3到5位' },
    ];
    const add = await call('POST', '/sys/checkRule/add', {
      ruleName: '房屋𠮷规则',
      ruleCode: 'house_rule',
      ruleJson: JSON.stringify(rule),
    });
    expect(add.statusCode).toBe(200);
    const row = (await call('GET', '/sys/checkRule/list?ruleCode=house_rule')).json().result.records[0];
    expect(row.ruleName).toBe('房屋𠮷规则');
    const check = (v: string) =>
      call('GET', `/sys/checkRule/checkByCode?ruleCode=house_rule&value=${encodeURIComponent(encodeURIComponent(v))}`);
    expect((await check('东城🏠')).json().message).toBe('校验通过');
    expect((await check('东城🏡')).json().message).toBe('第三位须为🏠');
    expect((await check('东城🏠12345')).json().message).toBe('总长3到5位');

    for (const [json, message] of [
      ['{"a":1}', '规则内容须为JSON数组'],
      ['[]', '规则内容至少包含一条规则'],
      ['[{"digits":"0","pattern":"a","message":"m"}]', '第1条规则的 digits 须为正整数或 *'],
      ['[{"digits":"*","pattern":"(","message":"m"}]', '第1条规则的 pattern 不是有效的正则表达式'],
      ['[{"digits":"*","pattern":"(a)\\\\1","message":"m"}]', CHECK_RULE_MESSAGES.patternUnsupported(1)],
      ['[{"digits":"*","pattern":"^(?=.*\\\\d)\\\\w+$","message":"m"}]', CHECK_RULE_MESSAGES.patternUnsupported(1)],
      ['[{"digits":"*","pattern":"a","message":" "}]', '第1条规则的 message 不能为空'],
      [JSON.stringify([{ digits: '*', pattern: 'a'.repeat(501), message: 'm' }]), '不能超过500个字符'],
    ]) {
      const res = await call('POST', '/sys/checkRule/add', { ruleName: 'x', ruleCode: 'bad_rule', ruleJson: json });
      expect(res.statusCode, json).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const dup = await call('POST', '/sys/checkRule/add', {
      ruleName: 'x',
      ruleCode: 'house_rule',
      ruleJson: JSON.stringify(rule),
    });
    expect(dup.json().message).toBe('规则编码“house_rule”已存在');
  });

  it('cannot be hung by a catastrophic pattern: ^(a|a)*$ answers at once (issue 8, 7b)', async () => {
    for (const [code, pattern] of [
      ['redos_alt', '^(a|a)*$'],
      ['redos_nested', '(a+)+$'],
    ]) {
      const add = await call('POST', '/sys/checkRule/add', {
        ruleName: '回溯测试',
        ruleCode: code,
        ruleJson: JSON.stringify([{ digits: '*', pattern, message: '只能由字母a组成' }]),
      });
      expect(add.statusCode, pattern).toBe(200);
      const value = encodeURIComponent(encodeURIComponent(`${'a'.repeat(50)}!`));
      const res = await call('GET', `/sys/checkRule/checkByCode?ruleCode=${code}&value=${value}`, undefined, staff);
      expect([res.statusCode, res.json().success, res.json().message]).toEqual([200, false, '只能由字母a组成']);
      const good = await call('GET', `/sys/checkRule/checkByCode?ruleCode=${code}&value=${'a'.repeat(1000)}`);
      expect(good.json().success).toBe(true);
    }
  });

  it('answers the duplicate check for registered pairs only', async () => {
    const dup = (q: Record<string, string>, token = admin) =>
      call('GET', `/sys/duplicate/check?${new URLSearchParams(q)}`, undefined, token);
    const taken = await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' });
    expect([taken.statusCode, taken.json().success, taken.json().message]).toEqual([
      200,
      false,
      DUPLICATE_MESSAGES.taken,
    ]);
    const free = await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: '新用户😀' });
    expect([free.json().success, free.json().message]).toEqual([true, '该值可用！']);
    const self = await t.app.ctx.db.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(
      (await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: self.id })).json().success,
    ).toBe(true);
    expect((await dup({ tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'sex' })).json().success).toBe(false);
    expect(
      (await dup({ tableName: 'sys_fill_rule', fieldName: 'rule_code', fieldVal: 'asset_code' })).json().success,
    ).toBe(false);
    expect((await dup({ tableName: 'sys_tenant', fieldName: 'id', fieldVal: '1001' })).json().success).toBe(false);
    expect((await dup({ tableName: 'sys_tenant', fieldName: 'id', fieldVal: 'abc', dataId: 'x' })).json().success).toBe(
      true,
    );
    expect((await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' })).json().message).toBe(
      '该值可用！',
    );
    const bad = await dup({ tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, DUPLICATE_MESSAGES.unregistered]);
    const sqlish = await dup({ tableName: 'sys_user;drop', fieldName: 'username', fieldVal: 'x' });
    expect(sqlish.statusCode).toBe(400);
    expect((await dup({ fieldVal: 'x' })).json().message).toBe(DUPLICATE_MESSAGES.paramsRequired);
    expect(
      (await call('GET', '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=a', undefined, ''))
        .statusCode,
    ).toBe(401);
  });

  /** A new account whose only role holds exactly the given permission codes. */
  const userHolding = async (username: string, codes: string[]) => {
    const roleCode = `only_${username}`;
    expect((await call('POST', '/sys/role/add', { roleCode, roleName: `仅${codes.join('、')}` })).statusCode).toBe(200);
    const role = await t.app.ctx.db.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', roleCode)
      .executeTakeFirstOrThrow();
    const grant = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: codes.map((code) => seedId(`perm:${code}`)).join(','),
      lastpermissionIds: '',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const password = 'Check1234';
    const added = await call('POST', '/sys/user/add', {
      username,
      realname: '校验员',
      password,
      confirmpassword: password,
      selectedroles: role.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    return t.login(username, password);
  };

  it('answers uniqueness checks only to those who may add or edit that resource (issue 8 point 6)', async () => {
    const userEditor = await userHolding('dup_user_editor', [PERM.userEdit]);
    const dup = (token: string, tableName = 'sys_user', fieldName = 'username', fieldVal = 'admin') =>
      call('GET', `/sys/duplicate/check?${new URLSearchParams({ tableName, fieldName, fieldVal })}`, undefined, token);
    const only = (token: string, q = 'username=admin') => call('GET', `/sys/user/checkOnlyUser?${q}`, undefined, token);

    // staff holds neither system:user:add nor system:user:edit: no answer about accounts.
    expect((await dup(staff)).statusCode).toBe(403);
    expect((await dup(staff, 'sys_user', 'phone', '13800000001')).statusCode).toBe(403);
    expect((await only(staff)).statusCode).toBe(403);
    // The guest (whose password ships in the web bundle) gets nothing either.
    const guest = await t.request({ method: 'POST', url: '/sys/apiLogin', payload: GUEST_CREDENTIALS });
    expect(guest.statusCode, guest.body).toBe(200);
    const guestToken = guest.json().result.token as string;
    expect([401, 403]).toContain((await dup(guestToken)).statusCode);
    expect([401, 403]).toContain((await only(guestToken)).statusCode);

    // Holding user edit answers for users (the form's asynchronous check keeps working) …
    const taken = await dup(userEditor);
    expect([taken.statusCode, taken.json().success, taken.json().message]).toEqual([
      200,
      false,
      DUPLICATE_MESSAGES.taken,
    ]);
    expect((await only(userEditor)).json()).toMatchObject({
      success: false,
      message: '该用户账号不可用，系统中已存在！',
    });
    expect((await only(userEditor, 'username=free_name')).json().success).toBe(true);
    // … but not for another resource's table.
    expect((await dup(userEditor, 'sys_role', 'role_code', 'admin')).statusCode).toBe(403);
    expect((await dup(userEditor, 'sys_dict', 'dict_code', 'sex')).statusCode).toBe(403);
  });

  it('rate-limits uniqueness checks per user: 429 请求过于频繁，请稍后再试 (issue 8 point 6)', async () => {
    const limited = await startApp(target, { uniqueCheckPerMinute: 5 });
    try {
      const token = await limited.login();
      const other = await limited.login(SEED_ACCOUNTS.admin.username);
      const dup = (tok: string, i: number) =>
        limited.request({
          method: 'GET',
          url: `/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=probe_${i}`,
          token: tok,
        });
      for (let i = 0; i < 3; i++) expect((await dup(token, i)).statusCode).toBe(200);
      // checkOnlyUser draws on the same allowance.
      for (let i = 3; i < 5; i++) {
        const res = await limited.request({ method: 'GET', url: `/sys/user/checkOnlyUser?username=probe_${i}`, token });
        expect(res.statusCode).toBe(200);
      }
      const refused = await dup(token, 5);
      expect([refused.statusCode, refused.json().message]).toEqual([429, MSG.tooManyRequests]);
      const refusedOnly = await limited.request({ method: 'GET', url: '/sys/user/checkOnlyUser?username=x1', token });
      expect(refusedOnly.statusCode).toBe(429);
      // The allowance is the user's, not the token's: a second session of the same user is limited too.
      expect((await dup(other, 6)).statusCode).toBe(429);
      // Another user's allowance is untouched (staff is then refused for want of the permission, not the rate).
      const staffToken = await limited.login(SEED_ACCOUNTS.staff.username);
      expect((await dup(staffToken, 7)).statusCode).toBe(403);
    } finally {
      await limited.close();
    }
  });
});
