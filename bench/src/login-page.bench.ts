/// <reference lib="dom" />
/**
 * The login page beside Ant Design Pro v6.0.3 (issue 27, item 1). Prints figures, never fails.
 * Pro's build (../shared/peers/ant-design-pro-v6.0.3/dist, or BENCH_PEER_DIST) is served as plain files by a
 * process of its own; ours by the built server in a process of its own, so the bench's own work delays neither. In headless Chromium, a fresh context per visit, our page and
 * Pro's alternating, median of 5, once on the machine as it is and once with CPU spinners beside it (BENCH_BUSY,
 * default 4 on top of what runs):
 * - visible: the first animation frame in which the password input is laid out;
 * - editable: the first frame in which it is laid out and takes typing (not read-only, not disabled);
 * - for ours, when React owns the prerendered input, and a visit that proves the typing is kept: the page's
 *   scripts are held back until the fields are typed into, then released, and the login call must carry the text;
 * - with JavaScript turned off, whether our field shows at all; the JavaScript each page loads until its form is
 *   React's (gzip; ours fetches 首页's chunks afterwards, while it idles).
 *
 * Run alone: `npx tsx bench/src/login-page.bench.ts` (after `npm run build`); `npm run bench` runs it with the rest.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium.js';
import { startServerProcess } from './server-process.js';

const RUNS = 5;
const GOALS = { visible: 0.2, editable: 0.35 };
const PEER_DIST = path.resolve(
  process.env.BENCH_PEER_DIST ?? path.join(import.meta.dirname, '../../../shared/peers/ant-design-pro-v6.0.3/dist'),
);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const PASSWORD = 'input[type="password"]';

interface Visit {
  visible: number;
  editable: number;
  hydrated: number;
  scripts: Map<string, number>;
}

/** Every request off this machine (Pro's page asks for Google's tag manager) fails at once, for both pages. */
async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort(),
  );
  return context;
}

