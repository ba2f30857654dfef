/**
 * Online forms and reports (表单开发 / 报表配置): form definitions that become tables and pages at run time,
 * and reports defined by one SELECT. Shared by the online module of the server and the online pages.
 */

/** Permission codes of the designer screens (spread into PERM). */
export const ONLINE_PERM = {
  onlineFormList: 'online:form:list',
  /** Add, edit, copy and delete form definitions. */
  onlineFormEdit: 'online:form:edit',
  /** Create or alter the table of a definition (同步数据库). */
  onlineFormSync: 'online:form:sync',
  /** Save JavaScript enhancements (they run for other users). */
  onlineFormEnhance: 'online:form:enhance',
  onlineReportList: 'online:report:list',
  /** Save a report's SQL (issue 15: only this permission may). */
  onlineReportSql: 'online:report:sql',
} as const;

/** The buttons of a synchronised form's pages: `online:{table}:{action}`, granted like any button. */
export const ONLINE_FORM_ACTIONS = ['list', 'add', 'edit', 'delete', 'export', 'import'] as const;
export type OnlineFormAction = (typeof ONLINE_FORM_ACTIONS)[number];
export function onlineFormPerm(table: string, action: OnlineFormAction): string {
  return `online:${table}:${action}`;
}

/**
 * Viewing one online report: `online:report:{code}:list`. Its own prefix, so a report code can never name the same
 * code as a form table's button (`online:{table}:list`).
 */
export function onlineReportPerm(code: string): string {
  return `online:report:${code}:list`;
}

/** Button names of a generated menu entry (生成菜单). */
export const ONLINE_ACTION_LABELS: Record<OnlineFormAction, string> = {
  list: '查询',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
};

export const ONLINE_ROUTES = {
  formList: '/online/cgform',
  reportList: '/online/cgreport',
  /** + '/{table}': the auto list of a synchronised form (component kind auto list). */
  autoList: '/online/cgformList',
  /** + '/{code}': the report auto list. */
  reportAutoList: '/online/cgreportList',
} as const;

export const ONLINE_COMPONENTS = {
  formList: 'modules/online/cgform/OnlCgformHeadList',
  autoList: 'modules/online/cgform/auto/OnlCgformAutoList',
  reportList: 'modules/online/cgreport/OnlCgreportHeadList',
  reportAutoList: 'modules/online/cgreport/auto/OnlCgreportAutoList',
} as const;

export const ONLINE_API = {
  head: '/online/cgform/head',
  /** + '/{table}/list' … the standard resource routes of a synchronised form. */
  data: '/online/cgform/data',
  /** + '/{table}': the definition as its pages use it (fields, permissions held). */
  pageConfig: '/online/cgform/api/getFormConfig',
  report: '/online/cgreport/head',
  /** + '/{code}' */
  reportConfig: '/online/cgreport/api/getReportConfig',
  /** + '/{code}' */
  reportData: '/online/cgreport/api/data',
  /** + '/{code}' */
  reportExport: '/online/cgreport/api/exportXls',
  /** 生成菜单 of a form definition / of a report. */
  formMenu: '/online/cgform/head/createMenu',
  reportMenu: '/online/cgreport/head/createMenu',
  /** The system tables a platform administrator lets reports read (GET; PUT by a platform administrator). */
  reportSystemTables: '/online/cgreport/head/systemTables',
  /** The page enhancement scripts run in (public, its own CSP), under the API base path. */
  sandbox: '/online/cgform/sandbox',
} as const;

