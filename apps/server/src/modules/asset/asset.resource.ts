import { ASSET_API, ASSET_DICT, ASSET_MESSAGES, ASSET_ROUTES, PERM } from '@district/shared';
import {
  assetCreateSchema,
  assetUpdateSchema,
  type AssetCreateInput,
  type AssetUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import { uniqueNumber } from '../../lib/resource/unique-number.js';
import type { ResourceContext, ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { FillRuleService } from '../rule/fill-rule.service.js';
import { recordAcquire, type AcquiredAsset } from './ledger.service.js';
import {
  categoryIdFor,
  checkReferences,
  custodianFor,
  departIdFor,
  departOf,
  outsideDistrictWarning,
  underCategory,
} from './asset.service.js';

export const ASSET_CODE_RULE = 'asset_code';

/** Columns a person never writes through add or edit: the ledger, publishing and the pattern own them. */
const SERVER_OWNED = ['status', 'ownerDepartId', 'code', 'version', 'published', 'publishTime', 'sysOrgCode'];

const joinPaths = (v: unknown) => (Array.isArray(v) && v.length ? v.join(',') : null);

/** Body values that need more than the pattern's declared-field copy (paths, rich text). */
function normalise(row: Row, body: Record<string, unknown>): Row {
  if ('images' in body) row.images = joinPaths(body.images);
  if ('attachments' in body) row.attachments = joinPaths(body.attachments);
  if ('description' in body) row.description = sanitizeHtml(body.description) || null;
  return row;
}

async function labels(db: ResourceContext['db'], table: 'sysCategory' | 'sysDepart', values: string[]) {
  const rows =
    table === 'sysCategory'
      ? await db.selectFrom('sysCategory').select(['id', 'name as label']).where('id', 'in', values).execute()
      : await db.selectFrom('sysDepart').select(['id', 'departName as label']).where('id', 'in', values).execute();
  return new Map(rows.map((r) => [r.id, r.label]));
}

/**
 * The asset register (资产索引) on the resource pattern: tenancy, soft delete, the data rules of
 * /asset/index (the owning department's org code in sys_org_code), money and areas as decimal2.
 */
export const assetResource: ResourceDef<AssetCreateInput, AssetUpdateInput> = {
  name: 'biz_asset',
  title: '资产',
  table: 'bizAsset',
  path: ASSET_API.base,
  fields: {
    code: { type: 'string', title: '资产编号', filter: true, sort: true },
    name: { type: 'string', title: '资产名称', filter: true, sort: true, excel: { width: 30 } },
    categoryId: {
      type: 'string',
      title: '资产分类',
      filter: true,
      sort: true,
      dictTable: (db, values) => labels(db, 'sysCategory', values),
    },
    ownerDepartId: {
      type: 'string',
      title: '所属部门',
      filter: true,
      sort: true,
      dictTable: (db, values) => labels(db, 'sysDepart', values),
    },
    custodian: {
      type: 'string',
      title: '保管人',
      filter: true,
      dictTable: async (db, values) =>
        new Map(
          (
            await db.selectFrom('sysUser').select(['username', 'realname']).where('username', 'in', values).execute()
          ).map((u) => [u.username, u.realname]),
        ),
    },
    address: { type: 'string', title: '地址', filter: true, excel: { width: 36 } },
    regionCode: { type: 'string', title: '所在地区', filter: true },
    longitude: { type: 'number', title: '经度', filter: true },
    latitude: { type: 'number', title: '纬度', filter: true },
    area: { type: 'decimal2', title: '面积(㎡)', filter: true, sort: true },
    originalValue: { type: 'decimal2', title: '原值(元)', filter: true, sort: true },
    netValue: { type: 'decimal2', title: '净值(元)', filter: true, sort: true },
    acquiredDate: { type: 'date', title: '取得日期', filter: true, sort: true },
    status: { type: 'string', title: '资产状态', filter: true, sort: true, dict: ASSET_DICT.status },
    useNature: { type: 'string', title: '使用性质', filter: true, sort: true, dict: ASSET_DICT.useNature },
    certificateNo: { type: 'string', title: '权证号', filter: true },
    images: { type: 'string', title: '资产图片', excel: false },
    attachments: { type: 'string', title: '附件', excel: false },
    description: { type: 'string', title: '资产描述', excel: false },
    published: { type: 'int', title: '是否发布', filter: true, sort: true, excel: false },
    publishTime: { type: 'datetime', title: '发布时间', filter: true, sort: true, excel: false },
    remark: { type: 'string', title: '备注' },
    version: { type: 'int', title: '版本', excel: false },
    sysOrgCode: { type: 'string', title: '所属机构编码', filter: true, excel: false },
    createBy: { type: 'string', title: '创建人', filter: true, excel: false },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
    updateTime: { type: 'datetime', title: '更新时间', sort: true, excel: false },
  },
  permissions: {
    list: PERM.assetList,
    add: PERM.assetAdd,
    edit: PERM.assetEdit,
    delete: PERM.assetDelete,
    exportXls: PERM.assetExport,
    importExcel: PERM.assetImport,
  },
  dataRuleMenu: ASSET_ROUTES.index,
  tenancy: { kind: 'column' },
  softDelete: true,
  defaultSort: { field: 'code', order: 'desc' },
  // The owning department's code (set in toRow), so "own department's assets" rules see the right rows.
  orgCodeColumn: 'sysOrgCode',
  extraParams: {
    // A category includes its descendants (categories form a code tree).
    categoryId: (q, value, ctx) => underCategory(q, value, ctx),
  },
  createSchema: assetCreateSchema,
  updateSchema: assetUpdateSchema as ResourceDef<AssetCreateInput, AssetUpdateInput>['updateSchema'],

  async toRow(body, ctx) {
    const row = normalise(declared(assetResource, body), body);
    for (const k of ['version', 'published', 'publishTime', 'sysOrgCode']) delete row[k];
    await checkReferences(row, ctx);
    const depart = row.ownerDepartId ? await departOf(ctx, String(row.ownerDepartId)) : null;
    // Numbers are drawn only for rows that passed the checks (a refused row wastes none).
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    return {
      ...row,
      code: code || (await new FillRuleService(ctx.db).execute(ASSET_CODE_RULE, {})),
      ownerDepartId: row.ownerDepartId ?? null,
      published: 0,
      publishTime: null,
      version: 0,
      delFlag: 0,
      sysOrgCode: depart ? depart.orgCode : ctx.user.orgCode,
    };
  },

  async toUpdate(body, before, ctx) {
    if (body.version !== undefined && body.version !== Number(before.version)) {
      throw new ApiError(400, ASSET_MESSAGES.concurrentChange);
    }
    if (body.status !== undefined && body.status !== before.status) {
      throw new ApiError(400, ASSET_MESSAGES.statusByLedger);
    }
    if (body.ownerDepartId !== undefined && (body.ownerDepartId ?? null) !== (before.ownerDepartId ?? null)) {
      throw new ApiError(400, ASSET_MESSAGES.departByLedger);
    }
    if (body.code !== undefined && body.code !== null && body.code !== before.code) {
      throw new ApiError(400, ASSET_MESSAGES.codeFixed);
    }
    const changes = normalise(declared(assetResource, body), body);
    for (const k of SERVER_OWNED) delete changes[k];
    await checkReferences(changes, ctx);
    const merged = { ...before, ...changes };
    const hasLng = merged.longitude !== null && merged.longitude !== undefined;
    const hasLat = merged.latitude !== null && merged.latitude !== undefined;
    if (hasLng !== hasLat) throw new ApiError(400, ASSET_MESSAGES.coordinatePair);
    // Both in fen here: compared exactly.
    if (
      merged.netValue !== null &&
      merged.originalValue !== null &&
      Number(merged.netValue) > Number(merged.originalValue)
    ) {
      throw new ApiError(400, ASSET_MESSAGES.netAboveOriginal);
    }
    return changes;
  },

  ...uniqueNumber('bizAsset', 'code', ASSET_MESSAGES.codeTaken),

  // The asset's first ledger event, in the same transaction as the asset.
  async afterCreate(row, _body, ctx) {
    await recordAcquire(ctx.trx, row as unknown as AcquiredAsset, ctx.user);
  },
  async afterCreateBatch(items, ctx) {
    for (const { row } of items) await recordAcquire(ctx.trx, row as unknown as AcquiredAsset, ctx.user);
  },

  writeWarning: (row, ctx) => outsideDistrictWarning(row, ctx),

  async importRow(values, ctx) {
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) if (v !== '' && v !== null && v !== undefined) body[k] = v;
    if (typeof body.categoryId === 'string') body.categoryId = await categoryIdFor(ctx, body.categoryId.trim());
    if (typeof body.ownerDepartId === 'string') body.ownerDepartId = await departIdFor(ctx, body.ownerDepartId.trim());
    if (typeof body.custodian === 'string') body.custodian = await custodianFor(ctx, body.custodian.trim());
    // Spreadsheets give numbers as text; the schema takes coordinates as numbers or numeric text alike.
    return body as AssetCreateInput;
  },
};
