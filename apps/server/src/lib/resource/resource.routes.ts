import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { AUDIT_EVENT, IMPORT_MESSAGES, type ImportResult } from '@district/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uniqueViolationMessage } from '../db-errors.js';
import { ApiError, ok, parse } from '../http.js';
import { isOutage } from '../outage.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import { snapshot, writeDataLogRows, type DataLogActor } from './data-log.js';
import { showDecimal2 } from './decimal.js';
import { loadDictValues } from './dict-text.js';
import { errorReportPath, excelFields, readSheetBatches, streamXlsx, writeErrorReport, XLSX_MIME } from './excel.js';
import { countRows, exportLabels, exportSort, keysetChunks } from './excel-export.js';
import { rememberResource } from './data-log-view.js';
import type { ImportField } from './excel-import-map.js';
import {
  importRunHooks,
  openRun,
  readImportProgress,
  requestedImportId,
  requestedResume,
  RunTakenOver,
  stopImportRuns,
} from './import-run.js';
import { fieldColumn, parseListParams } from './list-query.js';
import { ANALYZE_AFTER_ROWS, refreshStatistics } from './table-statistics.js';
import {
  createRecord,
  dataChanged,
  decorateRows,
  deleteRecords,
  filteredQuery,
  findScoped,
  listPage,
  rowForInsert,
  stripHidden,
  updateRecord,
} from './resource.service.js';
import type { ResourceContext, ResourceDef, Row } from './resource.types.js';
import { fieldCrypto, logView, revealRows, sealedFields, storedRow } from './sealed-fields.js';
import { currentUser } from '../current-user.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables are chosen by the declaration */

export function resourceContext(app: FastifyInstance, request: FastifyRequest): ResourceContext {
  return { db: app.ctx.db.db, user: currentUser(request), request };
}

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();
const idsQuery = z.object({ ids: z.string().min(1, '请选择要删除的数据').max(40_000) }).loose();

const EXPORT_CHUNK = 2000;
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The ids of a delete as the resource reads them (`idSchema`), as text; the first refused id is a 400. */
function readIds(def: ResourceDef, ids: string[]): string[] {
  if (!def.idSchema) return ids;
  return ids.map((id) => String(parse(def.idSchema!, id)));
}

/** Registers the standard routes of a resource (only those it has permissions for and does not skip). */
export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  rememberResource(def);
  const p = def.permissions;
  const skip = new Set(def.skip ?? []);
  const kv = app.ctx.kv;
  const has = (name: NonNullable<ResourceDef['skip']>[number]) => !skip.has(name);
  const writes = def.platformWrites === true;
  const editDoc = { summary: `编辑${def.title}`, tag: def.title, body: def.updateSchema };

  app.get(
    `${def.path}/list`,
    { config: { auth: p.list, doc: { summary: `${def.title}列表`, tag: def.title } } },
    async (request) =>
      ok(await listPage(def, resourceContext(app, request), kv, request.query as Record<string, unknown>), ''),
  );

  if (has('queryById')) {
    app.get(
      `${def.path}/queryById`,
      { config: { auth: p.queryById ?? p.list, doc: { summary: `查询${def.title}`, tag: def.title } } },
      async (request) => {
        const { id } = parse(idQuery, request.query);
        const ctx = resourceContext(app, request);
        const row = await findScoped(def, ctx, id);
        await decorateRows(def, [row], ctx, kv);
        return ok(row, '');
      },
    );
  }

  if (p.add && def.createSchema && has('add')) {
    app.post(
      `${def.path}/add`,
      {
        config: {
          auth: p.add,
          platform: writes,
          doc: { summary: `新增${def.title}`, tag: def.title, body: def.createSchema },
        },
      },
      async (request) => {
        const body = parse(def.createSchema!, request.body);
        const ctx = resourceContext(app, request);
        const row = await createRecord(def, body, ctx);
        const warning = def.writeWarning ? await def.writeWarning(row, ctx) : null;
        const id = row[def.idField ?? 'id'];
        return warning ? ok({ id, warning }, `添加成功！${warning}`) : ok({ id }, '添加成功！');
      },
    );
  }

  if (p.edit && def.updateSchema && has('edit')) {
    const handler = async (request: FastifyRequest) => {
      const body = parse(def.updateSchema!, request.body);
      const ctx = resourceContext(app, request);
      const after = await updateRecord(def, body, ctx);
      const warning = def.writeWarning ? await def.writeWarning(after, ctx) : null;
      return warning ? ok({ warning }, `编辑成功！${warning}`) : ok(null, '编辑成功！');
    };
    app.put(`${def.path}/edit`, { config: { auth: p.edit, platform: writes, doc: editDoc } }, handler);
    app.post(`${def.path}/edit`, { config: { auth: p.edit, platform: writes, doc: editDoc } }, handler);
  }

  if (p.delete && has('delete')) {
    app.delete(
      `${def.path}/delete`,
      { config: { auth: p.delete, platform: writes, doc: { summary: `删除${def.title}`, tag: def.title } } },
      async (request) => {
        const { id } = parse(idQuery, request.query);
        await deleteRecords(def, readIds(def, [id]), resourceContext(app, request));
        return ok(null, '删除成功！');
      },
    );
  }

  if ((p.deleteBatch ?? p.delete) && has('deleteBatch')) {
    app.delete(
      `${def.path}/deleteBatch`,
      {
        config: {
          auth: (p.deleteBatch ?? p.delete)!,
          platform: writes,
          doc: { summary: `批量删除${def.title}`, tag: def.title },
        },
      },
      async (request) => {
        const { ids } = parse(idsQuery, request.query);
        const list = [...new Set(ids.split(',').filter(Boolean))];
        const n = await deleteRecords(def, readIds(def, list), resourceContext(app, request));
        return ok(null, `批量删除成功！共 ${n} 条`);
      },
    );
  }

  if (p.exportXls && has('exportXls')) {
    app.get(
      `${def.path}/exportXls`,
      {
        config: {
          auth: p.exportXls,
          // A resource holding personal data (sealed fields): every export of it is an audit event (issue 24).
          audit: sealedFields(def).length ? AUDIT_EVENT.exportPersonalData(def.title) : undefined,
          doc: { summary: `导出${def.title}`, tag: def.title, file: true },
        },
      },
      async (request, reply) => exportXls(app, def, request, reply),
    );
  }

  if (p.importExcel && has('importExcel')) {
    app.post(
      `${def.path}/importExcel`,
      { config: { auth: p.importExcel, platform: writes, doc: { summary: `导入${def.title}`, tag: def.title } } },
      async (request, reply) => importExcel(app, def, request, reply),
    );
  }
}

