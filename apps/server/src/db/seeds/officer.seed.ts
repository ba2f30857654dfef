import { OFFICER_ROLE, PERM, ROLE, type OfficerDuty } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { formatDateTime } from '../../lib/time.js';
import { SEED_ACCOUNTS, SEED_TENANTS } from './demo.seed.js';
import { MENU, grantSeededRole, type MenuSeed } from './reference.seed.js';
import { seedId } from './seed-id.js';

/*
 * The three officers of 三员分立 (issue 24 item 4): global roles, inserted when missing like every seeded role, with
 * their grants of seeded entries inserted when missing. What each may do is a list of menu entries (with all their
 * buttons, or `only` some, or all `except` some); the groups above an entry come with it.
 */

interface Grant {
  key: string;
  only?: string[];
  except?: string[];
}

const PERSONAL: Grant[] = [{ key: 'user-info' }, { key: 'isps-user-announcement' }];

export const OFFICER_GRANTS: Record<OfficerDuty, { name: string; description: string; grants: Grant[] }> = {
  system: {
    name: '系统管理员',
    description: '三员之一：账号、角色与系统配置（不含审计日志、角色授权与安全设置）',
    grants: [
      { key: 'dashboard' },
      { key: 'system-platform', except: [PERM.securityEdit] },
      { key: 'system-user' },
      { key: 'system-role', except: [PERM.roleAuthorize, PERM.roleUsers] },
      { key: 'system-permission', except: [PERM.permissionDataRule] },
      { key: 'system-permission-lazy' },
      { key: 'system-depart' },
      { key: 'system-depart-user' },
      { key: 'system-position' },
      { key: 'system-tenant' },
      { key: 'system-dict' },
      { key: 'system-category' },
      { key: 'system-address-book' },
      { key: 'system-fill-rule' },
      { key: 'system-check-rule' },
      { key: 'monitor-job' },
      { key: 'monitor-gateway' },
      { key: 'monitor-data-source' },
      { key: 'monitor-runtime' },
      { key: 'monitor-system' },
      { key: 'monitor-http' },
      { key: 'monitor-disk' },
      { key: 'monitor-redis' },
      { key: 'monitor-oss' },
      { key: 'monitor-api-docs' },
      { key: 'monitor-backup' },
      { key: 'message' },
      { key: 'online' },
      ...PERSONAL,
    ],
  },
  security: {
    name: '安全管理员',
    description: '三员之一：安全策略（安全设置）、角色授权与数据规则、会话管理（在线用户）',
    grants: [
      { key: 'dashboard' },
      { key: 'system-platform', only: [PERM.platformView, PERM.securityEdit] },
      { key: 'system-role', only: [PERM.roleList, PERM.roleAuthorize, PERM.roleUsers] },
      { key: 'system-permission', only: [PERM.permissionList, PERM.permissionDataRule] },
      { key: 'system-depart-role' },
      { key: 'monitor-online' },
      ...PERSONAL,
    ],
  },
  audit: {
    name: '审计管理员',
    description: '三员之一：查阅、导出操作日志、登录日志和数据日志并做完整性校验，别无其他权限',
    grants: [{ key: 'system-log' }, { key: 'system-data-log' }, ...PERSONAL],
  },
};

/** The seeded entries (menus with their ids and buttons) by key, and each one's parent. */
function index(
  items: MenuSeed[],
  parent: string | null,
  out = new Map<string, { item: MenuSeed; parent: string | null }>(),
) {
  for (const item of items) {
    out.set(item.key, { item, parent });
    if (item.children) index(item.children, item.key, out);
  }
  return out;
}

/** The permission ids of one officer's grants. */
export function officerPermissionIds(duty: OfficerDuty): string[] {
  const menus = index(MENU, null);
  const ids = new Set<string>();
  for (const grant of OFFICER_GRANTS[duty].grants) {
    const found = menus.get(grant.key);
    if (!found) throw new Error(`officer seed: unknown menu ${grant.key}`);
    const addWithParents = (key: string | null) => {
      for (let at = key; at; at = menus.get(at)?.parent ?? null) ids.add(seedId(`perm:${at}`));
    };
    addWithParents(grant.key);
    const wanted = (code: string) =>
      (grant.only ? grant.only.includes(code) : true) && !(grant.except ?? []).includes(code);
    const addTree = (item: MenuSeed) => {
      ids.add(seedId(`perm:${item.key}`));
      for (const b of item.buttons ?? []) if (wanted(b.code)) ids.add(seedId(`perm:${b.code}`));
      for (const child of item.children ?? []) addTree(child);
    };
    addTree(found.item);
  }
  return [...ids];
}

