import { INVENTORY_ROUTES, PERM, ROLE } from '@district/shared';
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../lib/time.js';
import type { Database, SysPermission } from '../schema.js';
import type { MenuSeed } from './reference.seed.js';
import { seedId } from './seed-id.js';

/**
 * 资产清查盘点 under 资产配置 (issue 26 part 1): the desk's 盘点任务 (with its hidden detail page) and the phone's
 * 盘点录入. The asset office holds all of it; an administrator may grant 盘点录入 to other roles (checkers are any
 * users of the tenant holding it, named on the campaign).
 */
export const INVENTORY_MENUS: MenuSeed[] = [
  {
    key: 'asset-inventory',
    name: '盘点任务',
    url: INVENTORY_ROUTES.campaigns,
    component: 'asset/InventoryCampaigns',
    icon: 'audit',
    roles: [ROLE.assetOffice],
    sort: 60,
    buttons: [
      { code: PERM.assetInventoryList, name: '盘点任务查询' },
      { code: PERM.assetInventoryEdit, name: '盘点任务维护' },
      { code: PERM.assetInventorySettle, name: '盘点差异处理' },
    ],
  },
  {
    key: 'asset-inventory-detail',
    name: '盘点详情',
    url: INVENTORY_ROUTES.campaign,
    component: 'asset/InventoryCampaign',
    hidden: true,
    roles: [ROLE.assetOffice],
    sort: 61,
  },
  {
    key: 'asset-inventory-check',
    name: '盘点录入',
    url: INVENTORY_ROUTES.check,
    component: 'asset/InventoryCheck',
    icon: 'scan',
    roles: [ROLE.assetOffice],
    sort: 62,
    buttons: [{ code: PERM.assetInventoryCheck, name: '盘点录入' }],
  },
];

/** The parent of the entries: 资产配置 as reference.seed.ts seeds it. */
const ASSET_MENU_ID = seedId('perm:asset');

function rows(now: string): { row: SysPermission; roles: string[] }[] {
  const out: { row: SysPermission; roles: string[] }[] = [];
  for (const m of INVENTORY_MENUS) {
    const menu: SysPermission = {
      id: seedId(`perm:${m.key}`),
      parentId: ASSET_MENU_ID,
      name: m.name,
      url: m.url,
      component: m.component,
      componentName: null,
      redirect: null,
      menuType: 1,
      perms: null,
      permsType: null,
      sortNo: m.sort ?? 0,
      alwaysShow: 0,
      icon: m.icon ?? null,
      isRoute: 1,
      isLeaf: m.buttons?.length ? 0 : 1,
      keepAlive: 0,
      hidden: m.hidden ? 1 : 0,
      hideTab: 0,
      description: null,
      status: '1',
      delFlag: 0,
      ruleFlag: 0,
      internalOrExternal: 0,
      createBy: 'system',
      createTime: now,
      updateBy: null,
      updateTime: null,
    };
    out.push({ row: menu, roles: m.roles });
    (m.buttons ?? []).forEach((b, i) =>
      out.push({
        roles: b.roles ?? m.roles,
        row: {
          ...menu,
          id: seedId(`perm:${b.code}`),
          parentId: menu.id,
          name: b.name,
          url: null,
          component: null,
          menuType: 2,
          perms: b.code,
          permsType: '1',
          sortNo: i,
          icon: null,
          isRoute: 0,
          isLeaf: 1,
          hidden: 0,
        },
      }),
    );
  }
  return out;
}

/**
 * Inserts the entries and their grants (admin and the asset office) when missing, as seedReference does for its
 * menu: an administrator's later changes survive restarts. Runs after seedReference (the parent exists).
 */
export async function seedInventory(db: Kysely<Database>): Promise<void> {
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const parent = await trx
      .selectFrom('sysPermission')
      .select('id')
      .where('id', '=', ASSET_MENU_ID)
      .executeTakeFirst();
    if (!parent) return;
    const all = rows(now);
    const ids = all.map((r) => r.row.id);
    const have = new Set(
      (await trx.selectFrom('sysPermission').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    );
    const grants = new Set(
      (
        await trx
          .selectFrom('sysRolePermission')
          .select(['roleId', 'permissionId'])
          .where('permissionId', 'in', ids)
          .execute()
      ).map((g) => `${g.roleId}:${g.permissionId}`),
    );
    for (const { row, roles } of all) {
      if (!have.has(row.id)) await trx.insertInto('sysPermission').values(row).execute();
      for (const code of [ROLE.admin, ...roles]) {
        const roleId = seedId(`role:${code}`);
        if (grants.has(`${roleId}:${row.id}`)) continue;
        await trx
          .insertInto('sysRolePermission')
          .values({
            id: seedId(`grant:${code}:${row.id}`),
            roleId,
            permissionId: row.id,
            dataRuleIds: null,
            operateDate: now,
            operateIp: null,
          })
          .execute();
      }
    }
  });
}
