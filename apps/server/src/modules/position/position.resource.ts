import { PERM } from '@district/shared';
import { positionCreateSchema, positionUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';

/** Positions (职务): the smallest complete example of the resource pattern. */
export const positionResource: ResourceDef = {
  name: 'sys_position',
  title: '职务',
  table: 'sysPosition',
  path: '/sys/position',
  fields: {
    code: { type: 'string', title: '职务编码', filter: true, sort: true },
    name: { type: 'string', title: '职务名称', filter: true, sort: true },
    postRank: { type: 'string', title: '职级', filter: true, sort: true, dict: 'position_rank' },
    companyId: { type: 'string', title: '公司', excel: false },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  },
  permissions: {
    list: PERM.positionList,
    add: PERM.positionAdd,
    edit: PERM.positionEdit,
    delete: PERM.positionDelete,
    exportXls: PERM.positionExport,
    importExcel: PERM.positionImport,
  },
  dataRuleMenu: '/system/position',
  tenancy: { kind: 'column' },
  createSchema: positionCreateSchema,
  updateSchema: positionUpdateSchema,
  async beforeWrite(row, existingId, ctx) {
    if (row.code === undefined) return;
    const clash = await ctx.db
      .selectFrom('sysPosition')
      .select('id')
      .where('code', '=', String(row.code))
      .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
      .executeTakeFirst();
    if (clash) throw new ApiError(400, `职务编码“${String(row.code)}”已存在`);
  },
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
};
