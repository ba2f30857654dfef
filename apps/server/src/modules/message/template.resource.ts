import {
  MESSAGE_CHANNEL,
  MESSAGE_RECORD_RESOURCE,
  MESSAGE_TEMPLATE_RESOURCE,
  renderTemplate,
  TEMPLATE_MESSAGES,
} from '@district/shared';
import {
  templateCreateSchema,
  templateUpdateSchema,
  type TemplateCreateInput,
  type TemplateUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { realnamesBy } from '../../lib/user-names.js';
import { assertUnique, declared } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';

/** A template whose placeholders are not all plain names is refused when saved, not when first sent. */
function checkPlaceholders(row: Row): void {
  for (const field of ['templateContent', 'templateName']) {
    const value = row[field];
    if (typeof value !== 'string') continue;
    const probe = renderTemplate(value, {});
    if (!probe.ok && !probe.message.startsWith(TEMPLATE_MESSAGES.missingParams([]))) {
      throw new ApiError(400, probe.message);
    }
  }
}

/** 消息模板: code (unique), title, channel, content with `${name}` placeholders, test values. */
export const templateResource: ResourceDef<TemplateCreateInput, TemplateUpdateInput> = defineResource<
  TemplateCreateInput,
  TemplateUpdateInput
>(MESSAGE_TEMPLATE_RESOURCE, {
  table: 'sysMessageTemplate',
  tenancy: { kind: 'column' },
  defaultSort: { field: 'createTime', order: 'desc' },
  createSchema: templateCreateSchema,
  updateSchema: templateUpdateSchema as ResourceDef<TemplateCreateInput, TemplateUpdateInput>['updateSchema'],

  toRow(body) {
    const row = declared(templateResource, body);
    checkPlaceholders(row);
    return row;
  },

  toUpdate(body) {
    const row = declared(templateResource, body);
    checkPlaceholders(row);
    return row;
  },

  beforeWrite: (row, existingId, ctx) => assertUnique(templateResource, row, existingId, ctx),
});

/** 消息记录: every message sent (system message, e-mail, SMS) with its status, attempts and last error. */
export const messageRecordResource: ResourceDef = defineResource(MESSAGE_RECORD_RESOURCE, {
  table: 'sysMessage',
  tenancy: { kind: 'column' },
  defaultSort: { field: 'createTime', order: 'desc' },
  // A system message's receiver is stored as the user's id: answered with the real name beside it (and the
  // sender's real name beside createBy); e-mail and SMS receivers are addresses already.
  async decorate(rows, ctx) {
    const system = rows.filter((r) => r.esType === MESSAGE_CHANNEL.system);
    const [receivers, senders] = await Promise.all([
      realnamesBy(
        ctx.db,
        'id',
        system.map((r) => String(r.esReceiver ?? '')),
      ),
      realnamesBy(
        ctx.db,
        'username',
        rows.map((r) => String(r.createBy ?? '')),
      ),
    ]);
    for (const row of rows) {
      if (row.esType === MESSAGE_CHANNEL.system)
        row.esReceiver_dictText = receivers.get(String(row.esReceiver)) ?? null;
      row.createBy_dictText = senders.get(String(row.createBy ?? '')) ?? null;
    }
  },
});
