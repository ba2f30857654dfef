/// <reference lib="dom" />
/**
 * Editable table in headless Chromium with 100,000 rows × 20 columns (the gallery demo with ?rows=):
 * time to first rows on screen, frame times while scrolling (median, p95), time to select 1,000 rows,
 * and the gzip size of the JavaScript the widget's demo adds to the gallery. Prints, never fails.
 *
 * Wire into run.ts: `await benchEditableTable(appUrl, { username: 'admin', password: 'Admin@2026' })`.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium.js';

const ROWS = 100_000;
const SCROLL_FRAMES = 240;

interface LoginAnswer {
  result: { token: string; userInfo: unknown };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Signs in through the API and stores the session the way the web app does ({ value, expire }). */
async function signIn(page: BrowserContext, appUrl: string, account: { username: string; password: string }) {
  const res = await fetch(`${appUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const { result } = (await res.json()) as LoginAnswer;
  await page.addInitScript(
    ({ token, userInfo, username }) => {
      const expire = Date.now() + 3_600_000;
      localStorage.setItem('Access-Token', JSON.stringify({ value: token, expire }));
      localStorage.setItem('Login_Userinfo', JSON.stringify({ value: userInfo, expire }));
      localStorage.setItem('Login_Username', JSON.stringify({ value: username, expire }));
    },
    { token: result.token, userInfo: result.userInfo, username: account.username },
  );
}

export async function benchEditableTable(
  appUrl: string,
  account: { username: string; password: string } = { username: 'admin', password: 'Admin@2026' },
): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await signIn(context, appUrl, account);
    const page = await context.newPage();

    // Scripts by URL with their gzip size, to tell what the table tab adds.
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.set(res.url(), gzipSync(body).length);
    });

    // First the gallery on another tab in a page of its own, so the table's chunks can be told apart.
    const other = await context.newPage();
    other.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), 0);
    });
    await other.goto(`${appUrl}/dev-tools/gallery#cron`, { waitUntil: 'networkidle' });
    const before = new Set(scripts.keys());
    await other.close();

    // Then the table tab with the big data set, asked for through the demo's session key.
    await page.addInitScript((rows) => sessionStorage.setItem('editable-table-demo-rows', String(rows)), ROWS);
    await page.goto(`${appUrl}/dev-tools/gallery`, { waitUntil: 'networkidle' });
    const started = Date.now();
    await page.getByRole('tab', { name: '可编辑表格', exact: true }).click();
    await page
      .locator(`#gallery-editable-table .et-row[data-row-id="demo-${'1'.padStart(String(ROWS).length, '0')}"]`)
      .waitFor({ state: 'visible', timeout: 120_000 });
    // One more frame, so the rows are painted and not just in the DOM.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const firstPaintMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const added = [...scripts].filter(([url]) => !before.has(url));
    const addedGzip = added.reduce((sum, [, size]) => sum + size, 0);

    const columns = await page.locator('#gallery-editable-table [role="columnheader"]').count();
    const rowCount = await page.getByRole('grid').getAttribute('aria-rowcount');

    // Scroll a steady distance every frame and record each frame's duration.
    const frames = await page.evaluate(async (count) => {
      const grid = document.querySelector('#gallery-editable-table [role="grid"]') as HTMLElement;
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < count; i += 1) {
        grid.scrollTop += 240;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    }, SCROLL_FRAMES);
    const sorted = [...frames].sort((a, b) => a - b);

    // Select 1,000 rows through the table API, up to the next painted frame.
    const selectMs = await page.evaluate(async () => {
      const api = (
        window as unknown as { __editableTable?: { setSelection(ids: string[]): void; getData(): { id: unknown }[] } }
      ).__editableTable;
      if (!api) return Number.NaN;
      const ids = api
        .getData()
        .slice(0, 1000)
        .map((row) => String(row.id));
      const started = performance.now();
      api.setSelection(ids);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - started;
    });

    console.log(
      `\nEditable table (${Number(rowCount) - 1} rows, ${columns} columns rendered of 20, headless Chromium)`,
    );
    console.log(
      `  tab opened to first rows painted           ${firstPaintMs.toFixed(0)} ms (chunk load and 100,000 rows built)`,
    );
    console.log(
      `  scrolling ${SCROLL_FRAMES} frames: median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
    );
    console.log(`  select 1,000 rows (to next paint)           ${selectMs.toFixed(1)} ms`);
    console.log(
      `  JavaScript the table tab adds              ${(addedGzip / 1024).toFixed(1)} KB gzip in ${added.length} files`,
    );
    for (const [url, size] of added.sort((a, b) => b[1] - a[1]).slice(0, 8)) {
      console.log(`    ${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
    }
  } finally {
    await browser.close();
  }
}
