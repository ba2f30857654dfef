/**
 * `npm run bench`: prints figures, never fails the build.
 * - requests/s of POST /sys/login and GET /sys/permission/getUserPermissionByToken beside a bare
 *   Fastify JSON route measured in the same run (autocannon, 32 connections);
 * - the login page beside Ant Design Pro v6.0.3 (issue 27): the password field visible and editable, quiet and
 *   busy, typing before hydration kept, the JavaScript each loads (login-page.bench.ts);
 * - with 100k users: GET /sys/user/list (page 3 of 20, a filter, a sort) beside the bare route and beside its own
 *   SQL timed in the same run (goal p99 ≤ 30 ms, framework ≤ 30% of the request), and per dialect with the query
 *   plans, the cost of request logging and of serialisation (user-list.bench.ts);
 * - the editable table with 100,000 rows × 20 columns in Chromium (first paint, scroll frame times, selecting
 *   1,000 rows, the gzip size it adds).
 * - assets (issue 9): the asset list at 100k assets, the map view with 10k points and the guest's public display.
 * - the dashboard (issue 10): GET /dashboard/analysis at 100k assets warm, and 首页's cards and charts in Chromium.
 * - print design (issue 11): a PDF of 1,000 asset cards generated in the page's worker (time, longest frame, memory).
 * - Excel (issue 16): a 1M-row export and a 100k-row import against the built server in a process of its own,
 *   its peak RSS read from /proc (excel.bench.ts), each figure beside its goal.
 * - depreciation (issue 26): a month booked for 100k assets (goal < 1 min) and the event loop meanwhile.
 * - start-up (issue 27): /ready after the spawn on a migrated database, and the heap at rest (startup.bench.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { buildApp } from '@district/server/dist/app.js';
import { loadConfig } from '@district/server/dist/config.js';
import { seedUsers } from './admin.bench.js';
import { loadFigure, printFigures, type Figure } from './load-table.js';
import { startBareProcess, startServerProcess } from './server-process.js';
import { benchUserList, timeListSql } from './user-list.bench.js';
import { benchEditableTable } from './editable-table.bench.js';
import { benchAssetList } from './asset-list.bench.js';
import { benchAssetBrowser } from './asset-map.bench.js';
import { benchDashboard } from './dashboard.bench.js';
import { benchPrint } from './print.bench.js';
import { benchExcel } from './excel.bench.js';
import { benchMessaging } from './messaging.bench.js';
import { benchLoginPage } from './login-page.bench.js';
import { benchDepreciation } from './depreciation.bench.js';
import { benchStartup } from './startup.bench.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
/**
 * BENCH_ONLY=api,login,list,table,assets,dashboard,print,excel,messaging,depreciation,startup runs those parts alone
 * (default: all).
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const part = (name: string) => !ONLY || ONLY.includes(name);
const CONNECTIONS = 32;

const load = (name: string, opts: autocannon.Options) =>
  loadFigure(name, { connections: CONNECTIONS, duration: DURATION, ...opts });

/** Goals of issue 16, printed beside the figures they apply to. */
const GOALS: Record<string, (f: Figure, bare: number) => string> = {
  'GET /sys/user/list (100k users, filter + sort)': (f) => `goal p99 ≤ 30 ms: ${f.p99 <= 30 ? 'met' : 'missed'}`,
  'GET /sys/permission/getUserPermissionByToken': (f, bare) =>
    `goal ≥ 15% of bare and p99 ≤ 20 ms: ${f.rps / bare >= 0.15 && f.p99 <= 20 ? 'met' : 'missed'}`,
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-bench-'));
  const root = path.resolve(import.meta.dirname, '../..');
  const config = loadConfig(
    {},
    {
      databaseUrl: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.db')}`,
      captchaEnabled: false,
      webDist: path.join(root, 'apps/web/dist'),
      loginIpMaxFailures: 1_000_000,
    },
  );
  const app = await buildApp(config);
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  if (part('api')) {
    await seedUsers(app);
    // The server under load runs as a process of its own (as npm run serve starts it) on the seeded file, and
    // so does the bare route: autocannon's own work stays out of both event loops.
    const server = await startServerProcess({
      databaseUrl: config.databaseUrl,
      port: Number(process.env.BENCH_API_PORT ?? 18392),
      uploadDir: path.join(dir, 'uploads'),
    });
    const serverLogin = await fetch(`${server.url}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
    const serverToken = ((await serverLogin.json()) as { result: { token: string } }).result.token;
    const permissionUrl = `${server.url}/api/sys/permission/getUserPermissionByToken`;
    // The admin's menu answer is ~46 KB: the bare route also answers those very bytes (/same), so the figure
    // shows what the guard, the cache and the hooks cost beside the bytes themselves.
    const menuFile = path.join(dir, 'menu.json');
    fs.writeFileSync(
      menuFile,
      await (await fetch(permissionUrl, { headers: { 'x-access-token': serverToken } })).text(),
    );
    const bareProcess = await startBareProcess(Number(process.env.BENCH_BARE_PORT ?? 18393), menuFile);
    const listUrl = `${server.url}/api/sys/user/list?pageNo=3&pageSize=20&phone=${encodeURIComponent('1390001*')}&column=createTime&order=desc`;
    const figures = [
      await load('bare Fastify JSON route', { url: `${bareProcess.url}/ping` }),
      await load('GET /sys/user/list (100k users, filter + sort)', {
        url: listUrl,
        headers: { 'x-access-token': serverToken },
      }),
      await load('GET /sys/permission/getUserPermissionByToken', {
        url: permissionUrl,
        headers: { 'x-access-token': serverToken },
      }),
      await load(`bare route, the same ${(fs.statSync(menuFile).size / 1024).toFixed(0)} KB answer`, {
        url: `${bareProcess.url}/same`,
      }),
      await load('the same menu answer, asked as a browser (br)', {
        url: permissionUrl,
        headers: { 'x-access-token': serverToken, 'accept-encoding': 'gzip, deflate, br, zstd' },
      }),
      await load('POST /sys/login (argon2id verify)', {
        url: `${server.url}/api/sys/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
      }),
    ];
    await server.stop();
    await bareProcess.stop();
    const base = figures[0]!.rps;
    console.log(
      `\nAPI load (${CONNECTIONS} connections, ${DURATION} s each, ${config.databaseUrl.split(':')[0]}, server and bare route each a process of their own)`,
    );
    printFigures(figures, { base, note: (f) => GOALS[f.name]?.(f, base) ?? '' });

    // The user list's own SQL, timed on the same database in the same run: what is left is the framework's share.
    const sqlMs = await timeListSql(app.ctx.db.db);
    const list = figures[1]!;
    console.log(
      `\nGET /sys/user/list: bare SQL (page + department names) ${sqlMs.median.toFixed(2)} ms per request ` +
        `(p99 ${sqlMs.p99.toFixed(2)} ms), count ${sqlMs.count.toFixed(1)} ms (cached 3 s); the endpoint gave ` +
        `${list.rps.toFixed(0)} req/s = ${(1000 / list.rps).toFixed(2)} ms of server per request ` +
        `(framework share ${(100 * (1 - sqlMs.median / (1000 / list.rps))).toFixed(0)}%, goal ≤ 30%)`,
    );
  }

  // The login page in the browser beside Ant Design Pro's, in the same run (ratios hold on a busy machine).
  if (part('login')) {
    const server = await startServerProcess({
      databaseUrl: config.databaseUrl,
      port: Number(process.env.BENCH_LOGIN_PORT ?? 18396),
      uploadDir: path.join(dir, 'uploads'),
    });
    await benchLoginPage(server.url);
    await server.stop();
  }

  if (part('list')) await benchUserList();
  if (part('table')) await benchEditableTable(appUrl);
  if (part('assets')) {
    await benchAssetList(DURATION);
    await benchAssetBrowser();
  }
  if (part('dashboard')) await benchDashboard(DURATION);
  if (part('print')) await benchPrint();
  if (part('excel')) await benchExcel();
  if (part('messaging')) await benchMessaging();
  if (part('depreciation')) await benchDepreciation();
  if (part('startup')) await benchStartup();

  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
});
