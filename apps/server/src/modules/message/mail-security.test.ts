import fs from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { MAIL_SETTING_KEYS, MESSAGE_API, TEMPLATE_API, TEMPLATE_MESSAGES } from '@district/shared';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
/** A self-signed certificate for 127.0.0.1: the mail server of a private CA. */
const CERT = fixture('smtp-test-cert.pem');
const KEY = fixture('smtp-test-key.pem');

/** An SMTP server that counts the logins it is offered (so a test sees whether the password was sent at all). */
async function startServer(options: Partial<SMTPServerOptions>) {
  const state = { logins: 0, delivered: 0 };
  const server = new SMTPServer({
    logger: false,
    onAuth(auth, _session, callback) {
      state.logins += 1;
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        state.delivered += 1;
        callback();
      });
    },
    ...options,
  });
  // A client giving up on TLS closes the socket: the server reports it, which is expected here.
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return { port, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(targets)('SMTP connection security (against smtp-server) on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let plain: Awaited<ReturnType<typeof startServer>>;
  let startTls: Awaited<ReturnType<typeof startServer>>;
  let implicitTls: Awaited<ReturnType<typeof startServer>>;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.request({ method, url, token: admin, tenant: 1001, payload });
  const settings = (payload: object) =>
    call('PUT', MESSAGE_API.mailSettings, {
      host: '127.0.0.1',
      user: 'mailer',
      password: 'S3cret-pass',
      from: 'platform@example.test',
      ...payload,
    });
  const send = () => call('POST', TEMPLATE_API.sendMsg, { templateCode: 't_mail', receiver: 'owner@example.test' });

  beforeAll(async () => {
    plain = await startServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    startTls = await startServer({ key: KEY, cert: CERT });
    implicitTls = await startServer({ key: KEY, cert: CERT, secure: true });
    t = await startApp(target);
    admin = await t.login();
    const added = await call('POST', `${TEMPLATE_API.base}/add`, {
      templateCode: 't_mail',
      templateName: '测试邮件',
      templateType: '2',
      templateContent: '<p>您好</p>',
    });
    expect(added.statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([plain?.close(), startTls?.close(), implicitTls?.close()]);
  });

  it('refuses to send the password to a server without STARTTLS, never offering it', async () => {
    expect((await settings({ port: plain.port, security: 'starttls' })).statusCode).toBe(200);
    const res = await send();
    expect(res.json().message).toBe(`${TEMPLATE_MESSAGES.queued}：${TEMPLATE_MESSAGES.mailStartTlsMissing}`);
    expect(res.json().result.status).toBe('0');
    // "No encryption required" still does not send a password in clear unless that is explicitly allowed.
    expect((await settings({ port: plain.port, security: 'none' })).statusCode).toBe(200);
    expect((await send()).json().message).toContain(TEMPLATE_MESSAGES.mailStartTlsMissing);
    expect(plain.state).toEqual({ logins: 0, delivered: 0 });

    expect((await settings({ port: plain.port, security: 'none', allowInsecureAuth: true })).statusCode).toBe(200);
    expect((await send()).json().message).toBe(TEMPLATE_MESSAGES.sent);
    expect(plain.state).toEqual({ logins: 1, delivered: 1 });
  });

  it('settings saved before the mode existed require STARTTLS once an account is set', async () => {
    expect((await settings({ port: plain.port, security: 'none', allowInsecureAuth: true })).statusCode).toBe(200);
    const db = t.app.ctx.db.db;
    // As an older version stored them: secure off, no mode, no opt-in.
    await db
      .deleteFrom('sysPlatformSetting')
      .where('settingKey', 'in', [MAIL_SETTING_KEYS.security, MAIL_SETTING_KEYS.allowInsecureAuth])
      .execute();
    const read = (await call('GET', MESSAGE_API.mailSettings)).json().result;
    expect(read).toMatchObject({ security: 'starttls', secure: false, allowInsecureAuth: false });
    const logins = plain.state.logins;
    expect((await send()).json().message).toContain(TEMPLATE_MESSAGES.mailStartTlsMissing);
    expect(plain.state.logins).toBe(logins);
  });

  it('trusts a private CA only when it is set: STARTTLS and implicit TLS then deliver', async () => {
    expect((await settings({ port: startTls.port, security: 'starttls', caCert: '' })).statusCode).toBe(200);
    const untrusted = await send();
    expect(untrusted.json().message).toContain(TEMPLATE_MESSAGES.mailCertUntrusted);
    expect(startTls.state).toEqual({ logins: 0, delivered: 0 });

    expect((await settings({ port: startTls.port, security: 'starttls', caCert: CERT })).statusCode).toBe(200);
    expect((await call('GET', MESSAGE_API.mailSettings)).json().result.caCert).toContain('BEGIN CERTIFICATE');
    expect((await send()).json().message).toBe(TEMPLATE_MESSAGES.sent);
    expect(startTls.state).toEqual({ logins: 1, delivered: 1 });

    // Saving without caCert keeps it.
    expect((await settings({ port: implicitTls.port, security: 'tls' })).statusCode).toBe(200);
    expect((await send()).json().message).toBe(TEMPLATE_MESSAGES.sent);
    expect(implicitTls.state).toEqual({ logins: 1, delivered: 1 });
    // Implicit TLS against a server that only speaks plain SMTP: a clear failure, no password.
    expect((await settings({ port: plain.port, security: 'tls' })).statusCode).toBe(200);
    const logins = plain.state.logins;
    expect((await send()).json().message).toContain(TEMPLATE_MESSAGES.mailTlsFailed);
    expect(plain.state.logins).toBe(logins);
  });

  it('refuses a CA text that is not certificates, and an unknown mode, keeping what was stored', async () => {
    expect((await settings({ port: startTls.port, security: 'starttls', caCert: CERT })).statusCode).toBe(200);
    for (const [payload, message] of [
      [{ caCert: 'not a certificate' }, TEMPLATE_MESSAGES.caCertInvalid],
      [{ caCert: `${CERT}\n${KEY}` }, TEMPLATE_MESSAGES.caCertInvalid],
      [{ caCert: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, TEMPLATE_MESSAGES.caCertInvalid],
      [{ caCert: Array(21).fill(CERT).join('\n') }, TEMPLATE_MESSAGES.caCertTooMany],
      [{ security: 'ssl3' }, TEMPLATE_MESSAGES.securityInvalid],
    ] as const) {
      const res = await settings({ port: startTls.port, security: 'starttls', ...payload });
      expect([res.statusCode, res.json().message], JSON.stringify(payload).slice(0, 60)).toEqual([400, message]);
    }
    const read = (await call('GET', MESSAGE_API.mailSettings)).json().result;
    expect(read).toMatchObject({ security: 'starttls', port: startTls.port });
    expect(read.caCert).toBe(CERT.trim());
    expect(read.caCert).not.toContain('PRIVATE KEY');
  });
});