export const ONLINE_LIMITS = {
  /** Generated tables carry this prefix, so they never take a system table's name. */
  tablePrefix: 'onl_',
  maxFields: 100,
  maxStringLength: 4000,
  maxDecimalScale: 8,
  /** A unique string column with the tenant fits MySQL's 3,072-byte index key (4 bytes a character). */
  uniqueMaxLength: 500,
  /** app-spec §9: enhancement versions kept per form code. */
  enhanceVersions: 16,
  enhanceMaxChars: 50_000,
  reportTimeoutMs: 5000,
  reportMaxRows: 10_000,
  reportSqlMaxChars: 10_000,
  /** app-spec §8: a sub table's rows are asked for 3 times before 打开子表失败. */
  subTableRetries: 3,
  /** Sub rows sent with one main record (one request, one transaction). */
  subRowsMax: 200,
  /** app-spec §9: the sub-table popup is placed 350 px from the top. */
  subTablePopupTop: 350,
} as const;

export const ONLINE_MESSAGES = {
  tableName: '表名只能由小写字母、数字和下划线组成，以字母开头，下划线后须为字母，且以 onl_ 开头',
  tableSystem: '表名与系统表冲突，请换一个表名',
  tableTaken: '表名已被其他表单使用',
  fieldName: '字段名只能由小写字母、数字和下划线组成，以字母开头，下划线后须为字母',
  fieldReserved: (name: string) => `字段名 ${name} 是数据库保留字或系统字段，请换一个字段名`,
  uniqueText: (label: string) => `字段 ${label} 是长文本，不能设为唯一`,
  uniqueTooLong: (label: string, max: number) => `字段 ${label} 设为唯一时长度不能超过 ${max}`,
  syncRefused: '数据库不接受该表结构，请检查字段名、类型、长度和唯一约束后再同步',
  syncRowTooLarge: '字段总长度超过数据库一行的上限，请缩短字符串字段或改用长文本',
  fieldDuplicate: (name: string) => `字段名 ${name} 重复`,
  blobRefused: '不支持二进制（blob）字段，请用文件或图片控件',
  badPattern: (label: string) => `字段 ${label} 的正则表达式无法使用（不支持反向引用和环视）`,
  badDict: (label: string) => `字段 ${label} 的字典不存在`,
  notSynced: '表单尚未同步数据库',
  destructive: (detail: string) => `同步会丢失数据：${detail}。请确认后再同步`,
  syncDone: '同步数据库成功！',
  subTableFailed: '打开子表失败',
  /** A sub row's file or image cell still uploading, or whose upload failed: the row is not saved without it. */
  subFileUploading: (label: string) => `「${label}」仍在上传，请稍候再保存`,
  subFileFailed: (label: string) => `「${label}」上传失败，请删除后重新上传`,
  scriptError: '用户自定义JS增强代码运行出错',
  /** Answers to an enhancement script's api.request. */
  scriptRequestRefused: '不允许调用该接口（只能读取表单数据、字典和报表数据，参数须放在 params 中）',
  scriptRequestBusy: '接口调用过于频繁，请等待前面的调用返回',
  scriptRequestFailed: '接口调用失败',
  sqlNotSelect: 'SQL 只能是一条 SELECT 查询语句',
  sqlParse: 'SQL 解析失败，请检查语法',
  sqlFunction: (name: string) => `SQL 中不允许使用函数 ${name}`,
  sqlTable: (name: string) => `SQL 中不允许查询表 ${name}`,
  sqlParamText: 'SQL 参数须写作 :参数名 或 ${参数名}，值会作为绑定参数传入',
  sqlTimeout: (seconds: number) => `报表查询超时（${seconds} 秒），请缩小查询范围`,
  sqlRun: '报表查询失败，请检查 SQL',
  sqlComment: 'SQL 中不允许注释',
  sqlChar: (char: string) => `SQL 中不允许使用字符 ${char}（引号内的文字除外）`,
  sqlTableCase: (name: string) => `表名 ${name} 须使用小写`,
  sqlTableFunction: (name: string) => `SQL 中不允许把函数 ${name} 当作表查询`,
  sqlVariable: 'SQL 中不允许使用变量',
  sqlNestedWith: 'WITH 只能写在 SQL 的最前面，子查询中不支持 WITH',
  sqlCteName: (name: string) => `临时表名 ${name} 与数据表同名，请换一个名称`,
  sqlCteScope: (name: string) =>
    `临时表 ${name} 在这里无法引用：只能引用它前面定义的临时表（自引用须写 WITH RECURSIVE）`,
  reportBusy: '报表查询繁忙，请稍后再试',
  /** A report on a data source or on system tables reads every tenant's rows: a platform object. */
  reportPlatformOnly: '该报表可读取所有租户的数据（外部数据源或系统表），只有平台管理员可以查看',
  systemTableUnknown: (name: string) => `${name} 不是可供报表查询的系统表`,
  reportNotFound: '报表不存在',
  sourceMissing: (code: string) => `数据源 ${code} 不存在`,
  sourceTimeout: (seconds: number) => `数据源连接超时（${seconds} 秒），请检查数据源的主机、端口和网络`,
  sourceFailed: '数据源连接失败：',
  formNotFound: '表单不存在',
  parentNotFound: '上级记录不存在',
  menuExists: (url: string) => `已有菜单指向 ${url}，请在菜单管理中修改`,
  menuCreated: '菜单已生成，请在角色授权中分配按钮权限',
} as const;

