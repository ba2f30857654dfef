import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThirdProviderConfig } from './lib/third-providers.js';
import { startApp, targets, type TestApp } from './test/harness.js';

/*
 * Issue 24 item 9: the server answers HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE) with HSTS; behind a proxy that says
 * X-Forwarded-Proto: https (and is trusted), answers carry HSTS too and the product's cookie is Secure. Plain HTTP
 * gets neither.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/fixtures/tls');

/** A self-signed certificate for localhost: made with the machine's openssl, else the committed test fixture. */
function certificate(): { certFile: string; keyFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { certFile, keyFile };
  } catch {
    return { certFile: path.join(FIXTURES, 'localhost.crt'), keyFile: path.join(FIXTURES, 'localhost.key') };
  }
}

/** A GET over HTTPS that trusts exactly this certificate (as a browser trusting the district's CA would). */
function httpsGet(port: number, pathname: string, ca: Buffer) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', servername: 'localhost', port, path: pathname, ca }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

// No network is needed to start a login: the authorization URL is built from these endpoints.
const PROVIDER: ThirdProviderConfig = {
  key: 'plain',
  name: '开放平台',
  kind: 'oauth2',
  issuer: null,
  authorizationUrl: 'https://idp.example.gov.cn/auth',
  tokenUrl: 'https://idp.example.gov.cn/token',
  userinfoUrl: 'https://idp.example.gov.cn/me',
  clientId: 'district',
  clientSecret: 'district-secret',
  scopes: 'openid profile',
  redirectUris: ['http://assets.example.gov.cn/api/sys/thirdLogin/callback/plain'],
  subjectClaim: 'sub',
  nameClaim: 'name',
  avatarClaim: 'picture',
};

describe('HTTPS served by the server itself', () => {
  const target = targets[0]!;
  let t: TestApp;
  let cert: ReturnType<typeof certificate>;
  let port = 0;

  beforeAll(async () => {
    cert = certificate();
    t = await startApp(target, { tls: cert, hstsMaxAge: 63_072_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('answers over TLS with the configured certificate and sends HSTS', async () => {
    const res = await httpsGet(port, '/health', fs.readFileSync(cert.certFile));
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const api = await httpsGet(port, '/api/sys/randomImage/x', fs.readFileSync(cert.certFile));
    expect(api.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });

  it('refuses a client that does not trust the certificate (no silent fallback to plain text)', async () => {
    await expect(httpsGet(port, '/health', Buffer.from(''))).rejects.toThrow();
  });

  it('refuses to start with a certificate file it cannot read, naming it', async () => {
    await expect(
      startApp(target, { tls: { certFile: path.join(os.tmpdir(), 'no-such-cert.pem'), keyFile: cert.keyFile } }),
    ).rejects.toThrow(/无法读取 TLS_CERT_FILE/);
  });
});

describe('HTTPS at a reverse proxy', () => {
  const target = targets[0]!;
  let behindProxy: TestApp;
  let direct: TestApp;

  beforeAll(async () => {
    behindProxy = await startApp(target, { trustProxy: 1, thirdLoginProviders: [PROVIDER] });
    direct = await startApp(target, { thirdLoginProviders: [PROVIDER] });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
  });

  const render = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/sys/thirdLogin/render/plain', headers });

  it('sends HSTS and a Secure cookie when the trusted proxy says the page is HTTPS', async () => {
    const res = await render(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    expect(String(res.headers['set-cookie'])).toMatch(/^da_third=[\w-]+; .*HttpOnly; SameSite=Lax; Secure$/);
  });

  it('sends neither over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const plain = await render(behindProxy, {});
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    const forged = await render(direct, { 'x-forwarded-proto': 'https' });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    expect(String(forged.headers['set-cookie'])).not.toContain('Secure');
  });
});
