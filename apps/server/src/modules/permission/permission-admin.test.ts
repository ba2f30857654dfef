import {
  DATA_RULE_MESSAGES as D,
  PERM,
  PERMISSION_MESSAGES as M,
  type PermissionDataRuleRecord,
  type PermissionLazyRow,
  type PermissionTreeResult,
  type PermissionTreeRow,
  type UserPermissionResult,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../db/seeds/seed-id.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { newId } from '../../lib/ids.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';

const SYSTEM_ID = seedId('perm:system');
const USER_MENU_ID = seedId('perm:system-user');
const POSITION_MENU_ID = seedId('perm:system-position');
const FOUR_BYTE = '资产𠀀𝒜😀';

const find = (rows: PermissionTreeRow[], id: string): PermissionTreeRow | undefined => {
  for (const r of rows) {
    if (r.id === id) return r;
    const hit = find(r.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
};

describe.each(targets)('permission administration on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login(SEED_ACCOUNTS.admin.username);
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  const get = async (url: string, token = admin) => t.request({ method: 'GET', url, token });
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const row = async (id: string) =>
    t.app.ctx.db.db.selectFrom('sysPermission').selectAll().where('id', '=', id).executeTakeFirst();
  const addMenu = async (body: object) => {
    const res = await send('POST', '/sys/permission/add', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as string;
  };

  it('lists the whole tree: menus with their sub-menus and buttons, leaves without children', async () => {
    const res = await get('/sys/permission/list');
    expect(res.statusCode).toBe(200);
    const tree = res.json().result as PermissionTreeRow[];
    const system = tree.find((r) => r.id === SYSTEM_ID)!;
    expect(system.title).toBe('系统管理');
    const userMenu = system.children!.find((c) => c.id === USER_MENU_ID)!;
    expect(userMenu.url).toBe('/system/user');
    expect(userMenu.children!.map((c) => c.perms)).toContain(PERM.userAdd);
    const button = userMenu.children!.find((c) => c.perms === PERM.userAdd)!;
    expect(button.menuType).toBe(2);
    expect(button.children).toBeUndefined();
    expect(res.json().result[0]).not.toHaveProperty('delFlag');
  });

  it('filters the tree by name, keeping the ancestors of matches', async () => {
    const tree = (await get(`/sys/permission/list?name=${encodeURIComponent('添加用户')}`)).json()
      .result as PermissionTreeRow[];
    expect(tree.map((r) => r.id)).toEqual([SYSTEM_ID]);
    expect(tree[0]!.children!.map((c) => c.id)).toEqual([USER_MENU_ID]);
    expect(tree[0]!.children![0]!.children!.map((c) => c.perms)).toEqual([PERM.userAdd]);
  });

  it('answers tree nodes and every id for tree selects', async () => {
    const res = await get('/sys/permission/queryTreeList');
    const result = res.json().result as PermissionTreeResult;
    const count = await t.app.ctx.db.db
      .selectFrom('sysPermission')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('delFlag', '=', 0)
      .executeTakeFirstOrThrow();
    expect(result.ids).toHaveLength(Number(count.n));
    const system = result.treeList.find((n) => n.key === SYSTEM_ID)!;
    expect(system).toMatchObject({ title: '系统管理', isLeaf: false, menuType: 0 });
    const button = system.children!.find((c) => c.key === USER_MENU_ID)!.children![0]!;
    expect(button.isLeaf).toBe(true);
    expect(button.slotTitle).toContain('system:user:');
  });

  it('loads the tree lazily: top level, one parent, several parents, each row with hasChildren', async () => {
    const top = (await get('/sys/permission/getSystemMenuList')).json().result as PermissionLazyRow[];
    expect(top.find((r) => r.id === SYSTEM_ID)!.hasChildren).toBe(true);
    expect(top.find((r) => r.url === '/dashboard/analysis')!.hasChildren).toBe(false);
    expect(top.every((r) => r.parentId === null)).toBe(true);

    const sub = (await get(`/sys/permission/getSystemSubmenu?parentId=${SYSTEM_ID}`)).json()
      .result as PermissionLazyRow[];
    expect(sub.find((r) => r.id === USER_MENU_ID)).toMatchObject({ hasChildren: true, title: '用户管理' });

    const batch = (
      await get(`/sys/permission/getSystemSubmenuBatch?parentIds=${USER_MENU_ID},${SYSTEM_ID},nope`)
    ).json().result as Record<string, PermissionLazyRow[]>;
    expect(Object.keys(batch).sort()).toEqual([USER_MENU_ID, SYSTEM_ID, 'nope'].sort());
    expect(batch[USER_MENU_ID]!.map((r) => r.perms)).toContain(PERM.userFreeze);
    expect(batch[USER_MENU_ID]!.every((r) => r.hasChildren === false)).toBe(true);
    expect(batch.nope).toEqual([]);

    const missing = await get('/sys/permission/getSystemSubmenu');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.parentRequired);
    expect((await get('/sys/permission/getSystemSubmenuBatch?parentIds=')).json().message).toBe(M.parentRequired);
  });

  it('adds menus and buttons with four-byte names, keeps is_leaf right and grants them to the creator', async () => {
    const top = await addMenu({ menuType: 0, name: `顶级${FOUR_BYTE}`, url: '/s2top', component: 'layouts/RouteView' });
    expect(await row(top)).toMatchObject({ name: `顶级${FOUR_BYTE}`, parentId: null, isLeaf: 1, status: '1' });
    const sub = await addMenu({
      menuType: 1,
      name: '子菜单',
      parentId: top,
      url: '/s2top/sub',
      component: 'system/Sub',
      icon: 'user',
      sortNo: 3,
      keepAlive: true,
      hidden: 0,
    });
    expect((await row(top))!.isLeaf).toBe(0);
    expect(await row(sub)).toMatchObject({ keepAlive: 1, isRoute: 1, sortNo: 3, icon: 'user' });
    const button = await addMenu({
      menuType: 2,
      name: '按钮😀',
      parentId: sub,
      perms: 's2:demo:add',
      permsType: '2',
      url: '/ignored',
    });
    expect(await row(button)).toMatchObject({ perms: 's2:demo:add', permsType: '2', url: null, isRoute: 0 });
    expect((await row(sub))!.isLeaf).toBe(0);

    const perms = (await get('/sys/permission/getUserPermissionByToken')).json().result as UserPermissionResult;
    expect(perms.auth.map((a) => a.action)).toContain('s2:demo:add');
    expect(perms.menu.map((m) => m.meta.title)).toContain(`顶级${FOUR_BYTE}`);
    const staffPerms = (await get('/sys/permission/getUserPermissionByToken', staff)).json()
      .result as UserPermissionResult;
    expect(staffPerms.auth.map((a) => a.action)).not.toContain('s2:demo:add');
  });

  it('refuses bad entries with clear messages', async () => {
    const bad = async (body: object, message: string) => {
      const res = await send('POST', '/sys/permission/add', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad({ name: '无类型', url: '/x', component: 'x' }, M.menuTypeRequired);
    await bad({ menuType: 0, name: '  ', url: '/x', component: 'x' }, M.nameRequired);
    await bad({ menuType: 0, name: 'x'.repeat(101), url: '/x', component: 'x' }, M.nameTooLong);
    await bad({ menuType: 1, name: '无上级', url: '/x', component: 'x' }, M.parentRequired);
    await bad({ menuType: 1, name: '上级不存在', parentId: 'nope', url: '/x', component: 'x' }, M.parentNotFound);
    await bad({ menuType: 0, name: '无路径', component: 'x' }, M.urlRequired);
    await bad({ menuType: 0, name: '坏路径', url: 'system/x', component: 'x' }, M.urlInvalid);
    await bad({ menuType: 0, name: '无组件', url: '/x' }, M.componentRequired);
    await bad({ menuType: 2, name: '无标识', parentId: USER_MENU_ID }, M.permsRequired);
    await bad({ menuType: 2, name: '坏标识', parentId: USER_MENU_ID, perms: 'a b' }, M.permsInvalid);
    await bad({ menuType: 2, name: '重复', parentId: USER_MENU_ID, perms: PERM.userAdd }, M.permsExists(PERM.userAdd));
    await bad({ menuType: 0, name: '排序', url: '/x', component: 'x', sortNo: -1 }, M.sortNoInvalid);
    const buttonId = seedId(`perm:${PERM.userAdd}`);
    await bad({ menuType: 2, name: '按钮下', parentId: buttonId, perms: 's2:under' }, M.parentIsButton);
  });

  it('edits entries: moving keeps is_leaf right on both parents, cycles and built-in codes are refused', async () => {
    const a = await addMenu({ menuType: 0, name: '甲', url: '/s2a', component: 'layouts/RouteView' });
    const b = await addMenu({ menuType: 0, name: '乙', url: '/s2b', component: 'layouts/RouteView' });
    const child = await addMenu({ menuType: 1, name: '丙', parentId: a, url: '/s2a/c', component: 'x/C' });
    expect((await row(a))!.isLeaf).toBe(0);

    const moved = await send('PUT', '/sys/permission/edit', { id: child, parentId: b, name: `丙${FOUR_BYTE}` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await row(child)).toMatchObject({ parentId: b, name: `丙${FOUR_BYTE}`, url: '/s2a/c', updateBy: 'admin' });
    expect((await row(a))!.isLeaf).toBe(1);
    expect((await row(b))!.isLeaf).toBe(0);

    const cycle = await send('PUT', '/sys/permission/edit', { id: b, menuType: 1, parentId: child });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(M.parentIsSelf);

    const toButton = await send('PUT', '/sys/permission/edit', { id: b, menuType: 2, parentId: a, perms: 's2:b' });
    expect(toButton.json().message).toBe(M.buttonWithChildren);

    const builtin = await send('PUT', '/sys/permission/edit', {
      id: seedId(`perm:${PERM.userAdd}`),
      perms: 'system:user:add2',
    });
    expect(builtin.statusCode).toBe(400);
    expect(builtin.json().message).toBe(M.builtinPerms);

    const unknown = await send('PUT', '/sys/permission/edit', { id: 'nope', name: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound);
  });

  it('changes take effect at once: a disabled code lets nobody through, the admin included, and back', async () => {
    const listButton = seedId(`perm:${PERM.permissionList}`);
    expect((await get('/sys/permission/list', staff)).statusCode).toBe(403);
    expect((await get('/sys/permission/list')).statusCode).toBe(200);
    expect((await send('PUT', '/sys/permission/edit', { id: listButton, status: '0' })).statusCode).toBe(200);
    expect((await get('/sys/permission/list', staff)).statusCode).toBe(403);
    expect((await get('/sys/permission/list')).statusCode).toBe(403);
    expect((await send('PUT', '/sys/permission/edit', { id: listButton, status: '1' })).statusCode).toBe(200);
    expect((await get('/sys/permission/list', staff)).statusCode).toBe(403);
    expect((await get('/sys/permission/list')).statusCode).toBe(200);
    // Nobody could enable anything again once 编辑菜单 itself were disabled.
    const editButton = seedId(`perm:${PERM.permissionEdit}`);
    const lockout = await send('PUT', '/sys/permission/edit', { id: editButton, status: '0' });
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().message).toBe(M.lockoutDisable);
  });

  it('deletes a menu with its subtree, its rules and every grant of it; built-in entries stay', async () => {
    const { db } = t.app.ctx.db;
    const top = await addMenu({ menuType: 0, name: '待删', url: '/s2del', component: 'layouts/RouteView' });
    const sub = await addMenu({ menuType: 1, name: '待删子', parentId: top, url: '/s2del/s', component: 'x/S' });
    const btn = await addMenu({ menuType: 2, name: '待删钮', parentId: sub, perms: 's2:del:btn' });
    const rule = await send('POST', '/sys/permission/addPermissionRule', {
      permissionId: sub,
      ruleName: '规则',
      ruleColumn: 'create_by',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    await db
      .insertInto('sysDepartPermission')
      .values({ id: newId(), departId: 'd1', permissionId: btn, dataRuleIds: null })
      .execute();

    const res = await send('DELETE', `/sys/permission/delete?id=${top}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('3');
    for (const id of [top, sub, btn]) expect((await row(id))!.delFlag).toBe(1);
    const grants = await db
      .selectFrom('sysRolePermission')
      .select('id')
      .where('permissionId', 'in', [top, sub, btn])
      .execute();
    expect(grants).toEqual([]);
    expect(await db.selectFrom('sysDepartPermission').select('id').where('permissionId', '=', btn).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', sub).execute()).toEqual(
      [],
    );
    const tree = (await get('/sys/permission/list')).json().result as PermissionTreeRow[];
    expect(find(tree, top)).toBeUndefined();

    // A code freed by deleting may be used again.
    const parent = await addMenu({ menuType: 0, name: '复用', url: '/s2reuse', component: 'layouts/RouteView' });
    const again = await addMenu({ menuType: 1, name: '复用子', parentId: parent, url: '/s2reuse/a', component: 'x' });
    const lone = await addMenu({ menuType: 2, name: '复用钮', parentId: again, perms: 's2:del:btn' });
    expect((await send('DELETE', `/sys/permission/deleteBatch?ids=${lone}`)).statusCode).toBe(200);
    expect((await row(again))!.isLeaf).toBe(1);

    const builtin = await send('DELETE', `/sys/permission/delete?id=${USER_MENU_ID}`);
    expect(builtin.statusCode).toBe(400);
    expect(builtin.json().message).toBe(M.builtinDelete('用户管理'));
    expect((await send('DELETE', '/sys/permission/delete?id=nope')).statusCode).toBe(404);
    expect((await send('DELETE', '/sys/permission/delete')).json().message).toBe('参数 id 不能为空');
  });

  it('manages data rules of a menu: add, list, search, edit, delete, with rule_flag kept right', async () => {
    const add = await send('POST', '/sys/permission/addPermissionRule', {
      permissionId: POSITION_MENU_ID,
      ruleName: `本部门${FOUR_BYTE}`,
      ruleColumn: 'sys_org_code',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().result.id as string;
    expect((await row(POSITION_MENU_ID))!.ruleFlag).toBe(1);
    await send('POST', '/sys/permission/addPermissionRule', {
      permissionId: POSITION_MENU_ID,
      ruleName: '编码',
      ruleColumn: 'code',
      ruleConditions: 'IN',
      ruleValue: 'A,B',
      status: '0',
    });

    const list = (await get(`/sys/permission/getPermRuleListByPermId?permissionId=${POSITION_MENU_ID}`)).json()
      .result as PermissionDataRuleRecord[];
    expect(list.map((r) => r.ruleName).sort()).toEqual([`本部门${FOUR_BYTE}`, '编码'].sort());
    expect(list.find((r) => r.id === id)).toMatchObject({
      ruleColumn: 'sys_org_code',
      ruleConditions: 'RIGHT_LIKE',
      status: '1',
    });

    const search = (
      await get(
        `/sys/permission/queryPermissionRule?permissionId=${POSITION_MENU_ID}&ruleName=${encodeURIComponent('部门')}`,
      )
    ).json().result as PermissionDataRuleRecord[];
    expect(search.map((r) => r.id)).toEqual([id]);
    const byValue = (
      await get(`/sys/permission/queryPermissionRule?permissionId=${POSITION_MENU_ID}&ruleValue=A,B`)
    ).json().result as PermissionDataRuleRecord[];
    expect(byValue.map((r) => r.ruleName)).toEqual(['编码']);
    expect((await get('/sys/permission/queryPermissionRule?sql=1')).statusCode).toBe(400);

    const edit = await send('PUT', '/sys/permission/editPermissionRule', {
      id,
      ruleValue: '#{sys_multi_org_code}',
      ruleConditions: 'IN',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await t.app.ctx.db.db
      .selectFrom('sysPermissionDataRule')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      ruleValue: '#{sys_multi_org_code}',
      ruleConditions: 'IN',
      ruleName: `本部门${FOUR_BYTE}`,
    });

    for (const r of list) {
      expect((await send('DELETE', `/sys/permission/deletePermissionRule?id=${r.id}`)).statusCode).toBe(200);
    }
    expect((await row(POSITION_MENU_ID))!.ruleFlag).toBe(0);
  });

  it('refuses bad data rules with clear messages', async () => {
    const good = {
      permissionId: POSITION_MENU_ID,
      ruleName: '规则',
      ruleColumn: 'code',
      ruleConditions: '=',
      ruleValue: 'x',
    };
    const bad = async (body: object, message: string, url = '/sys/permission/addPermissionRule') => {
      const res = await send('POST', url, { ...good, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad({ ruleName: '' }, D.nameRequired);
    await bad({ ruleName: '名'.repeat(51) }, D.nameTooLong);
    await bad({ ruleColumn: '' }, D.columnRequired);
    await bad({ ruleColumn: '1=1 or code' }, D.columnInvalid);
    await bad({ ruleConditions: 'SQL' }, D.conditionInvalid);
    await bad({ ruleValue: '' }, D.valueRequired);
    await bad({ ruleValue: 'v'.repeat(301) }, D.valueTooLong);
    await bad({ ruleValue: '#{sys_password}' }, D.unknownVariable('#{sys_password}'));
    await bad({ permissionId: seedId(`perm:${PERM.userAdd}`) }, D.permissionNotMenu);
    await bad({ permissionId: 'nope' }, D.permissionRequired);
    const max = await send('POST', '/sys/permission/addPermissionRule', { ...good, ruleValue: '值'.repeat(300) });
    expect(max.statusCode).toBe(200);
    const edit = await send('PUT', '/sys/permission/editPermissionRule', {
      id: max.json().result.id,
      ruleColumn: 'a-b',
    });
    expect(edit.json().message).toBe(D.columnInvalid);
    expect((await send('DELETE', `/sys/permission/deletePermissionRule?id=${max.json().result.id}`)).statusCode).toBe(
      200,
    );
    expect((await get('/sys/permission/getPermRuleListByPermId')).json().message).toBe(D.permissionRequired);
  });

  it('grants a department what the caller holds, and never more', async () => {
    const { db } = t.app.ctx.db;
    const depart = await db
      .selectFrom('sysDepart')
      .select('id')
      .where('orgCode', '=', 'A01A01')
      .executeTakeFirstOrThrow();
    const dashboard = seedId('perm:dashboard');
    const save = (permissionIds: string[], last: string[], token = admin) =>
      send(
        'POST',
        '/sys/permission/saveDepartPermission',
        { departId: depart.id, permissionIds: permissionIds.join(','), lastpermissionIds: last.join(',') },
        token,
      );
    const granted = async () =>
      ((await get(`/sys/permission/queryDepartPermission?departId=${depart.id}`)).json().result as string[]).sort();

    expect((await save([SYSTEM_ID, USER_MENU_ID, dashboard], [])).statusCode).toBe(200);
    expect(await granted()).toEqual([SYSTEM_ID, USER_MENU_ID, dashboard].sort());
    // A department role holding an entry the department loses loses it too.
    await db
      .insertInto('sysDepartRolePermission')
      .values({
        id: newId(),
        departId: depart.id,
        roleId: 'r1',
        permissionId: USER_MENU_ID,
        dataRuleIds: null,
        operateDate: null,
        operateIp: null,
      })
      .execute();
    expect((await save([SYSTEM_ID, dashboard], [SYSTEM_ID, USER_MENU_ID, dashboard])).statusCode).toBe(200);
    expect(await granted()).toEqual([SYSTEM_ID, dashboard].sort());
    expect(await db.selectFrom('sysDepartRolePermission').select('id').where('roleId', '=', 'r1').execute()).toEqual(
      [],
    );

    // A department administrator holding only department authorisation and the dashboard.
    const roleId = newId();
    await db
      .insertInto('sysRole')
      .values({
        id: roleId,
        roleCode: 's2_depadmin',
        roleName: '部门授权员',
        description: null,
        tenantId: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    for (const permissionId of [seedId(`perm:${PERM.departAuthorize}`), dashboard]) {
      await db
        .insertInto('sysRolePermission')
        .values({ id: newId(), roleId, permissionId, dataRuleIds: null, operateDate: null, operateIp: null })
        .execute();
    }
    // A department administrator works inside the department's tenant.
    const { token: depAdmin } = await createTestUser(t, {
      username: 's2_depadmin',
      realname: '授权员',
      password: 'Dep@2026x',
      roleIds: [roleId],
      tenants: [1001],
    });

    const refused = await save([SYSTEM_ID, dashboard, USER_MENU_ID], [SYSTEM_ID, dashboard], depAdmin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.grantNotHeld('用户管理'));
    // Taking away is allowed; giving back what they hold too.
    expect((await save([SYSTEM_ID], [SYSTEM_ID, dashboard], depAdmin)).statusCode).toBe(200);
    expect((await save([SYSTEM_ID, dashboard], [SYSTEM_ID], depAdmin)).statusCode).toBe(200);
    expect(await granted()).toEqual([SYSTEM_ID, dashboard].sort());

    const unknown = await save(['nope'], []);
    expect(unknown.json().message).toBe(M.grantUnknown);
    const noDepart = await send('POST', '/sys/permission/saveDepartPermission', { permissionIds: '' });
    expect(noDepart.statusCode).toBe(400);
    expect(noDepart.json().message).toBe(M.departRequired);
    expect((await get('/sys/permission/queryDepartPermission?departId=nope')).json().message).toBe(M.departNotFound);
  });

  it('refuses every administration call to a user without system permissions (403)', async () => {
    const calls: [string, string][] = [
      ['GET', '/sys/permission/list'],
      ['GET', '/sys/permission/queryTreeList'],
      ['GET', '/sys/permission/getSystemMenuList'],
      ['GET', `/sys/permission/getSystemSubmenu?parentId=${SYSTEM_ID}`],
      ['GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${SYSTEM_ID}`],
      ['POST', '/sys/permission/add'],
      ['PUT', '/sys/permission/edit'],
      ['POST', '/sys/permission/edit'],
      ['DELETE', `/sys/permission/delete?id=${SYSTEM_ID}`],
      ['DELETE', `/sys/permission/deleteBatch?ids=${SYSTEM_ID}`],
      ['GET', `/sys/permission/getPermRuleListByPermId?permissionId=${SYSTEM_ID}`],
      ['GET', '/sys/permission/queryPermissionRule'],
      ['POST', '/sys/permission/addPermissionRule'],
      ['PUT', '/sys/permission/editPermissionRule'],
      ['POST', '/sys/permission/editPermissionRule'],
      ['DELETE', '/sys/permission/deletePermissionRule?id=x'],
      ['GET', '/sys/permission/queryDepartPermission?departId=x'],
      ['POST', '/sys/permission/saveDepartPermission'],
    ];
    for (const [method, url] of calls) {
      const res = await t.request({
        method: method as 'GET',
        url,
        token: staff,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(t.app.routeTable.filter((r) => r.url.includes('/sys/permission/')).length).toBeGreaterThanOrEqual(
      calls.length,
    );
  });

  it('grants only departments of the caller’s tenant (issue 8, point 3)', async () => {
    const dep2 = (
      await t.request({
        method: 'POST',
        url: '/sys/sysDepart/add',
        token: admin,
        tenant: 1002,
        payload: { departName: '二号租户授权部门' },
      })
    ).json().result.id as string;
    const as1001 = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request({ method, url, token: admin, tenant: 1001, ...(payload ? { payload } : {}) });
    const read = await as1001('GET', `/sys/permission/queryDepartPermission?departId=${dep2}`);
    expect(read.statusCode).toBe(404);
    const save = await as1001('POST', '/sys/permission/saveDepartPermission', {
      departId: dep2,
      permissionIds: seedId(`perm:${PERM.userList}`),
      lastpermissionIds: '',
    });
    expect(save.statusCode).toBe(404);
    expect(save.json().message).toBe(M.departNotFound);
    const inOwn = await t.request({
      method: 'POST',
      url: '/sys/permission/saveDepartPermission',
      token: admin,
      tenant: 1002,
      payload: { departId: dep2, permissionIds: seedId(`perm:${PERM.userList}`), lastpermissionIds: '' },
    });
    expect(inOwn.statusCode).toBe(200);
  });
});
