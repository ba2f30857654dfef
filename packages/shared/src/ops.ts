/*
 * Operations and monitoring (issue 13): scheduled jobs, online users, server monitoring.
 * Plain data only: the zod schemas live in schemas/ops.schema.ts behind `@district/shared/schemas`.
 */

/** Permission codes of the operations screens; spread into PERM. */
export const OPS_PERM = {
  jobList: 'monitor:job:list',
  jobAdd: 'monitor:job:add',
  jobEdit: 'monitor:job:edit',
  jobDelete: 'monitor:job:delete',
  /** Start, pause, resume and run a job once now. */
  jobRun: 'monitor:job:run',
  jobLog: 'monitor:job:log',

  onlineList: 'monitor:online:list',
  onlineForceLogout: 'monitor:online:forceLogout',

  monitorRuntime: 'monitor:server:runtime',
  monitorSystem: 'monitor:server:system',
  monitorHttp: 'monitor:server:http',
  monitorDisk: 'monitor:server:disk',
  monitorTrace: 'monitor:server:trace',
  monitorRedis: 'monitor:redis:info',
  /** The Redis terminal (read-only allowlist of commands). */
  monitorRedisTerminal: 'monitor:redis:terminal',

  dataSourceList: 'system:dataSource:list',
  dataSourceAdd: 'system:dataSource:add',
  dataSourceEdit: 'system:dataSource:edit',
  dataSourceDelete: 'system:dataSource:delete',
  /** Test a data source's connection (5 s at most). */
  dataSourceTest: 'system:dataSource:test',

  gatewayList: 'system:gateway:list',
  gatewayAdd: 'system:gateway:add',
  gatewayEdit: 'system:gateway:edit',
  gatewayDelete: 'system:gateway:delete',
  /** Call the routes the gateway proxies (/gateway/{routeId}/…). */
  gatewayCall: 'system:gateway:call',

  /** 对象存储: the uploaded files, wherever they are stored. */
  ossList: 'monitor:oss:list',
  ossUpload: 'monitor:oss:upload',
  /** Preview and download any file of the list. */
  ossDownload: 'monitor:oss:download',
  ossDelete: 'monitor:oss:delete',

  /** 接口文档: the OpenAPI description of every route (administrators, never the guest). */
  apiDocs: 'monitor:api:docs',
} as const;

/** The OpenAPI 3.1 description, below the API base (`/api/docs/openapi.json`). */
export const API_DOCS_PATH = '/docs/openapi.json';

/**
 * The permission each gateway route needs besides system:gateway:call, generated from its route id; the
 * administrator grants it to roles like any button (角色授权, under 网关路由).
 */
export const gatewayRoutePerm = (routeId: string) => `gateway:route:${routeId}`;

export const JOB_API = {
  base: '/sys/quartzJob',
  handlers: '/sys/quartzJob/handlers',
  start: '/sys/quartzJob/start',
  pause: '/sys/quartzJob/pause',
  resume: '/sys/quartzJob/resume',
  execute: '/sys/quartzJob/execute',
  log: '/sys/quartzJob/log',
} as const;

export const ONLINE_USER_API = {
  list: '/sys/online/list',
  forceLogout: '/sys/online/forceLogout',
} as const;

export const MONITOR_API = {
  runtime: '/monitor/runtime',
  system: '/monitor/system',
  http: '/monitor/http',
  disk: '/monitor/disk',
  trace: '/monitor/trace',
  redis: '/monitor/redis',
  redisTerminal: '/monitor/redis/terminal',
} as const;

export const DATA_SOURCE_API = {
  base: '/sys/dataSource',
  test: '/sys/dataSource/testConnection',
} as const;

export const GATEWAY_API = {
  base: '/sys/gatewayRoute',
  /** GET (system:gateway:list) → GatewayAllowedHosts: the hosts routes may point at, told up front. */
  allowedHosts: '/sys/gatewayRoute/allowedHosts',
  /** Proxied calls: {GATEWAY_PREFIX}/{routeId}/… */
  prefix: '/gateway',
} as const;

export const OSS_API = {
  base: '/sys/oss/file',
  /** multipart: file → the new row (same limits and checks as /file/upload). */
  upload: '/sys/oss/file/upload',
  /** ?id= → the bytes (inline for images and PDF, else an attachment). */
  download: '/sys/oss/file/download',
} as const;

