/**
 * The user list at 100 000 users on every dialect this machine has (issue 16, item 3): SQLite always, PostgreSQL
 * and MariaDB when BENCH_PG_URL / BENCH_MYSQL_URL (or TEST_PG_URL / TEST_MYSQL_URL) name a server (a database of
 * its own is created and dropped). For each:
 * - the endpoint under load (the server a process of its own, as `npm run serve` starts it, 32 connections);
 * - the same request's SQL alone, timed from this process on the same database in the same run (page of 20 rows
 *   with the phone prefix, newest first, tenant link; the 20 users' department names), and the framework's share;
 * - the page query's plan as the database explains it (the tenant link and the sort index);
 * and, on SQLite, what request logging costs (LOG_LEVEL=info, the default, writing to a file, beside warn) and
 * what a response schema would save over JSON.stringify for the page's answer.
 * Run alone: `npx tsx src/user-list.bench.ts` from bench/ after `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import fastJson from 'fast-json-stringify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '@district/server/dist/app.js';
import { loadConfig } from '@district/server/dist/config.js';
import { mysqlPromiseDriver, pgDriver } from '@district/server/dist/db/database.js';
import type { Database } from '@district/server/dist/db/schema.js';
import { seedUsers } from './admin.bench.js';
import { startServerProcess } from './server-process.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const LIST_QUERY = `pageNo=3&pageSize=20&phone=${encodeURIComponent('1390001*')}&column=createTime&order=desc`;

interface Dialect {
  name: 'sqlite' | 'postgres' | 'mysql';
  databaseUrl: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dialects(dir: string): Promise<Dialect[]> {
  const name = `bench_user_list_${Date.now()}`;
  const out: Dialect[] = [
    { name: 'sqlite', databaseUrl: `sqlite:${path.join(dir, 'list.db')}`, drop: async () => undefined },
  ];
  const pgUrl = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;
  if (pgUrl) {
    const admin = new (pgDriver().Client)({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    out.push({
      name: 'postgres',
      databaseUrl: withDatabase(pgUrl, name),
      drop: async () => {
        const c = new (pgDriver().Client)({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    });
  }
  const mysqlUrl = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
  if (mysqlUrl) {
    const c = await mysqlPromiseDriver().createConnection({ uri: mysqlUrl });
    await c.query(`create database ${name} character set utf8mb4 collate utf8mb4_bin`);
    await c.end();
    out.push({
      name: 'mysql',
      databaseUrl: withDatabase(mysqlUrl, name),
      drop: async () => {
        const d = await mysqlPromiseDriver().createConnection({ uri: mysqlUrl });
        await d.query(`drop database if exists ${name}`);
        await d.end();
      },
    });
  }
  return out;
}

/** The page query the endpoint runs for LIST_QUERY (as the resource pattern builds it for tenant 1001). */
function pageQuery(db: Kysely<Database>) {
  return db
    .selectFrom('sysUser')
    .selectAll()
    .where('delFlag', '=', 0)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sysUserTenant as ut')
          .select('ut.id')
          .whereRef('ut.userId', '=', 'sysUser.id')
          .where('ut.tenantId', '=', 1001),
      ),
    )
    .where('phone', 'like', '1390001%')
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .offset(40);
}

/** Median and p99 of the request's own SQL (the page and its department names), 300 times. */
export async function timeListSql(db: Kysely<Database>) {
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const rows = await pageQuery(db).execute();
    await db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['ud.userId', 'd.departName'])
      .where(
        'ud.userId',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const t0 = performance.now();
  await db
    .selectFrom('sysUser')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('delFlag', '=', 0)
    .where('phone', 'like', '1390001%')
    .execute();
  return {
    median: times[Math.floor(times.length / 2)]!,
    p99: times[Math.floor(times.length * 0.99)]!,
    count: performance.now() - t0,
  };
}

/** The page query's plan, one line per step, as the dialect explains it. */
async function explain(db: Kysely<Database>, dialect: Dialect['name']): Promise<string[]> {
  const compiled = pageQuery(db).compile();
  const prefix =
    dialect === 'sqlite' ? 'explain query plan ' : dialect === 'postgres' ? 'explain analyze ' : 'explain ';
  const query = { ...compiled, sql: prefix + compiled.sql };
  const { rows } = await db.executeQuery<Record<string, unknown>>(query);
  if (dialect === 'sqlite') return rows.map((r) => String(r.detail));
  if (dialect === 'postgres') return rows.map((r) => String(r['QUERY PLAN'] ?? Object.values(r)[0]));
  return rows.map(
    (r) => `${String(r.table)}: ${String(r.type)} key=${String(r.key)} rows=${String(r.rows)} ${String(r.Extra ?? '')}`,
  );
}

/** CPU time (user + system, all threads) the process has used, in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks of 1/100 s
}

/** Load on the server process `pid`: its rate and latencies, and the server's own CPU per request. */
async function load(url: string, token: string, pid: number) {
  const before = cpuMs(pid);
  const r = await autocannon({ url, connections: 32, duration: DURATION, headers: { 'x-access-token': token } });
  const cpu = (cpuMs(pid) - before) / r.requests.total;
  // autocannon drops its connections with requests still queued on the server: let them finish before a stop
  // closes the database under them.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, cpu };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
  });
  return ((await res.json()) as { result: { token: string } }).result.token;
}

