/**
 * Departments, department roles, tenants, position users and the address book: messages, limits and
 * the shapes the API answers (app-spec §7 "Departments", "Positions").
 */

/** Organisation codes: one segment per tree level, a letter and two digits (A01 … Z99). */
export const ORG_CODE_SEGMENT = 3;
export const ORG_CODE_PATTERN = /^([A-Z](0[1-9]|[1-9]\d))+$/;

/** org_category dictionary values. */
export const ORG_CATEGORY = { company: '1', department: '2', position: '3' } as const;

/** 部门管理's trees, beside the department resource's standard routes (DEPART_RESOURCE.path). */
export const DEPART_TREE_API = {
  queryTreeList: '/sys/sysDepart/queryTreeList',
  queryIdTree: '/sys/sysDepart/queryIdTree',
  queryDepartTreeSync: '/sys/sysDepart/queryDepartTreeSync',
  searchBy: '/sys/sysDepart/searchBy',
  queryMyDeptTreeList: '/sys/sysDepart/queryMyDeptTreeList',
} as const;

/** A department's users (部门用户). */
export const DEPART_USER_API = {
  list: '/sys/user/departUserList',
  add: '/sys/user/editSysDepartWithUser',
  remove: '/sys/user/deleteUserInDepart',
  removeBatch: '/sys/user/deleteUserInDepartBatch',
} as const;

/** 通讯录: people by department. */
export const ADDRESS_BOOK_API = { list: '/sys/user/queryByOrgCodeForAddressList' } as const;

/** Department roles' users and a user's department roles, beside the department-role resource's routes. */
export const DEPART_ROLE_USER_API = {
  userList: '/sys/sysDepartRole/userList',
  getDeptRoleList: '/sys/sysDepartRole/getDeptRoleList',
  deptRoleUserAdd: '/sys/sysDepartRole/deptRoleUserAdd',
} as const;

/** A department role's authorisation (within the department's own grants) and data rules. */
export const DEPART_ROLE_PERMISSION_API = {
  queryTreeListForDeptRole: '/sys/sysDepartPermission/queryTreeListForDeptRole',
  queryDeptRolePermission: '/sys/sysDepartPermission/queryDeptRolePermission',
  saveDeptRolePermission: '/sys/sysDepartPermission/saveDeptRolePermission',
  /** POST; GET + '/{permissionId}/{departId}/{roleId}' */
  datarule: '/sys/sysDepartPermission/datarule',
} as const;

export const DEPART_LIMITS = {
  departName: 100,
  departNameEn: 500,
  departNameAbbr: 500,
  description: 500,
  mobile: 32,
  fax: 32,
  address: 100,
  memo: 500,
  roleName: 200,
  roleCode: 100,
  roleDescription: 255,
} as const;

export const DEPART_MESSAGES = {
  departNameRequired: '请输入机构名称',
  orgCategoryRequired: '请选择机构类别',
  parentNotFound: '上级部门不存在',
  parentFixed: '不能修改上级部门',
  codesExhausted: '该层级的机构编码已用完',
  hasChildren: '该部门下存在子部门，不能删除',
  hasUsers: '该部门下存在用户，不能删除',
  departRequired: '请选择部门',
  departNotFound: '部门不存在',
  usersRequired: '请选择用户',
  userNotFound: '所选用户不存在',
  userNotInDepart: '该用户不属于此部门',
  usersAdded: '添加成功！',
  userRemoved: '移除成功！',
  roleNameRequired: '请输入部门角色名称',
  roleCodeRequired: '请输入部门角色编码',
  roleCodeFormat: '部门角色编码以字母开头，只能包含字母、数字和下划线',
  roleCodeTaken: (code: string) => `部门角色编码“${code}”已存在`,
  roleDepartFixed: '部门角色不能移到其他部门',
  roleRequired: '请选择部门角色',
  roleNotFound: '部门角色不存在',
  rolesOfOtherDepart: '所选角色不属于该用户所在的部门',
  notGrantedToDepart: (names: string) => `部门未获得该权限，不能授予：${names}`,
  authorized: '授权成功！',
  ruleSaved: '数据规则保存成功！',
  saved: '保存成功！',
} as const;

export const TENANT_LIMITS = { name: 100, idMin: 1, idMax: 2_147_483_647 } as const;

export const TENANT_MESSAGES = {
  idRequired: '请输入租户编号',
  idFormat: '租户编号须为正整数',
  idTaken: (id: number) => `租户编号“${id}”已存在`,
  nameRequired: '请输入租户名称',
  statusRequired: '请选择状态',
  dateFormat: '日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss',
  endBeforeBegin: '结束日期不能早于开始日期',
  hasUsers: '该租户下存在用户，不能删除',
  tenantRequired: '请选择租户',
  tenantNotFound: '租户不存在',
  usersRequired: '请选择用户',
  userNotFound: '所选用户不存在',
  lastTenant: '用户至少要属于一个租户，不能移除',
  usersAdded: '添加成功！',
  userRemoved: '移除成功！',
} as const;

/** A tenant's users (租户管理 → 用户), beside the tenant resource's standard routes. */
export const TENANT_USER_API = {
  users: '/sys/tenant/users',
  addUsers: '/sys/tenant/addUsers',
  removeUser: '/sys/tenant/removeUser',
  removeUsers: '/sys/tenant/removeUserBatch',
} as const;

/** 职务配置: the users holding a position (beside the position resource's standard routes). */
export const POSITION_USER_API = {
  users: '/sys/position/users',
  addUsers: '/sys/position/addUsers',
  removeUser: '/sys/position/removeUser',
  removeUsers: '/sys/position/removeUserBatch',
} as const;

export const POSITION_USER_MESSAGES = {
  positionRequired: '请选择职务',
  usersRequired: '请选择用户',
  userNotFound: '所选用户不存在',
  usersAdded: '添加成功！',
  userRemoved: '移除成功！',
} as const;

/** A node of the department trees (queryTreeList, queryDepartTreeSync, searchBy, queryMyDeptTreeList). */
export interface DepartTreeNode {
  id: string;
  key: string;
  value: string;
  title: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  parentId: string | null;
  departOrder: number;
  isLeaf: boolean;
  children?: DepartTreeNode[];
}

/** A node of queryIdTree (selects). */
export interface DepartIdTreeNode {
  id: string;
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartIdTreeNode[];
}

/** A department (sys_depart) as the detail form edits it. */
export interface DepartRecord {
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgCategory_dictText?: string;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  createTime: string | null;
}

export interface DepartRoleRecord {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string | null;
}

/** GET /sys/sysDepartRole/getDeptRoleList: the department's roles and those the user holds. */
export interface DeptRoleListResult {
  deptRoleList: DepartRoleRecord[];
  userRoleIds: string[];
}

export interface TenantRecord {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
  status_dictText?: string;
  createTime: string | null;
}

/** A person of the address book (GET /sys/user/queryByOrgCodeForAddressList). */
export interface AddressBookRecord {
  id: string;
  username: string;
  realname: string;
  workNo: string | null;
  phone: string | null;
  email: string | null;
  telephone: string | null;
  departNames: string;
  positionNames: string;
}