/** Where a stored file lives (sys_file.storage). */
export const STORAGE_LABELS: Record<string, string> = { local: '本地目录', s3: 'S3 对象存储' };

export const OSS_MESSAGES = {
  storageUnavailable: '对象存储暂不可用，请稍后再试',
  storageNotConfigured: '该文件所在的存储未配置，无法读取',
  objectMissing: '文件已不在存储中',
  idInvalid: '文件ID不正确',
  /** 400: a delete of a file that records still show, with where (titles, never ids). */
  inUse: (places: string) => `该文件正在被使用：${places}`,
  /** The same for one file of a batch. */
  namedInUse: (name: string, places: string) => `文件「${name}」正在被使用：${places}`,
  /** More places than the message lists. */
  morePlaces: (total: number) => ` 等 ${total} 处`,
  /** A place in a tenant other than the caller's: never named. */
  otherTenant: '其他租户的数据',
  /** Where a stored file is used, by the record's title. */
  usedBy: {
    assetImage: (title: string) => `资产「${title}」的图片`,
    assetAttachment: (title: string) => `资产「${title}」的附件`,
    assetDescription: (title: string) => `资产「${title}」的描述`,
    ledgerDocument: (title: string) => `资产「${title}」的台账单据`,
    inventoryPhoto: (title: string) => `盘点记录「${title}」的照片`,
    projectAttachment: (title: string) => `项目「${title}」的附件`,
    projectDescription: (title: string) => `项目「${title}」的描述`,
    userAvatar: (title: string) => `用户「${title}」的头像`,
    companyLogo: (title: string) => `企业「${title}」的Logo`,
    announcement: (title: string) => `通告「${title}」的内容`,
    messageTemplate: (title: string) => `消息模板「${title}」的内容`,
    printTemplate: (title: string) => `打印模板「${title}」`,
    platformSetting: '平台设置',
    onlineField: (form: string, field: string) => `在线表单「${form}」的「${field}」`,
  },
} as const;

/** One row of 对象存储 (sys_file). */
export interface OssFile {
  id: string;
  biz: string;
  originalName: string;
  storedPath: string;
  fileSize: number;
  mime: string;
  storage: string;
  createBy: string | null;
  createTime: string;
}

export const OPS_ROUTES = {
  gateway: '/monitor/gateway',
  dataSource: '/monitor/dataSource',
  job: '/monitor/job',
  online: '/monitor/online',
  runtime: '/monitor/runtime',
  system: '/monitor/system',
  http: '/monitor/http',
  disk: '/monitor/disk',
  trace: '/monitor/trace',
  redis: '/monitor/redis',
  oss: '/monitor/oss',
  apiDocs: '/monitor/apiDocs',
} as const;

/** Job status as Jeecg stores it: 0 running (正常), -1 paused (停止). */
export const JOB_STATUS = { running: '0', paused: '-1' } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = { '0': '运行中', '-1': '已暂停' };

/** A run's result: 1 success, 0 failure. */
export const JOB_RESULT_LABELS: Record<string, string> = { '1': '成功', '0': '失败' };

/** How a run was started. */
export const JOB_TRIGGER_LABELS: Record<string, string> = { cron: '定时', manual: '手动' };

export const JOB_LIMITS = { name: 100, description: 500, parameter: 2000 } as const;

export const JOB_MESSAGES = {
  nameRequired: '请输入任务名称',
  nameTooLong: `任务名称最多${JOB_LIMITS.name}个字符`,
  nameTaken: '任务名称已存在',
  handlerRequired: '请选择任务处理器',
  unknownHandler: '未知的任务处理器',
  cronRequired: '请输入 Cron 表达式',
  cronNeverFires: 'Cron 表达式不会再触发，请检查日期和年份',
  parameterNotJson: '任务参数须为 JSON 对象',
  parameterTooLong: `任务参数最多${JOB_LIMITS.parameter}个字符`,
  parameterInvalid: '任务参数不符合处理器要求：',
  descriptionTooLong: `描述最多${JOB_LIMITS.description}个字符`,
  statusInvalid: '任务状态无效',
  notFound: '任务不存在',
  started: '任务已启动',
  paused: '任务已暂停',
  resumed: '任务已恢复',
  alreadyRunning: '任务已在运行中',
  alreadyPaused: '任务已暂停',
  executed: '任务已执行',
  executeFailed: '任务执行失败：',
} as const;

