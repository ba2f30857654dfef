/**
 * The asset register at scale (issues 9 and 27): 100,000 assets inserted straight into a fresh SQLite database of
 * its own, then GET /asset/asset/list filtered by a category (with its sub-categories) and a status, sorted
 * by asset code, under 32 connections, against the built server in a process of its own (as `npm run serve`
 * starts it), so autocannon does not share its event loop. Goal: p99 ≤ 50 ms. Prints figures, never fails.
 *
 * The rows come from the demo generator (realistic names, categories, statuses, departments, money in fen),
 * asked for 100,000 instead of 10,000; the ledger rows it also generates are not needed by the list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ASSET_API } from '@district/shared';
import { buildApp } from '@district/server/dist/app.js';
import { loadConfig } from '@district/server/dist/config.js';
import { generateDemoAssets } from '@district/server/dist/db/seeds/asset-demo.seed.js';
import { seedId } from '@district/server/dist/db/seeds/seed-id.js';
import { CompiledQuery } from 'kysely';
import { loadFigure, printFigures, type Figure } from './load-table.js';
import { startServerProcess } from './server-process.js';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const CONNECTIONS = 32;
/** SQLite caps a statement at 32,766 parameters: 31 columns × 500 rows stays under it. */
const BATCH = 500;

export async function benchAssetList(seconds: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-bench-asset-'));
  const config = loadConfig(
    {},
    {
      databaseUrl: `sqlite:${path.join(dir, 'assets.db')}`,
      uploadDir: path.join(dir, 'uploads'),
      webDist: null,
      captchaEnabled: false,
      // The demo organisation and its users, but our own 100,000 assets instead of the demo's 10,000.
      seedDemo: true,
      seedDemoAssets: false,
      loginIpMaxFailures: 1_000_000,
    },
  );
  const app = await buildApp(config);
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    const db = app.ctx.db.db;

    let started = Date.now();
    const { assets } = generateDemoAssets(ASSETS);
    const generatedMs = Date.now() - started;
    started = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < assets.length; i += BATCH) {
        await trx
          .insertInto('bizAsset')
          .values(assets.slice(i, i + BATCH))
          .execute();
      }
    });
    console.log(
      `\nseeded ${assets.length} assets (generated in ${(generatedMs / 1000).toFixed(1)} s, ` +
        `inserted in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );

    // The filtered page's plan, as SQLite chooses it for this table.
    const house = seedId('category:A01A02');
    const subtree = await db.selectFrom('sysCategory').select('id').where('code', 'like', 'A01A02%').execute();
    const page = db
      .selectFrom('bizAsset')
      .selectAll()
      .where('delFlag', '=', 0)
      .where('tenantId', '=', 1001)
      .where(
        'categoryId',
        'in',
        subtree.map((c) => c.id),
      )
      .where('status', '=', 'idle')
      .orderBy('code')
      .limit(20)
      .offset(40)
      .compile();
    const plan = (
      await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
      )
    ).rows;
    console.log(`page plan: ${plan.map((r) => r.detail).join(' | ')}`);

    server = await startServerProcess({
      databaseUrl: config.databaseUrl,
      port: Number(process.env.BENCH_ASSET_PORT ?? 18393),
      uploadDir: path.join(dir, 'uploads'),
    });
    const url = server.url;
    const login = await fetch(`${url}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const headers = { 'x-access-token': token };

    // 房屋 (A01A02) and its three sub-categories, idle: about 12% of the register matches.
    const filtered = `${url}/api${ASSET_API.base}/list?pageNo=3&pageSize=20&categoryId=${house}&status=idle&column=code&order=asc`;
    const plain = `${url}/api${ASSET_API.base}/list?pageNo=1&pageSize=20&column=code&order=asc`;

    // One request first: prints how many rows match and proves the filter is applied.
    const probe = (await (await fetch(filtered, { headers })).json()) as {
      success: boolean;
      message: string;
      result?: { total: number; records: { status: string }[] };
    };
    if (!probe.success) throw new Error(`asset list failed: ${probe.message}`);
    const statuses = new Set(probe.result!.records.map((r) => r.status));
    console.log(
      `filter 房屋 + 闲置 matches ${probe.result!.total} of ${assets.length} assets (statuses on page 3: ${[...statuses].join(', ')})`,
    );

    const runs: Figure[] = [];
    for (const [name, target] of [
      ['GET /asset/asset/list (category tree + status, sort by code)', filtered],
      ['GET /asset/asset/list (no filter, sort by code)', plain],
    ] as const) {
      runs.push(await loadFigure(name, { url: target, headers, connections: CONNECTIONS, duration: seconds }));
    }

    console.log(`\nAsset list, ${assets.length} assets (${CONNECTIONS} connections, ${seconds} s each, sqlite)`);
    printFigures(runs);
    console.log(`  goal: p99 ≤ 50 ms for the filtered list — ${runs[0]!.p99 <= 50 ? 'met' : 'missed'}`);
  } finally {
    await server?.stop();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
