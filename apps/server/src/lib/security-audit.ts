import { AUDIT_EVENT, PASSWORD_CLASS_LABELS, type PasswordClass, type SecuritySettings } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import { auditEvent } from './audit-event.js';

/*
 * Changing a security setting is an audit event (issue 24 item 7): the save's operation-log row names every setting
 * that changed, from what to what (审计事件：修改安全设置：空闲超时（分钟） 30→15；三员分立模式 关闭→开启).
 */

const LABELS: Record<string, string> = {
  'password.minLength': '密码最小长度',
  'password.classes': '密码字符类型',
  'password.maxAgeDays': '密码有效期（天）',
  'password.warnDays': '密码到期提醒（天）',
  'password.historyCount': '密码历史（次）',
  idleMinutes: '空闲超时（分钟）',
  totpRoleCodes: '须二次验证的角色',
  demoAccounts: '演示账号',
  threeOfficerMode: '三员分立模式',
};

function text(path: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? '开启' : '关闭';
  if (Array.isArray(value)) {
    const items =
      path === 'password.classes' ? value.map((c) => PASSWORD_CLASS_LABELS[c as PasswordClass] ?? c) : value;
    return items.length ? items.join('、') : '（空）';
  }
  return String(value);
}

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [p, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, leaf);
    }
  } else out.set(prefix, value);
  return out;
}

/** "空闲超时（分钟） 30→15；…", or null when nothing changed. */
export function securityChanges(before: SecuritySettings, after: SecuritySettings): string | null {
  const old = leaves(before);
  const parts: string[] = [];
  for (const [path, value] of leaves(after)) {
    const was = old.get(path);
    if (JSON.stringify(was) === JSON.stringify(value)) continue;
    parts.push(`${LABELS[path] ?? path} ${text(path, was)}→${text(path, value)}`);
  }
  return parts.length ? parts.join('；') : null;
}

/** Marks a save of 安全设置 as an audit event naming what changed (a save that changed nothing is none). */
export function auditSecurityChange(request: FastifyRequest, before: SecuritySettings, after: SecuritySettings): void {
  const changes = securityChanges(before, after);
  if (changes) auditEvent(request, AUDIT_EVENT.securitySettings(changes));
}
