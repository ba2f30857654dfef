import { Validator } from '@seriousme/openapi-schema-validator';
import { API_DOCS_PATH, PERM, POSITION_RESOURCE } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';

interface Operation {
  summary: string;
  tags: string[];
  'x-permission': string[];
  'x-platform-only': boolean;
  'x-auth': string;
  security: unknown[];
  requestBody?: { content: { 'application/json': { schema: { properties?: Record<string, unknown> } } } };
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** HTTP methods OpenAPI describes (Fastify's `all` also registers QUERY and others). */
const DOCUMENTED_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS']);

describe.each(targets.slice(0, 1))('the OpenAPI description on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let doc: Doc;
  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    const res = await t.request({ method: 'GET', url: API_DOCS_PATH, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document by the specification’s own schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every route of the route table, with what it declares', () => {
    const base = t.config.apiBase;
    const missing: string[] = [];
    for (const route of t.app.routeTable) {
      if (!DOCUMENTED_METHODS.has(route.method) || !route.url.startsWith(base)) continue;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const codes =
        typeof route.auth === 'string' && ['public', 'display', 'user'].includes(route.auth) ? [] : [route.auth].flat();
      expect(op['x-permission'], route.url).toEqual(codes);
      expect(op['x-platform-only'], route.url).toBe(route.platform);
      expect(op.security.length === 0, route.url).toBe(route.auth === 'public');
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(150);
  });

  it('names routes as the menus do and carries the bodies the server validates', () => {
    const add = doc.paths[`/api${POSITION_RESOURCE.path}/add`]!.post!;
    expect(add.summary).toBe('新增职务');
    expect(add.tags).toEqual(['职务管理']);
    expect(add['x-permission']).toEqual([PERM.positionAdd]);
    expect(Object.keys(add.requestBody!.content['application/json'].schema.properties ?? {})).toEqual(
      expect.arrayContaining(['code', 'name', 'postRank']),
    );
    const tenantAdd = doc.paths['/api/sys/tenant/add']!.post!;
    expect(tenantAdd['x-platform-only']).toBe(true);
    expect(doc.paths['/api/sys/login']!.post!['x-auth']).toBe('public');
  });

  it('is for administrators: the guest and a user without the right are refused', async () => {
    expect((await t.request({ method: 'GET', url: API_DOCS_PATH })).statusCode).toBe(401);
    const guest = await t.login('guest');
    expect((await t.request({ method: 'GET', url: API_DOCS_PATH, token: guest })).statusCode).toBe(403);
    const staff = await t.login('staff');
    const refused = await t.request({ method: 'GET', url: API_DOCS_PATH, token: staff });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(PERM.apiDocs);
  });
});
