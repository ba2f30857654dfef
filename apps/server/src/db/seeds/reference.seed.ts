import {
  COMPANY_ROUTES,
  PROJECT_DICT,
  PROJECT_ROUTES,
  PROJECT_STATUS_ITEMS,
  PROJECT_TYPE_ITEMS,
  TICKET_DICT,
  TICKET_ROUTES,
  TICKET_STATUS_ITEMS,
  ASSET_DICT,
  ASSET_ROUTES,
  ASSET_STATUS_ITEMS,
  ASSET_USE_NATURE_ITEMS,
  LEDGER_TYPE_ITEMS,
  PERM,
  ROLE,
  SEED_KEY,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database, SysPermission } from '../schema.js';
import { formatDateTime } from '../../lib/time.js';
import { seedId } from './seed-id.js';
import { ACCOUNT_MENU } from './account.seed.js';
import { DEPRECIATION_MENU } from './depreciation.seed.js';
import { IOT_MENU, MESSAGE_MENU, USER_ANNOUNCEMENT_MENU } from './message.seed.js';
import { OPS_MENU } from './ops.seed.js';
import { ONLINE_MENU } from './online.seed.js';
import { PRINT_MENU } from './print.seed.js';

/*
 * Reference data: the menu tree, button permissions, roles and system dictionaries. Rows are
 * inserted when missing and never overwritten, so an administrator's edits survive restarts and
 * later releases can add entries by adding lines here.
 */

export interface MenuSeed {
  key: string;
  name: string;
  url: string;
  component: string;
  icon?: string;
  redirect?: string;
  hidden?: boolean;
  children?: MenuSeed[];
  /** A button's roles default to its menu's; `roles` narrows them (e.g. read-only access for staff). */
  buttons?: { code: string; name: string; roles?: string[] }[];
  /** Roles that get this entry besides admin, which gets everything. */
  roles: string[];
  /** Position among its siblings when the list order would clash with rows an earlier release seeded. */
  sort?: number;
  /** Data rules of this menu; `roles` get them selected in their grant of the menu. */
  dataRules?: { key: string; name: string; column: string; condition: string; value: string; roles: string[] }[];
}

/** The example data rule of 资产索引: an asset office sees its own department's assets (sys_org_code). */
export const ASSET_OWN_DEPART_RULE_KEY = 'asset-own-depart';

const DEV_TOOLS_KEY = 'dev-tools';
/** The demo groups that earlier releases seeded at the top level and granted to staff. */
const DEMO_GROUP_KEYS = ['result', 'exception'] as const;

