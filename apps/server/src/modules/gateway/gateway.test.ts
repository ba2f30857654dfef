import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { GATEWAY_API, GATEWAY_MESSAGES as M, GUEST_CREDENTIALS, MSG, PERM, gatewayRoutePerm } from '@district/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { ensureRoutePermissions, matchesPattern, proxiedPath, stripPrefix, upstreamUrl } from './gateway.service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(targets)('gateway routes on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let upstream: http.Server;
  let port = 0;
  /** Plays the internal service / metadata endpoint no call may reach: it counts every request it gets. */
  let internal: http.Server;
  let internalPort = 0;
  const internalHits: string[] = [];
  /** The app on a real socket: raw request targets (backslashes, dots, tabs) that inject() would normalise. */
  let appPort = 0;
  const seen: { method: string; url: string; body: string; cookie?: string; token?: string }[] = [];
  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.request({ method, url, token, payload });

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          body,
          cookie: req.headers.cookie,
          token: req.headers['x-access-token'] as string | undefined,
        });
        // No keep-alive: every call opens (and looks up) its own connection.
        res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'evil=1', connection: 'close' });
        res.end(JSON.stringify({ upstream: true, url: req.url }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    port = (upstream.address() as AddressInfo).port;
    internal = http.createServer((req, res) => {
      internalHits.push(req.url ?? '');
      res.end('{"secret":"instance credentials"}');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    internalPort = (internal.address() as AddressInfo).port;
    t = await startApp(target, {
      gatewayAllowedHosts: [
        `127.0.0.1:${port}`,
        'api.example.com',
        `rebind.example.com:${port}`,
        // Allowlisted by mistake: the metadata address stays refused all the same.
        '169.254.169.254',
        'metadata.google.internal',
      ],
    });
    admin = await t.login();
    appPort = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => upstream.close(resolve));
    await new Promise((resolve) => internal.close(resolve));
  });
  afterEach(() => vi.restoreAllMocks());

  /** Sends the request target byte for byte (no client normalises it) and answers status and JSON body. */
  const raw = (target: string) =>
    new Promise<{ status: number; body: { message?: string; upstream?: boolean; url?: string } | null }>(
      (resolve, reject) => {
        const socket = net.connect(appPort, '127.0.0.1', () =>
          socket.write(
            `GET ${t.config.apiBase}${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Access-Token: ${admin}\r\n` +
              'Connection: close\r\n\r\n',
          ),
        );
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString();
          const [head = '', ...rest] = text.split('\r\n\r\n');
          let body = rest.join('\r\n\r\n');
          if (/transfer-encoding: chunked/i.test(head)) {
            body = body.replace(/(^|\r\n)[0-9a-f]+\r\n/gi, '');
          }
          let json = null;
          try {
            json = JSON.parse(body) as { message?: string };
          } catch {
            // Node's own 400 for a malformed request has no JSON body.
          }
          resolve({ status: Number(head.split(' ')[1]), body: json });
        });
      },
    );
  const addRoute = async (routeId: string, fields: object) => {
    const res = await call('POST', `${GATEWAY_API.base}/add`, { routeId, name: routeId, status: 1, ...fields });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('proxies an enabled route to the local upstream, stripping the prefix, without our token or cookies', async () => {
    const add = await call('POST', `${GATEWAY_API.base}/add`, {
      routeId: 'orders',
      name: '订单服务',
      uri: `http://127.0.0.1:${port}/base`,
      predicates: '["/api/**"]',
      filters: '[{"name":"StripPrefix","args":{"parts":1}}]',
      status: 1,
    });
    expect(add.statusCode, add.body).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: `${GATEWAY_API.prefix}/orders/api/list?page=2`,
      token: admin,
      payload: { a: 1 },
      headers: { cookie: 'session=abc' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ upstream: true, url: '/base/list?page=2' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/base/list?page=2', body: '{"a":1}' });
    expect(last.cookie).toBeUndefined();
    expect(last.token).toBeUndefined();

    // A path outside the predicates, then the route disabled: 404, with no restart.
    expect(
      (await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/orders/admin/x`, token: admin })).statusCode,
    ).toBe(404);
    const { id } = await t.app.ctx.db.db
      .selectFrom('sysGatewayRoute')
      .select('id')
      .where('routeId', '=', 'orders')
      .executeTakeFirstOrThrow();
    expect((await call('PUT', `${GATEWAY_API.base}/edit`, { id, status: 0 })).statusCode).toBe(200);
    const off = await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/orders/api/list`, token: admin });
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toBe(M.notFound);
  });

  it('calls a route only with its own permission besides system:gateway:call; renaming keeps the grant', async () => {
    const { db } = t.app.ctx.db;
    const add = await call('POST', `${GATEWAY_API.base}/add`, {
      routeId: 'reports',
      name: '报表服务',
      uri: `http://127.0.0.1:${port}/r`,
      status: 1,
    });
    expect(add.statusCode, add.body).toBe(200);
    const route = await db
      .selectFrom('sysGatewayRoute')
      .select('id')
      .where('routeId', '=', 'reports')
      .executeTakeFirstOrThrow();
    const perm = await db
      .selectFrom('sysPermission')
      .select(['id', 'name', 'menuType'])
      .where('perms', '=', gatewayRoutePerm('reports'))
      .executeTakeFirstOrThrow();
    expect(perm).toMatchObject({ name: '调用网关路由：报表服务', menuType: 2 });

    // A role with the shared call right only.
    const roleId = newId();
    await db
      .insertInto('sysRole')
      .values({ id: roleId, roleCode: `gw_${roleId.slice(0, 8)}`, roleName: '网关调用', tenantId: null } as never)
      .execute();
    const grant = (permissionId: string) =>
      db
        .insertInto('sysRolePermission')
        .values({ id: newId(), roleId, permissionId, dataRuleIds: null, operateDate: null, operateIp: null })
        .execute();
    await grant(seedId(`perm:${PERM.gatewayCall}`));
    const { token } = await createTestUser(t, { username: 'gw_caller', password: 'Caller@2026', roleIds: [roleId] });
    const refused = await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/reports/x`, token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`${M.routeForbidden}：gateway:route:reports`);

    await grant(perm.id);
    await t.app.ctx.authCache.invalidate();
    const allowed = await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/reports/x`, token });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json()).toEqual({ upstream: true, url: '/r/x' });

    // The permission follows a new route id, with its grants.
    expect((await call('PUT', `${GATEWAY_API.base}/edit`, { id: route.id, routeId: 'reports-v2' })).statusCode).toBe(
      200,
    );
    expect(
      (await db.selectFrom('sysPermission').select('perms').where('id', '=', perm.id).executeTakeFirstOrThrow()).perms,
    ).toBe(gatewayRoutePerm('reports-v2'));
    expect((await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/reports-v2/x`, token })).statusCode).toBe(201);

    // Deleting the route takes its permission and the grants along.
    expect((await call('DELETE', `${GATEWAY_API.base}/delete?id=${route.id}`)).statusCode).toBe(200);
    expect(
      await db.selectFrom('sysPermission').select('id').where('id', '=', perm.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('sysRolePermission').select('id').where('permissionId', '=', perm.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('gives a route saved before per-route permissions its permission at the next start (seed), once', async () => {
    const { db } = t.app.ctx.db;
    await db
      .insertInto('sysGatewayRoute')
      .values({
        id: newId(),
        routeId: 'legacy',
        name: '旧路由',
        uri: 'https://api.example.com/',
        predicates: null,
        filters: null,
        sortOrder: 0,
        status: 1,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const codes = () =>
      db.selectFrom('sysPermission').select('name').where('perms', '=', gatewayRoutePerm('legacy')).execute();
    expect(await codes()).toEqual([]);
    await ensureRoutePermissions(db);
    await ensureRoutePermissions(db);
    expect(await codes()).toEqual([{ name: '调用网关路由：旧路由' }]);
  });

  it('never lets the proxied path name another host: every spelling stays off the internal server', async () => {
    // A bare origin (the case where `//host` used to replace it) and a route that strips a prefix.
    await addRoute('bare', { uri: `http://127.0.0.1:${port}` });
    await addRoute('strip', {
      uri: `http://127.0.0.1:${port}/base/`,
      predicates: '["/a/**"]',
      filters: '[{"name":"StripPrefix","args":{"parts":1}}]',
    });
    const at = `127.0.0.1:${internalPort}`;
    const refused = [
      `//${at}/latest/meta-data`,
      `//${at}`,
      `///${at}/x`,
      `/\\${at}/x`,
      `/\\\\${at}/x`,
      `\\\\${at}/x`,
      `/%2f%2f${at}/x`,
      `/%2F${at}/x`,
      `/%5c${at}/x`,
      `/%5C%5C${at}/x`,
      `/%252f%252f${at}/x`,
      `/..%2f..%2f${at}/x`,
      `/%2e%2e/%2e%2e/x`,
      `/.%2E/x`,
      `/../x`,
      `/x/../../y`,
      `/./x`,
      `/x/./y`,
      `/x/..`,
      `/x/%2e`,
      `/\t/${at}/x`,
      `/%09/${at}/x`,
      `/x%0d%0aHost:%20${at}`,
      `/x%00y`,
      `//user@${at}/x`,
      `//[::ffff:127.0.0.1]:${internalPort}/x`,
      `//[::1]:${internalPort}/x`,
      `//2130706433:${internalPort}/x`,
      `/x#/../${at}`,
      `/x?a=1#//${at}`,
      `/x?a=%0a\t`,
      `/%zz/x`,
    ].map((p) => `${GATEWAY_API.prefix}/bare${p}`);
    // With StripPrefix, `/a//host` becomes `//host` once `/a` is gone; dots may not climb out of the base path.
    refused.push(
      ...[`/a//${at}/x`, `/a/\\${at}/x`, `/a/../../x`, `/a/%2e%2e/x`, `/a/%2f${at}`].map(
        (p) => `${GATEWAY_API.prefix}/strip${p}`,
      ),
    );
    for (const p of refused) {
      const res = await raw(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      // Node itself refuses some (a raw tab); everything that reaches the gateway is told why, in Chinese.
      if (res.body && 'success' in res.body) {
        expect([M.pathInvalid, M.notFound, M.pathNotMatched, MSG.controlCharacter], p).toContain(res.body.message);
      }
    }
    expect(internalHits).toEqual([]);

    // `@` and the internal host inside a segment or the query are only text of a path on the route's own host.
    const seenBefore = seen.length;
    for (const [p, url] of [
      [`/@${at}/x`, `/@${at}/x`],
      [`/x?u=//${at}/&v=\\`, `/x?u=//${at}/&v=\\`],
      ['/x;y=1/%E4%B8%AD%20z/', '/x;y=1/%E4%B8%AD%20z/'],
    ]) {
      const res = await raw(`${GATEWAY_API.prefix}/bare${p}`);
      expect(res.status, p).toBe(201);
      expect(res.body).toEqual({ upstream: true, url });
    }
    expect(seen.length).toBe(seenBefore + 3);
    expect(internalHits).toEqual([]);
  });

  it('still proxies normal paths, query strings and StripPrefix under the base path', async () => {
    for (const [p, url] of [
      [`${GATEWAY_API.prefix}/bare/`, '/'],
      [`${GATEWAY_API.prefix}/bare/v1/items?page=2&q=a%2Fb`, '/v1/items?page=2&q=a%2Fb'],
      [`${GATEWAY_API.prefix}/strip/a/list`, '/base/list'],
      [`${GATEWAY_API.prefix}/strip/a/list/?p=2`, '/base/list/?p=2'],
      [`${GATEWAY_API.prefix}/strip/a/x.y/file.tar.gz`, '/base/x.y/file.tar.gz'],
    ]) {
      const res = await raw(p);
      expect(res.status, p).toBe(201);
      expect(res.body).toEqual({ upstream: true, url });
    }
    expect(internalHits).toEqual([]);
  });

  it('refuses a route whose host resolves to a metadata address, at save and right before connecting', async () => {
    const answers = { now: ['169.254.169.254'] };
    const realLookup = dns.lookup.bind(dns);
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: object, callback: never) => {
      if (host !== 'rebind.example.com') return (realLookup as (...a: unknown[]) => void)(host, options, callback);
      const all = answers.now.map((address) => ({ address, family: net.isIP(address) }));
      (callback as (e: null, a: typeof all) => void)(null, all);
    }) as never);

    const uri = `http://rebind.example.com:${port}/`;
    const saved = await call('POST', `${GATEWAY_API.base}/add`, { routeId: 'rebind', name: 'x', uri, status: 1 });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe(M.addressForbidden);

    // Harmless while saved and at the first call (the name only resolves through the stub: the lookup is used) …
    answers.now = ['127.0.0.1'];
    await addRoute('rebind', { uri });
    const first = await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/rebind/x`, token: admin });
    expect(first.statusCode, first.body).toBe(201);
    // … then re-pointed at the metadata address beside a harmless one: refused before any connection.
    answers.now = ['127.0.0.1', '::ffff:169.254.169.254'];
    const seenBefore = seen.length;
    const later = await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/rebind/x`, token: admin });
    expect(later.statusCode).toBe(400);
    expect(later.json().message).toBe(M.addressForbidden);
    expect(seen.length).toBe(seenBefore);
  });

  it('refuses targets outside the allowlist (metadata address, other ports, other hosts) and stores nothing', async () => {
    const before = (await t.app.ctx.db.db.selectFrom('sysGatewayRoute').select('id').execute()).length;
    for (const [uri, message] of [
      // Metadata and link-local addresses in any spelling, even when GATEWAY_ALLOWED_HOSTS names them.
      ['http://169.254.169.254/latest/meta-data', M.addressForbidden],
      ['http://0xa9fea9fe/latest/meta-data', M.addressForbidden],
      ['http://2852039166/', M.addressForbidden],
      ['http://0251.0376.0251.0376/', M.addressForbidden],
      ['http://[::ffff:169.254.169.254]/', M.addressForbidden],
      ['http://[fd00:ec2::254]/', M.addressForbidden],
      ['http://[fe80::1]/', M.addressForbidden],
      ['http://100.100.100.200/', M.addressForbidden],
      ['http://METADATA.google.internal./computeMetadata/v1/', M.addressForbidden],
      [`http://127.0.0.1:${port + 1}/`, M.hostNotAllowed],
      ['http://localhost:8080/admin', M.hostNotAllowed],
      ['http://evil.example.org/', M.hostNotAllowed],
      ['file:///etc/passwd', M.uriInvalid],
      ['http://user:pw@api.example.com/', M.uriInvalid],
    ] as const) {
      const res = await call('POST', `${GATEWAY_API.base}/add`, { routeId: 'bad', name: 'x', uri, status: 1 });
      expect(res.statusCode, uri).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const badFilter = await call('POST', `${GATEWAY_API.base}/add`, {
      routeId: 'bad',
      name: 'x',
      uri: 'https://api.example.com/',
      filters: '[{"name":"AddRequestHeader"}]',
    });
    expect(badFilter.json().message).toBe(M.filtersInvalid);
    expect((await t.app.ctx.db.db.selectFrom('sysGatewayRoute').select('id').execute()).length).toBe(before);
  });

  it('tells the page which hosts routes may point at (empty when GATEWAY_ALLOWED_HOSTS is not set)', async () => {
    const res = await call('GET', GATEWAY_API.allowedHosts);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.allowedHosts).toEqual(expect.arrayContaining([`127.0.0.1:${port}`, 'api.example.com']));
    const bare = await startApp(target);
    try {
      const token = await bare.login();
      const none = await bare.request({ method: 'GET', url: GATEWAY_API.allowedHosts, token });
      expect(none.json().result).toEqual({ allowedHosts: [] });
    } finally {
      await bare.close();
    }
  });

  it('is closed to the guest and to users without the right', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    for (const token of [guest, staff]) {
      expect((await call('GET', `${GATEWAY_API.base}/list`, undefined, token)).statusCode).toBe(403);
      expect((await call('GET', GATEWAY_API.allowedHosts, undefined, token)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/orders/api/x`, token })).statusCode).toBe(
        403,
      );
    }
    expect((await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/orders/api/x` })).statusCode).toBe(401);
  });
});

