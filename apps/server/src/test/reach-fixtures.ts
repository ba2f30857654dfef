import type { PermissionCode } from '@district/shared';
import { seedId } from '../db/seeds/seed-id.js';
import type { TestApp } from './harness.js';

/** Test helpers for delegated administrators: a role of a few permission codes, and accounts holding it. */

export const permId = (code: PermissionCode) => seedId(`perm:${code}`);

/** As admin, in `tenant`: a role granted exactly `codes` (the role belongs to that tenant). */
export async function roleWith(t: TestApp, admin: string, tenant: number, roleCode: string, codes: PermissionCode[]) {
  const added = await t.request({
    method: 'POST',
    url: '/sys/role/add',
    token: admin,
    tenant,
    payload: { roleCode, roleName: roleCode },
  });
  if (added.statusCode !== 200) throw new Error(added.body);
  const roleId = added.json().result.id as string;
  const saved = await t.request({
    method: 'POST',
    url: '/sys/permission/saveRolePermission',
    token: admin,
    tenant,
    payload: { roleId, permissionIds: codes.map(permId).join(',') },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return roleId;
}

/** As admin, in `tenant`: an account of that tenant only, with the given roles; answers its id. */
export async function accountWith(t: TestApp, admin: string, tenant: number, username: string, roleIds: string[]) {
  const res = await t.request({
    method: 'POST',
    url: '/sys/user/add',
    token: admin,
    tenant,
    payload: {
      username,
      realname: username,
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      selectedroles: roleIds.join(','),
      relTenantIds: String(tenant),
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().result.id as string;
}
