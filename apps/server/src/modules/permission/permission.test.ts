import { GUEST_CREDENTIALS, MSG, PERM, ROLE, type MenuRoute, type UserPermissionResult } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SysPermission } from '../../db/schema.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedReference } from '../../db/seeds/reference.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { buildMenuTree } from './permission.service.js';
import { hashPassword } from '../../lib/password.js';

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
    expect(result.menu.map((m) => m.meta.title)).toEqual([
      '首页',
      '资产配置',
      '房屋管理',
      '项目管理',
      '企业信息',
      '打印设计',
      '系统管理',
      '消息管理',
      '物联网',
      '我的消息',
      '个人中心',
      '系统监控',
      '在线开发',
      '开发工具',
    ]);
    // The demo pages live under one 开发工具 entry.
    const devTools = result.menu.find((m) => m.path === '/dev-tools')!;
    expect(devTools.children!.map((c) => c.meta.title)).toEqual(['组件示例', '结果页', '异常页']);
    expect(titles(devTools.children!)).toEqual(expect.arrayContaining(['成功页', '失败页', '403', '404', '500']));
    const system = result.menu.find((m) => m.path === '/system')!;
    const pages = system.children!.map((c) => [c.path, c.component]);
    expect(pages).toContainEqual(['/system/platform', 'system/PlatformSetting']);
    expect(pages).toContainEqual(['/system/permission', 'system/PermissionList']);
    expect(pages).toContainEqual(['/system/permissionLazy', 'system/PermissionLazyList']);
    expect(result.auth.map((a) => a.action)).toEqual(expect.arrayContaining(Object.values(PERM)));
    expect(result.allAuth.every((a) => a.type === '1' && a.status === '1')).toBe(true);
  });

  it('gives the ordinary user the menus of their work: no admin menu, no demo pages', async () => {
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const result = await permissionsOf(staff);
    // 张三 works in the asset office too (资产管理科 role, issue 9).
    expect(result.menu.map((m) => m.meta.title)).toEqual([
      '首页',
      '资产配置',
      '房屋管理',
      '项目管理',
      '企业信息',
      '打印设计',
      '我的消息',
      '个人中心',
      '分类字典',
      '通讯录',
    ]);
    for (const demo of ['系统管理', '开发工具', '组件示例', '结果页', '异常页', '成功页', '403']) {
      expect(titles(result.menu)).not.toContain(demo);
    }
    // The asset office's work: assets, tickets (ID numbers masked, expiry run by administrators), projects,
    // reading the company profile.
    const adminOnly: string[] = [PERM.ticketExpire, PERM.ticketViewIdCard, PERM.assetDepreciationBook];
    const assetCodes = Object.entries(PERM)
      .filter(([key]) => /^(asset|ticket|project)/.test(key))
      .map(([, code]) => code)
      .filter((code) => !adminOnly.includes(code))
      .concat(PERM.companyView);
    expect(result.auth.map((a) => a.action).sort()).toEqual(
      // …and printing their records (issue 11).
      [
        PERM.addressBookList,
        PERM.categoryList,
        PERM.fillRuleExecute,
        PERM.printPrint,
        PERM.printTemplateList,
        ...assetCodes,
      ].sort(),
    );
    expect(result.allAuth.map((a) => a.action)).toContain(PERM.platformEdit);
    // Read access works; maintaining categories stays the administrator's.
    const get = (url: string) => t.request({ method: 'GET', url, token: staff });
    expect((await get('/sys/category/list')).statusCode).toBe(200);
    expect((await get('/sys/user/queryByOrgCodeForAddressList')).statusCode).toBe(200);
    const add = await t.request({ method: 'POST', url: '/sys/category/add', token: staff, payload: { name: 'x' } });
    expect(add.statusCode).toBe(403);
  });

  it('leaves disabled type-1 entries out of auth and allAuth; disabled type-2 fields stay marked', async () => {
    const { db } = t.app.ctx.db;
    const admin = await t.login(SEED_ACCOUNTS.admin.username);
    await db.updateTable('sysPermission').set({ status: '0' }).where('perms', '=', PERM.tenantList).execute();
    await db
      .insertInto('sysPermission')
      .values({
        ...(await db
          .selectFrom('sysPermission')
          .selectAll()
          .where('perms', '=', PERM.userEdit)
          .executeTakeFirstOrThrow()),
        id: 'e'.repeat(32),
        name: '工资字段',
        perms: 'user:salary',
        permsType: '2',
        status: '0',
      })
      .execute();
    await t.app.ctx.authCache.invalidate();
    try {
      for (const token of [admin, await t.login(SEED_ACCOUNTS.staff.username)]) {
        const result = await permissionsOf(token);
        // The web's rule (app-spec §6) would show a button whose allAuth entry has status '0'.
        expect(result.allAuth.map((a) => a.action)).not.toContain(PERM.tenantList);
        expect(result.auth.map((a) => a.action)).not.toContain(PERM.tenantList);
        expect(result.allAuth).toContainEqual({ action: 'user:salary', describe: '工资字段', type: '2', status: '0' });
      }
    } finally {
      await db.updateTable('sysPermission').set({ status: '1' }).where('perms', '=', PERM.tenantList).execute();
      await db.deleteFrom('sysPermission').where('id', '=', 'e'.repeat(32)).execute();
      await t.app.ctx.authCache.invalidate();
    }
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

  it('upgrades a database of the earlier release: demo pages move under 开发工具 and leave the staff role', async () => {
    const { db } = t.app.ctx.db;
    const staffRole = seedId(`role:${ROLE.staff}`);
    const groups = [seedId('perm:result'), seedId('perm:exception')];
    const demoPages = ['result-success', 'result-fail', 'exception-403', 'exception-500'];
    // What the earlier release left: the groups at the top level, they and their pages granted to staff.
    await db.updateTable('sysPermission').set({ parentId: null, menuType: 0 }).where('id', 'in', groups).execute();
    const oldGrants = [...groups, ...demoPages.map((k) => seedId(`perm:${k}`))];
    await db
      .insertInto('sysRolePermission')
      .values(
        oldGrants.map((permissionId) => ({
          id: seedId(`grant:${ROLE.staff}:${permissionId}`),
          roleId: staffRole,
          permissionId,
          dataRuleIds: null,
          operateDate: null,
          operateIp: null,
        })),
      )
      .execute();
    // An administrator's own later grant of a demo page is theirs to keep.
    const own = { id: 'a'.repeat(32), roleId: staffRole, permissionId: seedId('perm:exception-404') };
    await db
      .insertInto('sysRolePermission')
      .values({ ...own, dataRuleIds: null, operateDate: null, operateIp: null })
      .execute();
    try {
      await seedReference(db);
      await seedReference(db); // idempotent
      const parents = await db
        .selectFrom('sysPermission')
        .select(['parentId', 'menuType'])
        .where('id', 'in', groups)
        .execute();
      expect(parents).toEqual(groups.map(() => ({ parentId: seedId('perm:dev-tools'), menuType: 1 })));
      const left = await db
        .selectFrom('sysRolePermission')
        .select('id')
        .where('roleId', '=', staffRole)
        .where('permissionId', 'in', [...oldGrants, own.permissionId])
        .execute();
      expect(left.map((g) => g.id)).toEqual([own.id]);
    } finally {
      await db.deleteFrom('sysRolePermission').where('id', '=', own.id).execute();
      await t.app.ctx.authCache.invalidate();
    }
  });

  it('reflects the database: a hidden page hides its group, a deleted grant removes the page', async () => {
    const { db } = t.app.ctx.db;
    const token = await t.login(SEED_ACCOUNTS.staff.username);
    const admin = await t.login(SEED_ACCOUNTS.admin.username);
    await db
      .updateTable('sysPermission')
      .set({ hidden: 1 })
      .where('url', 'in', ['/result/success', '/result/fail'])
      .execute();
    const hidden = await permissionsOf(admin);
    const devTools = hidden.menu.find((m) => m.path === '/dev-tools')!;
    expect(devTools.children!.find((m) => m.path === '/result')!.hidden).toBe(true);
    await db
      .updateTable('sysPermission')
      .set({ hidden: 0 })
      .where('url', 'in', ['/result/success', '/result/fail'])
      .execute();

    const page = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/system/addressBook')
      .executeTakeFirstOrThrow();
    const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    await db
      .deleteFrom('sysRolePermission')
      .where('roleId', '=', role.id)
      .where('permissionId', '=', page.id)
      .execute();
    expect(titles((await permissionsOf(token)).menu)).not.toContain('通讯录');
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
