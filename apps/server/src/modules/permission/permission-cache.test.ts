import zlib from 'node:zlib';
import type { MenuRoute, UserPermissionResult } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

const ROLE_STAFF = seedId('role:staff');
const MENU_SYSTEM = seedId('perm:system');
const MENU_USER = seedId('perm:system-user');
const URL = '/sys/permission/getUserPermissionByToken';

const titles = (menu: MenuRoute[]): string[] =>
  menu.flatMap((m) => [m.meta.title, ...titles(m.children ?? [])]).filter((x): x is string => !!x);

/** The menu answer is cached per role set: a grant change must show at once, on every instance. */
describe.each(targets)('cached menu answer on $name', (target) => {
  let t: TestApp;
  let second: FastifyInstance | null = null;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username, SEED_ACCOUNTS.staff.password);
    // With Redis, a second instance on the same database and Redis (as behind a load balancer).
    if (t.config.redisUrl) second = await buildApp(t.config);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** The answer's raw bytes and its JSON, as a browser (Brotli) or a plain client asks for it. */
  const answerOf = async (app: 'first' | 'second', encoding: 'br' | 'gzip' | 'identity' = 'identity') => {
    const headers = { 'accept-encoding': encoding };
    const res =
      app === 'first'
        ? await t.request({ method: 'GET', url: URL, token: staff, headers })
        : await second!.inject({ method: 'GET', url: `/api${URL}`, headers: { ...headers, 'x-access-token': staff } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const raw = res.rawPayload;
    const text =
      encoding === 'br'
        ? zlib.brotliDecompressSync(raw).toString()
        : encoding === 'gzip'
          ? zlib.gunzipSync(raw).toString()
          : raw.toString();
    expect(res.headers['content-encoding'] ?? 'identity').toBe(encoding);
    const body = JSON.parse(text) as {
      success: boolean;
      code: number;
      result: UserPermissionResult;
      timestamp: number;
    };
    expect(body).toMatchObject({ success: true, code: 200 });
    return { raw, body };
  };
  const menuOf = async (app: 'first' | 'second', encoding: 'br' | 'identity' = 'identity') =>
    titles((await answerOf(app, encoding)).body.result.menu);

  it('answers a browser’s Brotli and gzip with the same menu, reusing the compressed bytes', async () => {
    const plain = await answerOf('first');
    const br = await answerOf('first', 'br');
    const gz = await answerOf('first', 'gzip');
    expect(br.body.result).toEqual(plain.body.result);
    expect(gz.body.result).toEqual(plain.body.result);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 3);
    // Right after, within the second the body is kept, the bytes are the very same (not built and compressed again).
    const again = await answerOf('first', 'br');
    expect(again.raw.equals(br.raw)).toBe(true);
  });

  const grant = async (ids: string[]) => {
    const res = await t.request({
      method: 'POST',
      url: '/sys/permission/saveRolePermission',
      token: admin,
      payload: { roleId: ROLE_STAFF, permissionIds: ids.join(',') },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('shows a grant and its withdrawal at once, on every instance', async () => {
    const before = (
      await t.request({ method: 'GET', url: `/sys/permission/queryRolePermission?roleId=${ROLE_STAFF}`, token: admin })
    ).json().result as string[];
    const instances = second ? (['first', 'second'] as const) : (['first'] as const);
    // Warm the caches: the same answer twice.
    for (const app of instances) {
      for (const encoding of ['identity', 'br'] as const) {
        expect(await menuOf(app, encoding)).not.toContain('用户管理');
        expect(await menuOf(app, encoding)).not.toContain('用户管理');
      }
    }
    // The compressed bytes kept for a second are dropped with the answer: the change shows in the same second.
    await grant([...before, MENU_SYSTEM, MENU_USER]);
    for (const app of instances) {
      expect(await menuOf(app, 'br')).toContain('用户管理');
      expect(await menuOf(app)).toContain('用户管理');
    }
    await grant(before);
    for (const app of instances) {
      expect(await menuOf(app, 'br')).not.toContain('用户管理');
      expect(await menuOf(app)).not.toContain('用户管理');
    }
  });
});
