import { GUEST_CREDENTIALS, MSG, PERM, type MenuRoute, type UserPermissionResult } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SysPermission } from '../../db/schema.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { hashPassword } from '../auth/login.service.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { buildMenuTree } from './permission.service.js';

const titles = (menu: MenuRoute[]): string[] => menu.flatMap((m) => [m.meta.title, ...titles(m.children ?? [])]);

describe.each(targets)('getUserPermissionByToken on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(() => t?.close());

  const permissionsOf = async (token: string) =>
    (await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token })).json()
      .result as UserPermissionResult;

  it('gives the admin the whole menu with its buttons', async () => {
    const result = await permissionsOf(await t.login(SEED_ACCOUNTS.admin.username));
    expect(result.menu.map((m) => m.meta.title)).toEqual(['首页', '结果页', '异常页', '系统管理', '开发工具']);
    const system = result.menu.find((m) => m.path === '/system')!;
    const pages = system.children!.map((c) => [c.path, c.component]);
    expect(pages).toContainEqual(['/system/platform', 'system/PlatformSetting']);
    expect(pages).toContainEqual(['/system/permission', 'system/PermissionList']);
    expect(pages).toContainEqual(['/system/permissionLazy', 'system/PermissionLazyList']);
    expect(result.auth.map((a) => a.action)).toEqual(expect.arrayContaining(Object.values(PERM)));
    expect(result.allAuth.every((a) => a.type === '1' && a.status === '1')).toBe(true);
  });

  it('gives the ordinary user no admin menu and no admin buttons', async () => {
    const result = await permissionsOf(await t.login(SEED_ACCOUNTS.staff.username));
    expect(titles(result.menu)).not.toContain('系统管理');
    expect(titles(result.menu)).toContain('首页');
    expect(result.auth).toEqual([]);
    expect(result.allAuth.map((a) => a.action)).toContain(PERM.platformEdit);
  });

  it('gives the guest only the public display page', async () => {
    const result = await permissionsOf(await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password));
    expect(result.menu.map((m) => m.path)).toEqual(['/assetAllocationAll']);
  });

  it('treats an empty menu as an error', async () => {
    const { db } = t.app.ctx.db;
    await db
      .insertInto('sysUser')
      .values({
        id: 'f'.repeat(32),
        username: 'no_roles',
        realname: '无角色用户',
        password: await hashPassword('NoRoles#1'),
        avatar: null,
        birthday: null,
        sex: null,
        email: null,
        phone: null,
        orgCode: null,
        status: 1,
        delFlag: 0,
        workNo: null,
        telephone: null,
        loginTenantId: null,
        loginDepartId: null,
        loginPositionId: null,
        lastLoginTime: null,
        lastLoginIp: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const res = await t.request({
      method: 'GET',
      url: '/sys/permission/getUserPermissionByToken',
      token: await t.login('no_roles', 'NoRoles#1'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.emptyMenu);
  });

  it('counts department-role grants: the menu shows and its calls are allowed', async () => {
    const db = t.app.ctx.db.db;
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    expect((await t.request({ method: 'GET', url: '/sys/position/list', token: staff })).statusCode).toBe(403);
    const me = await db.selectFrom('sysUser').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
    const depart = await db
      .selectFrom('sysUserDepart')
      .select('depId')
      .where('userId', '=', me.id)
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('sysPermission')
      .select('id')
      .where((eb) => eb.or([eb('url', 'in', ['/system', '/system/position']), eb('perms', '=', PERM.positionList)]))
      .execute();
    await db
      .insertInto('sysDepartRole')
      .values({
        id: 'dr-perm-test',
        departId: depart.depId,
        roleName: '职务查看',
        roleCode: 'pos_view',
        description: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('sysDepartRoleUser')
      .values({ id: 'dru-perm-test', userId: me.id, droleId: 'dr-perm-test' })
      .execute();
    await db
      .insertInto('sysDepartRolePermission')
      .values(
        entries.map((e, i) => ({
          id: `drp-perm-test-${i}`,
          departId: depart.depId,
          roleId: 'dr-perm-test',
          permissionId: e.id,
          dataRuleIds: null,
          operateDate: null,
          operateIp: null,
        })),
      )
      .execute();
    await t.app.ctx.authCache.invalidate();
    expect(titles((await permissionsOf(staff)).menu)).toContain('职务管理');
    expect((await t.request({ method: 'GET', url: '/sys/position/list', token: staff })).statusCode).toBe(200);
  });

  it('reflects the database: a hidden page hides its group, a deleted grant removes the page', async () => {
    const { db } = t.app.ctx.db;
    const token = await t.login(SEED_ACCOUNTS.staff.username);
    await db
      .updateTable('sysPermission')
      .set({ hidden: 1 })
      .where('url', 'in', ['/result/success', '/result/fail'])
      .execute();
    const hidden = await permissionsOf(token);
    expect(hidden.menu.find((m) => m.path === '/result')!.hidden).toBe(true);
    await db
      .updateTable('sysPermission')
      .set({ hidden: 0 })
      .where('url', 'in', ['/result/success', '/result/fail'])
      .execute();

    const page = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/exception/500')
      .executeTakeFirstOrThrow();
    const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    await db
      .deleteFrom('sysRolePermission')
      .where('roleId', '=', role.id)
      .where('permissionId', '=', page.id)
      .execute();
    expect(titles((await permissionsOf(token)).menu)).not.toContain('500');
  });
});

describe('menu tree', () => {
  const row = (id: string, parentId: string | null, extra: Partial<SysPermission> = {}): SysPermission => ({
    id,
    parentId,
    name: id,
    url: `/${id}`,
    component: 'x',
    componentName: null,
    redirect: null,
    menuType: parentId ? 1 : 0,
    perms: null,
    permsType: null,
    sortNo: 0,
    alwaysShow: 0,
    icon: null,
    isRoute: 1,
    isLeaf: 1,
    keepAlive: 0,
    hidden: 0,
    hideTab: 0,
    description: null,
    status: '1',
    delFlag: 0,
    ruleFlag: 0,
    internalOrExternal: 0,
    createBy: null,
    createTime: null,
    updateBy: null,
    updateTime: null,
    ...extra,
  });

  it('lifts a granted child of an ungranted parent to the top, and marks route flag 0 and external links', () => {
    const tree = buildMenuTree([
      row('a', null),
      row('b', 'a', { isRoute: 0 }),
      row('c', 'missing'),
      row('d', null, { url: 'https://example.org/help', internalOrExternal: 1 }),
    ]);
    expect(tree.map((m) => m.id)).toEqual(['a', 'c', 'd']);
    expect(tree[0]!.children![0]!.route).toBe('0');
    expect(tree[2]!.meta).toMatchObject({ url: 'https://example.org/help', internalOrExternal: true });
    expect(tree[2]!.path).toBe('/external/d');
  });

  it('hides a parent only when every child is hidden', () => {
    const some = buildMenuTree([row('p', null), row('c1', 'p', { hidden: 1 }), row('c2', 'p')]);
    expect(some[0]!.hidden).toBe(false);
    const all = buildMenuTree([row('p', null), row('c1', 'p', { hidden: 1 }), row('c2', 'p', { hidden: 1 })]);
    expect(all[0]!.hidden).toBe(true);
  });
});