export type OnlineDbType = 'string' | 'text' | 'int' | 'decimal' | 'date' | 'datetime' | 'boolean';
export const ONLINE_DB_TYPES: readonly OnlineDbType[] = [
  'string',
  'text',
  'int',
  'decimal',
  'date',
  'datetime',
  'boolean',
];
export const ONLINE_DB_TYPE_LABELS: Record<OnlineDbType, string> = {
  string: '字符串',
  text: '长文本',
  int: '整数',
  decimal: '小数',
  date: '日期',
  datetime: '日期时间',
  boolean: '是否',
};

export const ONLINE_WIDGETS = [
  'input',
  'textarea',
  'number',
  'password',
  'date',
  'datetime',
  'time',
  'select',
  'radio',
  'checkbox',
  'multiSelect',
  'switch',
  'userPicker',
  'departPicker',
  'category',
  'area',
  'image',
  'file',
  'richText',
  'markdown',
  'popup',
  'link',
] as const;
export type OnlineWidget = (typeof ONLINE_WIDGETS)[number];
export const ONLINE_WIDGET_LABELS: Record<OnlineWidget, string> = {
  input: '文本框',
  textarea: '多行文本',
  number: '数字',
  password: '密码',
  date: '日期',
  datetime: '日期时间',
  time: '时间',
  select: '下拉框',
  radio: '单选框',
  checkbox: '多选框',
  multiSelect: '下拉多选',
  switch: '开关',
  userPicker: '用户选择',
  departPicker: '部门选择',
  category: '分类字典树',
  area: '省市区',
  image: '图片',
  file: '文件',
  richText: '富文本',
  markdown: 'Markdown',
  popup: 'Popup弹框',
  link: '关联记录',
};
/** Widgets whose options come from a dictionary (dictCode). */
export const DICT_WIDGETS: readonly OnlineWidget[] = ['select', 'radio', 'checkbox', 'multiSelect'];

export type OnlineFormKind = 'single' | 'main' | 'sub' | 'tree';
export type OnlineTheme = 'plain' | 'erp' | 'tab' | 'inner';
export const ONLINE_KIND_LABELS: Record<OnlineFormKind, string> = {
  single: '单表',
  main: '主表',
  sub: '附表',
  tree: '树表',
};
export const ONLINE_THEME_LABELS: Record<OnlineTheme, string> = {
  plain: '默认风格',
  erp: 'ERP风格',
  tab: 'TAB风格',
  inner: '内嵌子表风格',
};

