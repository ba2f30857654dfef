/**
 * Table types as the app sees them through Kysely's CamelCasePlugin (snake_case in the database).
 * Times are 'YYYY-MM-DD HH:mm:ss' strings so every dialect stores and sorts them alike.
 */
interface Audit {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysUser extends Audit {
  id: string;
  username: string;
  realname: string;
  password: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  /** Sealed (lib/field-crypto.ts); the keyed hash beside it carries searches and uniqueness. */
  email: string | null;
  emailHash: string | null;
  /** Sealed, like email. */
  phone: string | null;
  phoneHash: string | null;
  orgCode: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  telephone: string | null;
  loginTenantId: number | null;
  loginDepartId: string | null;
  loginPositionId: string | null;
  lastLoginTime: string | null;
  lastLoginIp: string | null;
  /** When the password was last set (migration 2026-11-28-0020-password-policy); null: before that migration. */
  passwordTime: string | null;
  /**
   * 1: the password was chosen by an administrator or is a published one; it must be changed before anything else.
   * Not null in the database (default 0); typed nullable so inserts may leave it out.
   */
  passwordMustChange: number | null;
}

export interface SysRole extends Audit {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  tenantId: number | null;
}

export interface SysUserRole {
  id: string;
  userId: string;
  roleId: string;
  tenantId: number | null;
}

export interface SysPermission extends Audit {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  /** 0 top-level menu, 1 sub menu, 2 button or field permission. */
  menuType: number;
  perms: string | null;
  /** '1' button/page, '2' field-disabled. */
  permsType: string | null;
  sortNo: number;
  alwaysShow: number;
  icon: string | null;
  isRoute: number;
  isLeaf: number;
  keepAlive: number;
  hidden: number;
  hideTab: number;
  description: string | null;
  /** '0' not enforced, '1' enforced. */
  status: string;
  delFlag: number;
  ruleFlag: number;
  internalOrExternal: number;
}

export interface SysPermissionDataRule extends Audit {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export interface SysRolePermission {
  id: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}

export interface SysDepart extends Audit {
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  /** '1' company, '2' department. */
  orgCategory: string;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  delFlag: number;
  tenantId: number | null;
}

export interface SysUserDepart {
  id: string;
  userId: string;
  depId: string;
}

export interface SysPosition extends Audit {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  companyId: string | null;
  tenantId: number | null;
}

export interface SysUserPosition {
  id: string;
  userId: string;
  positionId: string;
}

export interface SysTenant extends Audit {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
}

export interface SysUserTenant {
  id: string;
  userId: string;
  tenantId: number;
  status: number;
}

export interface SysDict extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
  type: number;
  tenantId: number | null;
}

export interface SysDictItem extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: number;
  status: number;
}

export interface SysToken {
  tokenHash: string;
  userId: string;
  expiresAt: number;
  createdAt: number;
  renewedAt: number;
  ip: string | null;
  userAgent: string | null;
  /** The last request that followed the user's own input (ms); null: the login time. Ends idle sessions. */
  activeAt: number | null;
}

/** A confirmed authenticator (migration 2026-11-28-0010-totp): the sealed secret and the last accepted time step. */
export interface SysUserTotp {
  userId: string;
  secret: string;
  lastStep: number;
  createTime: string;
}

/** A one-time recovery code of the second factor, kept only as its SHA-256. */
export interface SysUserRecoveryCode {
  id: string;
  userId: string;
  codeHash: string;
  usedTime: string | null;
  createTime: string;
}

/** An earlier password's hash (migration 2026-11-28-0020-password-policy); created_at in ms orders them. */
export interface SysPasswordHistory {
  id: string;
  userId: string;
  password: string;
  createdAt: number;
}

/** A bound third-party identity (migration 2026-11-25-0040-account). */
export interface SysThirdAccount {
  id: string;
  userId: string;
  thirdType: string;
  subject: string;
  displayName: string | null;
  avatar: string | null;
  createTime: string | null;
}

