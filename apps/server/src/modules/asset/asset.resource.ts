import { ASSET_MESSAGES, ASSET_RESOURCE, ASSET_ROUTES } from '@district/shared';
import {
  assetCreateSchema,
  assetUpdateSchema,
  type AssetCreateInput,
  type AssetUpdateInput,
} from '@district/shared/schemas';
import type { BizAsset } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import { uniqueNumber } from '../../lib/resource/unique-number.js';
import { defineResource, type ResourceContext, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';
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

/** What 资产索引's page sends: every column but the description's HTML and the image and attachment paths. */
const LIST_READS = [
  'id',
  'code',
  'name',
  'categoryId',
  'ownerDepartId',
  'custodian',
  'address',
  'regionCode',
  'longitude',
  'latitude',
  'area',
  'originalValue',
  'netValue',
  'acquiredDate',
  'status',
  'useNature',
  'certificateNo',
  'published',
  'publishTime',
  'remark',
  'version',
  'tenantId',
  'sysOrgCode',
  'delFlag',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const satisfies readonly (keyof BizAsset)[];

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
 * The asset register (资产索引) on the resource pattern: the shared declaration (`ASSET_RESOURCE`) with tenancy, soft
 * delete, the data rules of /asset/index (the owning department's org code in sys_org_code), money and areas as
 * decimal2; categories, departments and custodians labelled here.
 */
export const assetResource: ResourceDef<AssetCreateInput, AssetUpdateInput> = defineResource<
  AssetCreateInput,
  AssetUpdateInput
>(ASSET_RESOURCE, {
  table: 'bizAsset',
  fields: {
    categoryId: { dictTable: (db, values) => labels(db, 'sysCategory', values) },
    ownerDepartId: { dictTable: (db, values) => labels(db, 'sysDepart', values) },
    custodian: {
      dictTable: async (db, values) =>
        new Map(
          (
            await db.selectFrom('sysUser').select(['username', 'realname']).where('username', 'in', values).execute()
          ).map((u) => [u.username, u.realname]),
        ),
    },
  },
  dataRuleMenu: ASSET_ROUTES.index,
  tenancy: { kind: 'column' },
  softDelete: true,
  listReads: LIST_READS,
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
});
