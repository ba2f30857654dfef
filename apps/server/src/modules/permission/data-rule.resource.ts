import {
  checkDataRuleColumn,
  checkDataRuleCondition,
  checkDataRuleValue,
  DATA_RULE_MESSAGES as D,
  DATA_RULE_RESOURCE,
  MENU_TYPE,
} from '@district/shared';
import { dataRuleCreateSchema, dataRuleUpdateSchema, type DataRuleCreateInput } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { defineResource, type Row } from '../../lib/resource/resource.types.js';
import { syncRuleFlag } from './permission-admin.service.js';

/**
 * Permission data rules (sys_permission_data_rule). Declared as a resource for its filters, writes and
 * data log; the routes keep the spec's own paths (permission-admin.routes.ts), so it is not registered
 * through resourcePlugin.
 */
export const dataRuleResource = defineResource<DataRuleCreateInput>(DATA_RULE_RESOURCE, {
  table: 'sysPermissionDataRule',
  defaultSort: { field: 'createTime', order: 'asc' },
  createSchema: dataRuleCreateSchema,
  updateSchema: dataRuleUpdateSchema,
  toRow: (body) => ({
    permissionId: body.permissionId,
    ruleName: body.ruleName.trim(),
    ruleColumn: body.ruleColumn.trim(),
    ruleConditions: body.ruleConditions,
    ruleValue: body.ruleValue.trim(),
    status: body.status ?? '1',
  }),
  // The menu a rule belongs to never changes; everything else may.
  toUpdate: (body) => {
    const row: Row = {};
    if (body.ruleName !== undefined) row.ruleName = body.ruleName.trim();
    if (body.ruleColumn !== undefined) row.ruleColumn = body.ruleColumn.trim();
    if (body.ruleConditions !== undefined) row.ruleConditions = body.ruleConditions;
    if (body.ruleValue !== undefined) row.ruleValue = body.ruleValue.trim();
    if (body.status !== undefined) row.status = body.status;
    return row;
  },
  async beforeWrite(row, _existingId, ctx) {
    const message =
      checkDataRuleColumn(row.ruleColumn as string | null) ??
      checkDataRuleCondition(row.ruleConditions as string | null) ??
      checkDataRuleValue(row.ruleValue as string | null);
    if (message) throw new ApiError(400, message);
    const menu = await ctx.db
      .selectFrom('sysPermission')
      .select('menuType')
      .where('id', '=', String(row.permissionId))
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!menu) throw new ApiError(400, D.permissionRequired);
    if (Number(menu.menuType) === MENU_TYPE.button) throw new ApiError(400, D.permissionNotMenu);
  },
  async afterCreate(row, _body, ctx) {
    await syncRuleFlag(ctx.trx, String(row.permissionId));
  },
  async afterDelete(rows, ctx) {
    for (const id of new Set(rows.map((r) => String(r.permissionId)))) await syncRuleFlag(ctx.trx, id);
  },
});
