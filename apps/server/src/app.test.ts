import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp, type RouteModuleLoader } from './app.js';
import { loadConfig } from './config.js';
import { startApp, targets } from './test/harness.js';

describe.each(targets)('start-up on $name', (target) => {
  it('lets two instances start on one empty database at the same moment', async () => {
    const prepared = await target.prepare();
    const config = loadConfig(
      {},
      { databaseUrl: prepared.databaseUrl, redisUrl: prepared.redisUrl, webDist: null, captchaEnabled: false },
    );
    try {
      const apps = await Promise.all([buildApp(config), buildApp(config)]);
      const { db } = apps[0]!.ctx.db;
      const admins = await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      const menus = await db
        .selectFrom('sysPermission')
        .select('id')
        .where('url', '=', '/dashboard/analysis')
        .execute();
      expect(menus).toHaveLength(1);
      await Promise.all(apps.map((a) => a.close()));
      // A restart finds everything in place and changes nothing.
      const again = await buildApp(config);
      // admin, guest, staff and the three officers of 三员分立.
      expect(await again.ctx.db.db.selectFrom('sysUser').select('id').execute()).toHaveLength(6);
      await again.close();
    } finally {
      await prepared.drop();
    }
    // Three start-ups that each build the whole schema on a server database: a bound on a hang, not a speed target
    // (on a loaded two-core machine MariaDB's DDL alone took longer than the default 30 s).
  }, 120_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('start-up on a busy host', () => {
  it('starts, slowly, when loading and registering the routes takes longer than 10 s', async () => {
    const prepared = await targets[0]!.prepare();
    const config = loadConfig({}, { databaseUrl: prepared.databaseUrl, webDist: null, captchaEnabled: false });
    // A route module that is slow to load, whose plugin is then slow to register: together well past Fastify's
    // default plugin timeout (10 s), which made a loaded node exit with AVV_ERR_PLUGIN_EXEC_TIMEOUT.
    const slowModule: RouteModuleLoader = async () => {
      await sleep(3_000);
      return {
        default: async (api: FastifyInstance) => {
          await sleep(10_500);
          api.get('/slow-start', { config: { auth: 'public' } }, async () => ({ started: true }));
        },
      };
    };
    let app: FastifyInstance | null = null;
    try {
      app = await buildApp(config, { extraRoutes: [slowModule] });
      const res = await app.inject({ method: 'GET', url: `${config.apiBase}/slow-start` });
      expect(res.json()).toEqual({ started: true });
      // The API's own routes are all there, after the slow one's module was loaded.
      const login = await app.inject({ method: 'GET', url: `${config.apiBase}/sys/randomImage/1` });
      expect(login.statusCode).not.toBe(404);
    } finally {
      await app?.close();
      await prepared.drop();
    }
  }, 60_000);
});

describe('serving the web app', () => {
  it('answers index.html for deep links, files as files, and JSON 404 inside the API', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'da-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>区域资产</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const t = await startApp(targets[0]!, { webDist: dist });
    try {
      const deep = await t.app.inject({ method: 'GET', url: '/dashboard/analysis' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('区域资产');
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await t.app.inject({ method: 'GET', url: '/assets/../../etc/passwd' })).body).not.toContain('root:');
      expect((await t.app.inject({ method: 'GET', url: '/missing.png' })).statusCode).toBe(404);
      // Precompressed files of the build go out as they are, to clients that accept them.
      fs.writeFileSync(path.join(dist, 'assets', 'big-1.js'), 'x'.repeat(5000));
      fs.writeFileSync(path.join(dist, 'assets', 'big-1.js.br'), zlib.brotliCompressSync('x'.repeat(5000)));
      const br = await t.app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('x'.repeat(5000));
      const plain = await t.app.inject({ method: 'GET', url: '/assets/big-1.js' });
      expect([plain.headers['content-encoding'], plain.body.length]).toEqual([undefined, 5000]);
      // API answers above the threshold are compressed too.
      const menu = await t.request({
        method: 'GET',
        url: '/sys/permission/getUserPermissionByToken',
        token: await t.login(),
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(menu.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(menu.rawPayload).toString()).result.menu.length).toBeGreaterThan(0);
      const api = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
      expect(api.statusCode).toBe(404);
      // The security headers go with pages, API answers and refusals alike.
      for (const res of [deep, menu, api]) {
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
      expect(api.json()).toMatchObject({ success: false, message: '很抱歉，资源未找到!' });
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
