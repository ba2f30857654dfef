import type { CompanyInfo, DepartInfo, PositionInfo, TenantInfo, UserInfo } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database, SysUser } from '../../db/schema.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { openPersonal, SEALED_COLUMNS } from '../../lib/personal-data.js';
import { companyOfTenant } from '../company/company.service.js';
import { getSettings } from '../../lib/platform-settings.js';

export interface UserContext {
  userInfo: UserInfo;
  departList: DepartInfo[];
  positionList: PositionInfo[];
  tenantList: TenantInfo[];
}

export async function userDeparts(db: Kysely<Database>, userId: string): Promise<DepartInfo[]> {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .select(['d.id', 'd.departName', 'd.orgCode'])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', 0)
    .orderBy('d.departOrder')
    .orderBy('d.orgCode')
    .execute();
}

export async function userPositions(db: Kysely<Database>, userId: string): Promise<PositionInfo[]> {
  return db
    .selectFrom('sysPosition as p')
    .innerJoin('sysUserPosition as up', 'up.positionId', 'p.id')
    .select(['p.id', 'p.name', 'p.code'])
    .where('up.userId', '=', userId)
    .orderBy('p.code')
    .execute();
}

export async function userTenants(db: Kysely<Database>, userId: string): Promise<TenantInfo[]> {
  const rows = await db
    .selectFrom('sysTenant as t')
    .innerJoin('sysUserTenant as ut', 'ut.tenantId', 't.id')
    .select(['t.id', 't.name'])
    .where('ut.userId', '=', userId)
    .where('t.status', '=', 1)
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * The user's session view: departments, positions, tenants and the current selection. A stored
 * selection that is no longer valid falls back to the first department/position (app-spec §3) and
 * is saved, so data rules on #{sys_org_code} always see a department the user belongs to. The user's own phone and
 * e-mail are opened with `crypto` (sealed at rest); without it they are answered empty.
 */
export async function loadUserContext(
  db: Kysely<Database>,
  user: SysUser,
  crypto: FieldCrypto | null = null,
): Promise<UserContext> {
  const [departList, positionList, tenantList] = await Promise.all([
    userDeparts(db, user.id),
    userPositions(db, user.id),
    userTenants(db, user.id),
  ]);
  const depart = departList.find((d) => d.id === user.loginDepartId) ?? departList[0];
  const position = positionList.find((p) => p.id === user.loginPositionId) ?? positionList[0];
  const tenantId = tenantList.find((t) => t.id === Number(user.loginTenantId))?.id ?? tenantList[0]?.id ?? 0;
  const orgCode = depart?.orgCode ?? null;
  if (
    (depart?.id ?? null) !== user.loginDepartId ||
    (position?.id ?? null) !== user.loginPositionId ||
    orgCode !== user.orgCode
  ) {
    await db
      .updateTable('sysUser')
      .set({ loginDepartId: depart?.id ?? null, loginPositionId: position?.id ?? null, orgCode })
      .where('id', '=', user.id)
      .execute();
  }
  return {
    departList,
    positionList,
    tenantList,
    userInfo: {
      id: user.id,
      username: user.username,
      realname: user.realname,
      avatar: user.avatar ?? '',
      sex: user.sex,
      phone: (crypto && openPersonal(crypto, SEALED_COLUMNS.userPhone, user.phone)) || '',
      email: (crypto && openPersonal(crypto, SEALED_COLUMNS.userEmail, user.email)) || '',
      orgCode: orgCode ?? '',
      orgCodeTxt: depart?.departName ?? '',
      loginTenantId: tenantId,
      selectDepartId: depart?.id ?? '',
      selectDepartName: depart?.departName ?? '',
      selectPositionId: position?.id ?? '',
      selectPositionName: position?.name ?? '',
      lastLoginTime: user.lastLoginTime ?? '',
    },
  };
}

/**
 * The login's `company`: the profile (企业信息) of the user's login tenant, else the platform settings'
 * company name and coordinates.
 */
export async function loadCompany(db: Kysely<Database>, tenantId: number | null = null): Promise<CompanyInfo> {
  const profile = await companyOfTenant(db, tenantId);
  if (profile) return profile;
  const s = await getSettings(db);
  const num = (v: string | undefined) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v));
  return { name: s.companyName ?? '', latitude: num(s.companyLatitude), longitude: num(s.companyLongitude) };
}
