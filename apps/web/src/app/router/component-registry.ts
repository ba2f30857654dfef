import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/**
 * Menu `component` string → lazily loaded page. Adding a page is one line here; a component the
 * menu names but this map lacks renders a "page not found" result instead of crashing.
 */
export const PAGE_COMPONENTS: Record<string, LazyPage> = {
  'dashboard/Analysis': lazyPage(() => import('@/features/dashboard/pages/analysis-page'), 'AnalysisPage'),
  'result/Success': lazyPage(() => import('@/features/result/pages/success-page'), 'SuccessPage'),
  'result/Error': lazyPage(() => import('@/features/result/pages/error-page'), 'ResultErrorPage'),
  'exception/403': lazyPage(() => import('@/features/exception/pages/exception-page'), 'Exception403Page'),
  'exception/404': lazyPage(() => import('@/features/exception/pages/exception-page'), 'Exception404Page'),
  'exception/500': lazyPage(() => import('@/features/exception/pages/exception-page'), 'Exception500Page'),
  'system/PlatformSetting': lazyPage(
    () => import('@/features/system/platform/pages/platform-setting-page'),
    'PlatformSettingPage',
  ),
  'system/UserList': lazyPage(() => import('@/features/system/user/pages/user-list-page'), 'UserListPage'),
  'system/RoleList': lazyPage(() => import('@/features/system/role/pages/role-list-page'), 'RoleListPage'),
  'system/DepartList': lazyPage(() => import('@/features/system/depart/pages/depart-list-page'), 'DepartListPage'),
  'system/DepartUserList': lazyPage(
    () => import('@/features/system/depart/pages/depart-user-list-page'),
    'DepartUserListPage',
  ),
  'system/DepartRoleList': lazyPage(
    () => import('@/features/system/depart/pages/depart-role-list-page'),
    'DepartRoleListPage',
  ),
  'system/PositionList': lazyPage(
    () => import('@/features/system/position/pages/position-list-page'),
    'PositionListPage',
  ),
  'system/TenantList': lazyPage(() => import('@/features/system/tenant/pages/tenant-list-page'), 'TenantListPage'),
  'system/AddressBook': lazyPage(
    () => import('@/features/system/address-book/pages/address-book-page'),
    'AddressBookPage',
  ),
  'ops/ApiDocs': lazyPage(() => import('@/features/ops/api-docs/api-docs-page'), 'ApiDocsPage'),
  'ops/BackupList': lazyPage(() => import('@/features/ops/backup/backup-page'), 'BackupPage'),
  'asset/AssetAllocationAll': lazyPage(
    () => import('@/features/public-display/pages/asset-allocation-all-page'),
    'AssetAllocationAllPage',
  ),
  'asset/InfoDetails': lazyPage(() => import('@/features/public-display/pages/info-details-page'), 'InfoDetailsPage'),
  'asset/AssetIndex': lazyPage(() => import('@/features/asset/pages/asset-index-page'), 'AssetIndexPage'),
  'asset/AssetDetails': lazyPage(() => import('@/features/asset/pages/asset-details-page'), 'AssetDetailsPage'),
  'asset/AssetLedger': lazyPage(() => import('@/features/asset/pages/asset-ledger-page'), 'AssetLedgerPage'),
  'asset/AssetMap': lazyPage(() => import('@/features/asset/map/asset-map-page'), 'AssetMapPage'),
  'asset/AssetDepreciation': lazyPage(
    () => import('@/features/asset/depreciation/depreciation-report-page'),
    'DepreciationReportPage',
  ),
  'asset/InventoryCampaigns': lazyPage(
    () => import('@/features/asset/inventory/inventory-campaigns-page'),
    'InventoryCampaignsPage',
  ),
  'asset/InventoryCampaign': lazyPage(
    () => import('@/features/asset/inventory/inventory-campaign-page'),
    'InventoryCampaignPage',
  ),
  'asset/InventoryCheck': lazyPage(
    () => import('@/features/asset/inventory/inventory-check-page'),
    'InventoryCheckPage',
  ),
  'house/TicketList': lazyPage(() => import('@/features/house/pages/ticket-list-page'), 'TicketListPage'),
  'house/TicketDetail': lazyPage(() => import('@/features/house/pages/ticket-detail-page'), 'TicketDetailPage'),
  'project/ProjectList': lazyPage(() => import('@/features/project/pages/project-list-page'), 'ProjectListPage'),
  'project/ProjectForm': lazyPage(() => import('@/features/project/pages/project-form-page'), 'ProjectFormPage'),
  'print/PrintTemplateList': lazyPage(
    () => import('@/features/print/pages/print-template-list-page'),
    'PrintTemplateListPage',
  ),
  // pdfme's designer is large: only this page's chunk carries it.
  'print/PrintDesigner': lazyPage(() => import('@/features/print/pages/print-designer-page'), 'PrintDesignerPage'),
  'message/AnnouncementList': lazyPage(
    () => import('@/features/message/pages/announcement-list-page'),
    'AnnouncementListPage',
  ),
  'message/UserAnnouncement': lazyPage(
    () => import('@/features/message/pages/user-announcement-page'),
    'UserAnnouncementPage',
  ),
  'message/TemplateList': lazyPage(() => import('@/features/message/pages/template-list-page'), 'TemplateListPage'),
  'message/MessageList': lazyPage(() => import('@/features/message/pages/message-list-page'), 'MessageListPage'),
  'iot/DeviceList': lazyPage(() => import('@/features/iot/pages/device-list-page'), 'DeviceListPage'),
  'iot/AlarmList': lazyPage(() => import('@/features/iot/pages/alarm-list-page'), 'AlarmListPage'),
  'account/UserInfo': lazyPage(() => import('@/features/account/profile/user-info-page'), 'UserInfoPage'),
  'ops/JobList': lazyPage(() => import('@/features/ops/job/job-list-page'), 'JobListPage'),
  'ops/GatewayRouteList': lazyPage(
    () => import('@/features/ops/gateway/gateway-route-list-page'),
    'GatewayRouteListPage',
  ),
  'ops/DataSourceList': lazyPage(() => import('@/features/ops/datasource/data-source-list-page'), 'DataSourceListPage'),
  'ops/OnlineUsers': lazyPage(() => import('@/features/ops/online/online-users-page'), 'OnlineUsersPage'),
  'ops/RuntimeInfo': lazyPage(() => import('@/features/ops/monitor/runtime-page'), 'RuntimePage'),
  'ops/SystemInfo': lazyPage(() => import('@/features/ops/monitor/system-page'), 'SystemPage'),
  'ops/HttpServerInfo': lazyPage(() => import('@/features/ops/monitor/http-server-page'), 'HttpServerPage'),
  'ops/DiskInfo': lazyPage(() => import('@/features/ops/monitor/disk-page'), 'DiskPage'),
  'ops/HttpTrace': lazyPage(() => import('@/features/ops/monitor/trace-page'), 'TracePage'),
  'ops/RedisInfo': lazyPage(() => import('@/features/ops/monitor/redis-page'), 'RedisPage'),
  'ops/OssFileList': lazyPage(() => import('@/features/ops/oss/oss-file-list-page'), 'OssFileListPage'),
  'company/CompanyProfile': lazyPage(
    () => import('@/features/company/pages/company-profile-page'),
    'CompanyProfilePage',
  ),
  'system/LogList': lazyPage(() => import('@/features/system/log/pages/log-list-page'), 'LogListPage'),
  'system/DataLogList': lazyPage(() => import('@/features/system/log/pages/data-log-list-page'), 'DataLogListPage'),
  'system/PermissionList': lazyPage(
    () => import('@/features/system/permission/pages/permission-list-page'),
    'PermissionListPage',
  ),
  'system/PermissionLazyList': lazyPage(
    () => import('@/features/system/permission/pages/permission-lazy-list-page'),
    'PermissionLazyListPage',
  ),
  'system/DictList': lazyPage(() => import('@/features/system/dict/pages/dict-list-page'), 'DictListPage'),
  'system/CategoryList': lazyPage(
    () => import('@/features/system/category/pages/category-list-page'),
    'CategoryListPage',
  ),
  'system/FillRuleList': lazyPage(() => import('@/features/system/rule/pages/fill-rule-list-page'), 'FillRuleListPage'),
  'system/CheckRuleList': lazyPage(
    () => import('@/features/system/rule/pages/check-rule-list-page'),
    'CheckRuleListPage',
  ),
  'dev-tools/Gallery': lazyPage(() => import('@/features/dev-tools/gallery-page'), 'GalleryPage'),
};

