import { IMPORT_MESSAGES, PROJECT_API, type ImportProgress } from '@district/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import { importRunHooks, RUN_STALE_MS } from './import-run.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Projects carry no code in the file (the server draws one per row): nothing but the run can tell a row is in. */
async function projectsFile(rows: number, badRowIndex: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('项目');
  ws.addRow(['项目名称', '项目类型', '进度(%)']);
  for (let i = 0; i < rows; i++) ws.addRow([`续传${i}`, '建设项目', i === badRowIndex ? '101' : '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(buffer: Buffer) {
  const boundary = '----resume' + newId();
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="projects.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.each(targets)('an import whose instance died ($name)', (target) => {
  let t: TestApp;
  let second: FastifyInstance | null = null;
  let releaseFirst = () => undefined as void;

  beforeAll(async () => {
    t = await startApp(target);
  });
  afterEach(() => {
    delete importRunHooks.afterBatch;
  });
  afterAll(async () => {
    releaseFirst();
    await second?.close();
    await t?.close();
  });

  it('leaves its progress readable, and a retry of the same file imports only the rest, once', async () => {
    const ROWS = 1200;
    const BAD = 10; // sheet row 12: refused (进度 over 100) in the first batch, and again in the retry
    const file = await projectsFile(ROWS, BAD);
    const token = await t.login();
    const body = upload(file);
    const send = (app: FastifyInstance, query: string) =>
      app.inject({
        method: 'POST',
        url: `${t.config.apiBase}${PROJECT_API.base}/importExcel?${query}`,
        headers: { 'x-access-token': token, 'tenant-id': '1001', ...body.headers },
        payload: body.payload,
      });
    const progressOn = async (app: FastifyInstance, importId: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `${t.config.apiBase}/sys/common/importProgress/${importId}`,
          headers: { 'x-access-token': token },
        })
      ).json().result as ImportProgress | null;
    const imported = async (db = t.app.ctx.db.db) =>
      (await db.selectFrom('bizProject').select('name').where('name', 'like', '续传%').execute()).map((r) => r.name);

    // The first instance stops for good right after its first batch is committed: no code of it runs again.
    let batches = 0;
    importRunHooks.afterBatch = () => {
      batches++;
      return new Promise<void>((resolve) => (releaseFirst = resolve));
    };
    const first = `first${newId()}`;
    void send(t.app, `importId=${first}`).catch(() => undefined);
    for (let i = 0; i < 600 && batches === 0; i++) await sleep(50);
    expect(batches).toBe(1);
    const committed = (await imported()).length;
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(ROWS - 1);
    await t.app.close();
    delete importRunHooks.afterBatch;

    // Another instance over the same database.
    second = await buildApp(t.config);
    const app = second;
    const afterCrash = await progressOn(app, first);
    expect(afterCrash).toMatchObject({ total: ROWS, success: committed });
    // Until its heartbeat is stale, the run may still be alive somewhere: a retry waits.
    const early = await send(app, `importId=early${newId()}&resume=continue`);
    expect([early.statusCode, early.json().message]).toEqual([409, IMPORT_MESSAGES.running]);
    await app.ctx.db.db
      .updateTable('sysImportRun')
      .set({ heartbeatTime: formatDateTime(new Date(Date.now() - RUN_STALE_MS - 5_000)) })
      .execute();
    expect(await progressOn(app, first)).toEqual({
      phase: 'failed',
      total: ROWS,
      processed: expect.any(Number),
      success: committed,
      failed: 1,
      resumable: true,
    });

    // The same file again without a choice: refused, naming what is in, rather than importing it twice.
    const plain = await send(app, `importId=plain${newId()}`);
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({
      success: false,
      message: IMPORT_MESSAGES.unfinished(committed),
      result: { phase: 'failed', success: committed, resumable: true },
    });
    expect((await imported(app.ctx.db.db)).length).toBe(committed);

    const resumedId = `resume${newId()}`;
    const resumed = await send(app, `importId=${resumedId}&resume=continue`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({
      code: 201,
      message: `导入完成：成功 ${ROWS - 1} 条，失败 1 条，请下载错误报告查看原因${IMPORT_MESSAGES.resumed(committed)}`,
      result: { total: ROWS, success: ROWS - 1, failed: 1, skipped: committed },
    });
    const names = await imported(app.ctx.db.db);
    expect(names).toHaveLength(ROWS - 1);
    expect(new Set(names).size).toBe(ROWS - 1);
    expect(names).not.toContain(`续传${BAD}`);

    // The refused row of the first batch was tried again and is in the report with its sheet row number.
    const report = await app.inject({
      method: 'GET',
      url: `${t.config.apiBase}${resumed.json().result.errorReportUrl as string}`,
      headers: { 'x-access-token': token },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const lines = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(lines.slice(1).map((l) => [l[1], l[2]])).toEqual([[BAD + 2, `续传${BAD}`]]);
    expect(await progressOn(app, resumedId)).toMatchObject({
      phase: 'done',
      success: ROWS - 1,
      errorReportUrl: resumed.json().result.errorReportUrl,
    });

    // Done: the same file is an ordinary import again (the user's own choice, as before).
    const again = await send(app, `importId=again${newId()}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ total: ROWS, success: ROWS - 1 });
  }, 180_000);
});
