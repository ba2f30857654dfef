import { PERM, type AuthEntry, type DepartRecord, type DepartTreeNode, type UserRecord } from '@district/shared';

export const node = (id: string, title: string, orgCode: string, children: DepartTreeNode[] = []): DepartTreeNode => ({
  id,
  key: id,
  value: id,
  title,
  departName: title,
  orgCode,
  orgCategory: orgCode.length === 3 ? '1' : '2',
  parentId: orgCode.length === 3 ? null : 'd1',
  departOrder: 0,
  isLeaf: children.length === 0,
  ...(children.length ? { children } : {}),
});

export const TREE = [node('d1', '示范区国资办', 'A01', [node('d2', '资产管理科', 'A01A01')])];

export const RECORD: DepartRecord = {
  id: 'd2',
  parentId: 'd1',
  departName: '资产管理科',
  departNameEn: null,
  departNameAbbr: null,
  departOrder: 0,
  description: null,
  orgCategory: '2',
  orgCode: 'A01A01',
  mobile: null,
  fax: null,
  address: null,
  memo: null,
  createTime: '2026-01-01 10:00:00',
};

export const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

export const DEPART_PERMS = [
  PERM.departList,
  PERM.departAdd,
  PERM.departEdit,
  PERM.departDelete,
  PERM.departExport,
  PERM.departImport,
  PERM.departUsers,
  PERM.departRoles,
  PERM.departAuthorize,
];

export const ORG_CATEGORY_ITEMS = [
  { value: '1', text: '公司' },
  { value: '2', text: '部门' },
  { value: '3', text: '岗位' },
];

export const user = (id: string, username: string, realname: string): UserRecord => ({
  id,
  username,
  realname,
  avatar: null,
  birthday: null,
  sex: 1,
  email: null,
  phone: '13800000002',
  workNo: null,
  telephone: null,
  orgCode: 'A01A01',
  status: 1,
  status_dictText: '正常',
  createTime: '2026-01-01 10:00:00',
  departIds: 'd2',
  orgCodeTxt: '资产管理科',
});
