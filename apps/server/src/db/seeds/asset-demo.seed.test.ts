import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ASSET_API,
  ASSET_DICT,
  ASSET_ROUTES,
  DEFAULT_MAP_SETTINGS,
  GUEST_CREDENTIALS,
  LEDGER_RULES,
  PERM,
  ROLE,
  ledgerNextStatus,
  type AssetStatus,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { DEMO_ASSET_COUNT, generateDemoAssets, SAMPLE_IMAGE_DIR, seedDemoAssets } from './asset-demo.seed.js';
import { SEED_ACCOUNTS } from './demo.seed.js';
import { ASSET_OWN_DEPART_RULE_KEY, seedReference } from './reference.seed.js';
import { seedId } from './seed-id.js';

describe('demo asset generation', () => {
  it('is deterministic and consistent with the ledger rules', () => {
    const a = generateDemoAssets(500);
    const b = generateDemoAssets(500);
    expect(b).toEqual(a);
    const byAsset = new Map<string, typeof a.ledger>();
    for (const e of a.ledger) byAsset.set(e.assetId, [...(byAsset.get(e.assetId) ?? []), e]);
    for (const asset of a.assets) {
      const events = byAsset.get(asset.id)!;
      // Versions 0..version, the first an acquire on the acquisition date, dates never going back.
      expect(events.map((e) => e.assetVersion)).toEqual([...Array(asset.version + 1).keys()]);
      expect(events[0]).toMatchObject({ type: 'acquire', eventDate: asset.acquiredDate });
      for (let i = 1; i < events.length; i++) {
        const e = events[i]!;
        expect(e.eventDate >= events[i - 1]!.eventDate).toBe(true);
        // Every later event was allowed in the status the asset had then.
        expect(LEDGER_RULES[e.type as keyof typeof LEDGER_RULES].from).toContain(events[i - 1]!.toStatus);
        expect(e.fromStatus).toBe(events[i - 1]!.toStatus);
        // …and left the asset where the state machine says (a repair starts or ends 维修).
        const type = e.type as keyof typeof LEDGER_RULES;
        expect(e.toStatus).toBe(ledgerNextStatus(type, e.fromStatus as AssetStatus, e.toStatus as AssetStatus));
      }
      const last = events[events.length - 1]!;
      expect(last.toStatus).toBe(asset.status);
      expect(last.netValueAfter).toBe(asset.netValue);
      expect(asset.netValue!).toBeLessThanOrEqual(asset.originalValue!);
      const lastTransfer = [...events].reverse().find((e) => e.toDepartId);
      expect(lastTransfer?.toDepartId).toBe(asset.ownerDepartId);
      expect(asset.acquiredDate! <= '2026-10-31').toBe(true);
    }
    // Repairs both start and end 维修 in the demo history.
    const repairs = a.ledger.filter((e) => e.type === 'repair');
    expect(repairs.some((e) => e.toStatus === 'repair')).toBe(true);
    expect(repairs.some((e) => e.fromStatus === 'repair' && e.toStatus !== 'repair')).toBe(true);
  });
});

