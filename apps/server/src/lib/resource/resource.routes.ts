import fs from 'node:fs';
import type { ImportResult } from '@district/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../plugins/guard.js';
import { uniqueViolationMessage } from '../db-errors.js';
import { ApiError, ok, parse } from '../http.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import { snapshot, type DataLogActor } from './data-log.js';
import { showDecimal2 } from './decimal.js';
import { loadDictValues } from './dict-text.js';
import { errorReportPath, excelFields, readSheetBatches, streamXlsx, writeErrorReport, XLSX_MIME } from './excel.js';
import { countRows, exportLabels, exportSort, keysetChunks } from './excel-export.js';
import type { ImportField } from './excel-import-map.js';
import { importProgress, readImportProgress } from './import-progress.js';
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

/* eslint-disable @typescript-eslint/no-explicit-any -- tables are chosen by the declaration */

export function resourceContext(app: FastifyInstance, request: FastifyRequest): ResourceContext {
  return { db: app.ctx.db.db, user: currentUser(request), request };
}

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();
const idsQuery = z.object({ ids: z.string().min(1, '请选择要删除的数据').max(40_000) }).loose();

const EXPORT_CHUNK = 2000;
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Registers the standard routes of a resource (only those it has permissions for and does not skip). */
export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  const p = def.permissions;
  const skip = new Set(def.skip ?? []);
  const kv = app.ctx.kv;
  const has = (name: NonNullable<ResourceDef['skip']>[number]) => !skip.has(name);

  app.get(`${def.path}/list`, { config: { auth: p.list } }, async (request) =>
    ok(await listPage(def, resourceContext(app, request), kv, request.query as Record<string, unknown>), ''),
  );

  if (has('queryById')) {
    app.get(`${def.path}/queryById`, { config: { auth: p.queryById ?? p.list } }, async (request) => {
      const { id } = parse(idQuery, request.query);
      const ctx = resourceContext(app, request);
      const row = await findScoped(def, ctx, id);
      await decorateRows(def, [row], ctx, kv);
      return ok(row, '');
    });
  }

  if (p.add && def.createSchema && has('add')) {
    app.post(`${def.path}/add`, { config: { auth: p.add } }, async (request) => {
      const body = parse(def.createSchema!, request.body);
      const ctx = resourceContext(app, request);
      const row = await createRecord(def, body, ctx);
      const warning = def.writeWarning ? await def.writeWarning(row, ctx) : null;
      const id = row[def.idField ?? 'id'];
      return warning ? ok({ id, warning }, `添加成功！${warning}`) : ok({ id }, '添加成功！');
    });
  }

  if (p.edit && def.updateSchema && has('edit')) {
    const handler = async (request: FastifyRequest) => {
      const body = parse(def.updateSchema!, request.body);
      const ctx = resourceContext(app, request);
      const after = await updateRecord(def, body, ctx);
      const warning = def.writeWarning ? await def.writeWarning(after, ctx) : null;
      return warning ? ok({ warning }, `编辑成功！${warning}`) : ok(null, '编辑成功！');
    };
    app.put(`${def.path}/edit`, { config: { auth: p.edit } }, handler);
    app.post(`${def.path}/edit`, { config: { auth: p.edit } }, handler);
  }

  if (p.delete && has('delete')) {
    app.delete(`${def.path}/delete`, { config: { auth: p.delete } }, async (request) => {
      const { id } = parse(idQuery, request.query);
      await deleteRecords(def, [id], resourceContext(app, request));
      return ok(null, '删除成功！');
    });
  }

  if ((p.deleteBatch ?? p.delete) && has('deleteBatch')) {
    app.delete(`${def.path}/deleteBatch`, { config: { auth: (p.deleteBatch ?? p.delete)! } }, async (request) => {
      const { ids } = parse(idsQuery, request.query);
      const list = [...new Set(ids.split(',').filter(Boolean))];
      const n = await deleteRecords(def, list, resourceContext(app, request));
      return ok(null, `批量删除成功！共 ${n} 条`);
    });
  }

  if (p.exportXls && has('exportXls')) {
    app.get(`${def.path}/exportXls`, { config: { auth: p.exportXls } }, async (request, reply) =>
      exportXls(app, def, request, reply),
    );
  }

  if (p.importExcel && has('importExcel')) {
    app.post(`${def.path}/importExcel`, { config: { auth: p.importExcel } }, async (request, reply) =>
      importExcel(app, def, request, reply),
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
  const progress = importProgress(app, currentUser(request).id, request.query);
  if (!request.isMultipart()) throw new ApiError(400, '请选择要导入的文件');
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!file) throw new ApiError(400, '请选择要导入的文件');
  if (!/\.(xlsx|xls)$/i.test(file.filename)) throw new ApiError(400, '文件格式有误，仅支持 .xls 和 .xlsx 文件');
  const buffer = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, '导入文件过大（最大 50MB）');
    throw error;
  });
  if (file.file.truncated) throw new ApiError(413, '导入文件过大（最大 50MB）');

  const ctx = resourceContext(app, request);
  const dictValues = await loadDictValues(ctx.db, app.ctx.kv, def);
  const importable = excelFields(def, null).filter((f) => !def.fields[f]!.computed);
  const fields: ImportField[] = importable.map((name) => {
    const fd = def.fields[name]!;
    const dict = dictValues.get(name);
    return { name, title: fd.title, type: fd.type, multi: fd.multi, dict: dict ? [...dict] : undefined };
  });

  let headers: string[] | null = null;
  let total = 0;
  let success = 0;
  const failures: { cells: string[]; rowNumber: number; message: string }[] = [];
  let batch: { row: Row; body: unknown; cells: string[]; rowNumber: number }[] = [];
  const cols = Math.max(1, importable.length + 8);
  const chunkSize = Math.max(1, Math.min(500, Math.floor(30_000 / cols)));

  const insertOne = async (item: (typeof batch)[number]) => {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await (trx as any).insertInto(def.table).values(item.row).execute();
        if (def.afterCreate) await def.afterCreate(item.row, item.body, { ...ctx, trx });
        await trx
          .insertInto('sysDataLog')
          .values(dataLogRow(def, item.row, ctx.user))
          .execute();
      });
      success++;
    } catch (error) {
      failures.push({ cells: item.cells, rowNumber: item.rowNumber, message: constraintMessage(error, item.row) });
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
        if (message) failures.push({ cells: item.cells, rowNumber: item.rowNumber, message });
        return !message;
      });
      if (items.length === 0) return;
    }
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await (trx as any)
          .insertInto(def.table)
          .values(items.map((i) => i.row))
          .execute();
        if (def.afterCreateBatch) await def.afterCreateBatch(items, { ...ctx, trx });
        else if (def.afterCreate) for (const i of items) await def.afterCreate(i.row, i.body, { ...ctx, trx });
        await trx
          .insertInto('sysDataLog')
          .values(items.map((i) => dataLogRow(def, i.row, ctx.user)))
          .execute();
      });
      success += items.length;
    } catch {
      // Find the offending rows one by one; the others still go in.
      for (const item of items) await insertOne(item);
    }
  };

  // Read and mapped in a worker a batch at a time; a file over the row cap is refused before anything is
  // written. Each batch is checked by the declaration and inserted before the worker sends the next.
  let expected = 0;
  await progress.report({ phase: 'reading', total: 0, processed: 0, success: 0, failed: 0 });
  try {
    for await (const event of readSheetBatches(buffer, { fields, batchRows: chunkSize, transfer: true })) {
      if (event.type === 'start') expected = event.total;
      else if (event.type === 'header') headers = event.headers;
      else {
        for (const { rowNumber, cells, values, error } of event.rows) {
          total++;
          if (error !== undefined || !values) {
            failures.push({ cells, rowNumber, message: error ?? '保存失败' });
            continue;
          }
          try {
            const body = def.importRow ? await def.importRow(values, ctx) : values;
            const parsed = def.createSchema ? parse(def.createSchema, body) : body;
            const row = await rowForInsert(def, parsed, ctx);
            if (def.beforeWrite && !def.beforeImportBatch) await def.beforeWrite(row, null, ctx);
            batch.push({ row, body: parsed, cells, rowNumber });
            if (batch.length >= chunkSize) await flush();
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            failures.push({ cells, rowNumber, message: error.message });
          }
        }
        await flush();
        await progress.report({
          phase: 'importing',
          total: expected,
          processed: total,
          success,
          failed: failures.length,
        });
      }
    }
  } catch (error) {
    await progress.report({ phase: 'failed', total: expected, processed: total, success, failed: failures.length });
    if (success > 0) await dataChanged(app.ctx.kv);
    throw error;
  }
  await flush();
  if (success > 0) await dataChanged(app.ctx.kv);
  if (success >= ANALYZE_AFTER_ROWS) {
    // The rows are in whatever this answers; only later lists would be slower without it.
    await refreshStatistics(app.ctx.db, def.table).catch((error: unknown) =>
      request.log.warn({ err: error, table: def.table }, 'refreshing table statistics after an import failed'),
    );
  }
  if (!headers) {
    await progress.report({ phase: 'failed', total: 0, processed: 0, success: 0, failed: 0 });
    throw new ApiError(400, '文件中没有数据');
  }

  const result: ImportResult = { total, success, failed: failures.length };
  if (failures.length) {
    const id = await writeErrorReport(app.ctx.config.uploadDir, headers, failures);
    result.errorReportUrl = `/sys/common/importReport/${id}`;
  }
  await progress.report({ phase: 'done', total, processed: total, success, failed: failures.length });
  if (failures.length) {
    return reply.send({
      success: true,
      code: 201,
      message: `导入完成：成功 ${success} 条，失败 ${failures.length} 条，请下载错误报告查看原因`,
      result,
      timestamp: Date.now(),
    });
  }
  return reply.send(ok(result, `导入成功！共 ${success} 条数据`));
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
