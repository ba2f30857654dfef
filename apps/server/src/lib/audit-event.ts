import { AUDIT_EVENT } from '@district/shared';
import type { FastifyRequest } from 'fastify';

/*
 * Audit events (issue 24 item 7): reading an unmasked personal number, exporting personal data, changing a security
 * setting, checking or trimming the logs. The request's own operation-log row (plugins/operation-log.ts) carries
 * the event: operate type 审计事件 and the content 审计事件：<what>. A route whose every call is an event declares
 * `config.audit`; a handler that decides at run time (a list showing ID numbers whole) calls auditEvent().
 */

const marks = new WeakMap<FastifyRequest, string[]>();

/** Marks the request as an audit event; several marks of one request are joined in its row. */
export function auditEvent(request: FastifyRequest, text: string): void {
  const list = marks.get(request) ?? [];
  if (!list.includes(text)) list.push(text);
  marks.set(request, list);
}

/** The audit texts of a request (its route's declared one first), or null when it is none. */
export function auditTextOf(request: FastifyRequest): string | null {
  const declared = request.routeOptions.config.audit;
  const texts = [...(declared ? [declared] : []), ...(marks.get(request) ?? [])];
  return texts.length ? `${AUDIT_EVENT.prefix}${texts.join('；')}` : null;
}

/**
 * Records that whole ID numbers (or another unmasked field) were shown: `count` records of `what` carried one. A read
 * that showed nothing whole is no event.
 */
export function auditUnmasked(request: FastifyRequest, field: '身份证号' | string, what: string, count: number): void {
  if (count <= 0) return;
  auditEvent(
    request,
    field === '身份证号' ? AUDIT_EVENT.viewIdCard(what, count) : AUDIT_EVENT.viewUnmasked(field, what, count),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every call of this route is an audit event with this text (e.g. 导出个人数据（用户）). */
    audit?: string;
  }
}