export async function exportXls(app: FastifyInstance, def: ResourceDef, request: FastifyRequest, reply: FastifyReply) {
  const ctx = resourceContext(app, request);
  const query = request.query as Record<string, unknown>;
  const params = parseListParams(def, query);
  let q = await filteredQuery(def, ctx, query);
  if (params.selections) {
    if (params.selections.length > 10_000) throw new ApiError(400, '选择的数据过多');
    q = q.where(`${def.table}.${def.idField ?? 'id'}` as any, 'in', params.selections);
  }
  const fields = excelFields(def, params.fields);
  if (def.exportReads && !def.baseQuery) {
    const columns = new Set([def.idField ?? 'id', ...def.exportReads]);
    for (const f of fields) if (!def.fields[f]!.computed) columns.add(fieldColumn(def, f));
    q = q.clearSelect().select([...columns].map((c) => `${def.table}.${c}`));
  }
  const labels = exportLabels(ctx.db, app.ctx.kv, def, fields);
  const total = await countRows(q);
  // Keyset pages in the list's order (never OFFSET), labels from one in-memory map for the whole export.
  async function* chunks() {
    for await (const rows of keysetChunks(def, q, exportSort(def, params.sort), EXPORT_CHUNK)) {
      // Personal data masked unless the caller may see it whole, as in the list.
      revealRows(def, rows, ctx);
      for (const r of rows) stripHidden(def, r);
      showDecimal2(def, rows);
      if (def.decorate) await def.decorate(rows, ctx);
      await labels.load(rows);
      yield rows.map((r) => {
        const out: Row = {};
        for (const f of fields) out[f] = labels.has(f) ? labels.label(f, r[f]) : r[f];
        return out;
      });
    }
  }
  const columns = fields.map((f) => {
    const excel = def.fields[f]!.excel;
    return { key: f, header: def.fields[f]!.title, width: typeof excel === 'object' ? excel.width : undefined };
  });
  return streamXlsx(reply, def.title, columns, chunks(), { total });
}

function constraintMessage(error: unknown, row: Row): string {
  const duplicate = uniqueViolationMessage(error, row);
  if (duplicate) return duplicate;
  if (error instanceof ApiError) return error.message;
  return '保存失败';
}