/** JSON.stringify against a serialiser compiled from a schema of the page's own answer, per call. */
function serialisation(body: unknown) {
  const record = (body as { result: { records: Record<string, unknown>[] } }).result.records[0] ?? {};
  const properties = Object.fromEntries(
    Object.entries(record).map(([k, v]) => [
      k,
      { type: typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : ['string', 'null'] },
    ]),
  );
  const stringify = fastJson({
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      code: { type: 'number' },
      timestamp: { type: 'number' },
      result: {
        type: 'object',
        properties: {
          records: { type: 'array', items: { type: 'object', properties } },
          total: { type: 'number' },
          size: { type: 'number' },
          current: { type: 'number' },
          pages: { type: 'number' },
        },
      },
    },
  });
  const time = (fn: () => string) => {
    for (let i = 0; i < 2000; i++) fn();
    const t0 = performance.now();
    for (let i = 0; i < 20_000; i++) fn();
    return ((performance.now() - t0) / 20_000) * 1000;
  };
  return { plain: time(() => JSON.stringify(body)), schema: time(() => stringify(body as object)) };
}

export async function benchUserList(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-user-list-'));
  console.log(
    `\nGET /sys/user/list at 100 000 users, per dialect (${DURATION} s, 32 connections, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  try {
    for (const dialect of await dialects(dir)) {
      try {
        const seeding = await buildApp(
          loadConfig(
            {},
            { databaseUrl: dialect.databaseUrl, captchaEnabled: false, webDist: null, seedDemoAssets: false },
          ),
        );
        await seedUsers(seeding);
        // Fresh statistics, as autovacuum (PostgreSQL) or the next ANALYZE would give a table of this size.
        const tables = ['sys_user', 'sys_user_tenant', 'sys_user_depart'];
        if (dialect.name === 'postgres') await sql.raw(`analyze ${tables.join(', ')}`).execute(seeding.ctx.db.db);
        if (dialect.name === 'mysql') await sql.raw(`analyze table ${tables.join(', ')}`).execute(seeding.ctx.db.db);
        const server = await startServerProcess({
          databaseUrl: dialect.databaseUrl,
          port: 18395,
          uploadDir: path.join(dir, 'uploads'),
        });
        const token = await signIn(server.url);
        const url = `${server.url}/api/sys/user/list?${LIST_QUERY}`;
        const endpoint = await load(url, token, server.pid);
        await server.stop();
        const own = await timeListSql(seeding.ctx.db.db);
        const perRequest = 1000 / endpoint.rps;
        // On SQLite the statements run on the server's own thread: what is not SQL is the framework. PostgreSQL
        // and MariaDB execute in their own processes, overlapping the server's work: there the server's own CPU
        // per request is everything but the database's work.
        const share =
          dialect.name === 'sqlite'
            ? `framework ${(100 * (1 - own.median / perRequest)).toFixed(0)}% (goal ≤ 30%)`
            : 'the database works in a process of its own (see the server CPU)';
        console.log(
          `  ${dialect.name}: ${endpoint.rps.toFixed(0)} req/s, p50 ${endpoint.p50} ms, p99 ${endpoint.p99} ms ` +
            `(goal ≤ 30 ms: ${endpoint.p99 <= 30 ? 'met' : 'missed'}); server CPU ${endpoint.cpu.toFixed(2)} ms a request; ` +
            `its SQL alone ${own.median.toFixed(2)} ms (p99 ${own.p99.toFixed(2)}) of ${perRequest.toFixed(2)} ms a ` +
            `request: ${share}; count ${own.count.toFixed(1)} ms (once per filter every 3 s)`,
        );
        for (const line of await explain(seeding.ctx.db.db, dialect.name)) console.log(`    plan: ${line}`);

        if (dialect.name === 'sqlite') {
          // Request logging as production runs it (info: two lines per request), written to a file.
          const logFile = path.join(dir, 'server.log');
          const logged = await startServerProcess({
            databaseUrl: dialect.databaseUrl,
            port: 18396,
            uploadDir: path.join(dir, 'uploads'),
            env: { LOG_LEVEL: 'info' },
            stdout: fs.openSync(logFile, 'w'),
          });
          const loggedToken = await signIn(logged.url);
          const loggedUrl = url.replace(server.url, logged.url);
          const withLogs = await load(loggedUrl, loggedToken, logged.pid);
          const body: unknown = await (await fetch(loggedUrl, { headers: { 'x-access-token': loggedToken } })).json();
          await logged.stop();
          console.log(
            `    logging: LOG_LEVEL=info (the default) ${withLogs.rps.toFixed(0)} req/s, p99 ${withLogs.p99} ms, ` +
              `against ${endpoint.rps.toFixed(0)} req/s with warn: ${((1000 / withLogs.rps - perRequest) * 1000).toFixed(0)} µs a request ` +
              `(${(fs.statSync(logFile).size / 1024 / 1024).toFixed(1)} MB of log)`,
          );
          const json = serialisation(body);
          console.log(
            `    serialising the page's answer: JSON.stringify ${json.plain.toFixed(1)} µs, a response schema ` +
              `(fast-json-stringify) ${json.schema.toFixed(1)} µs`,
          );
        }
        await seeding.close();
      } finally {
        await dialect.drop();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchUserList().catch((error) => {
    console.error('benchmark failed:', error);
    process.exitCode = 1;
  });
}
