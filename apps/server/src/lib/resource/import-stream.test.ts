import { PassThrough } from 'node:stream';
import { USER_MESSAGES, type ImportProgress } from '@district/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { newId } from '../ids.js';
import { BAD_IMPORT_ID } from './import-run.js';

/** An .xlsx written the way our export writes it (streamed, inline strings), so big files stay cheap to make. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const ws = wb.addWorksheet('用户');
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(parts);
}

function upload(buffer: Buffer) {
  const boundary = '----stream' + newId();
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const HEADER = ['用户账号', '用户姓名', '性别', '工号'];
/** Long Chinese names, so characters fall across the reader's 64 KB pieces all through the sheet. */
const chineseName = (i: number) =>
  `区域资产第${i}号管理员·幸福街道和平社区东侧办公与仓储用房登记人${'甲乙丙丁戊己'[i % 6]}`;

describe.each(targets)('streamed import on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const importUsers = (buffer: Buffer, importId?: string, token = admin) =>
    t.request({
      method: 'POST',
      url: `/sys/user/importExcel${importId ? `?importId=${importId}` : ''}`,
      token,
      tenant: 1001,
      ...upload(buffer),
    });
  const progressOf = async (importId: string, token = admin) => {
    const res = await t.request({ method: 'GET', url: `/sys/common/importProgress/${importId}`, token });
    return { status: res.statusCode, body: res.json() as { message: string; result: ImportProgress | null } };
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('keeps Chinese text exact across chunk boundaries over many batches', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`zh_${i}`, chineseName(i), i % 2 ? '男' : '女', `工${i}`]);
    const file = await workbook([HEADER, ...rows]);
    const res = await importUsers(file);
    expect([res.statusCode, res.json().message]).toEqual([200, '导入成功！共 3000 条数据']);
    const stored = await t.app.ctx.db.db
      .selectFrom('sysUser')
      .select(['username', 'realname', 'sex', 'workNo'])
      .where('username', 'like', 'zh_%')
      .execute();
    const byName = new Map(stored.map((r) => [r.username, r]));
    expect(byName.size).toBe(3000);
    for (let i = 0; i < 3000; i++) {
      expect(byName.get(`zh_${i}`)).toEqual({
        username: `zh_${i}`,
        realname: chineseName(i),
        sex: i % 2 ? 1 : 2,
        workNo: `工${i}`,
      });
    }
  });

  it.skipIf(target.name !== 'postgres')('leaves the table with statistics that know the imported rows', async () => {
    const db = t.app.ctx.db.db;
    const estimate = async () =>
      Number(
        (await sql<{ n: number }>`select reltuples as n from pg_class where relname = 'sys_user'`.execute(db)).rows[0]!
          .n,
      );
    const users = Number(
      (
        await db
          .selectFrom('sysUser')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // The planner's row estimate trails the table until it is analysed.
    expect(await estimate()).toBeLessThan(users + 1500);
    const rows = Array.from({ length: 1500 }, (_, i) => [`st_${i}`, `统计${i}`, '男', `ST${i}`]);
    expect((await importUsers(await workbook([HEADER, ...rows]))).statusCode).toBe(200);
    expect(await estimate()).toBe(users + 1500);
  });

  it('reports every bad row with its sheet row number, in whichever batch it falls', async () => {
    const rows: unknown[][] = Array.from({ length: 1200 }, (_, i) => [`rep_${i}`, `报告${i}`, '男', '']);
    rows[0] = ['rep_0', '报告0', '未知', '']; // sheet row 2: not in the dictionary
    rows[700] = ['rep_5', '重复', '女', '']; // sheet row 702: same account as row 7, in a later batch
    rows[1199] = ['admin', '已有账号', '', '']; // sheet row 1201: taken by the seeded administrator
    const res = await importUsers(await workbook([HEADER, ...rows]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 201, result: { total: 1200, success: 1197, failed: 3 } });
    const report = await t.request({ method: 'GET', url: res.json().result.errorReportUrl as string, token: admin });
    expect(report.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const lines = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(lines[0]).toEqual(['行号', ...HEADER, '错误信息']);
    const taken = USER_MESSAGES.taken('用户账号');
    expect(lines.slice(1).map((l) => [l[0], l[1], l[5]])).toEqual([
      [2, 'rep_0', '性别的值“未知”不在字典中'],
      [702, 'rep_5', taken],
      [1201, 'admin', taken],
    ]);
  });

  it('reports progress that only grows, readable by the importer alone, ending with the answer', async () => {
    const importId = `p${newId()}`.slice(0, 40);
    const rows = Array.from({ length: 5000 }, (_, i) => [`prog_${i}`, `进度${i}`, '女', '']);
    const file = await workbook([HEADER, ...rows]);
    const seen: ImportProgress[] = [];
    let finished = false;
    const running = importUsers(file, importId).finally(() => (finished = true));
    while (!finished) {
      const { status, body } = await progressOf(importId);
      expect(status).toBe(200);
      if (body.result) seen.push(body.result);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await running;
    expect([res.statusCode, res.json().message]).toEqual([200, '导入成功！共 5000 条数据']);
    const importing = seen.filter((p) => p.phase === 'importing');
    // Several steps were seen between the start and the end, each at least as far as the one before.
    expect(new Set(importing.map((p) => p.processed)).size).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.processed).toBeGreaterThanOrEqual(seen[i - 1]!.processed);
    expect(importing.every((p) => p.total === 5000 && p.processed <= 5000)).toBe(true);
    expect((await progressOf(importId)).body.result).toEqual({
      phase: 'done',
      total: 5000,
      processed: 5000,
      success: 5000,
      failed: 0,
    });
    // Another user sees nothing under the same id; a malformed id is refused before the file is read.
    const staff = await t.login('staff');
    expect((await progressOf(importId, staff)).body.result).toBeNull();
    expect((await progressOf('bad*id!', admin)).body.message).toBe(BAD_IMPORT_ID);
    const bad = await importUsers(file, 'short');
    expect([bad.statusCode, bad.json().message]).toEqual([400, BAD_IMPORT_ID]);
    // The polls stay out of the operation log; the import itself is in it.
    await t.app.operationLog.flush();
    const logged = await t.app.ctx.db.db.selectFrom('sysLog').select('requestUrl').execute();
    expect(logged.filter((l) => l.requestUrl?.includes('/importProgress/'))).toEqual([]);
    expect(logged.some((l) => l.requestUrl?.endsWith('/sys/user/importExcel'))).toBe(true);
  });

  it.runIf(target.name === 'sqlite')(
    'answers other requests while a 100 000-row import runs',
    async () => {
      const rows = Array.from({ length: 100_000 }, (_, i) => [`big_${i}`, `大批${i}`, i % 2 ? '男' : '女', `B${i}`]);
      const file = await workbook([HEADER, ...rows]);
      const importId = `big${newId()}`.slice(0, 40);
      let finished = false;
      const running = importUsers(file, importId).finally(() => (finished = true));
      // Wait until rows are going in, then ask for /health: it must answer before the import does.
      for (;;) {
        const p = (await progressOf(importId)).body.result;
        if (p?.phase === 'importing' && p.processed > 0) break;
        expect(finished).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(finished).toBe(false);
      const during = (await progressOf(importId)).body.result!;
      expect(during.processed).toBeLessThan(100_000);
      const res = await running;
      expect([res.statusCode, res.json().message]).toEqual([200, '导入成功！共 100000 条数据']);
    },
    600_000,
  );
});