describe('gateway path rules', () => {
  it('builds the upstream URL on the route origin only', () => {
    const target = new URL('http://127.0.0.1:9000');
    expect(upstreamUrl(target, '/a/b', '?x=1').href).toBe('http://127.0.0.1:9000/a/b?x=1');
    expect(upstreamUrl(new URL('https://api.example.com/v1/'), '/x', '').href).toBe('https://api.example.com/v1/x');
    // Even a path that slipped past the checks cannot change the origin: refused, or a path on the same host.
    for (const path of ['//169.254.169.254/x', '/\\169.254.169.254/x', '/../x', '/x/%2e%2e/y', '/@169.254.169.254']) {
      let origin = 'refused';
      try {
        origin = upstreamUrl(new URL('http://127.0.0.1:9000/base'), path, '').origin;
      } catch (error) {
        expect((error as Error).message).toBe(M.pathInvalid);
      }
      expect(['refused', 'http://127.0.0.1:9000'], path).toContain(origin);
    }
    expect(() => upstreamUrl(new URL('http://127.0.0.1:9000/base'), '/../x', '')).toThrow(M.pathInvalid);
    expect(() => upstreamUrl(new URL('http://127.0.0.1:9000/base'), '/\\x', '')).toThrow(M.pathInvalid);
    expect(proxiedPath('/api/gateway/r/a/b?c', '/api/gateway/r')).toEqual({ path: '/a/b', search: '?c' });
    expect(() => proxiedPath('/api/gateway/r2/a', '/api/gateway/r')).toThrow(M.notFound);
  });

  it('matches patterns and strips prefixes', () => {
    expect(matchesPattern('/api/**', '/api/a/b')).toBe(true);
    expect(matchesPattern('/api/*', '/api/a/b')).toBe(false);
    expect(matchesPattern('/api/*', '/api/a')).toBe(true);
    expect(stripPrefix('/api/a/b', 1)).toBe('/a/b');
    expect(stripPrefix('/api', 1)).toBe('/');
  });
});
