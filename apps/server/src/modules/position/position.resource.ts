import { POSITION_RESOURCE } from '@district/shared';
import { positionCreateSchema, positionUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { assertUnique } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef } from '../../lib/resource/resource.types.js';

/**
 * Positions (职务): the smallest complete example of the resource pattern. The fields, permissions and uniqueness
 * are the shared declaration (`POSITION_RESOURCE`); the server adds table, tenancy, data rules and two hooks.
 */
export const positionResource: ResourceDef = defineResource(POSITION_RESOURCE, {
  table: 'sysPosition',
  dataRuleMenu: '/system/position',
  tenancy: { kind: 'column' },
  createSchema: positionCreateSchema,
  updateSchema: positionUpdateSchema,
  beforeWrite: (row, existingId, ctx) => assertUnique(positionResource, row, existingId, ctx),
  async beforeDelete(rows, ctx) {
    const used = await ctx.trx
      .selectFrom('sysUserPosition')
      .select('positionId')
      .where(
        'positionId',
        'in',
        rows.map((r) => String(r.id)),
      )
      .executeTakeFirst();
    if (used) throw new ApiError(400, '职务下还有用户，请先移除用户后再删除');
  },
});
