/** User-facing texts that both sides must spell the same way (app-spec §5, §8). */
export const MSG = {
  unauthorized: '未授权，请重新登录',
  forbidden: '拒绝访问',
  systemNotice: '系统提示',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  serverError: '服务器内部错误，请稍后再试',
  tokenExpired: 'Token失效，请重新登录',
  logoutConfirm: '真的要注销登录吗 ?',
  cacheRefreshed: '刷新缓存完成！',
  cacheRefreshFailed: '刷新缓存失败！',
  homeTabCannotClose: '首页不能关闭!',
  lastTabCannotClose: '这是最后一页，不能再关闭了啦',
  noLoginUser: '当前系统无登录用户!',
  noDeparts: '您尚未设置部门信息!',
  noPositions: '您尚未设置岗位信息!',
  emptyMenu: '未获取到菜单权限，请联系管理员',
  loginFailed: '用户名或密码错误',
  accountLocked: '登录失败次数过多，账号已临时锁定，请稍后再试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  accountFrozen: '该用户已冻结',
  /** A registered account awaiting an administrator's approval (USER_STATUS.pending). */
  accountPending: '账号待审核，请等待管理员审核通过后再登录',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  captchaExpired: '验证码已失效，请刷新后重试',
  oldPasswordWrong: '旧密码输入错误',
  passwordChanged: '密码修改成功，请重新登录',
  tenantForbidden: '您不属于该租户，无权访问',
  /** A platform object (shared by every tenant) written by someone who is not a platform administrator. */
  platformOnly: '拒绝访问：该对象为所有租户共用的平台级对象，只有平台管理员可以操作',
  badJson: '请求体不是有效的JSON',
  badRequest: '请求参数有误',
  notGuestAccount: '该账号不允许通过接口登录',
  departNotOwned: '您不属于所选部门',
  positionNotOwned: '您不属于所选岗位',
  logoutSuccess: '退出登录成功',
  /** The database or Redis cannot be reached right now: answered 503 with Retry-After. */
  serviceUnavailable: '服务暂时不可用，请稍后再试',
  /** A socket that carries its token in the URL (it would land in access logs). */
  socketTokenInUrl: '令牌不能放在地址中，请通过 Sec-WebSocket-Protocol 传递',
  /** A NUL character in a parameter or field (PostgreSQL cannot store one; no form can type one). */
  controlCharacter: '输入内容包含不允许的控制字符',
} as const;

/**
 * Delegated administration (issue 8): nobody acts on an account that holds permissions they do not hold, nor
 * grants roles, departments, positions or tenants outside their own reach. Answered 403.
 */
export const REACH_MESSAGES = {
  accountAbove: '不能操作权限高于您的账号',
  roleAbove: (names: string) => `不能授予超出您权限范围的角色：${names}`,
  departOutside: '不能授予您权限范围之外的部门',
  positionOutside: '不能授予其他租户的职务',
  tenantOutside: '只能把用户加入您所属的租户',
  roleOfOtherTenant: '不能修改其他租户的角色',
  globalRoleAbove: '不能修改含有您所没有权限的公共角色',
  permissionAbove: (names: string) => `不能变更您自己没有的权限：${names}`,
  platformRole: '只有平台管理员可以授予、撤销或修改平台管理员角色',
} as const;
