import { INVENTORY_API, INVENTORY_MESSAGES as M, PERM } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import { streamXlsx } from '../../lib/resource/excel.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { assetResource } from '../asset/asset.resource.js';
import {
  campaignEditSchema,
  campaignInputSchema,
  findingSchema,
  idBodySchema,
  settleSchema,
} from './inventory.schemas.js';
import {
  allItems,
  campaignProgress,
  campaignReport,
  closeCampaign,
  createCampaign,
  deleteCampaign,
  editCampaign,
  getCampaign,
  listCampaigns,
  listItems,
  lookupItem,
  myCampaigns,
  myItems,
  openCampaign,
  recordFinding,
  settleDifference,
  type ItemQuery,
} from './inventory.service.js';

const MAX_PAGE_SIZE = 200;

function text(raw: unknown, name: string, max = 64): string {
  const value = ((raw ?? {}) as Record<string, unknown>)[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) throw new ApiError(400, `参数 ${name} 有误`);
  return value.trim();
}

function required(raw: unknown, name: string): string {
  const value = text(raw, name);
  if (!value) throw new ApiError(400, `参数 ${name} 不能为空`);
  return value;
}

function positive(raw: unknown, name: string, fallback: number, max: number): number {
  const value = text(raw, name, 10);
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ApiError(400, `参数 ${name} 须为正整数`);
  return Math.min(n, max);
}

function flag(raw: unknown, name: string): string {
  const value = text(raw, name, 1);
  if (value && value !== '0' && value !== '1') throw new ApiError(400, `参数 ${name} 须为 0 或 1`);
  return value;
}

function itemQuery(raw: unknown): ItemQuery {
  return {
    campaignId: required(raw, 'campaignId'),
    pageNo: positive(raw, 'pageNo', 1, 1_000_000),
    pageSize: positive(raw, 'pageSize', 50, MAX_PAGE_SIZE),
    checked: flag(raw, 'checked'),
    result: text(raw, 'result', 20),
    departId: text(raw, 'departId', 32),
    code: text(raw, 'code', 64),
  };
}

/** The report's Excel columns: names and labels, as the desk shows them. */
const EXPORT_COLUMNS = [
  { key: 'assetCode', header: '资产编号', width: 18 },
  { key: 'assetName', header: '资产名称', width: 24 },
  { key: 'departName', header: '所属部门', width: 18 },
  { key: 'custodianName', header: '保管人', width: 12 },
  { key: 'address', header: '存放地点', width: 28 },
  { key: 'result_dictText', header: '盘点结果', width: 12 },
  { key: 'checkedByName', header: '盘点人', width: 12 },
  { key: 'checkedTime', header: '盘点时间', width: 20 },
  { key: 'note', header: '盘点备注', width: 24 },
  { key: 'settleAction_dictText', header: '处理方式', width: 20 },
  { key: 'settleReason', header: '处理原因', width: 28 },
  { key: 'settleByName', header: '处理人', width: 12 },
  { key: 'settleTime', header: '处理时间', width: 20 },
];

/**
 * 资产清查盘点 (issue 26 part 1). The desk (campaigns, progress, differences, settlement, report) needs the
 * inventory permissions; the phone's routes need 盘点录入 and the caller named as a checker of the campaign.
 */