export const ONLINE_USER_MESSAGES = {
  tokenRequired: '请选择要强制退出的会话',
  notFound: '会话不存在或已过期',
  forcedOut: '已强制该用户退出',
  self: '不能强制退出自己的当前会话',
} as const;

export const MONITOR_MESSAGES = {
  redisNotConfigured: '未配置 Redis（嵌入式模式），缓存与会话保存在本进程中',
  commandRequired: '请输入命令',
  commandNotAllowed: '只允许只读命令：',
  commandBadArgs: '命令参数不正确',
  keyOutsidePrefix: '只能查看本系统前缀下的键',
} as const;

/** The Chinese titles of the Redis INFO sections the monitor page shows (INFO names them in English). */
export const REDIS_INFO_SECTION_TITLES: Readonly<Record<string, string>> = {
  server: '服务器',
  clients: '客户端连接',
  memory: '内存',
  persistence: '持久化',
  stats: '统计',
  cpu: 'CPU',
  keyspace: '键空间',
  replication: '主从复制',
};

/** Commands the Redis terminal runs; anything else is refused (never CONFIG, FLUSH*, KEYS, EVAL or writes). */
export const REDIS_TERMINAL_COMMANDS = [
  'INFO',
  'DBSIZE',
  'TTL',
  'PTTL',
  'TYPE',
  'GET',
  'SCAN',
  'EXISTS',
  'STRLEN',
] as const;

/** A scheduled-job handler as the server registers it. */
export interface JobHandlerInfo {
  key: string;
  title: string;
  description: string;
  /** A parameter example the form offers (JSON text), or '' when the handler takes none. */
  parameterExample: string;
}

export interface QuartzJob {
  id: string;
  jobName: string;
  handler: string;
  handler_dictText?: string;
  parameter: string | null;
  cronExpression: string;
  status: JobStatus;
  description: string | null;
  createTime: string;
  updateTime: string | null;
}

export interface QuartzJobLog {
  id: string;
  jobId: string;
  trigger: 'cron' | 'manual';
  startTime: string;
  endTime: string;
  durationMs: number;
  /** '1' success, '0' failure. */
  result: '1' | '0';
  message: string | null;
  instance: string;
}

export interface OnlineSession {
  /** The session's id (the SHA-256 of its token, never the token itself). */
  id: string;
  userId: string;
  username: string;
  realname: string;
  ip: string | null;
  client: string | null;
  loginTime: string;
  lastSeen: string;
  expireTime: string;
  /** The caller's own session. */
  current: boolean;
}

export interface RuntimeInfo {
  nodeVersion: string;
  v8Version: string;
  pid: number;
  platform: string;
  uptimeSeconds: number;
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  eventLoopDelayP50Ms: number;
  eventLoopDelayP99Ms: number;
  eventLoopUtilization: number;
  gcCount: number;
  gcTotalMs: number;
  activeHandles: number;
  activeRequests: number;
}

export interface SystemInfo {
  hostname: string;
  os: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  cpuUsage: number;
  loadAverage: number[];
  totalMemory: number;
  freeMemory: number;
  uptimeSeconds: number;
  processCount: number | null;
}

export interface HttpServerInfo {
  startedAt: string;
  uptimeSeconds: number;
  totalRequests: number;
  requestsPerSecond: number;
  /** Requests in each of the last 60 seconds (oldest first). */
  perSecond: number[];
  statusCounts: Record<string, number>;
  latencyP50Ms: number;
  latencyP90Ms: number;
  latencyP99Ms: number;
  inFlight: number;
}

export interface DiskInfo {
  mount: string;
  filesystem: string;
  size: number;
  used: number;
  free: number;
}

export interface TraceEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  ip: string;
  user: string | null;
}

export interface RedisInfo {
  configured: boolean;
  message?: string;
  dbSize?: number;
  prefixKeys?: number;
  usedMemory?: number;
  usedMemoryHuman?: string;
  connectedClients?: number;
  opsPerSecond?: number;
  version?: string;
  sections?: { name: string; entries: [string, string][] }[];
}

