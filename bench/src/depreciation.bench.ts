/**
 * Depreciation (折旧, issue 26 part 2): a month booked for 100,000 assets (goal: under a minute), in batches that
 * do not stall the server. Prints figures, never fails.
 * - A fresh SQLite database with BENCH_ASSETS demo assets (default 100,000; their categories carry the seeded lives,
 *   land is not depreciated), then last month booked as the button and the monthly job book it (1,000 assets per
 *   transaction): the time, the rows written, and the event loop's longest delay meanwhile (how long any other
 *   request could have waited), plus the latency of GET /health requests sent every 100 ms during the booking.
 * - The same month booked again: nothing new (idempotent), and how long it takes to find that out.
 *
 * Run alone: `npx tsx bench/src/depreciation.bench.ts` (after `npm run build`); `npm run bench` runs it with the rest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { addMonths, currentPeriod } from '@district/shared';
import { buildApp } from '@district/server/dist/app.js';
import { loadConfig } from '@district/server/dist/config.js';
import { generateDemoAssets } from '@district/server/dist/db/seeds/asset-demo.seed.js';
import { bookMonth } from '@district/server/dist/modules/depreciation/depreciation.service.js';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const BATCH = 500;
const GOAL_MS = 60_000;

export async function benchDepreciation(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-bench-depreciation-'));
  const config = loadConfig(
    {},
    {
      databaseUrl: `sqlite:${path.join(dir, 'depreciation.db')}`,
      uploadDir: path.join(dir, 'uploads'),
      webDist: null,
      captchaEnabled: false,
      seedDemo: true,
      seedDemoAssets: false,
      logLevel: 'warn',
    },
  );
  const app = await buildApp(config);
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const db = app.ctx.db.db;
    let started = Date.now();
    const { assets } = generateDemoAssets(ASSETS);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < assets.length; i += BATCH) {
        await trx
          .insertInto('bizAsset')
          .values(assets.slice(i, i + BATCH))
          .execute();
      }
    });
    console.log(`\nDepreciation: seeded ${assets.length} assets in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const period = addMonths(currentPeriod(), -1);
    const tenantId = assets[0]!.tenantId;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const pings: number[] = [];
    let booking = true;
    const pinger = (async () => {
      while (booking) {
        const t0 = performance.now();
        await fetch(`${url}/health`).catch(() => undefined);
        pings.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    delay.enable();
    started = performance.now();
    const first = await bookMonth(db, app.ctx.db.dialect, tenantId, period);
    const ms = performance.now() - started;
    delay.disable();
    booking = false;
    await pinger;
    pings.sort((a, b) => a - b);
    const rows = await db
      .selectFrom('bizAssetDepreciation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    console.log(
      `  book ${period}: ${first.count} assets booked (${Number(rows.n)} rows, ${first.amount.toFixed(2)} 元) in ` +
        `${(ms / 1000).toFixed(1)} s — goal < ${GOAL_MS / 1000} s, ${ms < GOAL_MS ? 'met' : 'missed'}`,
    );
    console.log(
      `  meanwhile: event loop delay max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms; ` +
        `GET /health ×${pings.length} p50 ${(pings[Math.floor(pings.length / 2)] ?? 0).toFixed(0)} ms, ` +
        `max ${(pings[pings.length - 1] ?? 0).toFixed(0)} ms`,
    );
    started = performance.now();
    const again = await bookMonth(db, app.ctx.db.dialect, tenantId, period);
    console.log(
      `  book ${period} again: ${again.count} booked (idempotent) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchDepreciation().catch((error) => {
    console.error('benchmark failed:', error);
    process.exitCode = 1;
  });
}