export const MENU: MenuSeed[] = [
  {
    key: 'dashboard',
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    icon: 'home',
    roles: [ROLE.staff],
  },
  {
    key: 'system',
    name: '系统管理',
    url: '/system',
    component: 'layouts/RouteView',
    icon: 'setting',
    redirect: '/system/platform',
    roles: [],
    children: [
      {
        key: 'system-platform',
        name: '平台设置',
        url: '/system/platform',
        component: 'system/PlatformSetting',
        roles: [],
        buttons: [
          { code: PERM.platformView, name: '查看平台设置' },
          { code: PERM.platformEdit, name: '编辑平台设置' },
          // 安全设置 (issue 24): the security officer's, apart from the platform settings (三员分立).
          { code: PERM.securityEdit, name: '编辑安全设置' },
        ],
      },
      {
        key: 'system-user',
        name: '用户管理',
        url: '/system/user',
        component: 'system/UserList',
        icon: 'user',
        roles: [],
        buttons: [
          { code: PERM.userList, name: '用户查询' },
          { code: PERM.userAdd, name: '添加用户' },
          { code: PERM.userEdit, name: '编辑用户' },
          { code: PERM.userDelete, name: '删除用户' },
          { code: PERM.userExport, name: '导出用户' },
          { code: PERM.userImport, name: '导入用户' },
          { code: PERM.userFreeze, name: '冻结/解冻用户' },
          { code: PERM.userResetPassword, name: '重置密码' },
          // Phones and e-mails are encrypted at rest and masked in lists and exports without it (issue 24).
          { code: PERM.userViewPhone, name: '查看完整手机号和邮箱' },
          // 匿名化 a departed user's personal data (issue 24 item 12).
          { code: PERM.userAnonymise, name: '匿名化用户' },
        ],
      },
      {
        key: 'system-role',
        name: '角色管理',
        url: '/system/role',
        component: 'system/RoleList',
        icon: 'team',
        roles: [],
        buttons: [
          { code: PERM.roleList, name: '角色查询' },
          { code: PERM.roleAdd, name: '添加角色' },
          { code: PERM.roleEdit, name: '编辑角色' },
          { code: PERM.roleDelete, name: '删除角色' },
          { code: PERM.roleExport, name: '导出角色' },
          { code: PERM.roleImport, name: '导入角色' },
          { code: PERM.roleAuthorize, name: '角色授权' },
          { code: PERM.roleUsers, name: '角色用户' },
        ],
      },
      {
        key: 'system-permission',
        name: '菜单管理',
        url: '/system/permission',
        component: 'system/PermissionList',
        icon: 'menu',
        roles: [],
        buttons: [
          { code: PERM.permissionList, name: '菜单查询' },
          { code: PERM.permissionAdd, name: '添加菜单' },
          { code: PERM.permissionEdit, name: '编辑菜单' },
          { code: PERM.permissionDelete, name: '删除菜单' },
          { code: PERM.permissionDataRule, name: '数据规则' },
        ],
      },
      {
        key: 'system-permission-lazy',
        name: '菜单管理（大菜单）',
        url: '/system/permissionLazy',
        component: 'system/PermissionLazyList',
        icon: 'menu-fold',
        roles: [],
      },
      {
        key: 'system-depart',
        name: '部门管理',
        url: '/system/depart',
        component: 'system/DepartList',
        icon: 'apartment',
        roles: [],
        buttons: [
          { code: PERM.departList, name: '部门查询' },
          { code: PERM.departAdd, name: '添加部门' },
          { code: PERM.departEdit, name: '编辑部门' },
          { code: PERM.departDelete, name: '删除部门' },
          { code: PERM.departExport, name: '导出部门' },
          { code: PERM.departImport, name: '导入部门' },
        ],
      },
      {
        key: 'system-depart-user',
        name: '部门用户',
        url: '/system/departUser',
        component: 'system/DepartUserList',
        icon: 'usergroup-add',
        roles: [],
        buttons: [{ code: PERM.departUsers, name: '部门用户管理' }],
      },
      {
        key: 'system-depart-role',
        name: '部门角色授权',
        url: '/system/departRole',
        component: 'system/DepartRoleList',
        icon: 'safety',
        roles: [],
        buttons: [
          { code: PERM.departRoles, name: '部门角色管理' },
          { code: PERM.departAuthorize, name: '部门授权' },
        ],
      },
      {
        key: 'system-position',
        name: '职务管理',
        url: '/system/position',
        component: 'system/PositionList',
        icon: 'idcard',
        roles: [],
        buttons: [
          { code: PERM.positionList, name: '职务查询' },
          { code: PERM.positionAdd, name: '添加职务' },
          { code: PERM.positionEdit, name: '编辑职务' },
          { code: PERM.positionDelete, name: '删除职务' },
          { code: PERM.positionExport, name: '导出职务' },
          { code: PERM.positionImport, name: '导入职务' },
          { code: PERM.positionUsers, name: '职务用户' },
        ],
      },
      {
        key: 'system-tenant',
        name: '租户管理',
        url: '/system/tenant',
        component: 'system/TenantList',
        icon: 'cluster',
        roles: [],
        buttons: [
          { code: PERM.tenantList, name: '租户查询' },
          { code: PERM.tenantAdd, name: '添加租户' },
          { code: PERM.tenantEdit, name: '编辑租户' },
          { code: PERM.tenantDelete, name: '删除租户' },
          { code: PERM.tenantUsers, name: '租户用户' },
        ],
      },
      {
        key: 'system-dict',
        name: '数据字典',
        url: '/system/dict',
        component: 'system/DictList',
        icon: 'book',
        roles: [],
        buttons: [
          { code: PERM.dictList, name: '字典查询' },
          { code: PERM.dictAdd, name: '添加字典' },
          { code: PERM.dictEdit, name: '编辑字典' },
          { code: PERM.dictDelete, name: '删除字典' },
          { code: PERM.dictExport, name: '导出字典' },
          { code: PERM.dictImport, name: '导入字典' },
          { code: PERM.dictRecycle, name: '字典回收站' },
          { code: PERM.dictRefreshCache, name: '刷新字典缓存' },
        ],
      },
      {
        key: 'system-category',
        name: '分类字典',
        url: '/system/category',
        component: 'system/CategoryList',
        icon: 'partition',
        // Asset clerks classify assets by these categories: they read them, administrators maintain them.
        roles: [ROLE.staff],
        buttons: [
          { code: PERM.categoryList, name: '分类查询' },
          { code: PERM.categoryAdd, name: '添加分类', roles: [] },
          { code: PERM.categoryEdit, name: '编辑分类', roles: [] },
          { code: PERM.categoryDelete, name: '删除分类', roles: [] },
          { code: PERM.categoryExport, name: '导出分类', roles: [] },
          { code: PERM.categoryImport, name: '导入分类', roles: [] },
        ],
      },
      {
        key: 'system-address-book',
        name: '通讯录',
        url: '/system/addressBook',
        component: 'system/AddressBook',
        icon: 'contacts',
        roles: [ROLE.staff],
        buttons: [{ code: PERM.addressBookList, name: '通讯录查询' }],
      },
      {
        key: 'system-fill-rule',
        name: '编码规则',
        url: '/system/fillRule',
        component: 'system/FillRuleList',
        icon: 'number',
        roles: [],
        buttons: [
          { code: PERM.fillRuleList, name: '编码规则查询' },
          { code: PERM.fillRuleAdd, name: '添加编码规则' },
          { code: PERM.fillRuleEdit, name: '编辑编码规则' },
          { code: PERM.fillRuleDelete, name: '删除编码规则' },
          { code: PERM.fillRuleTest, name: '测试编码规则' },
          // Forms that number their records draw codes with it: the asset office numbers its assets.
          { code: PERM.fillRuleExecute, name: '生成编码', roles: [ROLE.assetOffice] },
        ],
      },
      {
        key: 'system-check-rule',
        name: '校验规则',
        url: '/system/checkRule',
        component: 'system/CheckRuleList',
        icon: 'check-square',
        roles: [],
        buttons: [
          { code: PERM.checkRuleList, name: '校验规则查询' },
          { code: PERM.checkRuleAdd, name: '添加校验规则' },
          { code: PERM.checkRuleEdit, name: '编辑校验规则' },
          { code: PERM.checkRuleDelete, name: '删除校验规则' },
        ],
      },
      {
        key: 'system-log',
        name: '日志管理',
        url: '/system/log',
        component: 'system/LogList',
        icon: 'file-search',
        roles: [],
        buttons: [
          { code: PERM.logList, name: '日志查询' },
          // 完整性校验 of all three logs (issue 24): the audit officer's.
          { code: PERM.logVerify, name: '日志完整性校验' },
        ],
      },
      {
        key: 'system-data-log',
        name: '数据日志',
        url: '/system/dataLog',
        component: 'system/DataLogList',
        icon: 'history',
        roles: [],
        buttons: [{ code: PERM.dataLogList, name: '数据日志查询' }],
      },
    ],
  },
  // The asset office's screens (issue 9). Sorted between 首页 (0) and 系统管理 (10) also in upgraded databases.
  {
    key: 'asset',
    name: '资产配置',
    url: '/asset',
    component: 'layouts/RouteView',
    icon: 'bank',
    redirect: ASSET_ROUTES.index,
    sort: 5,
    roles: [ROLE.assetOffice],
    children: [
      {
        key: 'asset-index',
        name: '资产索引',
        url: ASSET_ROUTES.index,
        component: 'asset/AssetIndex',
        icon: 'database',
        roles: [ROLE.assetOffice],
        buttons: [
          { code: PERM.assetList, name: '资产查询' },
          { code: PERM.assetAdd, name: '添加资产' },
          { code: PERM.assetEdit, name: '编辑资产' },
          { code: PERM.assetDelete, name: '删除资产' },
          { code: PERM.assetExport, name: '导出资产' },
          { code: PERM.assetImport, name: '导入资产' },
          { code: PERM.assetPublish, name: '发布/撤回资产' },
        ],
        dataRules: [
          {
            key: ASSET_OWN_DEPART_RULE_KEY,
            name: '本部门资产',
            column: 'sys_org_code',
            condition: '=',
            value: '#{sys_org_code}',
            roles: [ROLE.assetOffice],
          },
        ],
      },
      {
        // Opened from the list with ?id, so not a menu entry of its own.
        key: 'asset-details',
        name: '资产详情',
        url: ASSET_ROUTES.details,
        component: 'asset/AssetDetails',
        hidden: true,
        roles: [ROLE.assetOffice],
      },
      {
        key: 'asset-ledger',
        name: '台账详情',
        url: ASSET_ROUTES.ledger,
        component: 'asset/AssetLedger',
        hidden: true,
        roles: [ROLE.assetOffice],
        buttons: [
          { code: PERM.assetLedgerList, name: '台账查询' },
          { code: PERM.assetLedgerAdd, name: '登记台账事件' },
        ],
      },
      {
        key: 'asset-map',
        name: '地图视图',
        url: ASSET_ROUTES.map,
        component: 'asset/AssetMap',
        icon: 'environment',
        roles: [ROLE.assetOffice],
        buttons: [{ code: PERM.assetMap, name: '地图查看' }],
      },
      DEPRECIATION_MENU,
    ],
  },
  // Room tickets (issue 10): the asset office issues and spends them; ID numbers whole for administrators only.
  {
    key: 'house',
    name: '房屋管理',
    url: '/house',
    component: 'layouts/RouteView',
    icon: 'shop',
    redirect: TICKET_ROUTES.list,
    sort: 6,
    roles: [ROLE.assetOffice],
    children: [
      {
        key: 'house-ticket',
        name: '房票管理',
        url: TICKET_ROUTES.list,
        component: 'house/TicketList',
        icon: 'credit-card',
        roles: [ROLE.assetOffice],
        buttons: [
          { code: PERM.ticketList, name: '房票查询' },
          { code: PERM.ticketAdd, name: '发放房票' },
          { code: PERM.ticketEdit, name: '编辑房票' },
          { code: PERM.ticketDelete, name: '删除房票' },
          { code: PERM.ticketExport, name: '导出房票' },
          { code: PERM.ticketImport, name: '导入房票' },
          { code: PERM.ticketUse, name: '登记房票使用' },
          { code: PERM.ticketCancel, name: '作废房票' },
          { code: PERM.ticketExpire, name: '执行房票过期', roles: [] },
          { code: PERM.ticketViewIdCard, name: '查看完整身份证号', roles: [] },
        ],
      },
      {
        // Opened from the list with ?id, so not a menu entry of its own.
        key: 'house-ticket-detail',
        name: '房票详情',
        url: TICKET_ROUTES.detail,
        component: 'house/TicketDetail',
        hidden: true,
        roles: [ROLE.assetOffice],
      },
    ],
  },
  // Projects (issue 10): the list, and the full-page form (a new project, or ?id to edit / read).
  {
    key: 'project',
    name: '项目管理',
    url: '/project',
    component: 'layouts/RouteView',
    icon: 'project',
    redirect: PROJECT_ROUTES.list,
    sort: 7,
    roles: [ROLE.assetOffice],
    children: [
      {
        key: 'project-list',
        name: '项目列表',
        url: PROJECT_ROUTES.list,
        component: 'project/ProjectList',
        icon: 'unordered-list',
        roles: [ROLE.assetOffice],
        buttons: [
          { code: PERM.projectList, name: '项目查询' },
          { code: PERM.projectAdd, name: '新建项目' },
          { code: PERM.projectEdit, name: '编辑项目' },
          { code: PERM.projectDelete, name: '删除项目' },
          { code: PERM.projectExport, name: '导出项目' },
          { code: PERM.projectImport, name: '导入项目' },
          { code: PERM.projectStatus, name: '变更项目状态' },
        ],
      },
      {
        key: 'project-form',
        name: '项目表单',
        url: PROJECT_ROUTES.form,
        component: 'project/ProjectForm',
        icon: 'form',
        roles: [ROLE.assetOffice],
      },
    ],
  },
  // The operating company's profile (issue 10): read by the asset office, maintained by administrators.
  {
    key: 'company',
    name: '企业信息',
    url: COMPANY_ROUTES.profile,
    component: 'company/CompanyProfile',
    icon: 'idcard',
    sort: 8,
    roles: [ROLE.assetOffice],
    buttons: [
      { code: PERM.companyView, name: '查看企业信息' },
      { code: PERM.companyEdit, name: '编辑企业信息', roles: [] },
    ],
  },
  // Messaging (issue 12): announcements (administrators) and every user's 我的消息.
  MESSAGE_MENU,
  IOT_MENU,
  USER_ANNOUNCEMENT_MENU([ROLE.staff, ROLE.assetOffice]),
  // 个人中心 (issue 14): every signed-in role but the guest's.
  ACCOUNT_MENU([ROLE.staff, ROLE.assetOffice]),
  // Print design (issue 11): templates, the designer and the print right.
  PRINT_MENU,
  // Operations and monitoring (issue 13): administrators only.
  OPS_MENU,
  // Online forms and reports (issue 15): administrators only.
  ONLINE_MENU,
  // Demo pages (widget gallery, result and exception pages): the administrator's only, under one entry.
  {
    key: DEV_TOOLS_KEY,
    name: '开发工具',
    url: '/dev-tools',
    component: 'layouts/RouteView',
    icon: 'tool',
    redirect: '/dev-tools/gallery',
    roles: [],
    children: [
      {
        key: 'dev-tools-gallery',
        name: '组件示例',
        url: '/dev-tools/gallery',
        component: 'dev-tools/Gallery',
        roles: [],
      },
      {
        key: 'result',
        name: '结果页',
        url: '/result',
        component: 'layouts/RouteView',
        icon: 'check-circle',
        redirect: '/result/success',
        roles: [],
        children: [
          { key: 'result-success', name: '成功页', url: '/result/success', component: 'result/Success', roles: [] },
          { key: 'result-fail', name: '失败页', url: '/result/fail', component: 'result/Error', roles: [] },
        ],
      },
      {
        key: 'exception',
        name: '异常页',
        url: '/exception',
        component: 'layouts/RouteView',
        icon: 'warning',
        redirect: '/exception/403',
        roles: [],
        children: [
          { key: 'exception-403', name: '403', url: '/exception/403', component: 'exception/403', roles: [] },
          { key: 'exception-404', name: '404', url: '/exception/404', component: 'exception/404', roles: [] },
          { key: 'exception-500', name: '500', url: '/exception/500', component: 'exception/500', roles: [] },
        ],
      },
    ],
  },
  // The guest's only entry: the public display page the route guard's API login lands on.
  {
    key: 'public-display',
    name: '资产一览',
    url: '/assetAllocationAll',
    component: 'asset/AssetAllocationAll',
    icon: 'global',
    roles: [ROLE.guest],
  },
];

