import {
  DEPART_MESSAGES as M,
  PERM,
  ROLE_MESSAGES,
  type DeptRoleListResult,
  type PermissionTreeNode,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { addDataRule } from '../../test/data-rule-fixtures.js';

const ZCGL = seedId('depart:zcgl');
const ZHBGS = seedId('depart:zhbgs');
const STAFF_ID = seedId('user:staff');
const MENU_USER = seedId('perm:system-user');
const MENU_ROLE = seedId('perm:system-role');
const perm = (code: string) => seedId(`perm:${code}`);

function flatten(nodes: PermissionTreeNode[]): PermissionTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe.each(targets)('department roles on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });
  const addRole = async (departId: string, roleCode: string, roleName = roleCode) => {
    const res = await call('POST', '/sys/sysDepartRole/add', { departId, roleCode, roleName });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as string;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('adds, lists by department, edits roles; codes are unique per department', async () => {
    const id = await addRole(ZCGL, 'clerk', '资产录入员🧾𠮷');
    await addRole(ZHBGS, 'clerk', '办公室录入员');
    const list = (await call('GET', `/sys/sysDepartRole/list?deptId=${ZCGL}`)).json().result;
    expect(list.records.map((r: { roleName: string }) => r.roleName)).toEqual(['资产录入员🧾𠮷']);
    const dup = await call('POST', '/sys/sysDepartRole/add', { departId: ZCGL, roleCode: 'clerk', roleName: '重复' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(M.roleCodeTaken('clerk'));
    const noName = await call('POST', '/sys/sysDepartRole/add', { departId: ZCGL, roleCode: 'x1' });
    expect(noName.json().message).toBe(M.roleNameRequired);
    const badCode = await call('POST', '/sys/sysDepartRole/add', { departId: ZCGL, roleCode: '1x', roleName: '坏' });
    expect(badCode.json().message).toBe(M.roleCodeFormat);
    const noDepart = await call('POST', '/sys/sysDepartRole/add', {
      departId: 'ghost',
      roleCode: 'x2',
      roleName: '无',
    });
    expect(noDepart.json().message).toBe(M.departNotFound);
    const edit = await call('PUT', '/sys/sysDepartRole/edit', { id, roleName: '录入员', description: '录入资产' });
    expect(edit.statusCode, edit.body).toBe(200);
    const moved = await call('PUT', '/sys/sysDepartRole/edit', { id, departId: ZHBGS });
    expect(moved.json().message).toBe(M.roleDepartFixed);
    expect((await call('GET', `/sys/sysDepartRole/queryById?id=${id}`)).json().result).toMatchObject({
      roleName: '录入员',
      description: '录入资产',
    });
    expect((await call('GET', `/sys/sysDepartRole/list?deptId=${ZCGL}`, undefined, staff)).statusCode).toBe(403);
  });

  it('sets a user’s department roles and lists a role’s users', async () => {
    const a = await addRole(ZCGL, 'reviewer', '审核员');
    const b = await addRole(ZCGL, 'keeper', '保管员');
    const other = await addRole(ZHBGS, 'typist', '打字员');
    const before = (await call('GET', `/sys/sysDepartRole/getDeptRoleList?departId=${ZCGL}&userId=${STAFF_ID}`)).json()
      .result as DeptRoleListResult;
    expect(before.deptRoleList.map((r) => r.roleCode)).toEqual(expect.arrayContaining(['reviewer', 'keeper']));
    expect(before.userRoleIds).toEqual([]);
    const set = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: STAFF_ID,
      newRoleId: `${a},${b}`,
      oldRoleId: '',
    });
    expect(set.statusCode, set.body).toBe(200);
    const change = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: STAFF_ID,
      newRoleId: b,
      oldRoleId: `${a},${b}`,
    });
    expect(change.statusCode).toBe(200);
    const after = (await call('GET', `/sys/sysDepartRole/getDeptRoleList?departId=${ZCGL}&userId=${STAFF_ID}`)).json()
      .result as DeptRoleListResult;
    expect(after.userRoleIds).toEqual([b]);
    const users = (await call('GET', `/sys/sysDepartRole/userList?droleId=${b}`)).json().result;
    expect(users.records.map((u: { username: string }) => u.username)).toEqual(['staff']);
    // staff is not in 综合办公室: its roles cannot be given.
    const outside = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: STAFF_ID, newRoleId: other });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(M.rolesOfOtherDepart);
    // Leaving the department takes its roles away.
    await call('DELETE', `/sys/user/deleteUserInDepart?depId=${ZCGL}&userId=${STAFF_ID}`);
    expect((await call('GET', `/sys/sysDepartRole/userList?droleId=${b}`)).json().result.total).toBe(0);
    await call('POST', '/sys/user/editSysDepartWithUser', { depId: ZCGL, userIdList: [STAFF_ID] });
    const noDep = await call('GET', '/sys/sysDepartRole/getDeptRoleList');
    expect(noDep.json().message).toBe(M.departRequired);
  });

  it('authorises a role within the department’s grants only, with data rules', async () => {
    const roleId = await addRole(ZCGL, 'auditor', '审计');
    const empty = (await call('GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${ZCGL}`)).json()
      .result;
    expect(empty).toEqual({ treeList: [], ids: [] });
    const grant = await call('POST', '/sys/permission/saveDepartPermission', {
      departId: ZCGL,
      permissionIds: [MENU_USER, perm(PERM.userList), perm(PERM.userAdd)].join(','),
      lastpermissionIds: '',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const tree = (await call('GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${ZCGL}`)).json()
      .result;
    expect(tree.ids).toHaveLength(3);
    const root = tree.treeList[0] as PermissionTreeNode;
    expect(root.key).toBe(MENU_USER);
    expect(flatten(tree.treeList).map((n) => n.key)).toEqual(expect.arrayContaining([perm(PERM.userAdd)]));

    const save = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: `${MENU_USER},${perm(PERM.userList)}`,
      lastpermissionIds: '',
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().message).toBe(M.authorized);
    const held = (await call('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`)).json().result;
    expect(held.sort()).toEqual([MENU_USER, perm(PERM.userList)].sort());
    const beyond = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: `${MENU_USER},${MENU_ROLE}`,
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe(M.notGrantedToDepart('角色管理'));

    // Data rules of a granted menu.
    const ruleId = await addDataRule(t.app.ctx.db.db, MENU_USER, {
      name: '本部门',
      column: 'orgCode',
      condition: 'RIGHT_LIKE',
      value: '#{sys_org_code}',
    });
    const rules = await call('GET', `/sys/sysDepartPermission/datarule/${MENU_USER}/${ZCGL}/${roleId}`);
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json().result).toMatchObject({ drChecked: '' });
    expect(rules.json().result.datarule.map((r: { id: string }) => r.id)).toEqual([ruleId]);
    const choose = await call('POST', '/sys/sysDepartPermission/datarule', {
      permissionId: MENU_USER,
      departId: ZCGL,
      roleId,
      dataRuleIds: ruleId,
    });
    expect(choose.statusCode, choose.body).toBe(200);
    expect(choose.json().message).toBe(M.ruleSaved);
    const chosen = (await call('GET', `/sys/sysDepartPermission/datarule/${MENU_USER}/${ZCGL}/${roleId}`)).json()
      .result;
    expect(chosen.drChecked).toBe(ruleId);
    const notGranted = await call('GET', `/sys/sysDepartPermission/datarule/${MENU_ROLE}/${ZCGL}/${roleId}`);
    expect(notGranted.statusCode).toBe(400);
    const wrongDepart = await call('POST', '/sys/sysDepartPermission/datarule', {
      permissionId: MENU_USER,
      departId: ZHBGS,
      roleId,
    });
    expect(wrongDepart.json().message).toBe(M.roleNotFound);

    const denied = await call(
      'GET',
      `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${ZCGL}`,
      undefined,
      staff,
    );
    expect(denied.statusCode).toBe(403);
    const noRole = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', { permissionIds: '' });
    expect(noRole.json().message).toBe(M.roleRequired);
    const unknown = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: 'nope',
    });
    expect(unknown.json().message).toBe(ROLE_MESSAGES.permissionUnknown);
  });

  it('deletes roles with their users and grants', async () => {
    const roleId = await addRole(ZCGL, 'temp', '临时');
    await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: STAFF_ID, newRoleId: roleId, oldRoleId: '' });
    const del = await call('DELETE', `/sys/sysDepartRole/delete?id=${roleId}`);
    expect(del.statusCode, del.body).toBe(200);
    const links = await t.app.ctx.db.db
      .selectFrom('sysDepartRoleUser')
      .select('id')
      .where('droleId', '=', roleId)
      .execute();
    expect(links).toHaveLength(0);
    expect((await call('GET', `/sys/sysDepartRole/queryById?id=${roleId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/sys/sysDepartRole/delete?id=${roleId}`, undefined, staff)).statusCode).toBe(403);
  });
});
