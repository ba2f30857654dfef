import {
  CHECK_RULE_API,
  CHECK_RULE_LIMITS,
  CHECK_RULE_MESSAGES,
  DUPLICATE_API,
  DUPLICATE_MESSAGES,
  FILL_RULE_API,
  PERM,
} from '@district/shared';
import { parseCheckRuleJson, runCheckRule } from '@district/shared/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ok } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { checkRuleResource } from './check-rule.resource.js';
import { findDuplicateEntry } from './duplicate.registry.js';
import { fillRuleResource } from './fill-rule.resource.js';
import { FillRuleService } from './fill-rule.service.js';
import { guardUniqueCheck } from '../../lib/unique-check.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the duplicate check's table comes from the registry */

type Query = Record<string, unknown>;

/** One string parameter; repeated or overlong parameters are a 400 rather than a guess. */
function param(query: Query, name: string, max = 200): string {
  const value = query[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new ApiError(400, `参数 ${name} 有误`);
  if (value.length > max) throw new ApiError(400, `参数 ${name} 过长`);
  return value;
}

/** An answer of app-spec §5's checks: HTTP 200, success false with the message when the value fails. */
function verdict(reply: FastifyReply, passed: boolean, message: string) {
  return reply.send({ success: passed, message, code: 200, result: passed, timestamp: Date.now() });
}

/** The client encodes the value once more (app-spec §5); a value that does not decode is taken as is. */
function decodeValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export default async function ruleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const fillRules = new FillRuleService(db);
  await app.register(resourcePlugin([fillRuleResource, checkRuleResource]));

  // Drawing a code advances a sequence, so it takes its own permission, granted to the roles whose forms number records.
  const execute = async (request: FastifyRequest) => {
    const { ruleCode } = request.params as { ruleCode: string };
    if (!ruleCode || ruleCode.length > 100) throw new ApiError(400, '参数 ruleCode 有误');
    const body = request.body && typeof request.body === 'object' ? (request.body as Query) : {};
    const form = { ...(request.query as Query), ...body };
    return ok(await fillRules.execute(ruleCode, form), '操作成功！');
  };
  app.get(`${FILL_RULE_API.execute}/:ruleCode`, { config: { auth: PERM.fillRuleExecute } }, execute);
  app.put(`${FILL_RULE_API.execute}/:ruleCode`, { config: { auth: PERM.fillRuleExecute } }, execute);
  // The list's 测试 button: its own code, so testing a rule does not hand out the right to number records.
  app.put(`${FILL_RULE_API.test}/:ruleCode`, { config: { auth: PERM.fillRuleTest } }, execute);

  app.get(CHECK_RULE_API.checkByCode, { config: { auth: 'user' } }, async (request, reply) => {
    const query = request.query as Query;
    const ruleCode = param(query, 'ruleCode', 100);
    if (!ruleCode) throw new ApiError(400, CHECK_RULE_MESSAGES.ruleCodeRequired);
    const value = decodeValue(param(query, 'value', CHECK_RULE_LIMITS.value * 12));
    if ([...value].length > CHECK_RULE_LIMITS.value) throw new ApiError(400, CHECK_RULE_MESSAGES.valueTooLong);
    const rule = await db
      .selectFrom('sysCheckRule')
      .select('ruleJson')
      .where('ruleCode', '=', ruleCode)
      .executeTakeFirst();
    if (!rule) throw new ApiError(400, CHECK_RULE_MESSAGES.ruleNotFound(ruleCode));
    const parsed = parseCheckRuleJson(rule.ruleJson);
    // Rules are validated on save; one stored before that (or by hand) is refused rather than run.
    if (!parsed.ok) throw new ApiError(400, `校验规则“${ruleCode}”配置有误：${parsed.message}`);
    const { passed, message } = runCheckRule(parsed.segments, value);
    return verdict(reply, passed, message);
  });

  app.get(DUPLICATE_API.check, { config: { auth: 'user' } }, async (request, reply) => {
    const query = request.query as Query;
    const tableName = param(query, 'tableName', 64);
    const fieldName = param(query, 'fieldName', 64);
    const fieldVal = param(query, 'fieldVal', 1000);
    const dataId = param(query, 'dataId', 64);
    if (!tableName || !fieldName) throw new ApiError(400, DUPLICATE_MESSAGES.paramsRequired);
    const entry = findDuplicateEntry(tableName, fieldName);
    if (!entry) throw new ApiError(400, DUPLICATE_MESSAGES.unregistered);
    await guardUniqueCheck(request, entry.permissions);
    if (fieldVal === '') return verdict(reply, true, DUPLICATE_MESSAGES.available);
    if (entry.taken) {
      const taken = await entry.taken(db, fieldVal, dataId || null, app.ctx.fields);
      return verdict(reply, !taken, taken ? DUPLICATE_MESSAGES.taken : DUPLICATE_MESSAGES.available);
    }
    if (entry.integer && !/^-?\d{1,15}$/.test(fieldVal)) return verdict(reply, true, DUPLICATE_MESSAGES.available);
    const value = entry.integer ? Number(fieldVal) : fieldVal;
    let q = (db as any).selectFrom(entry.table).select(entry.idColumn).where(entry.column, '=', value);
    if (entry.liveOnly) q = q.where('delFlag', '=', 0);
    if (dataId && !entry.integer) q = q.where(entry.idColumn, '<>', dataId);
    if (dataId && entry.integer && /^-?\d{1,15}$/.test(dataId)) q = q.where(entry.idColumn, '<>', Number(dataId));
    const clash = await q.limit(1).executeTakeFirst();
    return clash ? verdict(reply, false, DUPLICATE_MESSAGES.taken) : verdict(reply, true, DUPLICATE_MESSAGES.available);
  });
}
