/**
 * Start-up (issue 27, item 7): the built server started as `npm run serve` starts it, on a SQLite database that
 * is migrated and seeded already: the time from spawning the process to the first 200 of `/ready`, and its heap
 * at rest ten seconds later, read from 服务器监控's runtime call (what the process holds, no garbage collection
 * forced). Median of 3 starts. Goals: ready ≤ 3 s on an idle machine, heap at rest ≤ 60 MB. Prints figures, never
 * fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MONITOR_API } from '@district/shared';
import { buildApp } from '@district/server/dist/app.js';
import { loadConfig } from '@district/server/dist/config.js';
import { startServerProcess } from './server-process.js';

const STARTS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function untilReady(url: string) {
  for (;;) {
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function benchStartup(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-bench-start-'));
  const databaseUrl = `sqlite:${path.join(dir, 'start.db')}`;
  // Migrated and seeded once, as a deployment's database is at every later start.
  const seeding = await buildApp(loadConfig({}, { databaseUrl, webDist: null, captchaEnabled: false }));
  await seeding.close();
  const ready: number[] = [];
  const heaps: number[] = [];
  const rss: number[] = [];
  try {
    for (let i = 0; i < STARTS; i++) {
      const started = performance.now();
      const server = await startServerProcess({
        databaseUrl,
        port: Number(process.env.BENCH_START_PORT ?? 18394),
        uploadDir: path.join(dir, 'uploads'),
      });
      try {
        await untilReady(server.url);
        ready.push(performance.now() - started);
        const login = await fetch(`${server.url}/api/sys/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
        });
        const token = ((await login.json()) as { result: { token: string } }).result.token;
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        const runtime = (await (
          await fetch(`${server.url}/api${MONITOR_API.runtime}`, { headers: { 'x-access-token': token } })
        ).json()) as { result: { heapUsed: number; rss: number } };
        heaps.push(runtime.result.heapUsed / 1024 / 1024);
        rss.push(runtime.result.rss / 1024 / 1024);
      } finally {
        await server.stop();
      }
    }
    const load = os.loadavg()[0]!.toFixed(1);
    const readyMs = median(ready);
    const heapMb = median(heaps);
    console.log(`\nStart-up on a migrated SQLite database, median of ${STARTS} (load average ${load})`);
    console.log(
      `  /ready after ${readyMs.toFixed(0)} ms (${ready.map((v) => v.toFixed(0)).join(', ')}): goal ≤ 3,000 ms ` +
        `${readyMs <= 3000 ? 'met' : 'missed'}`,
    );
    console.log(
      `  heap at rest ${heapMb.toFixed(1)} MB (${heaps.map((v) => v.toFixed(1)).join(', ')}), RSS ` +
        `${median(rss).toFixed(0)} MB: goal ≤ 60 MB ${heapMb <= 60 ? 'met' : 'missed'}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
