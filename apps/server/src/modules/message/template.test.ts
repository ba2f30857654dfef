import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import {
  ANNT_API,
  GUEST_CREDENTIALS,
  MAIL_SETTING_KEYS,
  MESSAGE_API,
  SEND_RETRY,
  TEMPLATE_API,
  TEMPLATE_MESSAGES,
} from '@district/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import type { MemorySmsProvider } from '../../lib/sms/sms-provider.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { messageSenders } from './template.routes.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP sink: accepts mail with one account, and refuses the next `refuse` messages with 451. */
async function startSink() {
  const received: Received[] = [];
  const state = { refuse: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'S3cret-pass') callback(null, { user: auth.username });
      else callback(new Error('认证失败'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refuse > 0) {
          state.refuse -= 1;
          const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Decodes quoted-printable / base64 bodies well enough to find the rendered text. */
function bodyText(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => `%${h}`);
  let text = raw;
  try {
    text += decodeURIComponent(qp.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    // Not quoted-printable.
  }
  for (const block of raw.split(/\r?\n\r?\n/)) {
    if (/^[A-Za-z0-9+/=\r\n]+$/.test(block.trim()))
      text += Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  return text;
}

describe.each(targets)('message templates and sends on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let sink: Awaited<ReturnType<typeof startSink>>;
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, tenant: 1001, payload });
  const db = () => t.app.ctx.db.db;
  const template = async (payload: object) => {
    const res = await call('POST', `${TEMPLATE_API.base}/add`, payload);
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  const sender = () => messageSenders.get(t.app.ctx)!;
  const test = (payload: object) => call('POST', TEMPLATE_API.sendMsg, payload);

  beforeAll(async () => {
    sink = await startSink();
    t = await startApp(target, { smsProvider: 'memory' });
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    await template({
      templateCode: 't_asset_due',
      templateName: '资产 ${code} 到期提醒',
      templateType: '2',
      templateContent: '<p>${name}，您好：资产 ${code} 将于 ${date} 到期。</p>',
      templateTestJson: '{"name":"张三","code":"ZC-0001","date":"2026-12-31"}',
    });
    await template({
      templateCode: 't_sms_code',
      templateName: '验证码',
      templateType: '3',
      templateContent: '验证码 ${code}',
    });
    await template({
      templateCode: 't_sys_notice',
      templateName: '系统通知',
      templateType: '1',
      templateContent: '<p>${name} 的资产已登记</p>',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('stores the SMTP password sealed and never answers it', async () => {
    const res = await call('PUT', MESSAGE_API.mailSettings, {
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      user: 'mailer',
      password: 'S3cret-pass',
      from: 'platform@example.test',
    });
    expect(res.statusCode).toBe(200);
    const stored = await db()
      .selectFrom('sysPlatformSetting')
      .select('settingValue')
      .where('settingKey', '=', MAIL_SETTING_KEYS.password)
      .executeTakeFirstOrThrow();
    expect(stored.settingValue).toMatch(/^v1:/);
    expect(stored.settingValue).not.toContain('S3cret');
    const read = (await call('GET', MESSAGE_API.mailSettings)).json().result;
    expect(read).toMatchObject({ host: '127.0.0.1', port: sink.port, user: 'mailer', passwordSet: true });
    expect(JSON.stringify(read)).not.toContain('S3cret');
    // Saving again without a password keeps the stored one.
    expect(
      (await call('PUT', MESSAGE_API.mailSettings, { ...read, passwordSet: undefined, password: '' })).statusCode,
    ).toBe(200);
    expect((await call('PUT', MESSAGE_API.mailSettings, { host: 'x', port: 70000 })).statusCode).toBe(400);
  });

  it('test-sends the rendered template to the SMTP sink and records it', async () => {
    const before = sink.received.length;
    const res = await test({ templateCode: 't_asset_due', receiver: 'owner@example.test' });
    expect(res.json().message).toBe(TEMPLATE_MESSAGES.sent);
    expect(sink.received.length).toBe(before + 1);
    const mail = sink.received.at(-1)!;
    expect(mail.to).toEqual(['owner@example.test']);
    expect(bodyText(mail.raw)).toContain('张三，您好：资产 ZC-0001 将于 2026-12-31 到期。');
    const record = await db()
      .selectFrom('sysMessage')
      .selectAll()
      .where('id', '=', res.json().result.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ esType: '2', esSendStatus: '1', esSendNum: 1, esReceiver: 'owner@example.test' });
    expect(record.esTitle).toBe('资产 ZC-0001 到期提醒');
  });

  it('escapes values in an e-mail and refuses a missing placeholder by name, sending nothing', async () => {
    const before = sink.received.length;
    const records = (await db().selectFrom('sysMessage').select('id').execute()).length;
    const res = await test({ templateCode: 't_asset_due', receiver: 'a@example.test', testData: '{"name":"张三"}' });
    expect([res.statusCode, res.json().message]).toEqual([400, TEMPLATE_MESSAGES.missingParams(['code', 'date'])]);
    expect(
      (await test({ templateCode: 't_asset_due', receiver: 'a@example.test', testData: '[1' })).json().message,
    ).toBe(TEMPLATE_MESSAGES.testDataInvalid);
    expect((await test({ templateCode: 't_asset_due', receiver: 'not-an-address' })).json().message).toBe(
      TEMPLATE_MESSAGES.receiverEmail,
    );
    expect((await test({ templateCode: 'nope', receiver: 'a@example.test' })).json().message).toBe(
      TEMPLATE_MESSAGES.templateUnknown,
    );
    expect(sink.received.length).toBe(before);
    expect((await db().selectFrom('sysMessage').select('id').execute()).length).toBe(records);

    const ok = await test({
      templateCode: 't_asset_due',
      receiver: 'b@example.test',
      testData: { name: '<script>x</script>', code: 'C', date: 'D' },
    });
    expect(ok.statusCode).toBe(200);
    expect(bodyText(sink.received.at(-1)!.raw)).not.toContain('<script>');
  });

  it('refuses a template whose placeholder is an expression', async () => {
    const res = await call('POST', `${TEMPLATE_API.base}/add`, {
      templateCode: 'bad',
      templateName: 'x',
      templateType: '1',
      templateContent: '${process.exit()}',
    });
    expect([res.statusCode, res.json().message]).toEqual([400, TEMPLATE_MESSAGES.badPlaceholder('process.exit()')]);
    const dup = await call('POST', `${TEMPLATE_API.base}/add`, {
      templateCode: 't_asset_due',
      templateName: 'x',
      templateType: '1',
      templateContent: 'x',
    });
    expect(dup.json().message).toBe(TEMPLATE_MESSAGES.codeTaken);
  });

  it('retries an e-mail the sink refused once, with backoff, and then records it sent', async () => {
    sink.state.refuse = 1;
    const before = sink.received.length;
    const res = await test({ templateCode: 't_asset_due', receiver: 'retry@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(TEMPLATE_MESSAGES.queued);
    const id = res.json().result.id as string;
    const waiting = await db().selectFrom('sysMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ esSendStatus: '0', esSendNum: 1 });
    expect(waiting.esResult).toMatch(/451|busy/i);
    // Not due yet: nothing happens.
    expect(await sender().retryDue(Date.now())).toBe(0);
    expect(await sender().retryDue(Date.now() + SEND_RETRY.firstDelayMs + 1_000)).toBe(1);
    const sent = await db().selectFrom('sysMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ esSendStatus: '1', esSendNum: 2, esResult: null });
    expect(sink.received.length).toBe(before + 1);
    expect(sink.received.at(-1)!.to).toEqual(['retry@example.test']);
  });

  it('sends SMS through the provider and a system message to the user’s bell', async () => {
    const sms = t.app.ctx.sms as MemorySmsProvider;
    expect(
      (await test({ templateCode: 't_sms_code', receiver: '13800138000', testData: { code: '246810' } })).statusCode,
    ).toBe(200);
    expect(sms.last('13800138000')?.text).toBe('验证码 246810');
    expect((await test({ templateCode: 't_sms_code', receiver: '123', testData: { code: '1' } })).json().message).toBe(
      TEMPLATE_MESSAGES.receiverPhone,
    );

    const res = await test({ templateCode: 't_sys_notice', receiver: 'staff', testData: { name: '张三' } });
    expect(res.json().message).toBe(TEMPLATE_MESSAGES.sent);
    const lists = (await call('GET', ANNT_API.listByUser, undefined, staff)).json().result;
    expect(lists.sysMsgList.map((n: { titile: string }) => n.titile)).toContain('系统通知');
    expect(
      (await test({ templateCode: 't_sys_notice', receiver: 'ghost', testData: { name: 'x' } })).json().message,
    ).toBe(TEMPLATE_MESSAGES.receiverUserUnknown);
  });

  it('keeps the guest and users without the right out', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const token of [guest, staff]) {
      for (const [method, url] of [
        ['GET', `${TEMPLATE_API.base}/list`],
        ['POST', TEMPLATE_API.sendMsg],
        ['GET', `${MESSAGE_API.base}/list`],
        ['GET', MESSAGE_API.mailSettings],
        ['PUT', MESSAGE_API.mailSettings],
      ] as const) {
        expect((await call(method, url, {}, token)).statusCode).toBe(403);
      }
    }
  });
});
