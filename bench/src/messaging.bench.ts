/**
 * Messaging (issue 12), on the built server started as its own process (so its memory is its own):
 * - 5,000 idle notice sockets on one instance: the server's resident memory per socket;
 * - a release to everyone of a tenant of 10,000 users: the time of doReleaseData (10,000 send rows written, the
 *   push sent; goal ≤ 5 s) and the time until all 5,000 connected sockets got it (goal ≤ 1 s after the answer).
 * Run alone: `npx tsx src/messaging.bench.ts` from bench/ after `npm run build`.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3') as new (file: string) => {
  pragma(text: string): unknown;
  prepare(sql: string): { run(...args: unknown[]): unknown };
  transaction<T extends unknown[]>(fn: (...args: T) => void): (...args: T) => void;
  close(): void;
};
interface Client {
  on(event: 'open' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(): void;
  terminate(): void;
}
const WebSocket = require('ws') as new (url: string, protocols: string[]) => Client;

const USERS = Number(process.env.BENCH_NOTICE_USERS ?? 10_000);
const SOCKETS = Number(process.env.BENCH_NOTICE_SOCKETS ?? 5_000);
const SOCKET_PROTOCOL = 'da.v1';
const TENANT = 1001;

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pad = (n: number, w: number) => String(n).padStart(w, '0');

export async function benchMessaging(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-bench-notice-'));
  const dbFile = path.join(dir, 'bench.db');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dbFile}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO_ASSETS: 'false',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const clients: Client[] = [];
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/sys/platform/info`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (i > 300) throw new Error('the server did not start');
      await sleep(200);
    }

    // Users, their tenant and sessions go straight into the database (logging 5,000 users in would time the
    // password hash instead).
    const db = new Database(dbFile);
    db.pragma('busy_timeout = 10000');
    const now = '2026-11-25 12:00:00';
    const insertUser = db.prepare(
      `insert into sys_user (id, username, realname, password, status, del_flag, create_time) values (?, ?, ?, 'x', 1, 0, ?)`,
    );
    const insertTenant = db.prepare(`insert into sys_user_tenant (id, user_id, tenant_id, status) values (?, ?, ?, 1)`);
    const insertToken = db.prepare(
      `insert into sys_token (token_hash, user_id, expires_at, created_at, renewed_at) values (?, ?, ?, ?, ?)`,
    );
    const sessions: { userId: string; token: string }[] = [];
    const t0 = Date.now();
    db.transaction(() => {
      for (let i = 0; i < USERS; i++) {
        const id = `notice${pad(i, 26)}`;
        insertUser.run(id, `notice${pad(i, 6)}`, `通知用户${i}`, now);
        insertTenant.run(`nt${pad(i, 30)}`, id, TENANT);
        if (i < SOCKETS) {
          const token = randomBytes(32).toString('base64url');
          insertToken.run(createHash('sha256').update(token).digest('hex'), id, Date.now() + 3_600_000, t0, t0);
          sessions.push({ userId: id, token });
        }
      }
    })();
    db.close();

    const login = await fetch(`${base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
    const admin = ((await login.json()) as { result: { token: string } }).result.token;
    const headers = { 'content-type': 'application/json', 'x-access-token': admin, 'tenant-id': String(TENANT) };

    await sleep(1000);
    const rssBefore = rssKb(server.pid!);
    const received = new Set<number>();
    let lastAt = 0;
    const opened: Promise<void>[] = [];
    for (const [i, s] of sessions.entries()) {
      const client = new WebSocket(`ws://127.0.0.1:${port}/api/websocket/${s.userId}`, [SOCKET_PROTOCOL, s.token]);
      clients.push(client);
      opened.push(
        new Promise((resolve, reject) => {
          client.on('open', () => resolve());
          client.on('error', reject);
        }),
      );
      client.on('message', () => {
        received.add(i);
        lastAt = performance.now();
      });
      // Opening thousands at once would only measure the accept backlog.
      if (i % 200 === 199) await Promise.all(opened.slice(-200));
    }
    await Promise.all(opened);
    await sleep(2000);
    const rssAfter = rssKb(server.pid!);

    const added = await fetch(`${base}/sys/annountCement/add`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ titile: '基准测试通知', priority: 'L', msgCategory: '1', msgType: 'ALL' }),
    });
    const id = ((await added.json()) as { result: { id: string } }).result.id;
    const started = performance.now();
    const released = await fetch(`${base}/sys/annountCement/doReleaseData?id=${id}`, { headers });
    const answeredAt = performance.now();
    const reached = ((await released.json()) as { result: { reached: number } }).result.reached;
    const until = Date.now() + 10_000;
    while (received.size < SOCKETS && Date.now() < until) await sleep(5);

    const perSocket = ((rssAfter - rssBefore) * 1024) / SOCKETS;
    console.log('\nMessaging (issue 12), built server in its own process, SQLite');
    console.log(
      `  ${SOCKETS} idle notice sockets: server RSS ${Math.round(rssBefore / 1024)} → ${Math.round(rssAfter / 1024)} MB, ` +
        `${(perSocket / 1024).toFixed(1)} KB per socket`,
    );
    console.log(
      `  release to everyone of the tenant: ${reached} send rows written and pushed in ${Math.round(answeredAt - started)} ms (goal ≤ 5 000 ms)`,
    );
    console.log(
      `  ${received.size}/${SOCKETS} sockets got it ${Math.round(lastAt - started)} ms after the release was asked ` +
        `(${Math.round(lastAt - answeredAt)} ms after its answer; goal ≤ 1 000 ms)`,
    );
  } finally {
    for (const c of clients) c.terminate();
    server.kill();
    await sleep(300);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMessaging();
}
