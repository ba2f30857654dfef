/** Constants of app-spec §9 and widgets-spec §9, written once for the web and the server. */

/** Session and dictionary cache lifetime: 7 days. */
export const SESSION_TTL_MS = 604_800_000;
export const DICT_CACHE_TTL_MS = 604_800_000;
export const REQUEST_TIMEOUT_MS = 300_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const API_BASE_PATH = '/api';
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
export const PUBLIC_DISPLAY_PATH = '/assetAllocationAll';

/** The four paths the route guard lets through without a token (app-spec §2). */
export const PUBLIC_PATHS = ['/user/login', '/user/register', '/user/register-result', '/user/alteration'] as const;

/**
 * The fixed credential pair the route guard uses for its automatic API login (app-spec §2, step 3).
 * It is public by nature: the account it names may read only the public display pages.
 */
export const GUEST_CREDENTIALS = { username: 'guest', password: 'Guest#Display2026' } as const;

/** Default tenant id sent when none is chosen (app-spec §6). */
export const DEFAULT_TENANT_ID = 0;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;

export const MODAL_WIDTH = {
  depart: 500,
  userByDepart: 1250,
  password: 800,
} as const;

export const LAYOUT = {
  sidebarOpen: 200,
  sidebarCollapsed: 80,
  mobileDrawer: 200,
  fixedHeaderOffset: 59,
  autoHideHeaderAfter: 100,
} as const;

/** Eight theme colour presets (app-spec §9), blue is the default. */
export const THEME_COLORS = [
  { key: 'red', title: '薄暮', color: '#F5222D' },
  { key: 'volcano', title: '火山', color: '#FA541C' },
  { key: 'sunset', title: '日暮', color: '#FAAD14' },
  { key: 'cyan', title: '明青', color: '#13C2C2' },
  { key: 'green', title: '极光绿', color: '#52C41A' },
  { key: 'blue', title: '拂晓蓝（默认）', color: '#1890FF' },
  { key: 'geekblue', title: '极客蓝', color: '#2F54EB' },
  { key: 'purple', title: '酱紫', color: '#722ED1' },
] as const;
export const DEFAULT_PRIMARY_COLOR = '#1890FF';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

/** Browser-stored keys (app-spec §3). */
export const STORAGE_KEYS = {
  accessToken: 'Access-Token',
  tenantId: 'TENANT_ID',
  userName: 'Login_Username',
  userInfo: 'Login_Userinfo',
  userAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  companyInfo: 'COMPANY_INFO',
  departList: 'DEPART_LIST',
  sidebarType: 'SIDEBAR_TYPE',
  theme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixedSidemenu: 'DEFAULT_FIXED_SIDEMENU',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  color: 'DEFAULT_COLOR',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  multipage: 'DEFAULT_MULTI_PAGE',
  /** Prefix of the per-route title key; the route path is appended. */
  routeTitlePrefix: 'route:title:',
} as const;

/** Greeting time bands (app-spec §9). */
export function timeFix(date: Date = new Date()): string {
  const hour = date.getHours();
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}