export interface OnlineField {
  /** Column name (snake_case); answered and written by the pages as `fieldKey(name)`. */
  name: string;
  label: string;
  dbType: OnlineDbType;
  /** string: characters (default 255); decimal: total digits (default 18). */
  length?: number;
  /** decimal: digits after the point. */
  scale?: number;
  required?: boolean;
  defaultValue?: string | null;
  unique?: boolean;
  showList?: boolean;
  showQuery?: boolean;
  showForm?: boolean;
  queryMode?: 'exact' | 'like' | 'range';
  widget?: OnlineWidget;
  /** A sys_dict code, or a registered table dictionary `table,text,code`. */
  dictCode?: string | null;
  /** A rule of the shared set (RULES) by name. */
  ruleCode?: string | null;
  /** A regular expression run on RE2 (linear time: no catastrophic backtracking). */
  pattern?: string | null;
  patternMessage?: string | null;
  /** widget 'link': the table of another online form; widget 'popup': a report code. */
  linkTable?: string | null;
  order?: number;
}

export interface OnlineSubTable {
  /** The sub form's table (kind 'sub'). */
  table: string;
  relation: 'many' | 'one';
  /** Column of the sub table that holds the main row's id. */
  foreignKey: string;
}

export interface OnlineFormDef {
  id: string;
  tableName: string;
  title: string;
  formKind: OnlineFormKind;
  theme: OnlineTheme;
  /** tree: the column holding the parent id (added by synchronisation). */
  treeParentField?: string | null;
  /** tree: the column shown in the tree. */
  treeTextField?: string | null;
  subTables: OnlineSubTable[];
  fields: OnlineField[];
  version: number;
  /** The version last synchronised; null: never. */
  syncedVersion: number | null;
  copyOf?: string | null;
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

/** What an auto page needs: the definition, the sub forms and the buttons the caller holds. */
export interface OnlinePageConfig {
  form: OnlineFormDef;
  subForms: OnlineFormDef[];
  actions: OnlineFormAction[];
  /** The newest enhancement script, if any. */
  enhance: string | null;
}

export interface OnlineEnhanceVersion {
  id: string;
  version: number;
  script: string;
  createBy: string | null;
  createTime: string;
}

export interface OnlineReportColumn {
  field: string;
  label: string;
  width?: number | null;
  dictCode?: string | null;
  hidden?: boolean;
  sortable?: boolean;
  /** An href template with `{field}` placeholders, e.g. '/asset/details?id={id}'. */
  link?: string | null;
}

export interface OnlineReportParam {
  /** Named in the SQL as `:name`. */
  name: string;
  label: string;
  defaultValue?: string | null;
  /** The values it takes come from this dictionary: the report page offers them as a select. */
  dictCode?: string | null;
  /** What to type, shown in the empty field (e.g. 如 2026-01-01). */
  hint?: string | null;
}

export interface OnlineReportQueryField {
  field: string;
  label: string;
  mode: 'exact' | 'like' | 'range';
  dictCode?: string | null;
}

export interface OnlineReportDef {
  id: string;
  code: string;
  name: string;
  /** '' or null: the main database. */
  dbSource?: string | null;
  sqlText: string;
  columns: OnlineReportColumn[];
  params: OnlineReportParam[];
  queryFields: OnlineReportQueryField[];
  createBy?: string | null;
  createTime?: string | null;
}

/** A report as its pages get it (no SQL). */
export type OnlineReportConfig = Omit<OnlineReportDef, 'sqlText'> & {
  /** Reads every tenant's rows (a data source or system tables): only a platform administrator may run it. */
  platformOnly: boolean;
};

/** The system tables reports may read: those a platform administrator allowed, out of the ones that can be. */
export interface OnlineReportSystemTables {
  allowed: string[];
  available: string[];
}

/**
 * Identifiers from a definition: lower case, a letter after every underscore (the database layer maps
 * camelCase to snake_case and back, and `a_1` would not survive the round trip), at most 63 characters.
 */
export const ONLINE_IDENTIFIER = /^[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)*$/;
export function isOnlineIdentifier(name: string): boolean {
  return name.length <= 63 && ONLINE_IDENTIFIER.test(name);
}

/** The key a column is answered and written with (the API speaks camelCase). */
export function fieldKey(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Columns every generated table has, and keys the engine answers beside the fields (a tree's `hasChild`): a
 * definition's field may not take these names.
 */
export const ONLINE_SYSTEM_COLUMNS = [
  'id',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
  'sys_org_code',
  'tenant_id',
  'has_child',
] as const;

/** Columns the databases themselves put in every table (PostgreSQL's system columns, SQLite's rowid aliases). */
export const DB_SYSTEM_COLUMNS = ['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'oid', 'oids', 'rowid'] as const;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Words reserved by any of the three databases (PostgreSQL's reserved words, MySQL 8's and MariaDB's reserved
 * words, the SQLite keywords it never takes as a bare name) and by standard SQL: a column named so works only while
 * every statement quotes it, which hand-written report SQL does not. Words the databases only reserve in some
 * positions (name, date, time, level, status, type, comment…) stay allowed: forms use them all the time.
 */
export const SQL_RESERVED: ReadonlySet<string> = new Set(
  words(`
    accessible add all alter analyse analyze and any array as asc asensitive asymmetric authorization before between
    bigint binary blob both by call cascade case cast change char character check collate collation column concurrently
    condition constraint continue convert create cross cube cume_dist current_catalog current_date current_role
    current_schema current_time current_timestamp current_user cursor database databases day_hour day_microsecond
    day_minute day_second dec decimal declare default deferrable delayed delete dense_rank desc describe deterministic
    distinct distinctrow div do double drop dual each else elseif empty enclosed end escape escaped except exists exit
    explain false fetch first_value float float4 float8 for force foreign freeze from full fulltext function general
    generated get grant group grouping groups having high_priority hour_microsecond hour_minute hour_second if ignore
    ilike in index infile initially inner inout insensitive insert int int1 int2 int3 int4 int8 integer intersect
    interval into is isnull iterate join json_table key keys kill lag last_value lateral lead leading leave left like
    limit linear lines load localtime localtimestamp lock long longblob longtext loop low_priority master_bind match
    maxvalue mediumblob mediumint mediumtext middleint minute_microsecond minute_second mod modifies natural not
    notnull no_write_to_binlog nth_value ntile null numeric of offset on only optimize optimizer_costs option
    optionally or order out outer outfile over overlaps partition percent_rank placing precision primary procedure
    purge range rank read reads read_write real recursive references regexp release rename repeat replace require
    resignal restrict return returning revoke right rlike row rownum rows row_number schema schemas
    second_microsecond select sensitive separator session_user set show signal similar slow smallint some spatial
    specific sql sqlexception sqlstate sqlwarning sql_big_result sql_calc_found_rows sql_small_result ssl starting
    stored straight_join symmetric system system_user table tablesample terminated then tinyblob tinyint tinytext to
    trailing trigger true undo union unique unlock unsigned update usage use user using utc_date utc_time
    utc_timestamp values varbinary varchar varcharacter variadic varying verbose virtual when where while window with
    write xor year_month zerofill
    abort attach autoincrement begin commit detach exclusive glob immediate indexed nothing pragma raise reindex
    rollback savepoint transaction vacuum
  `),
);

/**
 * Why a column name of a definition is refused, or null: a reserved word, a database's own system column, or a
 * column the engine generates. One list for the designer form, the save and the synchronisation.
 */
export function onlineColumnProblem(name: string): string | null {
  const n = name.toLowerCase();
  if (
    SQL_RESERVED.has(n) ||
    (DB_SYSTEM_COLUMNS as readonly string[]).includes(n) ||
    (ONLINE_SYSTEM_COLUMNS as readonly string[]).includes(n)
  ) {
    return ONLINE_MESSAGES.fieldReserved(name);
  }
  return null;
}
