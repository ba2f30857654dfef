import { GUEST_CREDENTIALS, ROLE, SECURITY_SETTING_KEYS } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { formatDateTime } from '../../lib/time.js';
import { grantAssetOffice, grantSeededRole } from './reference.seed.js';
import { seedId } from './seed-id.js';

/** The seeded accounts; README.md lists the same. */
export const SEED_ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026', realname: '系统管理员' },
  staff: { username: 'staff', password: 'Staff@2026', realname: '张三' },
  guest: { username: GUEST_CREDENTIALS.username, password: GUEST_CREDENTIALS.password, realname: '访客' },
  // The three officers of three-officer mode (issue 24; officer.seed.ts seeds them in demo databases).
  sysadmin: { username: 'sysadmin', password: 'SysAdmin@2026', realname: '李系统' },
  secadmin: { username: 'secadmin', password: 'SecAdmin@2026', realname: '王安全' },
  auditor: { username: 'auditor', password: 'Auditor@2026', realname: '赵审计' },
} as const;

export const SEED_TENANTS = [
  { id: 1001, name: '示范区国有资产管理中心' },
  { id: 1002, name: '示范区城市建设投资集团' },
] as const;

export const SEED_DEPARTS = [
  { key: 'gzb', name: '示范区国资办', orgCode: 'A01', parent: null, category: '1' },
  { key: 'zcgl', name: '资产管理科', orgCode: 'A01A01', parent: 'gzb', category: '2' },
  { key: 'zhbgs', name: '综合办公室', orgCode: 'A01A02', parent: 'gzb', category: '2' },
] as const;

export const SEED_POSITIONS = [
  { key: 'kezhang', name: '科长', rank: '3' },
  { key: 'keyuan', name: '科员', rank: '5' },
] as const;

/** Demo organisation and accounts, written once into an empty database. */
export async function seedDemo(db: Kysely<Database>, hashPassword: (p: string) => Promise<string>): Promise<void> {
  const anyUser = await db.selectFrom('sysUser').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  const now = formatDateTime();
  const audit = { createBy: 'system', createTime: now, updateBy: null, updateTime: null };
  const hashes: Partial<Record<keyof typeof SEED_ACCOUNTS, string>> = {
    admin: await hashPassword(SEED_ACCOUNTS.admin.password),
    staff: await hashPassword(SEED_ACCOUNTS.staff.password),
    guest: await hashPassword(SEED_ACCOUNTS.guest.password),
  };

  await db.transaction().execute(async (trx) => {
    for (const t of SEED_TENANTS) {
      await trx
        .insertInto('sysTenant')
        .values({ id: t.id, name: t.name, beginDate: now, endDate: null, status: 1, ...audit })
        .execute();
    }
    for (const [index, d] of SEED_DEPARTS.entries()) {
      await trx
        .insertInto('sysDepart')
        .values({
          id: seedId(`depart:${d.key}`),
          parentId: d.parent ? seedId(`depart:${d.parent}`) : null,
          departName: d.name,
          departNameEn: null,
          departNameAbbr: null,
          departOrder: index,
          description: null,
          orgCategory: d.category,
          orgType: d.parent ? '2' : '1',
          orgCode: d.orgCode,
          mobile: null,
          fax: null,
          address: null,
          memo: null,
          status: '1',
          delFlag: 0,
          tenantId: SEED_TENANTS[0].id,
          ...audit,
        })
        .execute();
    }
    for (const p of SEED_POSITIONS) {
      await trx
        .insertInto('sysPosition')
        .values({
          id: seedId(`position:${p.key}`),
          code: p.key,
          name: p.name,
          postRank: p.rank,
          companyId: null,
          tenantId: SEED_TENANTS[0].id,
          ...audit,
        })
        .execute();
    }

    const users: {
      key: keyof typeof SEED_ACCOUNTS;
      role: string;
      departs: string[];
      positions: string[];
      tenants: number[];
      sex: number | null;
      phone: string | null;
    }[] = [
      {
        key: 'admin',
        role: ROLE.admin,
        departs: ['gzb', 'zcgl', 'zhbgs'],
        positions: ['kezhang', 'keyuan'],
        tenants: [1001, 1002],
        sex: 1,
        phone: '13800000001',
      },
      {
        key: 'staff',
        role: ROLE.staff,
        departs: ['zcgl'],
        positions: ['keyuan'],
        tenants: [1001],
        sex: 1,
        phone: '13800000002',
      },
      { key: 'guest', role: ROLE.guest, departs: [], positions: [], tenants: [1001], sex: null, phone: null },
    ];
    for (const u of users) {
      const account = SEED_ACCOUNTS[u.key];
      const id = seedId(`user:${u.key}`);
      const firstDepart = SEED_DEPARTS.find((d) => d.key === u.departs[0]);
      await trx
        .insertInto('sysUser')
        .values({
          id,
          username: account.username,
          realname: account.realname,
          password: hashes[u.key]!,
          avatar: null,
          birthday: null,
          sex: u.sex,
          email: null,
          phone: u.phone,
          orgCode: firstDepart?.orgCode ?? null,
          status: 1,
          delFlag: 0,
          workNo: null,
          telephone: null,
          loginTenantId: u.tenants[0] ?? null,
          loginDepartId: firstDepart ? seedId(`depart:${firstDepart.key}`) : null,
          loginPositionId: u.positions[0] ? seedId(`position:${u.positions[0]}`) : null,
          lastLoginTime: null,
          lastLoginIp: null,
          passwordTime: now,
          ...audit,
        })
        .execute();
      await trx
        .insertInto('sysUserRole')
        .values({ id: seedId(`user-role:${u.key}`), userId: id, roleId: seedId(`role:${u.role}`), tenantId: null })
        .execute();
      // 张三 of 资产管理科 also works in the asset office (issue 9).
      if (u.key === 'staff') await grantAssetOffice(trx, id);
      // The seeded administrator also administers the platform objects every tenant shares.
      if (u.key === 'admin') await grantSeededRole(trx, id, ROLE.platform);
      for (const d of u.departs) {
        await trx
          .insertInto('sysUserDepart')
          .values({ id: seedId(`user-depart:${u.key}:${d}`), userId: id, depId: seedId(`depart:${d}`) })
          .execute();
      }
      for (const p of u.positions) {
        await trx
          .insertInto('sysUserPosition')
          .values({ id: seedId(`user-position:${u.key}:${p}`), userId: id, positionId: seedId(`position:${p}`) })
          .execute();
      }
      for (const t of u.tenants) {
        await trx
          .insertInto('sysUserTenant')
          .values({ id: seedId(`user-tenant:${u.key}:${t}`), userId: id, tenantId: t, status: 1 })
          .execute();
      }
    }

    for (const [settingKey, settingValue] of Object.entries({
      systemName: '区域资产资源管理与发布平台',
      logoUrl: '',
      logoTitle: '资产物联网子系统',
      companyName: '示范区国有资产经营管理有限公司',
      companyLongitude: '104.082913',
      companyLatitude: '30.658842',
      // DEMO ONLY, loudly marked in 安全设置 and the README: the seeded accounts sign in without a second factor and
      // may keep their published passwords. A real deployment empties this list before going live.
      [SECURITY_SETTING_KEYS.demoAccounts]: Object.values(SEED_ACCOUNTS)
        .map((a) => a.username)
        .filter((name) => name !== GUEST_CREDENTIALS.username)
        .join(','),
    })) {
      await trx.insertInto('sysPlatformSetting').values({ settingKey, settingValue, updateTime: now }).execute();
    }
  });
}