/** In the page from its first script: when the password input is laid out, takes typing, and is React's. */
const PROBE = `(() => {
  const check = () => {
    const input = document.querySelector('${PASSWORD}');
    const now = performance.now();
    if (input && input.getBoundingClientRect().height > 0) {
      if (window.__visible === undefined) window.__visible = now;
      if (window.__editable === undefined && !input.readOnly && !input.disabled) window.__editable = now;
      if (window.__hydrated === undefined && Object.keys(input).some((key) => key.startsWith('__reactFiber')))
        window.__hydrated = now;
    }
    if (window.__editable === undefined || window.__hydrated === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

const readProbe = () => {
  const probe = window as unknown as { __visible?: number; __editable?: number; __hydrated?: number };
  return probe.__editable !== undefined && probe.__hydrated !== undefined
    ? { visible: probe.__visible!, editable: probe.__editable, hydrated: probe.__hydrated }
    : null;
};

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  // What the page needs until its form is React's; chunks fetched later while it idles are not counted.
  let counting = true;
  page.on('response', async (res) => {
    if (counting && res.request().resourceType() === 'script') {
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.set(res.url(), gzipSync(body).length);
    }
  });
  // A string, not a function: tsx's name-keeping helpers do not exist inside the page.
  await page.addInitScript(PROBE);
  await page.goto(url, { waitUntil: 'commit' });
  const times = await (await page.waitForFunction(readProbe, undefined, { timeout: 60_000 })).jsonValue();
  counting = false;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await context.close();
  return { ...times!, scripts };
}

/**
 * Typed before any of the page's scripts ran, kept by the login call: the scripts are held until both fields are
 * typed into, then React hydrates, and 登录 must send what was typed.
 */
async function typedBeforeScripts(browser: Browser, url: string) {
  const context: BrowserContext = await newContext(browser);
  let release = () => undefined as void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/**/*.js', async (route) => {
    await typed;
    await route.continue();
  });
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('input[aria-label="用户名"]').click();
  await page.keyboard.type('admin');
  await page.locator(PASSWORD).click();
  await page.keyboard.type('Typed@Early1');
  const before = await page.evaluate(() =>
    Object.keys(document.querySelector('input[type="password"]')!).some((key) => key.startsWith('__react')),
  );
  release();
  await page.waitForFunction(readProbe, undefined, { timeout: 60_000 });
  const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith('/api/sys/login'));
  await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
  const body = (await sent).postDataJSON() as { username?: string; password?: string };
  await context.close();
  return { ownedBeforeRelease: before, kept: body.username === 'admin' && body.password === 'Typed@Early1' };
}

/** With JavaScript turned off: is the field there, and how long until Playwright sees it. */
async function visitWithoutScripts(browser: Browser, url: string) {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  const shown = await page
    .locator(PASSWORD)
    .waitFor({ state: 'visible', timeout: 5000 })
    .then(() => performance.now() - start)
    .catch(() => null);
  await context.close();
  return shown;
}

/**
 * Pro's build as plain files, from a process of its own (as ours is): an address without a file gets its
 * index.html, as Pro's deployment guide says.
 */
async function servePeer(dist: string, port: number) {
  const script = `
    const app = require('fastify')();
    app.register(require('@fastify/static'), { root: ${JSON.stringify(dist)}, redirect: true });
    app.setNotFoundHandler((request, reply) => reply.sendFile('index.html'));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: import.meta.dirname, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 300) throw new Error('the Ant Design Pro server did not start');
    if (
      await fetch(`${url}/index.html`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** N busy processes beside the measurement, so the ratio is also taken on a loaded machine. */
function spinners(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

async function round(browser: Browser, ours: string, peer: string, label: string) {
  const runs = { ours: [] as Visit[], peer: [] as Visit[] };
  for (let i = 0; i < RUNS; i++) {
    runs.ours.push(await visit(browser, `${ours}/user/login`));
    runs.peer.push(await visit(browser, `${peer}/user/login`));
  }
  const load = os.loadavg()[0]!.toFixed(1);
  const med = (side: Visit[], key: 'visible' | 'editable' | 'hydrated') => median(side.map((v) => v[key]));
  const list = (side: Visit[], key: 'visible' | 'editable') => side.map((v) => v[key].toFixed(0)).join(', ');
  console.log(`\n  ${label} (load average ${load} after the round)`);
  for (const key of ['visible', 'editable'] as const) {
    const ratio = med(runs.ours, key) / med(runs.peer, key);
    console.log(
      `    password field ${key}: ours ${med(runs.ours, key).toFixed(0)} ms (${list(runs.ours, key)}), ` +
        `Pro ${med(runs.peer, key).toFixed(0)} ms (${list(runs.peer, key)}): ${ratio.toFixed(2)}× ` +
        `(goal ≤ ${GOALS[key]}×: ${ratio <= GOALS[key] ? 'met' : 'missed'})`,
    );
  }
  console.log(`    ours owned by React at ${med(runs.ours, 'hydrated').toFixed(0)} ms (typing before it is kept)`);
  return runs;
}

/** Our login page (`ours`, the product's build) beside Pro's, quiet and busy. */
export async function benchLoginPage(ours: string) {
  if (!fs.existsSync(path.join(PEER_DIST, 'index.html'))) {
    console.log(`\nLogin page: no Ant Design Pro build at ${PEER_DIST} (BENCH_PEER_DIST), not measured`);
    return;
  }
  const peer = await servePeer(PEER_DIST, Number(process.env.BENCH_PEER_PORT ?? 18395));
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(`\nLogin page beside Ant Design Pro v6.0.3, headless Chromium, fresh context, medians of ${RUNS}`);
    const quiet = await round(browser, ours, peer.url, 'as the machine is');
    const busyCount = Number(process.env.BENCH_BUSY ?? 4);
    const busy = spinners(busyCount);
    try {
      await round(browser, ours, peer.url, `with ${busyCount} CPU spinners`);
    } finally {
      for (const child of busy) child.kill();
    }
    const early = await typedBeforeScripts(browser, `${ours}/user/login`);
    console.log(
      `  typed with the scripts held back, then 登录: ${early.kept ? 'the login call carried the typed text' : 'TYPING LOST'}` +
        `${early.ownedBeforeRelease ? ' (but React owned the input before the release: not a pre-hydration check)' : ''}`,
    );
    const noScript = await visitWithoutScripts(browser, `${ours}/user/login`);
    console.log(`  JavaScript off: ${noScript === null ? 'NO field' : `field seen after ${noScript.toFixed(0)} ms`}`);
    for (const [name, visits] of [
      ['ours', quiet.ours],
      ['Pro', quiet.peer],
    ] as const) {
      const sizes = [...visits[0]!.scripts.values()];
      const total = sizes.reduce((a, b) => a + b, 0);
      console.log(`  JavaScript loaded, ${name}: ${sizes.length} files, ${(total / 1024).toFixed(1)} KB gzip`);
    }
  } finally {
    await browser.close();
    await peer.close();
  }
}

/** The built product, started as `npm run serve` starts it on a SQLite file of its own, beside Pro. */
async function main() {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync(path.join(root, 'apps/web/dist/login.html'))) {
    throw new Error('apps/web/dist/login.html missing: npm run build');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-login-bench-'));
  const server = await startServerProcess({
    databaseUrl: `sqlite:${path.join(dir, 'bench.db')}`,
    port: Number(process.env.BENCH_LOGIN_PORT ?? 18396),
    uploadDir: path.join(dir, 'uploads'),
  });
  try {
    await benchLoginPage(server.url);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error('login page benchmark failed:', error);
    process.exitCode = 1;
  });
}
