/// <reference lib="dom" />
/**
 * The login page at first paint (issue 16, item 2). Prints figures, never fails.
 * In headless Chromium, a fresh context per visit, median of 5:
 * - the time from navigation start to the first frame with the password field laid out, for the build's
 *   prerendered login.html and, in the same run, for the same build without it (the client-rendered page);
 * - when the prerendered form is hydrated (React owns the server's input);
 * - with JavaScript turned off, whether the field shows at all;
 * - the JavaScript the page loads (each script body gzipped by Node; goal ≤ 200 KB).
 *
 * Run alone: `npx tsx bench/src/login-page.bench.ts` (after `npm run build`); `npm run bench` runs it with the rest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { buildApp } from '@district/server/dist/app.js';
import { loadConfig } from '@district/server/dist/config.js';
import { chromiumLaunchOptions } from '../../e2e/chromium.js';

const RUNS = 5;
const JS_GOAL_KB = 200;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Visit {
  visible: number;
  hydrated: number | null;
  scripts: Map<string, number>;
}

/** One cold visit: the first animation frame in which the password input is laid out, measured in the page. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') {
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.set(res.url(), gzipSync(body).length);
    }
  });
  // A string, not a function: tsx's name-keeping helpers do not exist inside the page.
  await page.addInitScript(`(() => {
    const check = () => {
      const input = document.querySelector('input[aria-label="密码"]');
      if (input && window.__visible === undefined && input.getBoundingClientRect().height > 0) {
        window.__visible = performance.now();
      }
      if (input && Object.keys(input).some((key) => key.startsWith('__reactFiber'))) {
        window.__hydrated = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
  await page.goto(url, { waitUntil: 'networkidle' });
  const times = await page.evaluate(() => {
    const probe = window as unknown as { __visible?: number; __hydrated?: number };
    return { __visible: probe.__visible, __hydrated: probe.__hydrated };
  });
  const prerendered = await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-prerendered'));
  await context.close();
  return { visible: times.__visible ?? NaN, hydrated: prerendered ? (times.__hydrated ?? NaN) : null, scripts };
}

/** With JavaScript turned off: is the field there, and how long until Playwright sees it. */
async function visitWithoutScripts(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  const shown = await page
    .getByLabel('密码', { exact: true })
    .waitFor({ state: 'visible', timeout: 5000 })
    .then(() => performance.now() - start)
    .catch(() => null);
  await context.close();
  return shown;
}

/** Measures `prerendered` (the product's own build) beside `clientRendered` (the same build without login.html). */
export async function benchLoginPage(prerenderedUrl: string, clientRenderedUrl: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const runs = { prerendered: [] as Visit[], client: [] as Visit[] };
    // Interleaved, so a change of machine load hits both alike.
    for (let i = 0; i < RUNS; i++) {
      runs.prerendered.push(await visit(browser, `${prerenderedUrl}/user/login`));
      runs.client.push(await visit(browser, `${clientRenderedUrl}/user/login`));
    }
    const noScript = await visitWithoutScripts(browser, `${prerenderedUrl}/user/login`);
    const noScriptClient = await visitWithoutScripts(browser, `${clientRenderedUrl}/user/login`);
    const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
    const visible = median(runs.prerendered.map((v) => v.visible));
    const visibleClient = median(runs.client.map((v) => v.visible));
    console.log(`\nLogin page, headless Chromium, fresh context, median of ${RUNS}`);
    console.log(
      `  password field visible: prerendered ${fmt(visible)} (runs ${runs.prerendered.map((v) => v.visible.toFixed(0)).join(', ')}), ` +
        `client-rendered ${fmt(visibleClient)} (runs ${runs.client.map((v) => v.visible.toFixed(0)).join(', ')}): ` +
        `${((visible / visibleClient) * 100).toFixed(0)}% of the client-rendered page`,
    );
    console.log(
      `  prerendered form hydrated at ${fmt(median(runs.prerendered.map((v) => v.hydrated ?? NaN)))}; ` +
        `client-rendered form interactive when visible`,
    );
    console.log(
      `  JavaScript off: prerendered ${noScript === null ? 'NO field' : `field seen after ${fmt(noScript)}`}, ` +
        `client-rendered ${noScriptClient === null ? 'no field' : `field seen after ${fmt(noScriptClient)}`}`,
    );
    const scripts = runs.prerendered[0]!.scripts;
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip ` +
        `(goal ≤ ${JS_GOAL_KB} KB: ${total / 1024 <= JS_GOAL_KB ? 'met' : 'missed'})`,
    );
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
    }
  } finally {
    await browser.close();
  }
}

/** The built product twice on one SQLite file: as built, and from a copy of the build without login.html. */
async function main() {
  const root = path.resolve(import.meta.dirname, '../..');
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'login.html'))) throw new Error('apps/web/dist/login.html missing: npm run build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-login-bench-'));
  const spaDist = path.join(dir, 'dist');
  fs.cpSync(dist, spaDist, { recursive: true });
  for (const file of ['login.html', 'login.html.gz', 'login.html.br'])
    fs.rmSync(path.join(spaDist, file), { force: true });
  const start = (webDist: string) =>
    buildApp(loadConfig({}, { databaseUrl: `sqlite:${path.join(dir, 'bench.db')}`, captchaEnabled: false, webDist }));
  const app = await start(dist);
  const spa = await start(spaDist);
  try {
    await benchLoginPage(
      await app.listen({ port: 0, host: '127.0.0.1' }),
      await spa.listen({ port: 0, host: '127.0.0.1' }),
    );
  } finally {
    await spa.close();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error('login page benchmark failed:', error);
    process.exitCode = 1;
  });
}
