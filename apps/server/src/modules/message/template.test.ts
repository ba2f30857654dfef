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
import { simpleParser } from 'mailparser';
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

/** A local SMTP sink: accepts mail with one account, and refuses the next `refuse` messages with `code` (451). */
async function startSink() {
  const received: Received[] = [];
  const state = { refuse: 0, code: 451 };
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
          const text = state.code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try later';
          const error = new Error(text) as Error & { responseCode: number };
          error.responseCode = state.code;
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

/** The message as a mail client reads it (smtp-server received it; mailparser decodes headers and bodies). */
async function parsed(raw: string) {
  const mail = await simpleParser(raw);
  return { subject: mail.subject ?? '', html: typeof mail.html === 'string' ? mail.html : '', text: mail.text ?? '' };
}

describe.each(targets)(
  'message templates and sends (mail to smtp-server, read back with mailparser) on $name',
  (target) => {
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
        // The local sink has no TLS: sending the account in clear is allowed explicitly (mail-security.test.ts).
        security: 'none',
        allowInsecureAuth: true,
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
      // Read back as a mail client would: the Chinese subject and body, placeholders filled.
      const read = await parsed(mail.raw);
      expect(read.subject).toBe('资产 ZC-0001 到期提醒');
      expect(read.html).toContain('张三，您好：资产 ZC-0001 将于 2026-12-31 到期。');
      expect(read.text).toContain('张三，您好：资产 ZC-0001 将于 2026-12-31 到期。');
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
      const escaped = await parsed(sink.received.at(-1)!.raw);
      expect(escaped.html).not.toContain('<script>');
      expect(escaped.html).toContain('&#60;script&#62;x');
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

    it('answers a refused e-mail as a failure; a permanent 5xx refusal fails at once without retries', async () => {
      sink.state.refuse = 1;
      const temporary = await test({ templateCode: 't_asset_due', receiver: 'busy@example.test' });
      expect([temporary.statusCode, temporary.json().success]).toEqual([200, false]);
      expect(temporary.json().message).toContain(TEMPLATE_MESSAGES.queued);

      sink.state.refuse = 2;
      sink.state.code = 550;
      try {
        const res = await test({ templateCode: 't_asset_due', receiver: 'nobody@example.test' });
        expect([res.statusCode, res.json().success]).toEqual([200, false]);
        expect(res.json().message).toContain(TEMPLATE_MESSAGES.refused);
        const id = res.json().result.id as string;
        const record = await db().selectFrom('sysMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(record).toMatchObject({ esSendStatus: '2', esSendNum: 1, nextTryTime: null });
        expect(record.esResult).toMatch(/550|unavailable/i);
        // 重新发送 that is refused again is a failure too, not 已重新发送.
        const again = await call('POST', `${MESSAGE_API.resend}?id=${id}`);
        expect([again.statusCode, again.json().success]).toEqual([200, false]);
        expect(again.json().message).toMatch(new RegExp(`^${TEMPLATE_MESSAGES.resendFailed}：`));
        expect(
          await db().selectFrom('sysMessage').select('esSendStatus').where('id', '=', id).executeTakeFirst(),
        ).toEqual({ esSendStatus: '2' });
      } finally {
        sink.state.code = 451;
        sink.state.refuse = 0;
      }
    });

    it('keeps an e-mail for a retry when the SMTP server is down, with the reason recorded', async () => {
      const settings = (await call('GET', MESSAGE_API.mailSettings)).json().result;
      const closed = await startSink();
      await closed.close();
      expect(
        (
          await call('PUT', MESSAGE_API.mailSettings, {
            ...settings,
            passwordSet: undefined,
            password: '',
            port: closed.port,
          })
        ).statusCode,
      ).toBe(200);
      try {
        const res = await test({ templateCode: 't_asset_due', receiver: 'down@example.test' });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toContain(TEMPLATE_MESSAGES.queued);
        const record = await db()
          .selectFrom('sysMessage')
          .selectAll()
          .where('id', '=', res.json().result.id)
          .executeTakeFirstOrThrow();
        expect(record).toMatchObject({ esSendStatus: '0', esSendNum: 1 });
        expect(record.esResult).toBeTruthy();
      } finally {
        await call('PUT', MESSAGE_API.mailSettings, { ...settings, passwordSet: undefined, password: '' });
      }
    });

    it('sends SMS through the provider and a system message to the user’s bell', async () => {
      const sms = t.app.ctx.sms as MemorySmsProvider;
      expect(
        (await test({ templateCode: 't_sms_code', receiver: '13800138000', testData: { code: '246810' } })).statusCode,
      ).toBe(200);
      expect(sms.last('13800138000')?.text).toBe('验证码 246810');
      expect(
        (await test({ templateCode: 't_sms_code', receiver: '123', testData: { code: '1' } })).json().message,
      ).toBe(TEMPLATE_MESSAGES.receiverPhone);

      const res = await test({ templateCode: 't_sys_notice', receiver: 'staff', testData: { name: '张三' } });
      expect(res.json().message).toBe(TEMPLATE_MESSAGES.sent);
      const lists = (await call('GET', ANNT_API.listByUser, undefined, staff)).json().result;
      expect(lists.sysMsgList.map((n: { titile: string }) => n.titile)).toContain('系统通知');
      // Names, not ids or login names: the sender as announcements show it, the receiver in 消息记录.
      const people = await db().selectFrom('sysUser').select(['username', 'realname']).execute();
      const realname = (username: string) => people.find((p) => p.username === username)!.realname;
      const notice = lists.sysMsgList.find((n: { titile: string }) => n.titile === '系统通知');
      expect(notice.sender).toBe(realname('admin'));
      const records = (await call('GET', `${MESSAGE_API.base}/list?pageSize=50`)).json().result.records as Record<
        string,
        unknown
      >[];
      expect(records.find((r) => r.id === res.json().result.id)).toMatchObject({
        esReceiver_dictText: realname(SEED_ACCOUNTS.staff.username),
        createBy_dictText: realname('admin'),
      });
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
  },
);