/** Pages outside the menu (static routes and the shell's own results). */
export const STATIC_PAGES = {
  login: lazyPage(() => import('@/features/account/login/login-page'), 'LoginPage'),
  register: lazyPage(() => import('@/features/account/register/register-page'), 'RegisterPage'),
  registerResult: lazyPage(() => import('@/features/account/register/register-result-page'), 'RegisterResultPage'),
  alteration: lazyPage(() => import('@/features/account/register/alteration-page'), 'AlterationPage'),
  passwordChange: lazyPage(() => import('@/features/account/security/password-change-page'), 'PasswordChangePage'),
  testHome: lazyPage(() => import('@/features/test/pages/test-home-page'), 'TestHomePage'),
  notFound: lazyPage(() => import('@/features/exception/pages/exception-page'), 'Exception404Page'),
  forbidden: lazyPage(() => import('@/features/exception/pages/exception-page'), 'Exception403Page'),
  assetAllocationAll: PAGE_COMPONENTS['asset/AssetAllocationAll'],
  infoDetails: PAGE_COMPONENTS['asset/InfoDetails'],
  notOpen: lazyPage(() => import('@/features/exception/pages/not-open-page'), 'NotOpenPage'),
  missingComponent: lazyPage(() => import('@/features/exception/pages/missing-component-page'), 'MissingComponentPage'),
} satisfies Record<string, LazyPage>;

/**
 * Paths of the pages this product ships (the seeded menu, reference.seed.ts). The menu a user gets
 * holds only what they may open, so this list is how the shell tells "exists, but not for you" (403)
 * from "exists nowhere" (404). It names pages, not permissions: knowing a path grants nothing. A menu
 * entry an administrator adds is known to whoever holds it; for others it reads as 404.
 */
