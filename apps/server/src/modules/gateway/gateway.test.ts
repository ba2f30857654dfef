import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY_API, GATEWAY_MESSAGES as M, GUEST_CREDENTIALS, PERM, gatewayRoutePerm } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { ensureRoutePermissions, matchesPattern, stripPrefix } from './gateway.service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(targets)('gateway routes on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let upstream: http.Server;
  let port = 0;
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
        res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'evil=1' });
        res.end(JSON.stringify({ upstream: true, url: req.url }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    port = (upstream.address() as AddressInfo).port;
    t = await startApp(target, { gatewayAllowedHosts: [`127.0.0.1:${port}`, 'api.example.com'] });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

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

  it('refuses targets outside the allowlist (metadata address, other ports, other hosts) and stores nothing', async () => {
    const before = (await t.app.ctx.db.db.selectFrom('sysGatewayRoute').select('id').execute()).length;
    for (const [uri, message] of [
      ['http://169.254.169.254/latest/meta-data', M.hostNotAllowed],
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

  it('is closed to the guest and to users without the right', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    for (const token of [guest, staff]) {
      expect((await call('GET', `${GATEWAY_API.base}/list`, undefined, token)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/orders/api/x`, token })).statusCode).toBe(
        403,
      );
    }
    expect((await t.request({ method: 'GET', url: `${GATEWAY_API.prefix}/orders/api/x` })).statusCode).toBe(401);
  });
});

describe('gateway path rules', () => {
  it('matches patterns and strips prefixes', () => {
    expect(matchesPattern('/api/**', '/api/a/b')).toBe(true);
    expect(matchesPattern('/api/*', '/api/a/b')).toBe(false);
    expect(matchesPattern('/api/*', '/api/a')).toBe(true);
    expect(stripPrefix('/api/a/b', 1)).toBe('/a/b');
    expect(stripPrefix('/api', 1)).toBe('/');
  });
});
