/**
 * System administration at scale: 100k users seeded straight into the database, then
 * - GET /sys/user/list (page 20, a filter and a sort) beside the bare route of the same run;
 * - export of all users (time, peak RSS of this process);
 * - import of 100k rows from an .xlsx (time).
 */
import ExcelJS from 'exceljs';
import type { AppContext } from '@district/server/dist/context.js';
import { PassThrough } from 'node:stream';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SURNAMES = '张王李赵刘陈杨黄周吴徐孙马朱胡郭何林罗高'.split('');

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Inserts `count` users (BENCH_USERS, default 100 000; one shared password hash), each in the default tenant and a department. */
export async function seedUsers(app: { ctx: AppContext }, count = USERS): Promise<void> {
  const db = app.ctx.db.db;
  const admin = await db
    .selectFrom('sysUser')
    .select('password')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const departs = await db.selectFrom('sysDepart').select(['id', 'orgCode']).execute();
  const chunk = 1000;
  const started = Date.now();
  for (let base = 0; base < count; base += chunk) {
    const users: Record<string, unknown>[] = [];
    const links: { id: string; userId: string; depId: string }[] = [];
    const tenants: { id: string; userId: string; tenantId: number; status: number }[] = [];
    for (let i = base; i < Math.min(count, base + chunk); i++) {
      const id = `bench${pad(i, 27)}`;
      const depart = departs[i % departs.length]!;
      const day = 1 + (i % 28);
      users.push({
        id,
        username: `user${pad(i, 6)}`,
        realname: `${SURNAMES[i % SURNAMES.length]}${['伟', '芳', '娜', '敏', '静', '强'][i % 6]}${i}`,
        password: admin.password,
        sex: (i % 2) + 1,
        phone: `139${pad(i, 8)}`,
        email: `user${i}@example.cn`,
        orgCode: depart.orgCode,
        status: 1,
        delFlag: 0,
        workNo: `W${pad(i, 7)}`,
        createBy: 'bench',
        createTime: `2026-${pad(1 + (i % 11), 2)}-${pad(day, 2)} ${pad(i % 24, 2)}:${pad(i % 60, 2)}:00`,
      });
      links.push({ id: `ud${pad(i, 30)}`, userId: id, depId: depart.id });
      tenants.push({ id: `ut${pad(i, 30)}`, userId: id, tenantId: 1001, status: 1 });
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysUser')
        .values(users as never)
        .execute();
      await trx.insertInto('sysUserDepart').values(links).execute();
      await trx.insertInto('sysUserTenant').values(tenants).execute();
    });
  }
  console.log(`seeded ${count} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** An .xlsx of `rows` new users, written with the streaming writer. */
export async function importWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
  const ws = wb.addWorksheet('用户');
  ws.addRow(['用户账号', '用户姓名', '性别', '手机号码', '邮箱', '工号']).commit();
  for (let i = 0; i < rows; i++) {
    ws.addRow([
      `imp${pad(i, 6)}`,
      `导入用户${i}`,
      i % 2 ? '男' : '女',
      `137${pad(i, 8)}`,
      `imp${i}@example.cn`,
      `I${pad(i, 7)}`,
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return Buffer.concat(parts);
}