const DICTS: { code: string; name: string; items: [value: string, text: string, color?: string][] }[] = [
  {
    code: ASSET_DICT.status,
    name: '资产状态',
    items: ASSET_STATUS_ITEMS.map((i) => [i.value, i.text, i.color]),
  },
  { code: ASSET_DICT.useNature, name: '使用性质', items: ASSET_USE_NATURE_ITEMS.map((i) => [i.value, i.text]) },
  { code: ASSET_DICT.ledgerType, name: '台账事件类型', items: LEDGER_TYPE_ITEMS.map((i) => [i.value, i.text]) },
  {
    code: TICKET_DICT.status,
    name: '房票状态',
    items: TICKET_STATUS_ITEMS.map((i) => [i.value, i.text, i.color]),
  },
  { code: PROJECT_DICT.type, name: '项目类型', items: PROJECT_TYPE_ITEMS.map((i) => [i.value, i.text]) },
  {
    code: PROJECT_DICT.status,
    name: '项目状态',
    items: PROJECT_STATUS_ITEMS.map((i) => [i.value, i.text, i.color]),
  },
  {
    code: 'log_type',
    name: '日志类型',
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '修改'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
      // Audit events (issue 24): unmasked ID numbers, personal-data exports, security settings, log checks.
      ['7', '审计事件', 'red'],
    ],
  },
  {
    code: 'operate_result',
    name: '操作结果',
    items: [
      ['1', '成功'],
      ['0', '失败'],
    ],
  },
  {
    code: 'data_log_action',
    name: '数据操作',
    items: [
      ['add', '新增'],
      ['edit', '编辑'],
      ['delete', '删除'],
    ],
  },
  {
    code: 'position_rank',
    name: '职级',
    items: [
      ['1', '正处级'],
      ['2', '副处级'],
      ['3', '正科级'],
      ['4', '副科级'],
      ['5', '科员'],
      ['6', '办事员'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
      // A registered account awaiting approval (注册需审核); added to existing databases by this seed.
      ['3', '待审核', 'orange'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['Y', '是'],
      ['N', '否'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    items: [
      ['1', '有效'],
      ['0', '无效'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '一般消息'],
      ['M', '重要消息'],
      ['H', '紧急消息'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮/权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    items: [
      ['1', '可见/可访问(授权后可见/可访问)'],
      ['2', '可编辑(未授权时禁用)'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
];

function flatten(items: MenuSeed[], parentId: string | null, now: string) {
  const rows: { row: SysPermission; roles: string[]; dataRules?: MenuSeed['dataRules'] }[] = [];
  items.forEach((m, index) => {
    const id = seedId(`perm:${m.key}`);
    rows.push({
      roles: m.roles,
      dataRules: m.dataRules,
      row: {
        id,
        parentId,
        name: m.name,
        url: m.url,
        component: m.component,
        componentName: null,
        redirect: m.redirect ?? null,
        menuType: parentId ? 1 : 0,
        perms: null,
        permsType: null,
        sortNo: m.sort ?? index * 10,
        alwaysShow: 0,
        icon: m.icon ?? null,
        isRoute: 1,
        isLeaf: m.children?.length || m.buttons?.length ? 0 : 1,
        keepAlive: 0,
        hidden: m.hidden ? 1 : 0,
        hideTab: 0,
        description: null,
        status: '1',
        delFlag: 0,
        ruleFlag: m.dataRules?.length ? 1 : 0,
        internalOrExternal: 0,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      },
    });
    (m.buttons ?? []).forEach((b, i) => {
      rows.push({
        roles: b.roles ?? m.roles,
        dataRules: undefined,
        row: {
          ...rows[rows.length - 1]!.row,
          id: seedId(`perm:${b.code}`),
          parentId: id,
          name: b.name,
          url: null,
          component: null,
          redirect: null,
          menuType: 2,
          perms: b.code,
          permsType: '1',
          sortNo: i,
          icon: null,
          isRoute: 0,
          isLeaf: 1,
          ruleFlag: 0,
        },
      });
    });
    if (m.children) rows.push(...flatten(m.children, id, now));
  });
  return rows;
}

/**
 * Upgrade of a database seeded by an earlier release, where 结果页 and 异常页 were top-level menus granted to
 * staff. Only what that release wrote is touched, so it is idempotent and an administrator's own choices stay:
 * a group still at the top level moves under 开发工具, and the seeded staff grants (recognisable by their
 * stable ids) of the demo pages are removed; a grant an administrator made later has another id and stays.
 */
async function retireDemoPagesFromStaff(trx: Kysely<Database>, rows: { row: SysPermission }[]) {
  const devToolsId = seedId(`perm:${DEV_TOOLS_KEY}`);
  await trx
    .updateTable('sysPermission')
    .set({ parentId: devToolsId, menuType: 1 })
    .where(
      'id',
      'in',
      DEMO_GROUP_KEYS.map((k) => seedId(`perm:${k}`)),
    )
    .where('parentId', 'is', null)
    .execute();
  const demo = new Set([devToolsId]);
  // rows are in tree order, so a child's parent is always met first.
  for (const { row } of rows) if (row.parentId && demo.has(row.parentId)) demo.add(row.id);
  await trx
    .deleteFrom('sysRolePermission')
    .where(
      'id',
      'in',
      [...demo].map((id) => seedId(`grant:${ROLE.staff}:${id}`)),
    )
    .execute();
}

async function existingIds(db: Kysely<Database>, table: 'sysPermission' | 'sysRole' | 'sysDict' | 'sysDictItem') {
  const rows = await db.selectFrom(table).select('id').execute();
  return new Set(rows.map((r) => r.id));
}

export async function seedReference(db: Kysely<Database>): Promise<void> {
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const roles = [
      { code: ROLE.admin, name: '管理员', description: '拥有全部菜单和按钮权限' },
      { code: ROLE.staff, name: '普通员工', description: '首页、通讯录和分类字典（只读）' },
      { code: ROLE.guest, name: '访客', description: '只读公开展示页面（路由守卫自动登录所用）' },
      {
        code: ROLE.assetOffice,
        name: '资产管理科',
        description: '资产登记、台账、地图与发布（数据规则：本部门资产）',
      },
      {
        code: ROLE.platform,
        name: '平台管理员',
        description: '维护所有租户共用的平台级对象：在线表单与增强脚本、报表、数据源、网关路由、定时任务、菜单',
      },
    ];
    const haveRoles = await existingIds(trx, 'sysRole');
    const newRoles: string[] = [];
    for (const r of roles) {
      const id = seedId(`role:${r.code}`);
      if (haveRoles.has(id)) continue;
      newRoles.push(r.code);
      await trx
        .insertInto('sysRole')
        .values({
          id,
          roleCode: r.code,
          roleName: r.name,
          description: r.description,
          tenantId: null,
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
    }

    const havePerms = await existingIds(trx, 'sysPermission');
    const grants = new Set(
      (await trx.selectFrom('sysRolePermission').select(['roleId', 'permissionId']).execute()).map(
        (g) => `${g.roleId}:${g.permissionId}`,
      ),
    );
    const menuRows = flatten(MENU, null, now);
    await retireDemoPagesFromStaff(trx, menuRows);
    for (const { row, roles: extraRoles, dataRules } of menuRows) {
      if (!havePerms.has(row.id)) await trx.insertInto('sysPermission').values(row).execute();
      const ruleIds = await seedDataRules(trx, row.id, dataRules ?? [], now);
      // Admin gets everything except the guest's landing entry, which lives outside the main layout.
      const roleCodes = row.component === 'asset/AssetAllocationAll' ? extraRoles : [ROLE.admin, ...extraRoles];
      for (const code of roleCodes) {
        const roleId = seedId(`role:${code}`);
        if (grants.has(`${roleId}:${row.id}`)) continue;
        await trx
          .insertInto('sysRolePermission')
          .values({
            id: seedId(`grant:${code}:${row.id}`),
            roleId,
            permissionId: row.id,
            dataRuleIds: ruleIds.get(code) ?? null,
            operateDate: now,
            operateIp: null,
          })
          .execute();
      }
    }

    const haveDicts = await existingIds(trx, 'sysDict');
    const haveItems = await existingIds(trx, 'sysDictItem');
    for (const d of DICTS) {
      const dictId = seedId(`dict:${d.code}`);
      if (!haveDicts.has(dictId)) {
        await trx
          .insertInto('sysDict')
          .values({
            id: dictId,
            dictCode: d.code,
            dictName: d.name,
            description: null,
            delFlag: 0,
            type: 0,
            tenantId: null,
            createBy: 'system',
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
      for (const [index, [value, text, color]] of d.items.entries()) {
        const id = seedId(`dict:${d.code}:${value}`);
        if (haveItems.has(id)) continue;
        await trx
          .insertInto('sysDictItem')
          .values({
            id,
            dictId,
            itemValue: value,
            itemText: text,
            itemColor: color ?? null,
            description: null,
            sortOrder: index + 1,
            status: 1,
            createBy: 'system',
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
    }

    // An upgraded database's seeded staff user (张三, of 资产管理科) joins the asset office role when the
    // role first appears; a later removal by an administrator is never undone.
    const staffId = seedId('user:staff');
    if (newRoles.includes(ROLE.assetOffice)) {
      const staff = await trx.selectFrom('sysUser').select('id').where('id', '=', staffId).executeTakeFirst();
      if (staff) await grantAssetOffice(trx, staffId);
    }
    // Likewise the seeded administrator becomes the platform administrator when that role first appears.
    const adminId = seedId(SEED_KEY.adminUser);
    if (newRoles.includes(ROLE.platform)) {
      const admin = await trx.selectFrom('sysUser').select('id').where('id', '=', adminId).executeTakeFirst();
      if (admin) await grantSeededRole(trx, adminId, ROLE.platform);
    }
  });
}

/** Gives a user a seeded role once (the demo seed's 张三 the asset office, admin the platform role). */
export async function grantSeededRole(
  db: Kysely<Database>,
  userId: string,
  code: (typeof ROLE)[keyof typeof ROLE],
): Promise<void> {
  const id = seedId(`user-role:${userId}:${code}`);
  const have = await db.selectFrom('sysUserRole').select('id').where('id', '=', id).executeTakeFirst();
  if (have) return;
  await db
    .insertInto('sysUserRole')
    .values({ id, userId, roleId: seedId(`role:${code}`), tenantId: null })
    .execute();
}

export const grantAssetOffice = (db: Kysely<Database>, userId: string) => grantSeededRole(db, userId, ROLE.assetOffice);

/**
 * Inserts a menu's seeded data rules when missing (like menus) and answers, per role code, the rule ids its
 * grant selects; only a grant inserted now takes them, so an administrator's later choices stay.
 */
async function seedDataRules(
  trx: Kysely<Database>,
  permissionId: string,
  rules: NonNullable<MenuSeed['dataRules']>,
  now: string,
): Promise<Map<string, string>> {
  const byRole = new Map<string, string>();
  for (const r of rules) {
    const id = seedId(`dataRule:${r.key}`);
    const have = await trx.selectFrom('sysPermissionDataRule').select('id').where('id', '=', id).executeTakeFirst();
    if (!have) {
      await trx
        .insertInto('sysPermissionDataRule')
        .values({
          id,
          permissionId,
          ruleName: r.name,
          ruleColumn: r.column,
          ruleConditions: r.condition,
          ruleValue: r.value,
          status: '1',
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
    }
    for (const role of r.roles) byRole.set(role, [byRole.get(role), id].filter(Boolean).join(','));
  }
  return byRole;
}
