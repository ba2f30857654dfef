import {
  MESSAGE_API,
  PERM,
  renderTemplate,
  SEND_STATUS,
  TEMPLATE_API,
  TEMPLATE_MESSAGES,
  type ApiResponse,
} from '@district/shared';
import type { SysMessage } from '../../db/schema.js';
import { mailSettingsSchema, templateTestSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { escapeFor, MessageSender, readMailSettings, resolveReceiver, saveMailSettings } from './message-sender.js';
import { messageRecordResource, templateResource } from './template.resource.js';
import { currentUser } from '../../lib/current-user.js';
import type { NoticeHub } from '../../plugins/notice-hub.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();

/** How often each instance looks for messages due for another attempt. */
const RETRY_EVERY_MS = 15_000;

/** The sender of each app (by its context), for the retry loop's tests and the benchmarks. */
export const messageSenders = new WeakMap<object, MessageSender>();

function testValues(raw: string | Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (raw === null || raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') return raw;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw new ApiError(400, TEMPLATE_MESSAGES.testDataInvalid);
}

const answerOf = (record: SysMessage) => ({ id: record.id, status: record.esSendStatus, error: record.esResult });

/** A send that was carried out but not delivered: answered 200 (the request was fine) with success false. */
const notSent = <T>(result: T, message: string): ApiResponse<T> => ({ ...ok(result, message), success: false });

/** 消息模板 (resource + 发送测试), 消息记录 (list, delete, resend) and the SMTP server settings. */
export async function templateRoutes(app: FastifyInstance, hub: NoticeHub): Promise<void> {
  const sender = new MessageSender(app.ctx, hub, (error) => app.log.warn({ err: error }, 'message retry failed'));
  sender.start(RETRY_EVERY_MS);
  messageSenders.set(app.ctx, sender);
  app.addHook('onClose', async () => sender.stop());

  await app.register(resourcePlugin([templateResource, messageRecordResource]));

  app.post(TEMPLATE_API.sendMsg, { config: { auth: PERM.templateTest } }, async (request) => {
    const input = parse(templateTestSchema, request.body);
    const user = currentUser(request);
    let q = app.ctx.db.db.selectFrom('sysMessageTemplate').selectAll().where('templateCode', '=', input.templateCode);
    q = user.tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', user.tenantId);
    const template = await q.executeTakeFirst();
    if (!template) throw new ApiError(400, TEMPLATE_MESSAGES.templateUnknown);
    const params = testValues(input.testData ?? template.templateTestJson);
    const content = renderTemplate(template.templateContent, params, escapeFor(template.templateType));
    if (!content.ok) throw new ApiError(400, content.message);
    const title = renderTemplate(template.templateName, params);
    if (!title.ok) throw new ApiError(400, title.message);
    const receiver = await resolveReceiver(app.ctx.db.db, template.templateType, input.receiver);
    const record = await sender.send({
      channel: template.templateType,
      receiver,
      title: title.text,
      content: content.text,
      templateCode: template.templateCode,
      params,
      tenantId: user.tenantId,
      createBy: user.username,
    });
    if (record.esSendStatus === SEND_STATUS.sent) return ok(answerOf(record), TEMPLATE_MESSAGES.sent);
    // A message that did not go out is a failure (success false, shown as a warning), saying whether it is retried.
    const failed = record.esSendStatus === SEND_STATUS.failed ? TEMPLATE_MESSAGES.refused : TEMPLATE_MESSAGES.queued;
    return notSent(answerOf(record), `${failed}：${record.esResult ?? ''}`);
  });

  app.post(MESSAGE_API.resend, { config: { auth: PERM.messageResend } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    const record = await sender.resend(id, currentUser(request).tenantId);
    if (record.esSendStatus === SEND_STATUS.sent) return ok(answerOf(record), TEMPLATE_MESSAGES.resendDone);
    const retried = record.esSendStatus === SEND_STATUS.waiting ? '，已加入重试队列' : '';
    return notSent(answerOf(record), `${TEMPLATE_MESSAGES.resendFailed}${retried}：${record.esResult ?? ''}`);
  });

  app.get(MESSAGE_API.mailSettings, { config: { auth: PERM.mailSettings } }, async () =>
    ok(await readMailSettings(app.ctx.db.db), ''),
  );
  app.put(MESSAGE_API.mailSettings, { config: { auth: PERM.mailSettings, platform: true } }, async (request) => {
    await saveMailSettings(app.ctx, parse(mailSettingsSchema, request.body));
    return ok(null, TEMPLATE_MESSAGES.settingsSaved);
  });
}
