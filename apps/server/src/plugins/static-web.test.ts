import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { startApp, targets } from '../test/harness.js';

function webDist(withLogin: boolean): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'da-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  if (withLogin) {
    const login = '<!doctype html><div id="root" data-prerendered="/user/login"><input aria-label="密码"></div>';
    fs.writeFileSync(path.join(dist, 'login.html'), login);
    fs.writeFileSync(path.join(dist, 'login.html.br'), zlib.brotliCompressSync(login));
  }
  return dist;
}

describe('the login page rendered at build time', () => {
  it('answers /user/login (with or without a redirect) with login.html and every other page with index.html', async () => {
    const dist = webDist(true);
    const t = await startApp(targets[0]!, { webDist: dist });
    try {
      for (const url of ['/user/login', '/user/login?redirect=%2Fsystem%2Fuser']) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('aria-label="密码"');
        // A new build's page must be fetched again, not taken from a cache.
        expect(page.headers['cache-control']).toContain('max-age=0');
      }
      const compressed = await t.app.inject({
        method: 'GET',
        url: '/user/login',
        headers: { 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toContain('data-prerendered');

      for (const url of [
        '/',
        '/user/register',
        '/user/login/extra',
        '/user/loginx',
        '/dashboard/analysis',
        '/login.html',
      ]) {
        const page = await t.app.inject({ method: 'GET', url });
        expect([url, page.statusCode, page.body]).toEqual([url, 200, '<!doctype html><div id="root"></div>']);
      }
      expect((await t.app.inject({ method: 'POST', url: '/user/login' })).statusCode).toBe(404);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('falls back to index.html when the build made no login.html', async () => {
    const dist = webDist(false);
    const t = await startApp(targets[0]!, { webDist: dist });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/user/login' });
      expect([page.statusCode, page.body]).toEqual([200, '<!doctype html><div id="root"></div>']);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
