import { PERM } from './permissions.js';
import { ROLE, SEED_ID } from './seed.js';

/**
 * Audit of issue 24 (等保 2.0 三级, GB/T 22239-2019 §8.1.4.3 安全审计 and §8.1.5 三员分立): the logs' tamper-evident
 * chains, their retention, the audit events, and the three-officer mode.
 */

// ---- The logs and their chains ----

/** The three logs. Each is chained per tenant (and once for rows without a tenant). */
export const LOG_KINDS = ['operation', 'login', 'data'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
export const LOG_KIND_TEXT: Record<LogKind, string> = {
  operation: '操作日志',
  login: '登录日志',
  data: '数据日志',
};

export const LOG_API = {
  /** 完整性校验: GET ?kind=operation|login|data, the caller's tenant's chain and the one of rows without a tenant. */
  verify: '/sys/log/verify',
} as const;

/** The operation type (dictionary operate_type) of an audit event's operation-log row. */
export const OPERATE_TYPE_AUDIT = 7;

/** Rows older than this are removed by the 日志保留 job only; never fewer days than the minimum. */
export const LOG_RETENTION = { defaultDays: 180, minDays: 180, maxDays: 3650 } as const;

/** Where the chain is broken: a row changed, rows removed, or a row the product did not write. */
export interface LogChainProblem {
  type: 'changed' | 'removed' | 'inserted';
  /** The chain position of the row (changed), the first missing position (removed), null for an unchained row. */
  seq: number | null;
  /** The last missing position (removed). */
  toSeq?: number;
  /** The row (changed, inserted), or the row right after the gap (removed; null when the newest rows are gone). */
  id: string | null;
  createTime: string | null;
  message: string;
}

/** One chain: a tenant's rows of one log, or the rows without a tenant (calls before signing in, unknown names). */
export interface LogChainReport {
  scope: 'tenant' | 'none';
  tenantId: number | null;
  /** 'sm3', or 'sha256' where this OpenSSL has no SM3. */
  algorithm: string;
  /** Rows checked. */
  checked: number;
  /** Position and hash of the newest row the product wrote (the anchor an auditor may note down). */
  headSeq: number;
  headHash: string;
  /** The first position kept after the 日志保留 job removed older rows (1 while nothing was removed). */
  cutSeq: number;
  cutTime: string | null;
  intact: boolean;
  /** The first problems found, oldest first (at most MAX_CHAIN_PROBLEMS). */
  problems: LogChainProblem[];
  /** More problems than listed. */
  more: boolean;
}

export interface LogVerifyResult {
  kind: LogKind;
  intact: boolean;
  chains: LogChainReport[];
  /** When the check ran (YYYY-MM-DD HH:mm:ss). */
  checkedAt: string;
}

export const MAX_CHAIN_PROBLEMS = 20;

const at = (id: string | null, time: string | null) =>
  [id ? `ID ${id}` : null, time ?? null].filter(Boolean).join('，');

export const LOG_MESSAGES = {
  kindInvalid: '请选择要校验的日志：操作日志、登录日志或数据日志',
  verifyIntact: (kind: LogKind, n: number) => `${LOG_KIND_TEXT[kind]}完整性校验通过，共校验 ${n} 条记录`,
  verifyBroken: (kind: LogKind, n: number) => `${LOG_KIND_TEXT[kind]}完整性校验未通过：发现 ${n} 处问题`,
  rowChanged: (seq: number, id: string, time: string | null) =>
    `第 ${seq} 条记录（${at(id, time)}）与其校验值不符：已在系统之外被修改`,
  rowsRemoved: (from: number, to: number, beforeId: string | null, beforeTime: string | null) =>
    `${from === to ? `第 ${from} 条记录` : `第 ${from}–${to} 条记录`}缺失${
      beforeId ? `（位于 ${at(beforeId, beforeTime)} 之前）` : '（最新的记录）'
    }：已在系统之外被删除`,
  rowInserted: (id: string, time: string | null) => `记录（${at(id, time)}）不在校验链中：并非由系统写入`,
  /** The chain's hash algorithm is missing from this Node.js build (a database moved to another machine). */
  algorithmMissing: (algorithm: string) => `本机的 Node.js 不支持 ${algorithm} 算法，无法校验该日志`,
  retentionDays: `保留天数须为 ${LOG_RETENTION.minDays} 到 ${LOG_RETENTION.maxDays} 的整数`,
} as const;

/** The texts of audit events: an operation-log row with operate type OPERATE_TYPE_AUDIT and this content. */
export const AUDIT_EVENT = {
  prefix: '审计事件：',
  viewIdCard: (what: string, n: number) => `查看明文身份证号（${what} ${n} 条）`,
  /** Any other unmask right (phones, e-mail addresses…): what was shown whole, and of how many records. */
  viewUnmasked: (field: string, what: string, n: number) => `查看明文${field}（${what} ${n} 条）`,
  exportPersonalData: (what: string) => `导出个人数据（${what}）`,
  securitySettings: (changes: string) => `修改安全设置：${changes}`,
  threeOfficerMode: (on: boolean) => `${on ? '开启' : '关闭'}三员分立模式`,
  logVerify: (kind: LogKind, intact: boolean, problems: number) =>
    `完整性校验 ${LOG_KIND_TEXT[kind]}：${intact ? '通过' : `未通过（${problems} 处问题）`}`,
  logRetention: (cutoff: string, days: number, counts: string) =>
    `日志保留：删除 ${cutoff} 之前的日志（保留 ${days} 天）：${counts}`,
} as const;

// ---- Three officers (三员分立) ----

/** Codes of the three officers' seeded roles (global roles). */
export const OFFICER_ROLE = {
  system: ROLE.sysAdmin,
  security: ROLE.secAdmin,
  audit: ROLE.auditAdmin,
} as const;
export type OfficerDuty = keyof typeof OFFICER_ROLE;
export const OFFICER_DUTIES: readonly OfficerDuty[] = ['system', 'security', 'audit'];

/** Their seeded ids: the officer checks go by id, since a role's code is data. */
export const OFFICER_ROLE_ID: Record<OfficerDuty, string> = {
  system: SEED_ID.sysAdminRole,
  security: SEED_ID.secAdminRole,
  audit: SEED_ID.auditAdminRole,
};

export const OFFICER_ROLE_NAME: Record<OfficerDuty, string> = {
  system: '系统管理员',
  security: '安全管理员',
  audit: '审计管理员',
};

/** The audit officer's codes: in three-officer mode nobody else holds them, and the audit officer nothing else. */
export const AUDIT_PERMS: readonly string[] = [PERM.logList, PERM.dataLogList, PERM.logVerify];

/** The log pages (menu urls): in three-officer mode shown to the audit officer only. */
export const AUDIT_MENU_URLS: readonly string[] = ['/system/log', '/system/dataLog'];

export const OFFICER_MESSAGES = {
  /** An account would hold two duties. */
  conflict: (username: string, duties: string) => `三员分立模式下，账号“${username}”不能同时担任${duties}`,
  /** Switching the mode on while accounts would break it: the first few named. */
  switchRefused: (accounts: string) => `无法开启三员分立模式，以下账号同时担任多个职责：${accounts}`,
  auditWithAdmin: '管理员和审计管理员',
  officerRoleFixed: '三员角色不能删除，其编码不能修改',
} as const;
