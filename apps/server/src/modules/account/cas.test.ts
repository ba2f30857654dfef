import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_MESSAGES as M, type LoginResult } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const SERVICE = 'https://assets.example.gov.cn/user/login';

const success = (user: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess>
</cas:serviceResponse>`;
const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');

/** Answers a hostile or compromised CAS server could give: entity declarations that name or blow up the user. */
const RAW_ANSWERS: Record<string, string> = {
  'ST-5-entity': `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY who "admin">]>${success('&who;')}`,
  'ST-6-lowercase': `<!doctype r [ <!entity who "admin"> ]>${success('&who;')}`,
  'ST-7-spaced': `<!  DOCTYPE r [<!ENTITY who SYSTEM "file:///etc/hostname">]>${success('admin')}`,
  'ST-8-laughs': `<!DOCTYPE r [<!ENTITY l0 "ha">${laughs}]>${success('&l9;')}`,
};

/** A tiny CAS server: tickets are single use and valid only for the service they were issued for. */
function casResponder() {
  const tickets = new Map<string, { user: string; service: string }>([
    ['ST-1-admin', { user: 'admin', service: SERVICE }],
    ['ST-2-other', { user: 'admin', service: 'https://evil.example/steal' }],
    ['ST-3-nobody', { user: 'nobody_at_all', service: SERVICE }],
    ['ST-4-guest', { user: 'guest', service: SERVICE }],
  ]);
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas');
    asked.push(url.search);
    const ticket = url.searchParams.get('ticket') ?? '';
    const entry = tickets.get(ticket);
    tickets.delete(ticket);
    res.setHeader('content-type', 'application/xml');
    const raw = RAW_ANSWERS[ticket];
    if (raw) {
      res.end(raw);
    } else if (url.pathname !== '/cas/p3/serviceValidate') {
      res.statusCode = 404;
      res.end();
    } else if (entry && entry.service === url.searchParams.get('service')) {
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess><cas:user>${entry.user}</cas:user>
  <cas:attributes><cas:mail>${entry.user}@example.gov.cn</cas:mail></cas:attributes></cas:authenticationSuccess>
</cas:serviceResponse>`);
    } else {
      const code = entry ? 'INVALID_SERVICE' : 'INVALID_TICKET';
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${code}">Ticket ${ticket} not recognized</cas:authenticationFailure>
</cas:serviceResponse>`);
    }
  });
  return { server, asked };
}

describe.each(targets)(
  'CAS login (against a local fake CAS server: no CAS server on the registry) on $name',
  (target) => {
    let t: TestApp;
    const cas = casResponder();

    beforeAll(async () => {
      await new Promise<void>((resolve) => cas.server.listen(0, '127.0.0.1', resolve));
      const { port } = cas.server.address() as AddressInfo;
      t = await startApp(target, { casServerUrl: `http://127.0.0.1:${port}/cas`, casServiceUrl: SERVICE });
    });
    afterAll(async () => {
      await t?.close();
      await new Promise((resolve) => cas.server.close(resolve));
    });

    const validate = (query: string) => t.request({ method: 'GET', url: `/sys/cas/client/validateLogin?${query}` });

    it('signs the CAS user in as the account of that name, with the fixed service URL, once per ticket', async () => {
      const options = (await t.request({ method: 'GET', url: '/account/options' })).json().result;
      expect(options.casLoginUrl).toContain(`/cas/login?service=${encodeURIComponent(SERVICE)}`);
      // A service the request names is not used.
      const res = await validate(`ticket=ST-1-admin&service=${encodeURIComponent('https://evil.example/steal')}`);
      expect(res.statusCode).toBe(200);
      const result = res.json().result as LoginResult;
      expect(result.userInfo.username).toBe('admin');
      expect(result.tenantList).toHaveLength(2);
      expect(cas.asked.at(-1)).toContain(`service=${encodeURIComponent(SERVICE)}`);
      expect((await t.request({ method: 'GET', url: '/sys/user/current', token: result.token })).statusCode).toBe(200);

      const replay = await validate('ticket=ST-1-admin');
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe(M.casTicketInvalid);
    });

    it('refuses a ticket for another service, an unknown CAS user, the guest and a malformed ticket', async () => {
      const other = await validate('ticket=ST-2-other');
      expect(other.statusCode).toBe(401);
      expect(other.json().message).toBe(M.casTicketInvalid);
      const nobody = await validate('ticket=ST-3-nobody');
      expect(nobody.statusCode).toBe(401);
      expect(nobody.json().message).toBe(M.casUserUnknown);
      const guest = await validate('ticket=ST-4-guest');
      expect(guest.json().message).toBe(M.casUserUnknown);
      const bad = await validate('ticket=%3Cscript%3E');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(M.casTicketFormat);
      const logs = await t.app.ctx.db.db.selectFrom('sysLog').select('logContent').where('logType', '=', 1).execute();
      expect(logs.some((l) => l.logContent.includes(M.casUserUnknown))).toBe(true);
    });

    it('refuses an answer that declares a DOCTYPE or entities: no name injected through one signs anyone in', async () => {
      for (const ticket of Object.keys(RAW_ANSWERS)) {
        const res = await validate(`ticket=${ticket}`);
        expect(res.statusCode, ticket).toBe(401);
        expect(res.json().message, ticket).toBe(M.casTicketInvalid);
        expect(res.json().result?.token, ticket).toBeUndefined();
      }
    });

    it('is off without configuration, and the configuration must name both URLs', async () => {
      const plain = await startApp(target);
      try {
        const res = await plain.request({ method: 'GET', url: '/sys/cas/client/validateLogin?ticket=ST-1-x' });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(M.casDisabled);
        expect((await plain.request({ method: 'GET', url: '/account/options' })).json().result.casLoginUrl).toBeNull();
      } finally {
        await plain.close();
      }
      expect(() => loadConfig({ CAS_SERVER_URL: 'https://cas.example/cas' })).toThrow('CAS_SERVICE_URL');
      expect(() => loadConfig({ CAS_SERVER_URL: 'ftp://x', CAS_SERVICE_URL: SERVICE })).toThrow('CAS_SERVER_URL');
    });
  },
);
