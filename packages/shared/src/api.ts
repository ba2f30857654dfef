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
  /** The office's own offline base map (GeoJSON): read by everyone, written with the platform settings right. */
  platformMapBase: '/sys/platform/mapBase',
  dictItems: '/sys/dict/getDictItems', // + '/{code}'
  dictRefreshCache: '/sys/dict/refleshCache',
  dictAllItems: '/sys/dict/queryAllDictItems',
  currentUser: '/sys/user/current',
} as const;

/** 数据日志: two versions side by side, and a record's versions (beside the data-log resource's list). */
export const DATA_LOG_API = {
  queryCompareList: '/sys/dataLog/queryCompareList',
  queryDataVersion: '/sys/dataLog/queryDataVersion',
} as const;
