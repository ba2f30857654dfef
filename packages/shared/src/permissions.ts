import { BACKUP_PERM } from './backup.js';
import { DEPRECIATION_PERM } from './depreciation.js';
import { MESSAGE_PERM } from './message.js';
import { INVENTORY_PERM } from './inventory.js';
import { IOT_PERM } from './iot.js';
import { ONLINE_PERM } from './online.js';
import { OPS_PERM } from './ops.js';
import { PRINT_PERM } from './print.js';

/**
 * Permission codes, declared once: seeded into sys_permission, checked by the server's guard and
 * used by the web's has-permission component.
 */
export const PERM = {
  platformView: 'system:platform:view',
  platformEdit: 'system:platform:edit',
  /** 安全设置 (password policy, idle timeout, second factor, three-officer mode): the security officer's. */
  securityEdit: 'system:security:edit',

  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userDelete: 'system:user:delete',
  userExport: 'system:user:export',
  userImport: 'system:user:import',
  userFreeze: 'system:user:freeze',
  userResetPassword: 'system:user:resetPassword',
  /** Users' phone numbers and e-mail addresses whole (lists, exports); without it they are masked (issue 24). */
  userViewPhone: 'system:user:viewPhone',
  /** 匿名化 a frozen or deleted user's personal data (issue 24 item 12). */
  userAnonymise: 'system:user:anonymise',

  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  roleDelete: 'system:role:delete',
  roleExport: 'system:role:export',
  roleImport: 'system:role:import',
  roleAuthorize: 'system:role:authorize',
  roleUsers: 'system:role:users',

  permissionList: 'system:permission:list',
  permissionAdd: 'system:permission:add',
  permissionEdit: 'system:permission:edit',
  permissionDelete: 'system:permission:delete',
  permissionDataRule: 'system:permission:dataRule',

  departList: 'system:depart:list',
  departAdd: 'system:depart:add',
  departEdit: 'system:depart:edit',
  departDelete: 'system:depart:delete',
  departExport: 'system:depart:export',
  departImport: 'system:depart:import',
  departUsers: 'system:depart:users',
  departRoles: 'system:depart:roles',
  departAuthorize: 'system:depart:authorize',

  positionList: 'system:position:list',
  positionAdd: 'system:position:add',
  positionEdit: 'system:position:edit',
  positionDelete: 'system:position:delete',
  positionExport: 'system:position:export',
  positionImport: 'system:position:import',
  positionUsers: 'system:position:users',

  tenantList: 'system:tenant:list',
  tenantAdd: 'system:tenant:add',
  tenantEdit: 'system:tenant:edit',
  tenantDelete: 'system:tenant:delete',
  tenantUsers: 'system:tenant:users',

  dictList: 'system:dict:list',
  dictAdd: 'system:dict:add',
  dictEdit: 'system:dict:edit',
  dictDelete: 'system:dict:delete',
  dictExport: 'system:dict:export',
  dictImport: 'system:dict:import',
  dictRecycle: 'system:dict:recycle',
  /** Reload the dictionary cache (the user menu's cache-refresh action). */
  dictRefreshCache: 'system:dict:refreshCache',

  categoryList: 'system:category:list',
  categoryAdd: 'system:category:add',
  categoryEdit: 'system:category:edit',
  categoryDelete: 'system:category:delete',
  categoryExport: 'system:category:export',
  categoryImport: 'system:category:import',

  fillRuleList: 'system:fillRule:list',
  fillRuleAdd: 'system:fillRule:add',
  fillRuleEdit: 'system:fillRule:edit',
  fillRuleDelete: 'system:fillRule:delete',
  fillRuleTest: 'system:fillRule:test',
  /** Draw the next code of a fill rule (forms that number their records: departments, assets). */
  fillRuleExecute: 'system:fillRule:execute',

  checkRuleList: 'system:checkRule:list',
  checkRuleAdd: 'system:checkRule:add',
  checkRuleEdit: 'system:checkRule:edit',
  checkRuleDelete: 'system:checkRule:delete',

  assetList: 'asset:asset:list',
  assetAdd: 'asset:asset:add',
  assetEdit: 'asset:asset:edit',
  assetDelete: 'asset:asset:delete',
  assetExport: 'asset:asset:export',
  assetImport: 'asset:asset:import',
  assetPublish: 'asset:asset:publish',
  assetMap: 'asset:map:view',
  assetLedgerList: 'asset:ledger:list',
  assetLedgerAdd: 'asset:ledger:add',

  ticketList: 'house:ticket:list',
  ticketAdd: 'house:ticket:add',
  ticketEdit: 'house:ticket:edit',
  ticketDelete: 'house:ticket:delete',
  ticketExport: 'house:ticket:export',
  ticketImport: 'house:ticket:import',
  /** Record a use of a ticket (house address, amount, seller). */
  ticketUse: 'house:ticket:use',
  ticketCancel: 'house:ticket:cancel',
  /** Run the expiry of tickets past their date now (it also runs daily and at start-up). */
  ticketExpire: 'house:ticket:expire',
  /** See holders' ID numbers whole (lists, details, exports); everyone else sees them masked. */
  ticketViewIdCard: 'ticket:viewIdCard',

  projectList: 'project:project:list',
  projectAdd: 'project:project:add',
  projectEdit: 'project:project:edit',
  projectDelete: 'project:project:delete',
  projectExport: 'project:project:export',
  projectImport: 'project:project:import',
  /** Move a project through its states (start, suspend, resume, complete). */
  projectStatus: 'project:project:status',

  companyView: 'company:profile:view',
  companyEdit: 'company:profile:edit',

  logList: 'system:log:list',
  dataLogList: 'system:dataLog:list',
  /** 完整性校验 of the operation, login and data logs (the audit officer's). */
  logVerify: 'system:log:verify',
  addressBookList: 'system:addressBook:list',
  ...MESSAGE_PERM,
  ...IOT_PERM,
  ...OPS_PERM,
  ...BACKUP_PERM,
  ...PRINT_PERM,
  ...ONLINE_PERM,
  ...DEPRECIATION_PERM,
  ...INVENTORY_PERM,
} as const;
export type PermissionCode = (typeof PERM)[keyof typeof PERM];

