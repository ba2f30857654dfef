import { ASSET_API, LEDGER_RESOURCE, LEDGER_TYPE, PERM, type LedgerType, type ResourceField } from '@district/shared';
import { ledgerAddSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import { streamXlsx } from '../../lib/resource/excel.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { assetResource } from './asset.resource.js';
import { addLedgerEvent, listLedger, type LedgerListQuery } from './ledger.service.js';

const TYPES = new Set<string>(Object.values(LEDGER_TYPE));
const MAX_PAGE_SIZE = 200;

function text(query: Record<string, unknown>, name: string, max: number): string {
  const value = query[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) throw new ApiError(400, `参数 ${name} 有误`);
  return value.trim();
}

function positive(query: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const raw = text(query, name, 10);
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ApiError(400, `参数 ${name} 须为正整数`);
  return Math.min(n, max);
}

/** Columns the list answers labelled (`<field>_dictText`): dictionaries, departments, the recorder. */
const LABELLED = new Set(['type', 'fromDepartId', 'toDepartId', 'fromStatus', 'toStatus', 'createBy']);

/** The export's columns: the declared ledger fields that go to Excel, titled as declared. */
const EXPORT_COLUMNS = Object.entries<ResourceField>(LEDGER_RESOURCE.fields)
  .filter(([, f]) => f.excel !== false)
  .map(([key, f]) => ({
    key: LABELLED.has(key) ? `${key}_dictText` : key,
    header: f.title,
    ...(typeof f.excel === 'object' ? { width: f.excel.width } : {}),
  }));

/** The ledger query string, whitelisted: the asset, an optional event type and the page. */
function listQuery(raw: unknown): LedgerListQuery {
  const query = (raw ?? {}) as Record<string, unknown>;
  const assetId = text(query, 'assetId', 32);
  if (!assetId) throw new ApiError(400, '参数 assetId 不能为空');
  const type = text(query, 'type', 20);
  if (type && !TYPES.has(type)) throw new ApiError(400, `台账事件类型“${type}”不是有效的选项`);
  return {
    assetId,
    type: (type || undefined) as LedgerType | undefined,
    pageNo: positive(query, 'pageNo', 1, 1_000_000),
    pageSize: positive(query, 'pageSize', 50, MAX_PAGE_SIZE),
  };
}

/** The ledger (台账): events are recorded and listed, never edited or deleted (a correction is a new event). */
export default async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  app.get(ASSET_API.ledgerList, { config: { auth: PERM.assetLedgerList } }, async (request) =>
    ok(await listLedger(assetResource, resourceContext(app, request), app.ctx.kv, listQuery(request.query)), ''),
  );

  app.post(ASSET_API.ledgerAdd, { config: { auth: PERM.assetLedgerAdd } }, async (request) => {
    const input = parse(ledgerAddSchema, request.body);
    const result = await addLedgerEvent(assetResource, resourceContext(app, request), app.ctx.kv, input);
    return ok(result, '登记成功！');
  });

  app.get(ASSET_API.ledgerExport, { config: { auth: PERM.assetLedgerList } }, async (request, reply) => {
    const query = { ...listQuery(request.query), pageNo: 1, pageSize: MAX_PAGE_SIZE };
    const ctx = resourceContext(app, request);
    // The first page is read before the stream starts, so an asset the caller may not see is a plain 404.
    const first = await listLedger(assetResource, ctx, app.ctx.kv, query);
    async function* chunks() {
      yield first.records as unknown as Record<string, unknown>[];
      for (let pageNo = 2; pageNo <= first.pages; pageNo++) {
        const page = await listLedger(assetResource, ctx, app.ctx.kv, { ...query, pageNo });
        yield page.records as unknown as Record<string, unknown>[];
      }
    }
    return streamXlsx(reply, '资产台账', EXPORT_COLUMNS, chunks());
  });
}
