// Puts the login page's markup and critical CSS into dist/login.html, so the form is on screen before any
// JavaScript runs (the server answers /user/login with it; the client hydrates it, src/app/main.tsx).
// Runs after the client build and the server-side build of src/app/prerender/render-login.tsx.
// Usage: node scripts/prerender-login.mjs [dist] [ssr-dir]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const LOGIN_PATH = '/user/login';
const LOGIN_MODULE = 'src/features/account/login/login-page.tsx';
const web = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(web, process.argv[2] ?? 'dist');
const ssrDir = path.resolve(web, process.argv[3] ?? 'node_modules/.prerender');
const manifestFile = path.join(dist, 'prerender-manifest.json');

function fail(message) {
  console.error(`prerender-login: ${message}`);
  process.exit(1);
}

const entry = ['render-login.js', 'render-login.mjs'].map((name) => path.join(ssrDir, name)).find(fs.existsSync);
if (!entry) fail(`no server build in ${ssrDir}`);
// React's production server renderer, as the client runs React's production build.
process.env.NODE_ENV = 'production';
const { renderLoginPage } = await import(pathToFileURL(entry).href);
const { html, styles } = await renderLoginPage(LOGIN_PATH);
// A render that fell back to a spinner or an error page must not ship as the login page.
if (!html.includes('aria-label="密码"') || !html.includes('aria-label="用户名"')) {
  fail('the rendered markup has no 用户名/密码 fields');
}

// The login page's own chunks, preloaded beside the entry's so hydration does not wait for a second round trip.
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
if (!manifest[LOGIN_MODULE]) fail(`${LOGIN_MODULE} is not in the build manifest`);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const preload = new Set();
const stylesheets = new Set();
(function walk(key) {
  const chunk = manifest[key];
  if (!chunk || preload.has(chunk.file)) return;
  preload.add(chunk.file);
  for (const css of chunk.css ?? []) stylesheets.add(css);
  for (const next of chunk.imports ?? []) walk(next);
})(LOGIN_MODULE);
const links = [
  ...[...stylesheets]
    .filter((file) => !template.includes(`/${file}"`))
    .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ...[...preload]
    .filter((file) => !template.includes(`/${file}"`))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
].join('\n    ');

const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT) || !template.includes('</title>')) fail('index.html has no empty #root or no <title>');
// antd's styles go before the app's stylesheet, where antd puts them in the browser too (same cascade).
// Replacer functions, so a `$` in the markup or CSS is not read as a replacement pattern.
const page = template
  .replace('</title>', () => `</title>\n    ${styles}`)
  .replace('</head>', () => `  ${links}\n  </head>`)
  .replace(ROOT, () => `<div id="root" data-prerendered="${LOGIN_PATH}">${html}</div>`);
fs.writeFileSync(path.join(dist, 'login.html'), page);
fs.rmSync(manifestFile);
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `prerendered ${LOGIN_PATH}: ${(html.length / 1024).toFixed(1)} KB markup, ${(styles.length / 1024).toFixed(1)} KB CSS, ` +
    `${preload.size} chunks preloaded`,
);