export async function importExcel(
  app: FastifyInstance,
  def: ResourceDef,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const user = currentUser(request);
  const importId = requestedImportId(request.query) ?? newId();
  const resume = requestedResume(request.query);
  if (!request.isMultipart()) throw new ApiError(400, '请选择要导入的文件');
  // The upload is the caller's input: a body the multipart reader cannot follow (cut short, a wrong boundary) is
  // a 400, not a fault of ours.
  const badUpload = (error: unknown): never => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, '导入文件过大（最大 50MB）');
    if (error instanceof ApiError || isOutage(error)) throw error;
    throw new ApiError(400, IMPORT_MESSAGES.badUpload, { cause: error });
  };
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }).catch(badUpload);
  if (!file) throw new ApiError(400, '请选择要导入的文件');
  if (!/\.(xlsx|xls)$/i.test(file.filename)) throw new ApiError(400, '文件格式有误，仅支持 .xls 和 .xlsx 文件');
  const buffer = await file.toBuffer().catch(badUpload);
  if (file.file.truncated) throw new ApiError(413, '导入文件过大（最大 50MB）');

  // The file's content names the run, so a retry of the same file finds the rows an interrupted run committed.
  const fileHash = createHash('sha256').update(buffer).digest('hex');
  const opened = await openRun(
    app,
    { userId: user.id, tenantId: user.tenantId, resource: def.name, fileHash },
    importId,
    resume,
  );
  if ('refused' in opened) {
    const { message, progress } = opened.refused;
    return reply.status(409).send({ success: false, code: 409, message, result: progress, timestamp: Date.now() });
  }
  const { run } = opened;

  const ctx = resourceContext(app, request);
  let headers: string[] | null = null;
  let total = 0;
  // Rows an interrupted run of this file committed are counted in, not inserted again.
  let success = run.skipped;
  let lastRead = 0;
  const failures: { cells: string[]; rowNumber: number; message: string }[] = [];
  // `row` plain (hooks, checks, the data log's masked view), `stored` as the table keeps it (personal data sealed).
  let batch: { row: Row; stored: Row; body: unknown; cells: string[]; rowNumber: number }[] = [];
  const crypto = fieldCrypto(ctx);
  let expected = 0;
  const counters = (committed = success) => ({
    total: expected,
    processed: total,
    success: committed,
    failed: failures.length,
  });
  const refuse = (cells: string[], rowNumber: number, message: string) => {
    failures.push({ cells, rowNumber, message });
    run.refused(rowNumber);
  };

  const insertOne = async (item: (typeof batch)[number]) => {
    try {
      await run.commit(item.rowNumber, [item.rowNumber], counters(success + 1), async (trx) => {
        await (trx as any).insertInto(def.table).values(item.stored).execute();
        if (def.afterCreate) await def.afterCreate(item.row, item.body, { ...ctx, trx });
        await writeDataLogRows(trx, [dataLogRow(def, logView(def, item.row, crypto), ctx.user)]);
      });
      success++;
    } catch (error) {
      // Not the row's fault: the import stops (what is committed stays, and the run says so).
      if (isOutage(error) || error instanceof RunTakenOver) throw error;
      refuse(item.cells, item.rowNumber, constraintMessage(error, item.row));
    }
  };

  const seen = new Map<string, Set<string>>();
  const flush = async () => {
    if (batch.length === 0) return;
    let items = batch;
    batch = [];
    if (def.beforeImportBatch) {
      const refused = await def.beforeImportBatch(
        items.map((i) => i.row),
        ctx,
        seen,
      );
      items = items.filter((item, i) => {
        const message = refused.get(i);
        if (message) refuse(item.cells, item.rowNumber, message);
        return !message;
      });
      if (items.length === 0) return;
    }
    try {
      // The rows and the record of how far the run is commit together: a crash leaves both or neither.
      await run.commit(
        lastRead,
        items.map((i) => i.rowNumber),
        counters(success + items.length),
        async (trx) => {
          await (trx as any)
            .insertInto(def.table)
            .values(items.map((i) => i.stored))
            .execute();
          if (def.afterCreateBatch) await def.afterCreateBatch(items, { ...ctx, trx });
          else if (def.afterCreate) for (const i of items) await def.afterCreate(i.row, i.body, { ...ctx, trx });
          await writeDataLogRows(
            trx,
            items.map((i) => dataLogRow(def, logView(def, i.row, crypto), ctx.user)),
          );
        },
      );
      success += items.length;
    } catch (error) {
      if (isOutage(error) || error instanceof RunTakenOver) throw error;
      // Find the offending rows one by one; the others still go in.
      for (const item of items) await insertOne(item);
    }
    await importRunHooks.afterBatch?.(run);
  };

  try {
    const dictValues = await loadDictValues(ctx.db, app.ctx.kv, def);
    const importable = excelFields(def, null).filter((f) => !def.fields[f]!.computed);
    const fields: ImportField[] = importable.map((name) => {
      const fd = def.fields[name]!;
      const dict = dictValues.get(name);
      return { name, title: fd.title, type: fd.type, multi: fd.multi, dict: dict ? [...dict] : undefined };
    });
    const cols = Math.max(1, importable.length + 8);
    const chunkSize = Math.max(1, Math.min(500, Math.floor(30_000 / cols)));

    // Read and mapped in a worker a batch at a time; a file over the row cap is refused before anything is
    // written. Each batch is checked by the declaration and inserted before the worker sends the next.
    for await (const event of readSheetBatches(buffer, { fields, batchRows: chunkSize, transfer: true })) {
      if (event.type === 'start') expected = event.total;
      else if (event.type === 'header') headers = event.headers;
      else {
        for (const { rowNumber, cells, values, error } of event.rows) {
          total++;
          lastRead = rowNumber;
          if (run.isCommitted(rowNumber)) continue;
          if (error !== undefined || !values) {
            refuse(cells, rowNumber, error ?? '保存失败');
            continue;
          }
          try {
            const body = def.importRow ? await def.importRow(values, ctx) : values;
            const parsed = def.createSchema ? parse(def.createSchema, body) : body;
            const row = await rowForInsert(def, parsed, ctx);
            if (def.beforeWrite && !def.beforeImportBatch) await def.beforeWrite(row, null, ctx);
            // A masked value (an exported sheet brought back) is refused here, with the row.
            batch.push({ row, stored: storedRow(def, row, crypto), body: parsed, cells, rowNumber });
            if (batch.length >= chunkSize) await flush();
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refuse(cells, rowNumber, error.message);
          }
        }
        await flush();
        await run.progress(lastRead, counters());
      }
    }
    await flush();
  } catch (error) {
    await run.failed(request.log);
    if (success > run.skipped) await dataChanged(app.ctx.kv);
    throw error;
  }
  if (success > run.skipped) await dataChanged(app.ctx.kv);
  if (success - run.skipped >= ANALYZE_AFTER_ROWS) {
    // The rows are in whatever this answers; only later lists would be slower without it.
    await refreshStatistics(app.ctx.db, def.table).catch((error: unknown) =>
      request.log.warn({ err: error, table: def.table }, 'refreshing table statistics after an import failed'),
    );
  }
  if (!headers) {
    await run.failed(request.log);
    throw new ApiError(400, '文件中没有数据');
  }

  const result: ImportResult = { total, success, failed: failures.length };
  if (run.skipped) result.skipped = run.skipped;
  let reportId: string | null = null;
  if (failures.length) {
    reportId = await writeErrorReport(app.ctx.config.uploadDir, headers, failures);
    result.errorReportUrl = `/sys/common/importReport/${reportId}`;
  }
  await run.done(counters(), reportId);
  const resumed = run.skipped ? IMPORT_MESSAGES.resumed(run.skipped) : '';
  if (failures.length) {
    return reply.send({
      success: true,
      code: 201,
      message: `导入完成：成功 ${success} 条，失败 ${failures.length} 条，请下载错误报告查看原因${resumed}`,
      result,
      timestamp: Date.now(),
    });
  }
  return reply.send(ok(result, `导入成功！共 ${success} 条数据${resumed}`));
}