export default async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const ctxOf = (request: Parameters<typeof resourceContext>[1]) => resourceContext(app, request);
  const kv = app.ctx.kv;

  app.get(INVENTORY_API.campaignList, { config: { auth: PERM.assetInventoryList } }, async (request) =>
    ok(
      await listCampaigns(ctxOf(request), {
        pageNo: positive(request.query, 'pageNo', 1, 1_000_000),
        pageSize: positive(request.query, 'pageSize', 10, MAX_PAGE_SIZE),
        status: text(request.query, 'status', 10),
        name: text(request.query, 'name', 100),
      }),
      '',
    ),
  );
  app.get(INVENTORY_API.campaignQuery, { config: { auth: PERM.assetInventoryList } }, async (request) =>
    ok(await getCampaign(ctxOf(request), required(request.query, 'id')), ''),
  );
  app.post(INVENTORY_API.campaignAdd, { config: { auth: PERM.assetInventoryEdit } }, async (request) =>
    ok(await createCampaign(ctxOf(request), parse(campaignInputSchema, request.body)), '添加成功！'),
  );
  const edit = async (request: Parameters<typeof resourceContext>[1]) => {
    const { id, ...input } = parse(campaignEditSchema, request.body);
    await editCampaign(ctxOf(request), id, input);
    return ok(null, '编辑成功！');
  };
  app.put(INVENTORY_API.campaignEdit, { config: { auth: PERM.assetInventoryEdit } }, edit);
  app.post(INVENTORY_API.campaignEdit, { config: { auth: PERM.assetInventoryEdit } }, edit);
  app.delete(INVENTORY_API.campaignDelete, { config: { auth: PERM.assetInventoryEdit } }, async (request) => {
    await deleteCampaign(ctxOf(request), required(request.query, 'id'));
    return ok(null, '删除成功!');
  });
  app.post(INVENTORY_API.campaignOpen, { config: { auth: PERM.assetInventoryEdit } }, async (request) => {
    const { id } = parse(idBodySchema, request.body);
    const result = await openCampaign(assetResource, ctxOf(request), id);
    return ok(result, `盘点已开始，清单共 ${result.total} 项资产`);
  });
  app.post(INVENTORY_API.campaignClose, { config: { auth: PERM.assetInventoryEdit } }, async (request) => {
    const { id } = parse(idBodySchema, request.body);
    await closeCampaign(ctxOf(request), id);
    return ok(null, '盘点已结束');
  });
  app.get(INVENTORY_API.progress, { config: { auth: PERM.assetInventoryList } }, async (request) =>
    ok(await campaignProgress(ctxOf(request), required(request.query, 'id')), ''),
  );
  app.get(INVENTORY_API.itemList, { config: { auth: PERM.assetInventoryList } }, async (request) =>
    ok(await listItems(ctxOf(request), kv, itemQuery(request.query)), ''),
  );
  app.get(INVENTORY_API.differenceList, { config: { auth: PERM.assetInventoryList } }, async (request) =>
    ok(
      await listItems(ctxOf(request), kv, {
        ...itemQuery(request.query),
        differences: { settled: flag(request.query, 'settled') },
      }),
      '',
    ),
  );
  app.post(INVENTORY_API.settle, { config: { auth: PERM.assetInventorySettle } }, async (request) =>
    ok(await settleDifference(assetResource, ctxOf(request), kv, parse(settleSchema, request.body)), M.settled),
  );
  app.get(INVENTORY_API.report, { config: { auth: PERM.assetInventoryList } }, async (request) =>
    ok(await campaignReport(ctxOf(request), kv, required(request.query, 'id')), ''),
  );
  app.get(INVENTORY_API.exportXls, { config: { auth: PERM.assetInventoryList } }, async (request, reply) => {
    const ctx = ctxOf(request);
    const id = required(request.query, 'id');
    // Read before the stream starts, so a campaign of another tenant is a plain 404.
    await getCampaign(ctx, id);
    async function* chunks() {
      for await (const page of allItems(ctx, kv, id)) yield page as unknown as Record<string, unknown>[];
    }
    return streamXlsx(reply, '盘点清单', EXPORT_COLUMNS, chunks());
  });

  // The phone.
  app.get(INVENTORY_API.myCampaigns, { config: { auth: PERM.assetInventoryCheck } }, async (request) =>
    ok(await myCampaigns(ctxOf(request)), ''),
  );
  app.get(INVENTORY_API.myItems, { config: { auth: PERM.assetInventoryCheck } }, async (request) =>
    ok(await myItems(ctxOf(request), kv, itemQuery(request.query)), ''),
  );
  app.get(INVENTORY_API.lookup, { config: { auth: PERM.assetInventoryCheck } }, async (request) => {
    const code = text(request.query, 'code', 500);
    if (!code) throw new ApiError(400, M.codeRequired);
    return ok(await lookupItem(ctxOf(request), kv, required(request.query, 'campaignId'), code), '');
  });
  app.post(INVENTORY_API.finding, { config: { auth: PERM.assetInventoryCheck } }, async (request) => {
    const { finding, duplicate } = await recordFinding(ctxOf(request), parse(findingSchema, request.body));
    return ok({ ...finding, duplicate }, M.recorded);
  });
}