export async function seedOfficers(db: Kysely<Database>): Promise<void> {
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const known = new Set((await trx.selectFrom('sysPermission').select('id').execute()).map((r) => r.id));
    for (const duty of Object.keys(OFFICER_GRANTS) as OfficerDuty[]) {
      const code = OFFICER_ROLE[duty];
      const roleId = seedId(`role:${code}`);
      const role = await trx.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst();
      if (!role) {
        await trx
          .insertInto('sysRole')
          .values({
            id: roleId,
            roleCode: code,
            roleName: OFFICER_GRANTS[duty].name,
            description: OFFICER_GRANTS[duty].description,
            tenantId: null,
            createBy: 'system',
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
      const granted = new Set(
        (await trx.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute()).map(
          (g) => g.permissionId,
        ),
      );
      const missing = officerPermissionIds(duty).filter((id) => known.has(id) && !granted.has(id));
      if (missing.length === 0) continue;
      await trx
        .insertInto('sysRolePermission')
        .values(
          missing.map((permissionId) => ({
            id: seedId(`grant:${code}:${permissionId}`),
            roleId,
            permissionId,
            dataRuleIds: null,
            operateDate: now,
            operateIp: null,
          })),
        )
        .execute();
    }
  });
}

const DEMO_OFFICERS: { key: 'sysadmin' | 'secadmin' | 'auditor'; duty: OfficerDuty; platform: boolean }[] = [
  // Configuration and the security settings are platform objects: their officers administer the platform too.
  { key: 'sysadmin', duty: 'system', platform: true },
  { key: 'secadmin', duty: 'security', platform: true },
  { key: 'auditor', duty: 'audit', platform: false },
];

/**
 * One demo account of each officer (README lists them), in both demo tenants. Inserted when missing, so a demo
 * database seeded by an earlier release gets them too; a name already taken by another account is left alone.
 */
export async function seedDemoOfficers(
  db: Kysely<Database>,
  hashPassword: (p: string) => Promise<string>,
): Promise<void> {
  const tenants = (
    await db
      .selectFrom('sysTenant')
      .select('id')
      .where(
        'id',
        'in',
        SEED_TENANTS.map((t) => t.id),
      )
      .execute()
  ).map((t) => Number(t.id));
  const now = formatDateTime();
  for (const o of DEMO_OFFICERS) {
    const account = SEED_ACCOUNTS[o.key];
    const id = seedId(`user:${o.key}`);
    const taken = await db
      .selectFrom('sysUser')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', id), eb(eb.fn('lower', ['username']), '=', account.username.toLowerCase())]))
      .executeTakeFirst();
    if (taken) continue;
    const password = await hashPassword(account.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysUser')
        .values({
          id,
          username: account.username,
          realname: account.realname,
          password,
          avatar: null,
          birthday: null,
          sex: null,
          email: null,
          phone: null,
          orgCode: null,
          status: 1,
          delFlag: 0,
          workNo: null,
          telephone: null,
          loginTenantId: tenants[0] ?? null,
          loginDepartId: null,
          loginPositionId: null,
          lastLoginTime: null,
          lastLoginIp: null,
          passwordTime: now,
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
        } as never)
        .execute();
      await trx
        .insertInto('sysUserRole')
        .values({
          id: seedId(`user-role:${o.key}`),
          userId: id,
          roleId: seedId(`role:${OFFICER_ROLE[o.duty]}`),
          tenantId: null,
        })
        .execute();
      if (o.platform) await grantSeededRole(trx, id, ROLE.platform);
      for (const tenantId of tenants) {
        await trx
          .insertInto('sysUserTenant')
          .values({ id: seedId(`user-tenant:${o.key}:${tenantId}`), userId: id, tenantId, status: 1 })
          .execute();
      }
    });
  }
}