function dataLogRow(def: ResourceDef, row: Row, by: DataLogActor) {
  return {
    id: newId(),
    dataTable: def.name,
    dataId: String(row[def.idField ?? 'id']),
    dataVersion: 1,
    dataContent: snapshot(row),
    action: 'add',
    createBy: by.username,
    createTime: formatDateTime(),
    tenantId: by.tenantId,
  };
}

/** The error report of an import, for the user who has its (unguessable) id; the progress of one's own imports. */
export default async function importReportRoutes(app: FastifyInstance): Promise<void> {
  // This instance's imports stop with it; their records say how far they got.
  app.addHook('onClose', async () => stopImportRuns(app));
  // Polled every second or so while an import runs: kept out of the operation log, which would fill with them.
  app.get('/sys/common/importProgress/:id', { config: { auth: 'user', operationLog: false } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await readImportProgress(app, currentUser(request).id, id), '');
  });

  app.get('/sys/common/importReport/:id', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const file = errorReportPath(app.ctx.config.uploadDir, id);
    if (!file) throw new ApiError(404, '错误报告不存在或已过期');
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('导入错误报告.xlsx')}`)
      .send(fs.createReadStream(file));
  });
}

/**
 * A module registers its resources through this plugin: it gives them an encapsulated scope with the
 * multipart parser their imports need.
 */
export function resourcePlugin(defs: ResourceDef[]) {
  return async (app: FastifyInstance): Promise<void> => {
    const { default: multipart } = await import('@fastify/multipart');
    await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 20 } });
    for (const def of defs) registerResource(app, def);
  };
}
