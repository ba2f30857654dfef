import {
  DEPART_MESSAGES as M,
  PERM,
  REACH_MESSAGES,
  type AddressBookRecord,
  type DepartTreeNode,
} from '@district/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';
import { nextFreeCode, segmentAt } from './depart.service.js';

const GZB = seedId('depart:gzb');
const ZCGL = seedId('depart:zcgl');
const STAFF_ID = seedId('user:staff');
const ADMIN_ID = seedId('user:admin');

function flatten(nodes: DepartTreeNode[]): DepartTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe('organisation codes', () => {
  it('counts segments A01 … A99, B01 … Z99 and takes the first free one', () => {
    expect(segmentAt(0)).toBe('A01');
    expect(segmentAt(98)).toBe('A99');
    expect(segmentAt(99)).toBe('B01');
    expect(segmentAt(26 * 99 - 1)).toBe('Z99');
    expect(nextFreeCode('', ['A01', 'A02', 'A01A01'])).toBe('A03');
    expect(nextFreeCode('A01', ['A01A01', 'A01A03', 'A01A01B01'])).toBe('A01A02');
    const full = Array.from({ length: 26 * 99 }, (_, i) => `A01${segmentAt(i)}`);
    expect(() => nextFreeCode('A01', full)).toThrow(M.codesExhausted);
  });
});

