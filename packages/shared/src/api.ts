/** The response envelope every call answers with (architecture.md, "The API contract"). */
export interface ApiResponse<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Paths below the API base path (app-spec §7). */
export const API = {
  randomImage: '/sys/randomImage', // + '/{key}'
  login: '/sys/login',
  apiLogin: '/sys/apiLogin',
  logout: '/sys/logout',
  userPermission: '/sys/permission/getUserPermissionByToken',
  currentUserDeparts: '/sys/user/getCurrentUserDeparts',
  selectDepart: '/sys/selectDepart',
  updatePassword: '/sys/user/updatePassword',
  platformInfo: '/sys/platform/info',
  platformSettings: '/sys/platform/settings',
  dictItems: '/sys/dict/getDictItems', // + '/{code}'
  dictRefreshCache: '/sys/dict/refleshCache',
  dictAllItems: '/sys/dict/queryAllDictItems',
  currentUser: '/sys/user/current',
} as const;