export interface SysLog {
  id: string;
  /** 1 login, 2 operation. */
  logType: number;
  logContent: string;
  operateType: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  requestType: string | null;
  costTime: number | null;
  tenantId: number | null;
  createTime: string;
  /** 1 success, 0 failure. */
  result: number;
  /** The tamper-evident chain (lib/log-chain.ts): which chain, the position in it, SM3 over the row and the previous. */
  chainKey: string | null;
  chainSeq: number | null;
  chainHash: string | null;
}

/** The head of one log chain (one per log kind and tenant): the newest position and hash, where retention cut it. */
export interface SysLogChain {
  chainKey: string;
  /** operation | login | data */
  logKind: string;
  tenantId: number | null;
  /** sm3, or sha256 where this OpenSSL had no SM3 when the chain began. */
  algorithm: string;
  lastSeq: number;
  lastHash: string;
  /** The first position kept after the retention job removed older rows, and the hash of the row before it. */
  cutSeq: number;
  cutHash: string;
  cutTime: string | null;
  updateTime: string;
}

/** A key of the field-encryption ring as the database remembers it (migration 2026-11-28-0050). */
export interface SysFieldKey {
  keyId: string;
  fingerprint: string;
  createTime: string;
  retireTime: string | null;
}

export interface SysPlatformSetting {
  settingKey: string;
  settingValue: string | null;
  updateTime: string | null;
}

export interface SysDataLog {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  dataContent: string;
  /** add | edit | delete */
  action: string;
  createBy: string | null;
  createTime: string;
  /** The tenant the write was made in (null: rows older than the column whose maker was ambiguous). */
  tenantId: number | null;
  chainKey: string | null;
  chainSeq: number | null;
  chainHash: string | null;
}

export interface SysCategory extends Audit {
  id: string;
  pid: string;
  name: string;
  code: string;
  /** '1' has children, '0' leaf. */
  hasChild: string;
  sysOrgCode: string | null;
  tenantId: number | null;
  /** 折旧年限 in years: null takes the parent's, 0 is not depreciated (migration 2026-11-28-0080). */
  depreciationYears: number | null;
  /** 残值率 in whole percent; null is 0. */
  residualRate: number | null;
}

export interface SysFillRule extends Audit {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleKind: string;
  ruleParams: string | null;
}

export interface SysFillRuleCounter {
  ruleCode: string;
  scopeKey: string;
  counter: number;
}

export interface SysCheckRule extends Audit {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
}

