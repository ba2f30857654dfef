import {
  PERM,
  PERSONAL_PAGES,
  REACH_MESSAGES,
  ROLE_MESSAGES,
  USER_MESSAGES,
  type PermissionTreeNode,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';
import { addDataRule } from '../../test/data-rule-fixtures.js';

const ROLE_ADMIN = seedId('role:admin');
const ROLE_STAFF = seedId('role:staff');
const STAFF_ID = seedId('user:staff');
const perm = (code: string) => seedId(`perm:${code}`);
const MENU_USER = seedId('perm:system-user');
const MENU_SYSTEM = seedId('perm:system');

function flatten(nodes: PermissionTreeNode[]): PermissionTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe.each(targets)('roles on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });
  const addRole = async (roleCode: string, roleName = roleCode) => {
    const res = await call('POST', '/sys/role/add', { roleCode, roleName });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as string;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('adds, lists, edits roles; names round-trip; codes are unique', async () => {
    const id = await addRole('auditor', '审计员𠮷🏠');
    const listed = (await call('GET', '/sys/role/list?roleCode=auditor')).json().result.records;
    expect(listed[0]).toMatchObject({ id, roleName: '审计员𠮷🏠', tenantId: 1001 });
    const dup = await call('POST', '/sys/role/add', { roleCode: 'auditor', roleName: '重复' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(ROLE_MESSAGES.roleCodeTaken('auditor'));
    const bad = await call('POST', '/sys/role/add', { roleCode: '1-bad', roleName: '坏编码' });
    expect(bad.json().message).toBe(ROLE_MESSAGES.roleCodeFormat);
    expect((await call('POST', '/sys/role/add', { roleCode: 'x1' })).json().message).toBe(
      ROLE_MESSAGES.roleNameRequired,
    );
    const edit = await call('PUT', '/sys/role/edit', { id, roleName: '审计', description: '只读' });
    expect(edit.statusCode).toBe(200);
    expect((await call('GET', `/sys/role/queryById?id=${id}`)).json().result.roleName).toBe('审计');
    const adminCode = await call('PUT', '/sys/role/edit', { id: ROLE_ADMIN, roleCode: 'root' });
    expect(adminCode.json().message).toBe(ROLE_MESSAGES.adminCodeFixed);
  });

  it('keeps a tenant’s roles to that tenant; global roles are everywhere', async () => {
    const codes = async (tenant: number) =>
      (await t.request({ method: 'GET', url: '/sys/role/queryall', token: staff, tenant }))
        .json()
        .result.map((r: { roleCode: string }) => r.roleCode);
    const in1001 = await codes(1001);
    expect(in1001).toEqual(expect.arrayContaining(['admin', 'staff', 'guest', 'auditor']));
    const other = await t.request({ method: 'GET', url: '/sys/role/queryall', token: admin, tenant: 1002 });
    const in1002 = other.json().result.map((r: { roleCode: string }) => r.roleCode);
    expect(in1002).toContain('admin');
    expect(in1002).not.toContain('auditor');
  });

  it('gives the authorisation tree, with rule flags, and the role’s grants', async () => {
    const res = await call('GET', '/sys/role/queryTreeList');
    expect(res.statusCode).toBe(200);
    const { treeList, ids } = res.json().result as { treeList: PermissionTreeNode[]; ids: string[] };
    const all = flatten(treeList);
    expect(all.length).toBe(ids.length);
    const system = treeList.find((n) => n.key === MENU_SYSTEM)!;
    expect(system.title).toBe('系统管理');
    const userMenu = system.children!.find((n) => n.key === MENU_USER)!;
    expect(userMenu.children!.map((c) => c.title)).toContain('添加用户');
    expect(all.every((n) => !n.disableCheckbox)).toBe(true);
    const granted = (await call('GET', `/sys/permission/queryRolePermission?roleId=${ROLE_STAFF}`)).json().result;
    expect(granted).toContain(seedId('perm:dashboard'));
    expect(granted).not.toContain(MENU_USER);
  });

  it('saves grants as a difference and invalidates sessions’ permissions', async () => {
    const roleId = await addRole('user_viewer', '用户查看');
    const res = await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [MENU_SYSTEM, MENU_USER, perm(PERM.userList)].join(','),
      lastpermissionIds: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ROLE_MESSAGES.authorized);
    // staff gets the role through the role-users call and may now list users at once.
    expect((await call('GET', '/sys/user/list', undefined, staff)).statusCode).toBe(403);
    const addUsers = await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [STAFF_ID] });
    expect(addUsers.statusCode, addUsers.body).toBe(200);
    expect((await call('GET', '/sys/user/list', undefined, staff)).statusCode).toBe(200);
    const users = (await call('GET', `/sys/user/userRoleList?roleId=${roleId}`)).json().result;
    expect(users.records.map((u: { username: string }) => u.username)).toEqual(['staff']);
    // Removing a grant keeps the others.
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [MENU_SYSTEM, MENU_USER].join(','),
    });
    expect((await call('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).json().result.sort()).toEqual(
      [MENU_SYSTEM, MENU_USER].sort(),
    );
    expect((await call('GET', '/sys/user/list', undefined, staff)).statusCode).toBe(403);
  });

  it('grants a new role the personal pages (个人中心, 我的消息), so its users keep their own profile and messages', async () => {
    const roleId = await addRole('personal_only', '只看个人');
    const granted = (await call('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).json().result;
    const db = t.app.ctx.db.db;
    const pages = await db
      .selectFrom('sysPermission')
      .select(['id', 'url'])
      .where('url', 'in', [...PERSONAL_PAGES])
      .execute();
    expect(pages.map((p) => p.url).sort()).toEqual([...PERSONAL_PAGES].sort());
    expect([...granted].sort()).toEqual(pages.map((p) => p.id).sort());
  });

  it('never lets a caller grant what they do not hold', async () => {
    const db = t.app.ctx.db.db;
    // A delegate holding role authorisation and the user list only (and the personal pages every role has).
    const delegateRole = await addRole('delegate', '授权代理');
    const personal = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', 'in', [...PERSONAL_PAGES])
      .execute();
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId: delegateRole,
      permissionIds: [
        ...personal.map((p) => p.id),
        MENU_SYSTEM,
        seedId('perm:system-role'),
        perm(PERM.roleList),
        perm(PERM.roleAuthorize),
        perm(PERM.roleUsers),
        perm(PERM.userList),
      ].join(','),
    });
    const uid = newId();
    await call('POST', '/sys/user/add', {
      username: 'delegate1',
      realname: '代理人',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      selectedroles: delegateRole,
    });
    void uid;
    const token = await t.login('delegate1', 'Passw0rd!');
    const target = await addRole('target_role', '目标角色');
    const tree = (await call('GET', '/sys/role/queryTreeList', undefined, token)).json().result;
    const nodes = flatten(tree.treeList);
    expect(nodes.find((n) => n.key === perm(PERM.userDelete))!.disableCheckbox).toBe(true);
    expect(nodes.find((n) => n.key === perm(PERM.userList))!.disableCheckbox).toBe(false);
    const ok = await call(
      'POST',
      '/sys/permission/saveRolePermission',
      { roleId: target, permissionIds: perm(PERM.userList) },
      token,
    );
    expect(ok.statusCode).toBe(200);
    const refused = await call(
      'POST',
      '/sys/permission/saveRolePermission',
      { roleId: target, permissionIds: [perm(PERM.userList), perm(PERM.userDelete)].join(',') },
      token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ROLE_MESSAGES.grantNotHeld('删除用户'));
    // Nor hand a stronger role to anyone.
    const stronger = await call(
      'POST',
      '/sys/user/addSysUserRole',
      { roleId: ROLE_ADMIN, userIdList: [STAFF_ID] },
      token,
    );
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().message).toBe(REACH_MESSAGES.roleAbove('管理员'));
    const grants = await db
      .selectFrom('sysRolePermission')
      .select('permissionId')
      .where('roleId', '=', target)
      .execute();
    expect(grants.map((g) => g.permissionId)).toEqual([perm(PERM.userList)]);
    const unknown = await call('POST', '/sys/permission/saveRolePermission', { roleId: target, permissionIds: 'nope' });
    expect(unknown.json().message).toBe(ROLE_MESSAGES.permissionUnknown);
  });

  it('keeps role management in the administrator role', async () => {
    const current = (await call('GET', `/sys/permission/queryRolePermission?roleId=${ROLE_ADMIN}`)).json()
      .result as string[];
    const res = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: ROLE_ADMIN,
      permissionIds: current.filter((id) => id !== perm(PERM.roleAuthorize)).join(','),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ROLE_MESSAGES.adminKeepsAuthorize);
  });

  it('chooses a menu’s data rules per role, and they narrow the list', async () => {
    const db = t.app.ctx.db.db;
    const ruleId = await addDataRule(db, MENU_USER, {
      name: '只看管理员',
      column: 'username',
      condition: '=',
      value: 'admin',
    });
    const roleId = (await call('GET', '/sys/role/list?roleCode=user_viewer')).json().result.records[0].id as string;
    const tree = flatten((await call('GET', '/sys/role/queryTreeList')).json().result.treeList);
    expect(tree.find((n) => n.key === MENU_USER)!.ruleFlag).toBe(1);
    const before = (await call('GET', `/sys/role/datarule/${MENU_USER}/${roleId}`)).json().result;
    expect(before).toMatchObject({ drChecked: '' });
    expect(before.datarule.map((r: { ruleName: string }) => r.ruleName)).toEqual(['只看管理员']);
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [MENU_SYSTEM, MENU_USER, perm(PERM.userList)].join(','),
    });
    const save = await call('POST', '/sys/role/datarule', { permissionId: MENU_USER, roleId, dataRuleIds: ruleId });
    expect(save.statusCode).toBe(200);
    expect(save.json().message).toBe(ROLE_MESSAGES.ruleSaved);
    expect((await call('GET', `/sys/role/datarule/${MENU_USER}/${roleId}`)).json().result.drChecked).toBe(ruleId);
    const names = (await call('GET', '/sys/user/list', undefined, staff))
      .json()
      .result.records.map((r: { username: string }) => r.username);
    expect(names).toEqual(['admin']);
    const wrong = await call('POST', '/sys/role/datarule', {
      permissionId: seedId('perm:system-role'),
      roleId,
      dataRuleIds: ruleId,
    });
    expect(wrong.json().message).toBe(ROLE_MESSAGES.ruleNotOfPermission);
    // Saving the grants again keeps the chosen rule.
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [MENU_SYSTEM, MENU_USER, perm(PERM.userList)].join(','),
    });
    expect((await call('GET', `/sys/role/datarule/${MENU_USER}/${roleId}`)).json().result.drChecked).toBe(ruleId);
  });

  it('adds and removes role users; the seeded admin keeps the admin role', async () => {
    const roleId = await addRole('removable', '可移除');
    await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [STAFF_ID] });
    expect((await call('GET', `/sys/user/userRoleList?roleId=${roleId}&username=staff`)).json().result.total).toBe(1);
    const del = await call('DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${STAFF_ID}`);
    expect(del.json().message).toBe(ROLE_MESSAGES.userRemoved);
    expect((await call('GET', `/sys/user/userRoleList?roleId=${roleId}`)).json().result.total).toBe(0);
    const keep = await call(
      'DELETE',
      `/sys/user/deleteUserRoleBatch?roleId=${ROLE_ADMIN}&userIds=${seedId('user:admin')}`,
    );
    expect(keep.statusCode).toBe(400);
    const empty = await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [] });
    expect(empty.json().message).toBe(USER_MESSAGES.selectUsers);
    const missing = await call('GET', '/sys/user/userRoleList');
    expect(missing.json().message).toBe(ROLE_MESSAGES.roleIdRequired);
  });

  it('deletes a role with its links; the administrator role stays', async () => {
    const db = t.app.ctx.db.db;
    const roleId = await addRole('short_lived', '临时角色');
    await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [STAFF_ID] });
    await call('POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: seedId('perm:dashboard') });
    expect((await call('DELETE', `/sys/role/delete?id=${roleId}`)).statusCode).toBe(200);
    expect(await db.selectFrom('sysUserRole').select('id').where('roleId', '=', roleId).execute()).toEqual([]);
    expect(await db.selectFrom('sysRolePermission').select('id').where('roleId', '=', roleId).execute()).toEqual([]);
    const adminDel = await call('DELETE', `/sys/role/deleteBatch?ids=${ROLE_ADMIN}`);
    expect(adminDel.statusCode).toBe(400);
    expect(adminDel.json().message).toBe(ROLE_MESSAGES.deleteAdmin);
  });

  it('refuses every role call to a user without the permission', async () => {
    const fresh = await t.login(SEED_ACCOUNTS.guest.username);
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/sys/role/list'],
      ['POST', '/sys/role/add', { roleCode: 'zz', roleName: 'zz' }],
      ['PUT', '/sys/role/edit', { id: ROLE_STAFF, roleName: 'x' }],
      ['DELETE', `/sys/role/delete?id=${ROLE_STAFF}`],
      ['DELETE', `/sys/role/deleteBatch?ids=${ROLE_STAFF}`],
      ['GET', '/sys/role/exportXls'],
      ['GET', '/sys/role/queryTreeList'],
      ['GET', `/sys/permission/queryRolePermission?roleId=${ROLE_STAFF}`],
      ['POST', '/sys/permission/saveRolePermission', { roleId: ROLE_STAFF, permissionIds: '' }],
      ['GET', `/sys/role/datarule/${MENU_USER}/${ROLE_STAFF}`],
      ['POST', '/sys/role/datarule', { roleId: ROLE_STAFF, permissionId: MENU_USER }],
      ['GET', `/sys/user/userRoleList?roleId=${ROLE_STAFF}`],
      ['POST', '/sys/user/addSysUserRole', { roleId: ROLE_STAFF, userIdList: [STAFF_ID] }],
      ['DELETE', `/sys/user/deleteUserRole?roleId=${ROLE_STAFF}&userId=${STAFF_ID}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.request({ method, url, token: fresh, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('keeps a role administrator of tenant 1002 off the roles tenant 1001 holds (issue 8, 7b)', async () => {
    const db = t.app.ctx.db.db;
    const codes = [PERM.roleList, PERM.roleEdit, PERM.roleDelete, PERM.roleAuthorize, PERM.roleUsers, PERM.userList];
    const adminRole = await roleWith(t, admin, 1002, 'role_admin_1002', codes);
    await accountWith(t, admin, 1002, 'roleadm2', [adminRole]);
    const memberId = await accountWith(t, admin, 1002, 'member2', []);
    const token = await t.login('roleadm2', 'Passw0rd!');
    const as2 = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.request({ method, url, token, tenant: 1002, ...(payload ? { payload } : {}) });
    const staffGrants = () =>
      db
        .selectFrom('sysRolePermission')
        .select('permissionId')
        .where('roleId', '=', ROLE_STAFF)
        .execute()
        .then((rows) => rows.map((r) => r.permissionId).sort());
    const before = await staffGrants();
    expect(before.length).toBeGreaterThan(1);

    // The global staff role (held by tenant 1001's staff) grants pages this administrator does not hold.
    const shrink = await as2('POST', '/sys/permission/saveRolePermission', {
      roleId: ROLE_STAFF,
      permissionIds: before.slice(1).join(','),
    });
    expect(shrink.statusCode).toBe(403);
    expect(shrink.json().message).toBe(REACH_MESSAGES.globalRoleAbove);
    const rule = await as2('POST', '/sys/role/datarule', {
      roleId: ROLE_STAFF,
      permissionId: before[0],
      dataRuleIds: '',
    });
    expect(rule.statusCode).toBe(403);
    expect((await as2('PUT', '/sys/role/edit', { id: ROLE_STAFF, roleName: '改名' })).statusCode).toBe(403);
    expect((await as2('DELETE', `/sys/role/delete?id=${ROLE_STAFF}`)).statusCode).toBe(403);
    expect(
      (await as2('POST', '/sys/user/addSysUserRole', { roleId: ROLE_STAFF, userIdList: [memberId] })).statusCode,
    ).toBe(403);
    expect(await staffGrants()).toEqual(before);
    expect(
      (await db.selectFrom('sysRole').select('roleName').where('id', '=', ROLE_STAFF).executeTakeFirst())!.roleName,
    ).toBe('普通员工');

    // A role of tenant 1001 is not even seen from tenant 1002.
    const role1001 = await addRole('tenant1001_role', '一号租户角色');
    const foreign = await as2('POST', '/sys/permission/saveRolePermission', {
      roleId: role1001,
      permissionIds: perm(PERM.userList),
    });
    expect(foreign.statusCode).toBe(404);

    // Its own tenant's role: granted and taken away within what it holds, users added and removed.
    const own = await roleWith(t, admin, 1002, 'own_1002', [PERM.userList, PERM.userDelete]);
    const grant = await as2('POST', '/sys/permission/saveRolePermission', {
      roleId: own,
      permissionIds: [perm(PERM.userList), perm(PERM.userDelete), perm(PERM.roleList)].join(','),
    });
    expect(grant.statusCode).toBe(200);
    // Taking away a permission it does not hold itself is beyond it too.
    const takeAway = await as2('POST', '/sys/permission/saveRolePermission', {
      roleId: own,
      permissionIds: [perm(PERM.userList), perm(PERM.roleList)].join(','),
    });
    expect(takeAway.statusCode).toBe(403);
    expect(takeAway.json().message).toBe(REACH_MESSAGES.permissionAbove('删除用户'));
    const narrow = await roleWith(t, admin, 1002, 'narrow_1002', [PERM.userList]);
    expect((await as2('POST', '/sys/user/addSysUserRole', { roleId: narrow, userIdList: [memberId] })).statusCode).toBe(
      200,
    );
    expect((await as2('DELETE', `/sys/user/deleteUserRole?roleId=${narrow}&userId=${memberId}`)).statusCode).toBe(200);
  });
});