export const KNOWN_PAGE_PATHS: ReadonlySet<string> = new Set([
  '/dashboard/analysis',
  '/result',
  '/result/success',
  '/result/fail',
  '/exception',
  '/exception/403',
  '/exception/404',
  '/exception/500',
  '/system',
  '/system/platform',
  '/system/user',
  '/system/role',
  '/system/permission',
  '/system/permissionLazy',
  '/system/depart',
  '/system/departUser',
  '/system/departRole',
  '/system/position',
  '/system/tenant',
  '/system/dict',
  '/system/category',
  '/system/addressBook',
  '/system/fillRule',
  '/system/checkRule',
  '/system/log',
  '/system/dataLog',
  '/dev-tools',
  '/dev-tools/gallery',
  '/asset',
  '/asset/index',
  '/asset/details',
  '/asset/ledger',
  '/asset/map',
  '/house',
  '/house/ticket',
  '/house/ticketDetail',
  '/project',
  '/project/list',
  '/project/form',
  '/company/profile',
  '/user/info',
  '/online',
  '/online/cgform',
  '/online/cgreport',
  '/message',
  '/message/annountCement',
  '/isps/userAnnouncement',
  '/message/template',
  '/message/record',
  '/iot',
  '/iot/device',
  '/iot/alarm',
]);

export function isKnownPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN_PAGE_PATHS.has(path);
}

/** Layout components that only group child routes (the old RouteView family). */
const CONTAINER_LAYOUTS = new Set([
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/TabLayout',
  'layouts/BasicLayout',
  'layouts/BlankLayout',
  'layouts/UserLayout',
]);
const IFRAME_LAYOUT = 'layouts/IframePageView';

/**
 * Generated list kinds served by the online module (issue 15): the form designer (also the copy list), the auto
 * list of a synchronised form (every theme: plain, tree, ERP, tab, inner table), the report list and the report
 * auto list. Each kind's page reads its form or report from the menu path's last segment.
 */
const ONLINE_PAGES: readonly (readonly [RegExp, LazyPage])[] = [
  [
    /OnlCgformHeadList$|OnlCgformCopyList$/,
    lazyPage(() => import('@/features/online/pages/form-list-page'), 'FormListPage'),
  ],
  [
    /OnlCgformAutoList$|OnlCgformDefaultList$|\/auto\/default\/|OnlCgformTreeList$|OnlCgformErpList$|OnlCgformTabList$|OnlCgformInnerTableList$/,
    lazyPage(() => import('@/features/online/pages/auto-list-page'), 'AutoListPage'),
  ],
  [
    /OnlCgreportHeadList$|OnlCgReportList$/,
    lazyPage(() => import('@/features/online/pages/report-list-page'), 'ReportListPage'),
  ],
  [
    /OnlCgreportAutoList$|OnlReportAutoList$/,
    lazyPage(() => import('@/features/online/pages/report-auto-list-page'), 'ReportAutoListPage'),
  ],
];

function onlinePage(name: string): LazyPage | undefined {
  return ONLINE_PAGES.find(([pattern]) => pattern.test(name))?.[1];
}

/** Generated list kinds the online module does not serve (other online components): not open yet. */
const GENERATED_LIST_PATTERNS: readonly RegExp[] = [
  /OnlCgformAutoList$/,
  /OnlCgformCopyList$/,
  /OnlCgformDefaultList$|\/auto\/default\//,
  /OnlCgformTreeList$/,
  /OnlCgformErpList$/,
  /OnlCgformTabList$/,
  /OnlCgformInnerTableList$/,
  /OnlCgreportAutoList$/,
  /OnlCgReportList$|OnlReportAutoList$/,
  /^modules\/online\//,
];

export type ComponentKind = 'container' | 'iframe' | 'page' | 'notOpen' | 'unknown';

function normalize(component: string): string {
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.(vue|tsx?)$/, '');
}

export function isVisualLayout(component: string | null | undefined): boolean {
  const name = normalize(component ?? '');
  return name.includes('layouts') && /visual/i.test(name);
}

export function componentKind(component: string | null | undefined): ComponentKind {
  const name = normalize(component ?? '');
  if (!name) return 'container';
  if (name === IFRAME_LAYOUT) return 'iframe';
  if (CONTAINER_LAYOUTS.has(name) || isVisualLayout(name)) return 'container';
  if (onlinePage(name)) return 'page';
  if (GENERATED_LIST_PATTERNS.some((pattern) => pattern.test(name))) return 'notOpen';
  return Object.hasOwn(PAGE_COMPONENTS, name) ? 'page' : 'unknown';
}

export function pageComponent(component: string): LazyPage | undefined {
  const name = normalize(component);
  const online = onlinePage(name);
  if (online) return online;
  return Object.hasOwn(PAGE_COMPONENTS, name) ? PAGE_COMPONENTS[name] : undefined;
}

/** The iframe page shell for `layouts/IframePageView` entries. */
export const IFRAME_PAGE = lazyPage(() => import('../layouts/iframe-page-view'), 'IframePageView');
