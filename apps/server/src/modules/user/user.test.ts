import ExcelJS from 'exceljs';
import { PERM, REACH_MESSAGES, USER_MESSAGES, USER_STATUS } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../db/seeds/seed-id.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { uniqueViolationMessage } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';
import { addDataRule, grantToRole } from '../../test/data-rule-fixtures.js';

const ROLE_STAFF = seedId('role:staff');
const ROLE_ADMIN = seedId('role:admin');
const DEP_GZB = seedId('depart:gzb');
const DEP_ZCGL = seedId('depart:zcgl');
const DEP_ZHBGS = seedId('depart:zhbgs');
const POS_KEYUAN = seedId('position:keyuan');

function xlsxUpload(rows: unknown[][]) {
  return async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户');
    for (const r of rows) ws.addRow(r);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----da' + newId();
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        buffer,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  };
}

describe.each(targets)('users on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });
  const list = async (query: Record<string, string>, token = admin) =>
    call('GET', `/sys/user/list?${new URLSearchParams({ pageSize: '50', ...query })}`, undefined, token);
  const add = (body: object) =>
    call('POST', '/sys/user/add', { password: 'Passw0rd!', confirmpassword: 'Passw0rd!', ...body });
  const idOf = async (username: string) =>
    (await list({ username })).json().result.records[0]?.id as string | undefined;

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('lists users with their departments and never the password', async () => {
    const res = await list({ column: 'username', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const records = res.json().result.records as Record<string, unknown>[];
    const a = records.find((r) => r.username === 'admin')!;
    expect(a.orgCodeTxt).toBe('示范区国资办,资产管理科,综合办公室');
    expect(a.departIds).toBe([DEP_GZB, DEP_ZCGL, DEP_ZHBGS].join(','));
    expect(a.sex_dictText).toBe('男');
    expect(a.status_dictText).toBe('正常');
    expect(JSON.stringify(records)).not.toContain('$argon2');
    expect(records.every((r) => !('password' in r))).toBe(true);
  });

  it('filters by department, sub-departments included', async () => {
    const names = async (departId: string) =>
      (await list({ departId, column: 'username', order: 'asc' }))
        .json()
        .result.records.map((r: { username: string }) => r.username);
    expect(await names(DEP_GZB)).toEqual(['admin', 'staff']);
    expect(await names(DEP_ZHBGS)).toEqual(['admin']);
    expect(await names('no-such-depart')).toEqual([]);
  });

  it('adds a user with roles, departments, positions and tenants; names round-trip', async () => {
    const res = await add({
      username: 'zhang_san2',
      realname: '张𠮷祥🏠',
      sex: 2,
      birthday: '1990-05-06',
      phone: '13900000011',
      email: 'zs2@example.com',
      workNo: 'W-001',
      selectedroles: ROLE_STAFF,
      selecteddeparts: `${DEP_ZHBGS},${DEP_ZCGL}`,
      selectedPositions: POS_KEYUAN,
      relTenantIds: '1001,1002',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().result.id as string;
    const row = (await call('GET', `/sys/user/queryById?id=${id}`)).json().result;
    expect(row).toMatchObject({ realname: '张𠮷祥🏠', orgCode: 'A01A02', sex: 2, birthday: '1990-05-06', status: 1 });
    expect(row.orgCodeTxt).toBe('资产管理科,综合办公室');
    expect((await call('GET', `/sys/user/queryUserRole?userid=${id}`)).json().result).toEqual([ROLE_STAFF]);
    const departs = (await call('GET', `/sys/user/userDepartList?userId=${id}`)).json().result;
    expect(departs.map((d: { key: string; title: string }) => d.title).sort()).toEqual(
      ['综合办公室', '资产管理科'].sort(),
    );
    expect((await call('GET', `/sys/user/userPositionList?userId=${id}`)).json().result[0].name).toBe('科员');
    expect(
      (await call('GET', `/sys/user/userTenantList?userId=${id}`)).json().result.map((x: { id: number }) => x.id),
    ).toEqual([1001, 1002]);
    // The new account signs in with its password.
    await t.login('zhang_san2', 'Passw0rd!');
  });

  it('keeps a user added to another tenant out of this tenant’s list', async () => {
    expect((await add({ username: 'only1002', realname: '二号租户用户', relTenantIds: '1002' })).statusCode).toBe(200);
    expect((await list({ username: 'only1002' })).json().result.total).toBe(0);
    const other = await t.request({
      method: 'GET',
      url: '/sys/user/list?username=only1002',
      token: admin,
      tenant: 1002,
    });
    expect(other.json().result.total).toBe(1);
  });

  it('refuses bad input with clear messages', async () => {
    const cases: [object, string][] = [
      [
        { username: 'weakling', realname: '弱', password: 'abcdefgh', confirmpassword: 'abcdefgh' },
        USER_MESSAGES.passwordWeak,
      ],
      [
        { username: 'weakling', realname: '弱', password: 'Abc12345', confirmpassword: 'Abc12346' },
        USER_MESSAGES.mismatch,
      ],
      [{ username: 'weakling', realname: '弱', password: '', confirmpassword: '' }, USER_MESSAGES.passwordRequired],
      [{ username: 'ab', realname: '短' }, '长度6到18个字符'],
      [{ username: 'bad name', realname: '坏' }, '只允许字母、数字、下划线'],
      [{ username: 'nameless' }, USER_MESSAGES.realnameRequired],
      [{ username: 'admin', realname: '重名' }, '该用户账号不可用，系统中已存在！'],
      [{ username: 'phoneclash', realname: '撞号', phone: '13800000001' }, '该手机号码不可用，系统中已存在！'],
      [{ username: 'badphone', realname: '错号', phone: '12345' }, '请输入正确手机号'],
      [{ username: 'bademail', realname: '错邮', email: 'nope' }, '邮箱格式不正确'],
      [{ username: 'badsex', realname: '性别', sex: 3 }, USER_MESSAGES.sexInvalid],
      [{ username: 'badrole', realname: '角色', selectedroles: 'nope' }, USER_MESSAGES.roleNotFound],
      [{ username: 'baddep', realname: '部门', selecteddeparts: 'nope' }, USER_MESSAGES.departNotFound],
      [{ username: 'extra1', realname: '多余', isAdmin: true }, '不支持的参数：isAdmin'],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    // A tenant the caller does not belong to is beyond their reach.
    const tenant = await add({ username: 'badtenant', realname: '租户', relTenantIds: '9999' });
    expect(tenant.statusCode).toBe(403);
    expect(tenant.json().message).toBe(REACH_MESSAGES.tenantOutside);
  });

  it('answers checkOnlyUser per field', async () => {
    const check = (q: string) => call('GET', `/sys/user/checkOnlyUser?${q}`);
    const taken = await check('username=admin');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ success: false, message: '该用户账号不可用，系统中已存在！' });
    expect((await check('phone=13800000001')).json().message).toBe('该手机号码不可用，系统中已存在！');
    expect((await check('workNo=W-001')).json().message).toBe('该工号不可用，系统中已存在！');
    expect((await check('email=free@example.com')).json().success).toBe(true);
    expect((await check(`username=admin&id=${seedId('user:admin')}`)).json().success).toBe(true);
    const none = await check('id=1');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(USER_MESSAGES.checkFieldRequired);
  });

  it('edits a user and replaces the links; the account name stays', async () => {
    const id = (await idOf('zhang_san2'))!;
    const edit = (body: object) => call('PUT', '/sys/user/edit', { id, ...body });
    const res = await edit({ realname: '张三二', selecteddeparts: DEP_GZB, selectedroles: '', phone: '13900000012' });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await call('GET', `/sys/user/queryById?id=${id}`)).json().result;
    expect(row).toMatchObject({ realname: '张三二', orgCode: 'A01', orgCodeTxt: '示范区国资办', phone: '13900000012' });
    expect((await call('GET', `/sys/user/queryUserRole?userid=${id}`)).json().result).toEqual([]);
    expect((await edit({ username: 'renamed' })).json().message).toBe(USER_MESSAGES.usernameFixed);
    const clash = await edit({ phone: '13800000002' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('该手机号码不可用，系统中已存在！');
    expect((await edit({ email: 'x' })).json().message).toBe('邮箱格式不正确');
  });

  it('freezes and unfreezes users; a frozen user’s session ends', async () => {
    const id = (await idOf('zhang_san2'))!;
    const token = await t.login('zhang_san2', 'Passw0rd!');
    const freeze = await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 2 });
    expect(freeze.statusCode).toBe(200);
    expect(freeze.json().message).toBe(USER_MESSAGES.frozen);
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token })).statusCode).toBe(401);
    expect((await list({ username: 'zhang_san2' })).json().result.records[0].status_dictText).toBe('冻结');
    const unfreeze = await call('PUT', '/sys/user/frozenBatch', { ids: id, status: '1' });
    expect(unfreeze.json().message).toBe(USER_MESSAGES.unfrozen);
    await t.login('zhang_san2', 'Passw0rd!');
    const self = await call('PUT', '/sys/user/frozenBatch', { ids: seedId('user:admin'), status: 2 });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(USER_MESSAGES.freezeSelf);
    expect((await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 3 })).json().message).toBe(
      USER_MESSAGES.statusInvalid,
    );
    expect((await call('PUT', '/sys/user/frozenBatch', { ids: '', status: 2 })).json().message).toBe(
      USER_MESSAGES.idsRequired,
    );
  });

  it('lists a registered account awaiting approval as 待审核 and approves it with 解冻', async () => {
    const id = (await idOf('zhang_san2'))!;
    await t.app.ctx.db.db.updateTable('sysUser').set({ status: USER_STATUS.pending }).where('id', '=', id).execute();
    const pending = (await list({ status: String(USER_STATUS.pending) })).json().result.records as {
      username: string;
      status_dictText: string;
    }[];
    expect(pending.map((r) => [r.username, r.status_dictText])).toEqual([['zhang_san2', '待审核']]);
    expect((await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 1 })).statusCode).toBe(200);
    expect((await list({ username: 'zhang_san2' })).json().result.records[0].status_dictText).toBe('正常');
    await t.login('zhang_san2', 'Passw0rd!');
  });

  it('lets another administrator freeze neither the seeded admin nor themselves', async () => {
    // A second platform administrator may act on the seeded admin's account, but never freeze or delete it.
    await add({
      username: 'second_admin',
      realname: '副管理员',
      selectedroles: `${ROLE_ADMIN},${seedId('role:platform_admin')}`,
      selecteddeparts: DEP_GZB,
    });
    const token = await t.login('second_admin', 'Passw0rd!');
    const res = await call('PUT', '/sys/user/frozenBatch', { ids: seedId('user:admin'), status: 2 }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MESSAGES.freezeAdmin);
    const del = await call('DELETE', `/sys/user/delete?id=${seedId('user:admin')}`, undefined, token);
    expect(del.json().message).toBe(USER_MESSAGES.deleteAdmin);
    // An administrator who is no platform administrator does not reach the account at all.
    await add({ username: 'third_admin', realname: '租户管理员', selectedroles: ROLE_ADMIN, selecteddeparts: DEP_GZB });
    const tenantAdmin = await t.login('third_admin', 'Passw0rd!');
    const refused = await call('PUT', '/sys/user/frozenBatch', { ids: seedId('user:admin'), status: 2 }, tenantAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REACH_MESSAGES.accountAbove);
  });

  it('resets a password: old sessions end, the new password works', async () => {
    const token = await t.login('zhang_san2', 'Passw0rd!');
    const weak = await call('PUT', '/sys/user/changPassword', {
      username: 'zhang_san2',
      password: '12345678',
      confirmpassword: '12345678',
    });
    expect(weak.json().message).toBe(USER_MESSAGES.passwordWeak);
    const res = await call('PUT', '/sys/user/changPassword', {
      username: 'zhang_san2',
      password: 'N3wPassword',
      confirmpassword: 'N3wPassword',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MESSAGES.passwordReset);
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token })).statusCode).toBe(401);
    await t.login('zhang_san2', 'N3wPassword');
    const missing = await call('PUT', '/sys/user/changPassword', {
      username: 'nobody_x',
      password: 'N3wPassword',
      confirmpassword: 'N3wPassword',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes users with their links and sessions; refuses deleting oneself', async () => {
    await add({ username: 'to_delete', realname: '待删', selectedroles: ROLE_STAFF, selecteddeparts: DEP_ZCGL });
    const id = (await idOf('to_delete'))!;
    const token = await t.login('to_delete', 'Passw0rd!');
    const self = await call('DELETE', `/sys/user/delete?id=${seedId('user:admin')}`);
    expect(self.json().message).toBe(USER_MESSAGES.deleteSelf);
    expect((await call('DELETE', `/sys/user/deleteBatch?ids=${id}`)).statusCode).toBe(200);
    expect(await idOf('to_delete')).toBeUndefined();
    expect((await t.request({ method: 'GET', url: '/sys/user/current', token })).statusCode).toBe(401);
    const db = t.app.ctx.db.db;
    expect(await db.selectFrom('sysUserRole').select('id').where('userId', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('sysUserDepart').select('id').where('userId', '=', id).execute()).toEqual([]);
    // The name stays taken by the deleted account.
    expect((await call('GET', '/sys/user/checkOnlyUser?username=to_delete')).json().success).toBe(false);
    expect((await call('DELETE', `/sys/user/delete?id=${id}`)).statusCode).toBe(404);
  });

  it('gives the user picker the users of one department to any signed-in user', async () => {
    const res = await call('GET', `/sys/user/queryUserByDepId?id=${DEP_ZCGL}`, undefined, staff);
    expect(res.statusCode).toBe(200);
    const users = res.json().result as { username: string; orgCodeTxt: string }[];
    expect(users.map((u) => u.username)).toContain('staff');
    expect(users.find((u) => u.username === 'staff')!.orgCodeTxt).toBe('资产管理科');
    expect(JSON.stringify(users)).not.toContain('password');
  });

  it('refuses every user-administration call to a user without the permission', async () => {
    const id = seedId('user:staff');
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/sys/user/list'],
      ['GET', `/sys/user/queryById?id=${id}`],
      ['POST', '/sys/user/add', { username: 'x_staff', realname: 'x' }],
      ['PUT', '/sys/user/edit', { id, realname: 'x' }],
      ['DELETE', `/sys/user/delete?id=${id}`],
      ['DELETE', `/sys/user/deleteBatch?ids=${id}`],
      ['PUT', '/sys/user/frozenBatch', { ids: id, status: 2 }],
      ['PUT', '/sys/user/changPassword', { username: 'staff', password: 'Abc12345', confirmpassword: 'Abc12345' }],
      ['GET', '/sys/user/checkOnlyUser?username=admin'],
      ['GET', `/sys/user/queryUserRole?userid=${id}`],
      ['GET', `/sys/user/userDepartList?userId=${id}`],
      ['GET', `/sys/user/userPositionList?userId=${id}`],
      ['GET', `/sys/user/userTenantList?userId=${id}`],
      ['GET', '/sys/user/exportXls'],
      ['POST', '/sys/user/importExcel'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, staff)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('imports users with one shared initial-password hash and reports bad rows', async () => {
    const upload = await xlsxUpload([
      ['用户账号', '用户姓名', '性别', '手机号码', '所属部门'],
      ['imp_one', '导入一', '男', '13700000001', '忽略'],
      ['imp_two', '导入二🏠', '女', '', ''],
      ['imp_bad', '', '男', '', ''],
      ['admin', '重名', '', '', ''],
    ])();
    const res = await t.request({
      method: 'POST',
      url: '/sys/user/importExcel',
      token: admin,
      tenant: 1001,
      ...upload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(201);
    expect(res.json().result).toMatchObject({ total: 4, success: 2, failed: 2 });
    const db = t.app.ctx.db.db;
    const rows = await db
      .selectFrom('sysUser')
      .select(['username', 'password', 'sex', 'realname'])
      .where('username', 'in', ['imp_one', 'imp_two'])
      .orderBy('username')
      .execute();
    expect(rows.map((r) => [r.username, r.sex, r.realname])).toEqual([
      ['imp_one', 1, '导入一'],
      ['imp_two', 2, '导入二🏠'],
    ]);
    expect(rows[0]!.password).toBe(rows[1]!.password);
    // Imported users join the importing tenant and sign in with the configured initial password.
    expect((await list({ username: 'imp_one' })).json().result.total).toBe(1);
    await t.login('imp_one', t.config.userInitialPassword);
  });

  it('refuses user names that differ from a taken one only by case or look like it, at add, check and import', async () => {
    const taken = '该用户账号不可用，系统中已存在！';
    for (const username of ['Admin', 'ADMIN', 'aDmIn', 'STAFF', 'Staff']) {
      const res = await add({ username, realname: '冒名' });
      expect([res.statusCode, res.json().message], username).toEqual([400, taken]);
      expect((await call('GET', `/sys/user/checkOnlyUser?username=${username}`)).json()).toMatchObject({
        success: false,
        message: taken,
      });
      const generic = `/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=${username}`;
      expect((await call('GET', generic)).json().success, username).toBe(false);
    }
    // Letters of other scripts and full-width forms that pass for ASCII are not user-name letters at all.
    for (const username of ['\u0430dmin', 'st\u0430ff', '\uff41dmin', 'admin\u200b', 'ａｄｍｉｎ']) {
      const res = await add({ username, realname: '冒名' });
      expect([res.statusCode, res.json().message], username).toEqual([400, '只允许字母、数字、下划线']);
    }
    // A deleted account's name stays taken in any case, as its exact spelling does.
    expect((await add({ username: 'Case_Gone', realname: '已删' })).statusCode).toBe(200);
    const gone = (await idOf('Case_Gone'))!;
    expect((await call('DELETE', `/sys/user/delete?id=${gone}`)).statusCode).toBe(200);
    expect((await add({ username: 'case_gone', realname: '重来' })).json().message).toBe(taken);

    const upload = await xlsxUpload([
      ['用户账号', '用户姓名'],
      ['Imp_Case', '导入'],
      ['IMP_CASE', '同名大写'],
      ['Admin', '冒名'],
      ['imp_\u0441ase', '西里尔字母'],
    ])();
    const res = await t.request({
      method: 'POST',
      url: '/sys/user/importExcel',
      token: admin,
      tenant: 1001,
      ...upload,
    });
    expect(res.json().result).toMatchObject({ total: 4, success: 1, failed: 3 });
    const db = t.app.ctx.db.db;
    const stored = await db
      .selectFrom('sysUser')
      .select('username')
      .where((eb) => eb(eb.fn('lower', ['username']), 'in', ['imp_case', 'admin']))
      .orderBy('username')
      .execute();
    expect(stored.map((r) => r.username)).toEqual(['Imp_Case', 'admin']);
    // Out of the way of the data-scope test's list.
    expect((await call('DELETE', `/sys/user/delete?id=${(await idOf('Imp_Case'))!}`)).statusCode).toBe(200);
  });

  it('the database itself refuses a second user name differing only by case', async () => {
    const db = t.app.ctx.db.db;
    const insert = (id: string, username: string) =>
      db
        .insertInto('sysUser')
        .values({ id, username, realname: username, password: 'x', status: 1, delFlag: 0 } as never)
        .execute();
    await insert(newId(), 'Race_Name');
    for (const username of ['RACE_NAME', 'race_name']) {
      const error = await insert(newId(), username).then(
        () => null,
        (e: unknown) => e,
      );
      // Answered with the field's message should two adds race past the check.
      expect(uniqueViolationMessage(error), username).toBe('该用户账号不可用，系统中已存在！');
    }
    const rows = await db
      .selectFrom('sysUser')
      .select('username')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', 'race_name'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('exports users with department names and no password column', async () => {
    const res = await call('GET', '/sys/user/exportXls?username=admin');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toContain('所属部门');
    expect(rows[0]).not.toContain('密码');
    expect(rows[1]).toContain('示范区国资办,资产管理科,综合办公室');
  });

  it('keeps users outside the caller’s data scope out of reach', async () => {
    const db = t.app.ctx.db.db;
    // A role that administers users, restricted by a data rule to usernames starting with imp_.
    const roleId = newId();
    await db
      .insertInto('sysRole')
      .values({
        id: roleId,
        roleName: '导入用户管理员',
        roleCode: `r${roleId.slice(0, 8)}`,
        description: null,
        tenantId: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const menu = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/system/user')
      .executeTakeFirstOrThrow();
    const perms = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', 'in', ['system:user:list', 'system:user:edit', 'system:user:freeze', 'system:user:delete'])
      .execute();
    const ruleId = await addDataRule(db, menu.id, {
      name: '只管导入用户',
      column: 'username',
      condition: 'RIGHT_LIKE',
      value: 'imp_',
    });
    await grantToRole(db, roleId, [
      { permissionId: menu.id, dataRuleIds: ruleId },
      ...perms.map((p) => ({ permissionId: p.id })),
    ]);
    const scopedId = (await idOf('imp_two'))!;
    await db
      .insertInto('sysUserRole')
      .values({ id: newId(), userId: (await idOf('imp_one'))!, roleId, tenantId: null })
      .execute();
    await t.app.ctx.authCache.invalidate();
    const token = await t.login('imp_one', t.config.userInitialPassword);
    const names = (await list({}, token))
      .json()
      .result.records.map((r: { username: string }) => r.username)
      .sort();
    expect(names).toEqual(['imp_one', 'imp_two']);
    const staffId = seedId('user:staff');
    expect((await call('PUT', '/sys/user/frozenBatch', { ids: staffId, status: 2 }, token)).statusCode).toBe(404);
    expect((await call('PUT', '/sys/user/edit', { id: staffId, realname: '越权' }, token)).statusCode).toBe(404);
    expect((await call('DELETE', `/sys/user/delete?id=${staffId}`, undefined, token)).statusCode).toBe(404);
    expect((await call('PUT', '/sys/user/edit', { id: scopedId, realname: '范围内' }, token)).statusCode).toBe(200);
  });

  it('keeps a delegated user administrator below themselves: no account above them, no grant beyond them', async () => {
    // A delegate who may list, edit, reset, freeze and delete users, and nothing else, in tenant 1001.
    const role = await roleWith(t, admin, 1001, 'user_delegate', [
      PERM.userList,
      PERM.userEdit,
      PERM.userResetPassword,
      PERM.userFreeze,
      PERM.userDelete,
    ]);
    await accountWith(t, admin, 1001, 'delegate_u', [role]);
    const plainId = await accountWith(t, admin, 1001, 'plain_u', []);
    const token = await t.login('delegate_u', 'Passw0rd!');
    // A department and a position of tenant 1002.
    const dep2 = (
      await t.request({
        method: 'POST',
        url: '/sys/sysDepart/add',
        token: admin,
        tenant: 1002,
        payload: { departName: '二号租户部门' },
      })
    ).json().result.id as string;
    const pos2 = (
      await t.request({
        method: 'POST',
        url: '/sys/position/add',
        token: admin,
        tenant: 1002,
        payload: { code: 'T2POS', name: '二号租户职务' },
      })
    ).json().result.id as string;
    const adminId = seedId('user:admin');
    const refused = async (res: { statusCode: number; json(): { message: string } }, message: string) => {
      expect(res.json().message).toBe(message);
      expect(res.statusCode).toBe(403);
    };

    // The administrator's account is above the delegate: no reset, edit, freeze, delete.
    const reset = (username: string) =>
      call(
        'PUT',
        '/sys/user/changPassword',
        { username, password: 'Taken0ver!', confirmpassword: 'Taken0ver!' },
        token,
      );
    await refused(await reset('admin'), REACH_MESSAGES.accountAbove);
    await refused(
      await call('PUT', '/sys/user/edit', { id: adminId, realname: '冒名' }, token),
      REACH_MESSAGES.accountAbove,
    );
    await refused(
      await call('PUT', '/sys/user/frozenBatch', { ids: `${plainId},${adminId}`, status: 2 }, token),
      REACH_MESSAGES.accountAbove,
    );
    await refused(
      await call('DELETE', `/sys/user/delete?id=${adminId}`, undefined, token),
      REACH_MESSAGES.accountAbove,
    );
    // Nor is the seeded staff account (it holds pages the delegate does not).
    await refused(await reset('staff'), REACH_MESSAGES.accountAbove);
    expect((await t.login('admin')).length).toBeGreaterThan(0);

    // No grant beyond the delegate: another tenant's department or position, a stronger role, another tenant.
    const edit = (body: object) => call('PUT', '/sys/user/edit', { id: plainId, ...body }, token);
    await refused(await edit({ selecteddeparts: dep2 }), REACH_MESSAGES.departOutside);
    await refused(await edit({ selectedPositions: pos2 }), REACH_MESSAGES.positionOutside);
    const stronger = await edit({ selectedroles: ROLE_ADMIN });
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().message).toBe(REACH_MESSAGES.roleAbove('管理员'));
    await refused(await edit({ relTenantIds: '1002' }), REACH_MESSAGES.tenantOutside);
    expect(
      await t.app.ctx.db.db.selectFrom('sysUserDepart').select('depId').where('userId', '=', plainId).execute(),
    ).toEqual([]);

    // An ordinary account within reach: edited, its password reset, a department of the delegate's tenant given;
    // its department and position of tenant 1002 (given by the administrator there) stay.
    const db = t.app.ctx.db.db;
    await db.insertInto('sysUserDepart').values({ id: newId(), userId: plainId, depId: dep2 }).execute();
    await db.insertInto('sysUserPosition').values({ id: newId(), userId: plainId, positionId: pos2 }).execute();
    expect(
      (await edit({ realname: '普通用户', selecteddeparts: DEP_ZCGL, selectedPositions: POS_KEYUAN })).statusCode,
    ).toBe(200);
    const departs = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', plainId).execute();
    expect(departs.map((d) => d.depId).sort()).toEqual([DEP_ZCGL, dep2].sort());
    const positions = await db
      .selectFrom('sysUserPosition')
      .select('positionId')
      .where('userId', '=', plainId)
      .execute();
    expect(positions.map((p) => p.positionId).sort()).toEqual([POS_KEYUAN, pos2].sort());
    expect((await reset('plain_u')).statusCode).toBe(200);
    expect((await t.login('plain_u', 'Taken0ver!')).length).toBeGreaterThan(0);
  });
});
