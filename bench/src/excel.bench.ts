/**
 * Excel at scale (issue 16), measured on the server process alone: the benchmark seeds a SQLite file, starts
 * the built server as a child process (`node apps/server/dist/server.js`, or BENCH_SERVER_DIST), and drives it
 * over HTTP from this process, reading the child's resident memory from /proc (VmRSS sampled every 20 ms,
 * VmHWM at the end), started as `npm run serve` starts it (old space capped at SERVER_HEAP_MB, default 256).
 * - export of BENCH_EXPORT_ROWS users (default 1 000 000): time and peak RSS (goal ≤ 30 s, ≤ 300 MB);
 * - import of BENCH_IMPORT_ROWS new users from an .xlsx (default 100 000): time and peak RSS (goal ≤ 10 s,
 *   ≤ 300 MB), with the answer's message; meanwhile /health is asked every 100 ms (its slowest answer shows
 *   whether the event loop stayed free) and the import's progress is polled (how many steps were seen).
 * BENCH_EXPORT_ROWS=1 measures the import alone (no users seeded, a one-row export).
 * Run alone: `npx tsx bench/src/excel.bench.ts` after building the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as AppModuleNs from '@district/server/dist/app.js';
import type * as ConfigModuleNs from '@district/server/dist/config.js';
import { importWorkbook, seedUsers } from './admin.bench.js';
import { startServerProcess } from './server-process.js';

type AppModule = typeof AppModuleNs;
type ConfigModule = typeof ConfigModuleNs;

const root = path.resolve(import.meta.dirname, '../..');

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Peak resident memory of the child while `run` runs. */
async function measure<T>(pid: number, run: () => Promise<T>) {
  let peak = rssMb(pid, 'VmRSS');
  const before = peak;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid, 'VmRSS'));
    } catch {
      /* the child is gone */
    }
  }, 20);
  const started = Date.now();
  try {
    const value = await run();
    return { value, seconds: (Date.now() - started) / 1000, peakMb: peak, beforeMb: before };
  } finally {
    clearInterval(timer);
  }
}

const mark = (ok: boolean) => (ok ? 'met' : 'missed');

export async function benchExcel(): Promise<void> {
  const dist = process.env.BENCH_SERVER_DIST ?? path.join(root, 'apps/server/dist');
  const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
  const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-excel-bench-'));
  // BENCH_EXCEL_DB: a SQLite file kept between runs, seeded by the first (seeding a million users takes minutes).
  const reuse = process.env.BENCH_EXCEL_DB;
  const databaseUrl = `sqlite:${reuse ?? path.join(dir, 'excel.db')}`;
  const port = Number(process.env.BENCH_EXCEL_PORT ?? 18391);

  // Schema, seeds and the users, written by this process before the server starts.
  const { buildApp } = (await import(pathToFileURL(path.join(dist, 'app.js')).href)) as AppModule;
  const { loadConfig } = (await import(pathToFileURL(path.join(dist, 'config.js')).href)) as ConfigModule;
  if (!reuse || !fs.existsSync(reuse)) {
    const seeding = await buildApp(
      loadConfig({}, { databaseUrl, captchaEnabled: false, webDist: null, seedDemoAssets: false }),
    );
    await seedUsers(seeding, exportRows - 1);
    await seeding.close();
  }

  const server = await startServerProcess({ databaseUrl, port, uploadDir: path.join(dir, 'uploads') });
  const { url, heapMb } = server;
  try {
    const login = await fetch(`${url}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const pid = server.pid;
    console.log(
      `\nExcel, server process alone (pid ${pid}, SQLite, old space ≤ ${heapMb} MB as npm run serve, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );

    const exported = await measure(pid, async () => {
      const res = await fetch(`${url}/api/sys/user/exportXls`, { headers: { 'x-access-token': token } });
      if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return { bytes, rows: Number(res.headers.get('x-total-count')) };
    });
    console.log(
      `  export of ${exported.value.rows} users: ${exported.seconds.toFixed(1)} s (goal ≤ 30 s at 1 000 000: ` +
        `${exportRows >= 1_000_000 ? mark(exported.seconds <= 30) : 'not at scale'}), ` +
        `${(exported.value.bytes / 1024 / 1024).toFixed(1)} MB .xlsx, peak RSS ${exported.peakMb.toFixed(0)} MB ` +
        `(${exported.beforeMb.toFixed(0)} MB before; goal ≤ 300 MB: ${mark(exported.peakMb <= 300)})`,
    );

    const workbook = await importWorkbook(importRows);
    const importId = `bench${Date.now()}`;
    // While the import runs: /health every 100 ms (the slowest answer), and the import's own progress.
    const health: number[] = [];
    const steps = new Set<number>();
    let importing = true;
    const probes = (async () => {
      while (importing) {
        const started = Date.now();
        await fetch(`${url}/health`).catch(() => undefined);
        health.push(Date.now() - started);
        const progress = await fetch(`${url}/api/sys/common/importProgress/${importId}`, {
          headers: { 'x-access-token': token },
        })
          .then((r) => r.json() as Promise<{ result?: { phase: string; processed: number } | null }>)
          .catch(() => null);
        if (progress?.result?.phase === 'importing') steps.add(progress.result.processed);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const imported = await measure(pid, async () => {
      const form = new FormData();
      form.append('files[]', new Blob([new Uint8Array(workbook)]), 'users.xlsx');
      const res = await fetch(`${url}/api/sys/user/importExcel?importId=${importId}`, {
        method: 'POST',
        headers: { 'x-access-token': token },
        body: form,
      });
      return (await res.json()) as { message?: string };
    }).finally(() => (importing = false));
    await probes;
    console.log(
      `  import of ${importRows} users (${(workbook.length / 1024 / 1024).toFixed(1)} MB .xlsx): ` +
        `${imported.seconds.toFixed(1)} s (goal ≤ 10 s: ${mark(imported.seconds <= 10)}), peak RSS ` +
        `${imported.peakMb.toFixed(0)} MB (goal ≤ 300 MB: ${mark(imported.peakMb <= 300)}) — ${JSON.stringify(imported.value.message)}`,
    );
    console.log(
      `  during the import: /health answered ${health.length} times, slowest ${Math.max(0, ...health)} ms; ` +
        `${steps.size} progress steps seen`,
    );
    console.log(`  server's lifetime peak RSS (VmHWM): ${rssMb(pid, 'VmHWM').toFixed(0)} MB`);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchExcel().catch((error) => {
    console.error('benchmark failed:', error);
    process.exitCode = 1;
  });
}