/** Permission entry (app-spec §3): type 1 button/page, 2 field-disabled; status 0 disabled, 1 enabled. */
export interface AuthEntry {
  action: string;
  describe: string;
  type: '1' | '2';
  status: '0' | '1';
}

export interface MenuMeta {
  title: string;
  icon?: string;
  url?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  hideHeader?: boolean;
  permissionList?: AuthEntry[];
}

/** A menu entry as getUserPermissionByToken returns it (app-spec §2). */
export interface MenuRoute {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  /** '0' means the entry is not registered as a route. */
  route: '0' | '1';
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuRoute[];
}

export interface UserPermissionResult {
  menu: MenuRoute[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  /** Holds the 平台管理员 role: pages offer the writes of platform objects (online form definitions…). */
  isPlatformAdmin?: boolean;
}

/**
 * The has-permission rule of app-spec §6: an action is allowed when the user holds it (type 1), or when
 * the full list marks it status '0'. Our server never sends a disabled type-1 entry (a disabled permission
 * is held by nobody), so only holders see a button. Type 2 entries never grant a button; comma-separated
 * action strings are allowed when any of the actions is.
 */
export function hasPermission(actions: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  const wanted = actions
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return wanted.some((action) => {
    if (auth.some((e) => e.type !== '2' && e.action === action)) return true;
    return allAuth.some((e) => e.type !== '2' && e.action === action && e.status === '0');
  });
}

/**
 * Field disabling of app-spec §5/§6: a field is disabled when the flow-node list marks it type 2, or when
 * a stored type-2 entry for it has status '0' (not editable) and the user holds no enabled grant for it.
 */
export function isFieldDisabled(
  code: string,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
  flowNodeList?: readonly AuthEntry[],
): boolean {
  if (flowNodeList?.some((e) => e.type === '2' && e.action === code)) return true;
  const granted = auth.some((e) => e.type === '2' && e.action === code && e.status === '1');
  if (granted) return false;
  return [...auth, ...allAuth].some((e) => e.type === '2' && e.action === code && e.status === '0');
}