export interface SysDepartRole extends Audit {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export interface SysDepartRoleUser {
  id: string;
  userId: string;
  droleId: string;
}

export interface SysDepartPermission {
  id: string;
  departId: string;
  permissionId: string;
  dataRuleIds: string | null;
}

export interface SysDepartRolePermission {
  id: string;
  departId: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}

export interface SysFile {
  id: string;
  /** Business path (sub-folder), one of UPLOAD_BIZ_PATHS. */
  biz: string;
  originalName: string;
  /** Relative to the upload root, with forward slashes. */
  storedPath: string;
  fileSize: number;
  mime: string;
  /** Username of the uploader. */
  createBy: string | null;
  createTime: string;
  /** The storage holding the bytes: local | s3 (migration 0060; defaults to local when not given). */
  storage?: string;
  /** The tenant it was uploaded in (migration 2026-11-27-0040); null: only a platform administrator sees it. */
  tenantId?: number | null;
  /** 1 once the sweep of unsaved uploads found a record using it: later sweeps leave it alone. */
  inUse?: number;
}

/** An asset (资产). area, originalValue, netValue are integers in hundredths (0.01 m², fen). */
export interface BizAsset extends Audit {
  id: string;
  code: string;
  name: string;
  categoryId: string;
  ownerDepartId: string | null;
  custodian: string | null;
  address: string | null;
  regionCode: string | null;
  longitude: number | null;
  latitude: number | null;
  area: number | null;
  originalValue: number | null;
  netValue: number | null;
  acquiredDate: string | null;
  status: string;
  useNature: string | null;
  certificateNo: string | null;
  images: string | null;
  attachments: string | null;
  description: string | null;
  published: number;
  publishTime: string | null;
  remark: string | null;
  version: number;
  tenantId: number | null;
  sysOrgCode: string | null;
  delFlag: number;
}

/** One event of an asset's ledger (台账); never edited in place. Money in fen. */
export interface BizAssetLedger {
  id: string;
  assetId: string;
  type: string;
  eventDate: string;
  fromDepartId: string | null;
  toDepartId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  counterparty: string | null;
  amount: number | null;
  netValueBefore: number | null;
  netValueAfter: number | null;
  documents: string | null;
  remark: string | null;
  assetVersion: number;
  tenantId: number | null;
  sysOrgCode: string | null;
  createBy: string | null;
  createTime: string | null;
}

/** One month of an asset's depreciation (折旧); money in fen. Unique (asset_id, period). */
export interface BizAssetDepreciation {
  id: string;
  assetId: string;
  /** 'YYYY-MM'. */
  period: string;
  amount: number;
  /** The original value less net_after (累计折旧). */
  accumulated: number;
  netAfter: number;
  tenantId: number | null;
  createTime: string;
}

/** 盘点任务 (issue 26 part 1). scope: JSON InventoryScope; checkers: comma-separated user ids. */
export interface BizInventoryCampaign {
  id: string;
  name: string;
  scope: string;
  checkers: string;
  deadline: string;
  status: string;
  remark: string | null;
  openBy: string | null;
  openTime: string | null;
  closeBy: string | null;
  closeTime: string | null;
  tenantId: number | null;
  delFlag: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** One line of a campaign: the asset as it was at opening (none for 盘盈), its current finding and settlement. */
export interface BizInventoryItem {
  id: string;
  campaignId: string;
  assetId: string | null;
  assetCode: string | null;
  assetName: string;
  categoryId: string | null;
  departId: string | null;
  custodian: string | null;
  address: string | null;
  assetStatus: string | null;
  surplus: number;
  result: string | null;
  findingId: string | null;
  photos: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  note: string | null;
  recordedAt: string | null;
  checkedBy: string | null;
  checkedTime: string | null;
  settleAction: string | null;
  settleReason: string | null;
  settleBy: string | null;
  settleTime: string | null;
  settleRef: string | null;
  tenantId: number | null;
}

/** Every finding a phone sent; client_id unique (a resend is answered with the stored row). */
export interface BizInventoryFinding {
  id: string;
  clientId: string;
  campaignId: string;
  itemId: string;
  result: string;
  photos: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  note: string | null;
  recordedAt: string | null;
  tenantId: number | null;
  createBy: string;
  createTime: string;
}

/** A project (项目). budget and actualCost in fen. */
export interface BizProject extends Audit {
  id: string;
  code: string;
  name: string;
  type: string;
  leaderId: string | null;
  departId: string | null;
  budget: number | null;
  actualCost: number | null;
  startDate: string | null;
  endDate: string | null;
  progress: number;
  status: string;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  description: string | null;
  attachments: string | null;
  remark: string | null;
  version: number;
  tenantId: number | null;
  sysOrgCode: string | null;
  delFlag: number;
}

/** A room ticket (房票). faceAmount and usedAmount in fen; usedAmount only grows, by atomic updates. */
export interface BizRoomTicket extends Audit {
  id: string;
  ticketNo: string;
  holderName: string;
  /** Sealed (lib/field-crypto.ts), with keyed hashes for exact searches. */
  holderIdCard: string;
  holderIdCardHash: string | null;
  holderPhone: string;
  holderPhoneHash: string | null;
  projectId: string;
  faceAmount: number;
  usedAmount: number;
  issueDate: string;
  expiryDate: string;
  status: string;
  cancelReason: string | null;
  cancelTime: string | null;
  remark: string | null;
  version: number;
  tenantId: number | null;
  sysOrgCode: string | null;
  delFlag: number;
}

/** One use of a room ticket; never edited. amount in fen, area in 0.01 m². */
export interface BizTicketUse {
  id: string;
  ticketId: string;
  houseAddress: string;
  area: number | null;
  amount: number;
  useDate: string;
  seller: string;
  remark: string | null;
  tenantId: number | null;
  createBy: string | null;
  createTime: string | null;
}

/** The company profile (企业信息) of one tenant, with its invoice details. */
export interface BizCompany extends Audit {
  id: string;
  tenantId: number;
  name: string;
  creditCode: string | null;
  legalPerson: string | null;
  address: string | null;
  phone: string | null;
  logo: string | null;
  longitude: number | null;
  latitude: number | null;
  invoiceTitle: string | null;
  invoiceTaxNo: string | null;
  invoiceAddress: string | null;
  invoicePhone: string | null;
  invoiceBank: string | null;
  invoiceAccount: string | null;
  version: number;
}

export interface BizCompanyBank extends Audit {
  id: string;
  companyId: string;
  bankName: string;
  branch: string | null;
  accountName: string;
  accountNo: string;
  isDefault: number;
  /** companyId on the default account, null on the others (unique: one default per company). */
  defaultKey: string | null;
  remark: string | null;
  tenantId: number | null;
}

/** A print template (打印设计); tenantId null: shipped with the product for every tenant. */
export interface BizPrintTemplate extends Audit {
  id: string;
  code: string;
  name: string;
  source: string;
  paper: string;
  orientation: string;
  widthMm: number;
  heightMm: number;
  layout: string;
  remark: string | null;
  tenantId: number | null;
}

/** An announcement (通告): draft (sendStatus 0), released (1) or revoked (2). `titile` is spelt so by the contract. */
export interface SysAnnouncement extends Audit {
  id: string;
  titile: string;
  msgContent: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  priority: string;
  msgCategory: string;
  msgType: string;
  userIds: string | null;
  departIds: string | null;
  roleIds: string | null;
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  openType: string | null;
  openPage: string | null;
  busType: string | null;
  busId: string | null;
  msgAbstract: string | null;
  tenantId: number | null;
  delFlag: number;
}

/** One row per target user of a released announcement. */
export interface SysAnnouncementSend {
  id: string;
  anntId: string;
  userId: string;
  readFlag: number;
  readTime: string | null;
  createTime: string | null;
}

export interface SysMessageTemplate extends Audit {
  id: string;
  templateCode: string;
  templateName: string;
  templateType: string;
  templateContent: string;
  templateTestJson: string | null;
  tenantId: number | null;
}

/** The record of one message sent (system message, e-mail or SMS), with its attempts. */
export interface SysMessage extends Audit {
  id: string;
  templateCode: string | null;
  esType: string;
  esReceiver: string;
  esTitle: string | null;
  esContent: string | null;
  esParam: string | null;
  esSendStatus: string;
  esSendNum: number;
  esResult: string | null;
  esSendTime: string | null;
  nextTryTime: string | null;
  tenantId: number | null;
}

export interface IotDevice extends Audit {
  id: string;
  deviceId: string;
  parentId: string | null;
  deviceName: string;
  type: string | null;
  assetId: string | null;
  location: string | null;
  longitude: number | null;
  latitude: number | null;
  onlineStatus: number;
  lastSeenTime: string | null;
  keyHash: string | null;
  remark: string | null;
  tenantId: number | null;
  delFlag: number;
}

export interface IotAlarm {
  id: string;
  deviceId: string;
  level: string;
  message: string;
  alarmTime: string;
  action: string;
  ackBy: string | null;
  ackTime: string | null;
  handleBy: string | null;
  handleTime: string | null;
  handleNote: string | null;
  tenantId: number | null;
  createTime: string | null;
}

/** One Excel import (lib/resource/import-run.ts). */
export interface SysImportRun {
  id: string;
  importId: string;
  userId: string;
  tenantId: number | null;
  resource: string;
  fileHash: string;
  phase: 'reading' | 'importing' | 'done' | 'failed' | 'abandoned';
  totalRows: number;
  processedRows: number;
  lastRow: number;
  successCount: number;
  failedCount: number;
  owner: string;
  heartbeatTime: string;
  reportId: string | null;
  createTime: string;
  updateTime: string;
}

export interface SysImportRunFailed {
  runId: string;
  sheetRow: number;
}

/** One backup run (modules/backup; migration 2026-11-28-0060-backup). */
export interface SysBackup {
  id: string;
  name: string;
  triggerType: string;
  status: 'running' | 'success' | 'failed';
  method: string | null;
  dbBytes: number;
  fileBytes: number;
  fileCount: number;
  checksum: string | null;
  verified: number;
  message: string | null;
  startTime: string;
  endTime: string | null;
  createBy: string;
}

/* The operations tables (migration 2026-11-25-0030-operations): jobs, job logs, data sources, gateway routes. */

interface OpsAudit {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysQuartzJob extends OpsAudit {
  id: string;
  jobName: string;
  handler: string;
  parameter: string | null;
  cronExpression: string;
  status: string;
  description: string | null;
}

export interface SysQuartzJobLog {
  id: string;
  jobId: string;
  triggerType: string;
  startTime: string;
  endTime: string;
  durationMs: number;
  result: string;
  message: string | null;
  instance: string;
}

export interface SysDataSource extends OpsAudit {
  id: string;
  code: string;
  name: string;
  dbType: string;
  host: string | null;
  port: number | null;
  databaseName: string;
  username: string | null;
  password: string | null;
  remark: string | null;
}

export interface SysGatewayRoute extends OpsAudit {
  id: string;
  routeId: string;
  name: string;
  uri: string;
  predicates: string | null;
  filters: string | null;
  sortOrder: number;
  status: number;
}

/** An acceptance of the privacy notice at registration (migration 2026-11-28-0070-privacy). */
export interface SysPrivacyConsent {
  id: string;
  userId: string;
  noticeVersion: string;
  acceptTime: string;
  /** Cleared when the account is anonymised. */
  ip: string | null;
}

export interface Database {
  sysAnnouncement: SysAnnouncement;
  sysAnnouncementSend: SysAnnouncementSend;
  sysMessageTemplate: SysMessageTemplate;
  sysMessage: SysMessage;
  iotDevice: IotDevice;
  iotAlarm: IotAlarm;
  bizPrintTemplate: BizPrintTemplate;
  bizProject: BizProject;
  bizRoomTicket: BizRoomTicket;
  bizTicketUse: BizTicketUse;
  bizCompany: BizCompany;
  bizCompanyBank: BizCompanyBank;
  bizAsset: BizAsset;
  bizAssetLedger: BizAssetLedger;
  bizAssetDepreciation: BizAssetDepreciation;
  bizInventoryCampaign: BizInventoryCampaign;
  bizInventoryItem: BizInventoryItem;
  bizInventoryFinding: BizInventoryFinding;
  sysDataLog: SysDataLog;
  sysCategory: SysCategory;
  sysFillRule: SysFillRule;
  sysFillRuleCounter: SysFillRuleCounter;
  sysCheckRule: SysCheckRule;
  sysDepartRole: SysDepartRole;
  sysDepartRoleUser: SysDepartRoleUser;
  sysDepartPermission: SysDepartPermission;
  sysDepartRolePermission: SysDepartRolePermission;
  sysUser: SysUser;
  sysRole: SysRole;
  sysUserRole: SysUserRole;
  sysPermission: SysPermission;
  sysPermissionDataRule: SysPermissionDataRule;
  sysRolePermission: SysRolePermission;
  sysDepart: SysDepart;
  sysUserDepart: SysUserDepart;
  sysPosition: SysPosition;
  sysUserPosition: SysUserPosition;
  sysTenant: SysTenant;
  sysUserTenant: SysUserTenant;
  sysDict: SysDict;
  sysDictItem: SysDictItem;
  sysToken: SysToken;
  sysUserTotp: SysUserTotp;
  sysUserRecoveryCode: SysUserRecoveryCode;
  sysPasswordHistory: SysPasswordHistory;
  sysThirdAccount: SysThirdAccount;
  sysLog: SysLog;
  sysLogChain: SysLogChain;
  sysImportRun: SysImportRun;
  sysImportRunFailed: SysImportRunFailed;
  sysBackup: SysBackup;
  sysPlatformSetting: SysPlatformSetting;
  sysFieldKey: SysFieldKey;
  sysPrivacyConsent: SysPrivacyConsent;
  sysFile: SysFile;
  sysQuartzJob: SysQuartzJob;
  sysQuartzJobLog: SysQuartzJobLog;
  sysDataSource: SysDataSource;
  sysGatewayRoute: SysGatewayRoute;
}