describe.each(targets)('demo assets and asset reference data on $name', (target) => {
  let t: TestApp;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'da-assets-'));
    t = await startApp(target, { uploadDir });
    expect(await seedDemoAssets(t.app.ctx.db.db, uploadDir)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it('seeds 10,000 assets once, 30% published, every located one inside the district box', async () => {
    const { db } = t.app.ctx.db;
    expect(await seedDemoAssets(db, uploadDir)).toBe(false);
    const rows = await db
      .selectFrom('bizAsset')
      .select(['id', 'longitude', 'latitude', 'published', 'status', 'ownerDepartId', 'sysOrgCode', 'images'])
      .execute();
    expect(rows).toHaveLength(DEMO_ASSET_COUNT);
    const published = rows.filter((r) => Number(r.published) === 1);
    expect(published).toHaveLength(DEMO_ASSET_COUNT * 0.3);
    expect(published.some((r) => r.status === 'disposed')).toBe(false);
    const box = DEFAULT_MAP_SETTINGS.districtBox!;
    const located = rows.filter((r) => r.longitude !== null);
    expect(located.length).toBeGreaterThan(DEMO_ASSET_COUNT * 0.95);
    for (const r of located) {
      expect(Number(r.longitude)).toBeGreaterThanOrEqual(box.minLng);
      expect(Number(r.longitude)).toBeLessThanOrEqual(box.maxLng);
      expect(Number(r.latitude)).toBeGreaterThanOrEqual(box.minLat);
      expect(Number(r.latitude)).toBeLessThanOrEqual(box.maxLat);
    }
    // Mostly idle or in use; the staff user's department (资产管理科, A01A01) holds the most.
    const share = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length / rows.length;
    expect(share((r) => r.status === 'idle' || r.status === 'in_use')).toBeGreaterThan(0.75);
    expect(share((r) => r.sysOrgCode === 'A01A01' && r.ownerDepartId === seedId('depart:zcgl'))).toBeGreaterThan(0.4);
    // Same ids and content as the generator: the same data on every database.
    expect(rows.map((r) => r.id).sort()).toEqual(
      generateDemoAssets()
        .assets.map((a) => a.id)
        .sort(),
    );
    const ledger = await db
      .selectFrom('bizAssetLedger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(Number(ledger[0]!.n)).toBeGreaterThan(DEMO_ASSET_COUNT);
  });

  it('bundles the sample pictures as uploaded images the static route serves', async () => {
    const files = await t.app.ctx.db.db.selectFrom('sysFile').selectAll().where('biz', '=', 'asset').execute();
    expect(files.length).toBe(8);
    for (const f of files) expect(fs.statSync(path.join(uploadDir, f.storedPath)).size).toBeLessThan(30_000);
    const res = await t.request({ method: 'GET', url: `/sys/common/static/${SAMPLE_IMAGE_DIR}/residential.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/png');
  });

  it('shows the guest the published demo assets on the public display', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const stats = (await t.request({ method: 'GET', url: ASSET_API.publicStats, token: guest })).json().result;
    expect(stats.total).toBe(DEMO_ASSET_COUNT * 0.3);
    expect(stats.byCategory.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(stats.total);
    const points = await t.request({ method: 'GET', url: ASSET_API.publicPoints, token: guest });
    expect(points.json().result.length).toBeGreaterThan(DEMO_ASSET_COUNT * 0.28);
    // Compact tuples: about 100 bytes a point (two ids, two coordinates, a status), not whole records.
    expect(points.body.length / points.json().result.length).toBeLessThan(120);
  });

  it('gives 张三 the asset office role with its own-department data rule', async () => {
    const { db } = t.app.ctx.db;
    const staffRoles = await db
      .selectFrom('sysUserRole')
      .select('roleId')
      .where('userId', '=', seedId('user:staff'))
      .execute();
    expect(staffRoles.map((r) => r.roleId)).toContain(seedId(`role:${ROLE.assetOffice}`));
    const grant = await db
      .selectFrom('sysRolePermission')
      .select('dataRuleIds')
      .where('roleId', '=', seedId(`role:${ROLE.assetOffice}`))
      .where('permissionId', '=', seedId('perm:asset-index'))
      .executeTakeFirstOrThrow();
    expect(grant.dataRuleIds).toBe(seedId(`dataRule:${ASSET_OWN_DEPART_RULE_KEY}`));
    // The asset list applies it: staff sees 资产管理科's assets, the admin all of them.
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const admin = await t.login(SEED_ACCOUNTS.admin.username);
    const total = async (token: string) =>
      (await t.request({ method: 'GET', url: `${ASSET_API.base}/list?pageSize=1`, token, tenant: 1001 })).json().result
        ?.total;
    const own = await db
      .selectFrom('bizAsset')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sysOrgCode', '=', 'A01A01')
      .executeTakeFirstOrThrow();
    expect(await total(staff)).toBe(Number(own.n));
    expect(await total(admin)).toBe(DEMO_ASSET_COUNT);
  });

  it('gives an upgraded database the asset menus, role, grants, data rule and dictionaries', async () => {
    const { db } = t.app.ctx.db;
    const assetOffice = seedId(`role:${ROLE.assetOffice}`);
    const menuIds = ['asset', 'asset-index', 'asset-details', 'asset-ledger', 'asset-map'].map((k) =>
      seedId(`perm:${k}`),
    );
    const buttonIds = Object.entries(PERM)
      .filter(([k]) => k.startsWith('asset'))
      .map(([, code]) => seedId(`perm:${code}`));
    // An earlier release's database: none of it.
    await db.deleteFrom('sysUserRole').where('roleId', '=', assetOffice).execute();
    await db.deleteFrom('sysRolePermission').where('roleId', '=', assetOffice).execute();
    await db
      .deleteFrom('sysRolePermission')
      .where('permissionId', 'in', [...menuIds, ...buttonIds])
      .execute();
    await db.deleteFrom('sysRole').where('id', '=', assetOffice).execute();
    await db.deleteFrom('sysPermissionDataRule').execute();
    await db
      .deleteFrom('sysPermission')
      .where('id', 'in', [...menuIds, ...buttonIds])
      .execute();
    const dictIds = Object.values(ASSET_DICT).map((c) => seedId(`dict:${c}`));
    await db.deleteFrom('sysDictItem').where('dictId', 'in', dictIds).execute();
    await db.deleteFrom('sysDict').where('id', 'in', dictIds).execute();

    await seedReference(db);
    await seedReference(db); // idempotent
    await t.app.ctx.authCache.invalidate();

    const menus = await db
      .selectFrom('sysPermission')
      .select(['url', 'component', 'hidden'])
      .where('id', 'in', menuIds)
      .execute();
    expect(menus.map((m) => [m.url, m.component, Number(m.hidden)]).sort()).toEqual(
      [
        ['/asset', 'layouts/RouteView', 0],
        [ASSET_ROUTES.index, 'asset/AssetIndex', 0],
        [ASSET_ROUTES.details, 'asset/AssetDetails', 1],
        [ASSET_ROUTES.ledger, 'asset/AssetLedger', 1],
        [ASSET_ROUTES.map, 'asset/AssetMap', 0],
      ].sort(),
    );
    const items = await db.selectFrom('sysDictItem').select('itemValue').where('dictId', 'in', dictIds).execute();
    expect(items.length).toBe(5 + 6 + 8);
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const perms = (
      await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token: staff })
    ).json().result;
    expect(perms.auth.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining([PERM.assetList, PERM.assetPublish, PERM.assetLedgerAdd, PERM.fillRuleExecute]),
    );
    const grant = await db
      .selectFrom('sysRolePermission')
      .select('dataRuleIds')
      .where('roleId', '=', assetOffice)
      .where('permissionId', '=', seedId('perm:asset-index'))
      .executeTakeFirstOrThrow();
    expect(grant.dataRuleIds).toBe(seedId(`dataRule:${ASSET_OWN_DEPART_RULE_KEY}`));
    // The guest keeps only 资产一览.
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const guestMenu = (
      await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token: guest })
    ).json().result.menu;
    expect(guestMenu.map((m: { meta: { title: string } }) => m.meta.title)).toEqual(['资产一览']);
  });
});