describe.each(targets)('departments on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, ...(payload ? { payload } : {}) });
  const add = async (body: object) => {
    const res = await call('POST', '/sys/sysDepart/add', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { id: string; orgCode: string };
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('answers the whole tree to any signed-in user, and its variants', async () => {
    const res = await call('GET', '/sys/sysDepart/queryTreeList', undefined, staff);
    expect(res.statusCode).toBe(200);
    const tree = res.json().result as DepartTreeNode[];
    const root = tree.find((n) => n.id === GZB)!;
    expect(root).toMatchObject({ key: GZB, value: GZB, title: '示范区国资办', orgCode: 'A01', isLeaf: false });
    expect(root.children!.map((c) => c.orgCode)).toEqual(['A01A01', 'A01A02']);
    const alias = await call('GET', '/base/depart/getDepartTree', undefined, staff);
    expect(alias.json().result).toEqual(tree);
    const ids = (await call('GET', '/sys/sysDepart/queryIdTree')).json().result;
    expect(ids.find((n: { id: string }) => n.id === GZB).children[0]).toEqual({
      id: ZCGL,
      key: ZCGL,
      value: ZCGL,
      title: '资产管理科',
      isLeaf: true,
    });
    const roots = (await call('GET', '/sys/sysDepart/queryDepartTreeSync')).json().result as DepartTreeNode[];
    expect(roots.find((n) => n.id === GZB)).toMatchObject({ isLeaf: false });
    expect(roots.find((n) => n.id === GZB)!.children).toBeUndefined();
    const level = (await call('GET', `/sys/sysDepart/queryDepartTreeSync?pid=${GZB}`)).json()
      .result as DepartTreeNode[];
    expect(level.map((n) => [n.orgCode, n.isLeaf, n.parentId])).toEqual([
      ['A01A01', true, GZB],
      ['A01A02', true, GZB],
    ]);
    expect((await t.request({ method: 'GET', url: '/sys/sysDepart/queryTreeList' })).statusCode).toBe(401);
  });

  it('searches by name and gives the caller’s own departments with their subtrees', async () => {
    const hits = (await call('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('管理')}`)).json().result;
    expect(hits.map((n: DepartTreeNode) => n.departName)).toEqual(['资产管理科']);
    const none = await call('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('不存在的部门')}`);
    expect(none.json()).toMatchObject({ success: true, result: [] });
    const mine = (await call('GET', '/sys/sysDepart/queryMyDeptTreeList', undefined, staff)).json().result;
    expect(mine.map((n: DepartTreeNode) => n.orgCode)).toEqual(['A01A01']);
    const adminMine = (await call('GET', '/sys/sysDepart/queryMyDeptTreeList')).json().result as DepartTreeNode[];
    // admin is in A01 and both children: one root, its children inside.
    expect(adminMine.map((n) => n.orgCode)).toEqual(['A01']);
    expect(flatten(adminMine)).toHaveLength(3);
  });

  it('allots codes on the server: roots, children, next free segment; client codes are ignored', async () => {
    const child = await add({ parentId: GZB, departName: '财务科𠮷🏠', orgCode: 'Z99', orgCategory: '2' });
    expect(child.orgCode).toBe('A01A03');
    const root = await add({ departName: '第二分公司', orgCategory: '1' });
    expect(root.orgCode).toBe('A02');
    const grandchild = await add({ parentId: child.id, departName: '出纳组' });
    expect(grandchild.orgCode).toBe('A01A03A01');
    const row = (await call('GET', `/sys/sysDepart/queryById?id=${child.id}`)).json().result;
    expect(row).toMatchObject({ departName: '财务科𠮷🏠', orgCode: 'A01A03', parentId: GZB, tenantId: 1001 });
    expect(row.orgCategory_dictText).toBeTruthy();
    // Concurrent adds under one parent all get distinct codes.
    const many = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call('POST', '/sys/sysDepart/add', { parentId: root.id, departName: `组${i}` }),
      ),
    );
    const codes = many.map((r) => r.json().result.orgCode).sort();
    expect(codes).toEqual(['A02A01', 'A02A02', 'A02A03', 'A02A04']);
  });

  it('answers 400 with a clear message on bad input, 403 without the permission', async () => {
    const noName = await call('POST', '/sys/sysDepart/add', { parentId: GZB });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(M.departNameRequired);
    const long = await call('POST', '/sys/sysDepart/add', { departName: 'x'.repeat(101) });
    expect(long.json().message).toBe('最大长度100位字符');
    const badParent = await call('POST', '/sys/sysDepart/add', { departName: '孤儿', parentId: 'nope' });
    expect(badParent.statusCode).toBe(400);
    expect(badParent.json().message).toBe(M.parentNotFound);
    const move = await call('PUT', '/sys/sysDepart/edit', { id: ZCGL, parentId: null });
    expect(move.json().message).toBe(M.parentFixed);
    const denied = await call('POST', '/sys/sysDepart/add', { departName: '越权' }, staff);
    expect(denied.statusCode).toBe(403);
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${ZCGL}`, undefined, staff)).statusCode).toBe(403);
    expect((await call('GET', '/sys/sysDepart/list', undefined, staff)).statusCode).toBe(403);
  });

  it('edits in place; the code never changes', async () => {
    const d = await add({ parentId: GZB, departName: '待改名' });
    const res = await call('PUT', '/sys/sysDepart/edit', {
      id: d.id,
      departName: '已改名',
      orgCode: 'B01',
      mobile: '0571-8888',
      memo: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await call('GET', `/sys/sysDepart/queryById?id=${d.id}`)).json().result;
    expect(row).toMatchObject({ departName: '已改名', orgCode: d.orgCode, mobile: '0571-8888', memo: null });
  });

  it('refuses to delete departments with children or users, then deletes', async () => {
    const parent = await add({ departName: '待删公司' });
    const child = await add({ parentId: parent.id, departName: '待删部门' });
    const withChild = await call('DELETE', `/sys/sysDepart/delete?id=${parent.id}`);
    expect(withChild.statusCode).toBe(400);
    expect(withChild.json().message).toBe(M.hasChildren);
    await call('POST', '/sys/user/editSysDepartWithUser', { depId: child.id, userIdList: [STAFF_ID] });
    const withUser = await call('DELETE', `/sys/sysDepart/delete?id=${child.id}`);
    expect(withUser.json().message).toBe(M.hasUsers);
    await call('DELETE', `/sys/user/deleteUserInDepart?depId=${child.id}&userId=${STAFF_ID}`);
    // Parent and child together may go.
    const both = await call('DELETE', `/sys/sysDepart/deleteBatch?ids=${parent.id},${child.id}`);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().message).toBe('批量删除成功！共 2 条');
    const tree = flatten((await call('GET', '/sys/sysDepart/queryTreeList')).json().result);
    expect(tree.some((n) => n.id === parent.id)).toBe(false);
    // A deleted department's code stays taken.
    const next = await add({ departName: '新公司' });
    expect(next.orgCode).not.toBe(parent.orgCode);
  });

  it('manages a department’s users: add, list with filters, remove', async () => {
    const d = await add({ parentId: GZB, departName: '用户测试科' });
    const empty = await call('GET', `/sys/user/departUserList?depId=${d.id}`);
    expect(empty.json().result.total).toBe(0);
    const added = await call('POST', '/sys/user/editSysDepartWithUser', {
      depId: d.id,
      userIdList: [STAFF_ID, ADMIN_ID],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(M.usersAdded);
    const again = await call('POST', '/sys/user/editSysDepartWithUser', { depId: d.id, userIdList: [STAFF_ID] });
    expect(again.statusCode).toBe(200);
    const list = (await call('GET', `/sys/user/departUserList?depId=${d.id}`)).json().result;
    expect(list.total).toBe(2);
    expect(list.records[0].password).toBeUndefined();
    const filtered = (
      await call('GET', `/sys/user/departUserList?depId=${d.id}&realname=${encodeURIComponent('张')}`)
    ).json().result;
    expect(filtered.records.map((r: { username: string }) => r.username)).toEqual(['staff']);
    const removed = await call(
      'DELETE',
      `/sys/user/deleteUserInDepartBatch?depId=${d.id}&userIds=${STAFF_ID},${ADMIN_ID}`,
    );
    expect(removed.json().message).toBe(M.userRemoved);
    expect((await call('GET', `/sys/user/departUserList?depId=${d.id}`)).json().result.total).toBe(0);
    // staff keeps their own department as the current one.
    const staffRow = (await call('GET', `/sys/user/queryById?id=${STAFF_ID}`)).json().result;
    expect(staffRow.orgCode).toBe('A01A01');

    const noDep = await call('GET', '/sys/user/departUserList');
    expect(noDep.statusCode).toBe(400);
    expect(noDep.json().message).toBe(M.departRequired);
    const noUsers = await call('POST', '/sys/user/editSysDepartWithUser', { depId: d.id, userIdList: [] });
    expect(noUsers.json().message).toBe(M.usersRequired);
    const ghost = await call('POST', '/sys/user/editSysDepartWithUser', { depId: d.id, userIdList: ['ghost'] });
    expect(ghost.statusCode).toBe(404);
    const denied = await call('GET', `/sys/user/departUserList?depId=${d.id}`, undefined, staff);
    expect(denied.statusCode).toBe(403);
  });

  it('gives a department’s new member it as current department when they had none', async () => {
    const res = await call('POST', '/sys/user/add', {
      username: 'nodept',
      realname: '无部门',
      password: 'Passw0rd1',
      confirmpassword: 'Passw0rd1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().result.id as string;
    await call('POST', '/sys/user/editSysDepartWithUser', { depId: ZCGL, userIdList: [id] });
    expect((await call('GET', `/sys/user/queryById?id=${id}`)).json().result.orgCode).toBe('A01A01');
    await call('DELETE', `/sys/user/deleteUserInDepart?depId=${ZCGL}&userId=${id}`);
    expect((await call('GET', `/sys/user/queryById?id=${id}`)).json().result.orgCode).toBeNull();
  });

  it('lists the address book by department subtree, with positions and departments', async () => {
    const all = await call('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01');
    expect(all.statusCode, all.body).toBe(200);
    const records = all.json().result.records as AddressBookRecord[];
    const staffRow = records.find((r) => r.username === 'staff')!;
    expect(staffRow).toMatchObject({
      realname: '张三',
      phone: '13800000002',
      departNames: '资产管理科',
      positionNames: '科员',
    });
    expect(Object.keys(staffRow)).not.toContain('password');
    const sub = (await call('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01A02')).json().result.records;
    expect(sub.map((r: AddressBookRecord) => r.username)).toEqual(['admin']);
    const byName = (
      await call('GET', `/sys/user/queryByOrgCodeForAddressList?realname=${encodeURIComponent('张')}`)
    ).json().result.records;
    expect(byName.map((r: AddressBookRecord) => r.username)).toEqual(['staff']);
    const bad = await call('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01&sql=1');
    expect(bad.statusCode).toBe(400);
    // Staff holds 通讯录 (an asset clerk's work); the guest does not.
    expect((await call('GET', '/sys/user/queryByOrgCodeForAddressList', undefined, staff)).statusCode).toBe(200);
    const guest = await t.login(SEED_ACCOUNTS.guest.username);
    expect((await call('GET', '/sys/user/queryByOrgCodeForAddressList', undefined, guest)).statusCode).toBe(403);
  });

  it('exports and imports departments; a child row may name a parent of the same file', async () => {
    const exp = await t.request({
      method: 'GET',
      url: '/sys/sysDepart/exportXls?orgCode=A01*',
      token: admin,
      tenant: 1001,
    });
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['机构名称', '机构编码', '上级机构编码', '机构类别']));

    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('部门');
    ws.addRow(['机构名称', '机构编码', '上级机构编码', '机构类别']);
    ws.addRow(['导入公司🏢', 'X01', '', '公司']);
    ws.addRow(['导入部门', 'X01X01', 'X01', '部门']);
    ws.addRow(['挂到国资办', '', 'A01', '部门']);
    ws.addRow(['无名上级', '', 'Q77', '部门']);
    const buffer = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----dept';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/sys/sysDepart/importExcel',
      token: admin,
      tenant: 1001,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ total: 4, success: 3, failed: 1 });
    const tree = flatten((await call('GET', '/sys/sysDepart/queryTreeList')).json().result);
    const company = tree.find((n) => n.departName === '导入公司🏢')!;
    const dept = tree.find((n) => n.departName === '导入部门')!;
    expect(company.orgCode).toMatch(/^[A-Z]\d\d$/);
    expect(dept.parentId).toBe(company.id);
    expect(dept.orgCode.startsWith(company.orgCode)).toBe(true);
    expect(tree.find((n) => n.departName === '挂到国资办')!.parentId).toBe(GZB);
  });

  it('keeps a delegate of department users and roles to accounts within their reach', async () => {
    const role = await roleWith(t, admin, 1001, 'depart_delegate', [
      PERM.departList,
      PERM.departUsers,
      PERM.departRoles,
    ]);
    await accountWith(t, admin, 1001, 'depdelegate', [role]);
    const plainId = await accountWith(t, admin, 1001, 'depplain', []);
    const token = await t.login('depdelegate', 'Passw0rd!');
    const add = (userIdList: string[]) =>
      call('POST', '/sys/user/editSysDepartWithUser', { depId: ZCGL, userIdList }, token);
    const above = await add([plainId, ADMIN_ID]);
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe(REACH_MESSAGES.accountAbove);
    const removeAdmin = await call(
      'DELETE',
      `/sys/user/deleteUserInDepart?depId=${ZCGL}&userId=${ADMIN_ID}`,
      undefined,
      token,
    );
    expect(removeAdmin.statusCode).toBe(403);
    expect((await add([plainId])).statusCode).toBe(200);
    // Department roles: none for an account above, none granting more than the delegate holds.
    const drole = (
      await call('POST', '/sys/sysDepartRole/add', { departId: ZCGL, roleName: '审计', roleCode: 'dep_audit' })
    ).json().result.id as string;
    await call('POST', '/sys/permission/saveDepartPermission', {
      departId: ZCGL,
      permissionIds: seedId(`perm:${PERM.userDelete}`),
      lastpermissionIds: '',
    });
    const granted = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: drole,
      permissionIds: seedId(`perm:${PERM.userDelete}`),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const toAdmin = await call(
      'POST',
      '/sys/sysDepartRole/deptRoleUserAdd',
      { userId: ADMIN_ID, newRoleId: '', oldRoleId: drole },
      token,
    );
    expect(toAdmin.statusCode).toBe(403);
    const stronger = await call(
      'POST',
      '/sys/sysDepartRole/deptRoleUserAdd',
      { userId: plainId, newRoleId: drole },
      token,
    );
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().message).toBe(REACH_MESSAGES.roleAbove('审计'));
  });
});
