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

  const menuOf = async (app: 'first' | 'second') => {
    const opts = { method: 'GET' as const, url: `/api${URL}`, headers: { 'x-access-token': staff } };
    const res =
      app === 'first' ? await t.request({ method: 'GET', url: URL, token: staff }) : await second!.inject(opts);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json() as { success: boolean; code: number; result: UserPermissionResult };
    expect(body).toMatchObject({ success: true, code: 200 });
    return titles(body.result.menu);
  };

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
      expect(await menuOf(app)).not.toContain('用户管理');
      expect(await menuOf(app)).not.toContain('用户管理');
    }
    await grant([...before, MENU_SYSTEM, MENU_USER]);
    for (const app of instances) expect(await menuOf(app)).toContain('用户管理');
    await grant(before);
    for (const app of instances) expect(await menuOf(app)).not.toContain('用户管理');
  });
});