/** Dialects a data source may use; SQLite only as a file inside DATASOURCE_SQLITE_DIR. */
export const DATA_SOURCE_TYPES = ['postgres', 'mysql', 'sqlite'] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];
export const DATA_SOURCE_TYPE_LABELS: Record<DataSourceType, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
  sqlite: 'SQLite 文件',
};
export const DATA_SOURCE_DEFAULT_PORTS: Record<DataSourceType, number | null> = {
  postgres: 5432,
  mysql: 3306,
  sqlite: null,
};
/** The connection test gives up after this long. */
export const DATA_SOURCE_TEST_TIMEOUT_MS = 5000;

export const DATA_SOURCE_MESSAGES = {
  codeRequired: '请输入数据源编码',
  codeInvalid: '数据源编码只能由字母、数字和下划线组成，并以字母开头',
  codeTaken: '数据源编码已存在',
  nameRequired: '请输入数据源名称',
  typeInvalid: '请选择数据库类型',
  hostRequired: '请输入主机地址',
  hostInvalid: '主机地址只能是域名或 IP 地址',
  portInvalid: '端口须为 1 到 65535 的整数',
  databaseRequired: '请输入数据库名',
  sqliteFileInvalid: 'SQLite 数据源只能是数据源目录中的文件名（.db、.sqlite 或 .sqlite3），不能包含路径',
  sqliteFileMissing: '数据源目录中没有这个 SQLite 文件',
  addressForbidden: '主机地址是云元数据或链路本地地址（如 169.254.x.x），不能作为数据源',
  /** Every network-level failure (refused, timeout, reset, not a database, TLS …): which one is not said. */
  unreachable: '连接失败：无法连接到数据库服务，请检查主机、端口、数据库类型和网络',
  authFailed: '连接失败：用户名或密码错误',
  databaseMissing: '连接失败：数据库不存在',
  serverRefused: '连接失败：数据库服务拒绝了连接（如无权访问该数据库或连接数已满）',
  succeeded: '连接成功',
  passwordUnreadable: '已保存的密码无法解密（密钥已更换？），请重新输入密码',
} as const;

export interface DataSource {
  id: string;
  code: string;
  name: string;
  dbType: DataSourceType;
  dbType_dictText?: string;
  host: string | null;
  port: number | null;
  databaseName: string;
  username: string | null;
  /** Whether a password is stored (the password itself is never answered). */
  hasPassword?: boolean;
  remark: string | null;
  createTime: string;
}

export const GATEWAY_MESSAGES = {
  routeIdInvalid: '路由ID只能由小写字母、数字和连字符组成，并以字母开头（2 到 64 个字符）',
  routeIdTaken: '路由ID已存在',
  nameRequired: '请输入路由名称',
  uriInvalid: '目标地址须为 http:// 或 https:// 开头的网址',
  hostNotAllowed: '目标主机不在允许的主机列表中（GATEWAY_ALLOWED_HOSTS）',
  addressForbidden: '目标地址是云元数据或链路本地地址（如 169.254.x.x），禁止访问',
  pathInvalid: '请求路径不合法：不能含反斜杠、连续斜杠、. 或 .. 路径段、编码的斜杠、反斜杠、点或控制字符',
  predicatesInvalid: '路径断言须为以 / 开头的路径模式列表，如 ["/api/**"]',
  filtersInvalid: '过滤器只支持 StripPrefix（parts 为 0 到 10 的整数）',
  notFound: '网关路由不存在或未启用',
  pathNotMatched: '请求路径不匹配该路由的路径断言',
  upstreamFailed: '网关转发失败：目标服务无响应',
  routeForbidden: '没有调用该网关路由的权限',
  /** The page's notice while GATEWAY_ALLOWED_HOSTS is empty. */
  noAllowedHosts:
    '服务器尚未配置允许的目标主机（GATEWAY_ALLOWED_HOSTS 为空），任何网关路由都无法保存。请在服务器配置中设置，如 GATEWAY_ALLOWED_HOSTS=api.example.com,10.0.0.5:8080，然后重启服务',
} as const;

/** GATEWAY_API.allowedHosts: `host` (any port) or `host:port` entries, lower case; empty when none is set. */
export interface GatewayAllowedHosts {
  allowedHosts: string[];
}

export interface GatewayRoute {
  id: string;
  routeId: string;
  name: string;
  uri: string;
  /** JSON text: path patterns, e.g. ["/api/**"]. */
  predicates: string | null;
  /** JSON text: e.g. [{"name":"StripPrefix","args":{"parts":1}}]. */
  filters: string | null;
  sortOrder: number;
  /** 1 enabled, 0 disabled. */
  status: number;
  createTime: string;
}
