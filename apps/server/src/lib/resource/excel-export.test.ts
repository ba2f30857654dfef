import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/**
 * The export reads by keyset pages of 2 000 rows: 4 500 positions whose sort value repeats across the page
 * boundaries (and is NULL for a third of them, all sharing one create time) must each come out exactly once,
 * in the list's order.
 */
describe.each(targets)('keyset export on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const ROWS = 4500;
  const RANKS = ['1', '2', null];

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    const db = t.app.ctx.db.db;
    for (let base = 0; base < ROWS; base += 500) {
      await db
        .insertInto('sysPosition')
        .values(
          Array.from({ length: 500 }, (_, k) => {
            const i = base + k;
            return {
              id: `kx${String(i).padStart(30, '0')}`,
              code: `KX${String(i).padStart(5, '0')}`,
              name: `职务${i % 7}`,
              postRank: RANKS[i % 3]!,
              tenantId: 1001,
              createBy: 'test',
              createTime: '2026-11-25 10:00:00',
            };
          }),
        )
        .execute();
    }
  });
  afterAll(() => t?.close());

  const exported = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/sys/position/exportXls?${query}`, token: admin, tenant: 1001 });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .slice(1)
      .map((r) => (r as unknown[]).slice(1).map((c) => (c === undefined ? '' : String(c))));
    return { rows, total: Number(res.headers['x-total-count']) };
  };

  /** How many contiguous runs a column has: one per distinct value when the rows are ordered by it. */
  const runs = (values: string[]) => values.filter((v, i) => i === 0 || v !== values[i - 1]).length;

  for (const order of ['asc', 'desc'] as const) {
    it(`writes every row once, ordered by a repeating column with NULLs (${order})`, async () => {
      const { rows, total } = await exported(`field=code,postRank&code=KX*&column=postRank&order=${order}`);
      expect(rows).toHaveLength(ROWS);
      expect(total).toBe(ROWS);
      const codes = rows.map((r) => r[0]);
      expect(new Set(codes).size).toBe(ROWS);
      const ranks = rows.map((r) => r[1] ?? '');
      // Three blocks (two labels and the blanks), blanks first ascending and last descending.
      expect(runs(ranks)).toBe(3);
      expect(order === 'asc' ? ranks[0] : ranks[ROWS - 1]).toBe('');
      // Inside a block, rows follow the id (the key's second part) the same way.
      const block = codes.filter((_, i) => ranks[i] === ranks[0]);
      expect(block).toEqual([...block].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    });
  }

  it('keysets on the default order (one create time for all: the id decides) and keeps the filter', async () => {
    const all = await exported('field=code&code=KX*');
    expect(all.rows).toHaveLength(ROWS);
    expect(new Set(all.rows.map((r) => r[0])).size).toBe(ROWS);
    const { rows, total } = await exported('field=code,name&name=职务3');
    const expected = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 7 === 3).length;
    expect(total).toBe(expected);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => r[0])).size).toBe(expected);
    expect(rows.every((r) => r[1] === '职务3')).toBe(true);
  });
});
