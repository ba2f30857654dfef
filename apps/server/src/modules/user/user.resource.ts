import { PERM, USER_MESSAGES, USER_RESOURCE, USER_STATUS, SEED_ID } from '@district/shared';
import {
  userImportSchema,
  userEditSchema,
  type UserAddInput,
  type UserEditInput,
  type UserImportInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { SEALED_COLUMNS } from '../../lib/personal-data.js';
import { fieldCrypto } from '../../lib/resource/sealed-fields.js';
import { defineResource, type ResourceContext, type Row, type TxContext } from '../../lib/resource/resource.types.js';
import {
  assertUnique,
  chooseTenants,
  decorateUsers,
  uniqueInBatch,
  inDepartTree,
  inTenant,
  initialPasswordHash,
  removeUserLinks,
  replaceLinks,
  replaceTenants,
  withRole,
} from './user.service.js';
import { assertDepartsInReach, assertPositionsInReach } from './user-reach.service.js';
import { hashPassword } from '../../lib/password.js';
import { assertInitialPassword, newPasswordColumns } from '../../lib/password-policy.js';
import { splitIds } from '../../lib/id-list.js';
import { assertAccountsInReach, assertRolesInReach, visibleRoles } from '../../lib/access/reach.js';
import { assertOfficerSeparation } from '../../lib/access/officers.js';

type UserBody = Partial<UserAddInput> & UserImportInput;

const PROFILE_FIELDS = [
  'realname',
  'workNo',
  'sex',
  'birthday',
  'phone',
  'email',
  'telephone',
  'avatar',
  'status',
] as const;

/** Checks the links of a body before anything is written, so a bad id is a 400, never half a save. */
async function checkLinks(body: UserBody | UserEditInput, ctx: ResourceContext, userId: string | null) {
  let heldRoles: string[] = [];
  if (userId) {
    const rows = await ctx.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute();
    heldRoles = rows.map((r) => r.roleId);
  }
  if (body.selectedroles !== undefined) {
    await assertRolesInReach(ctx.db, ctx.user, splitIds(body.selectedroles), heldRoles);
  }
  const departs =
    body.selecteddeparts !== undefined ? await assertDepartsInReach(ctx, splitIds(body.selecteddeparts)) : undefined;
  if (body.selectedPositions !== undefined) await assertPositionsInReach(ctx, splitIds(body.selectedPositions));
  if (body.relTenantIds !== undefined) chooseTenants(ctx.user, body.relTenantIds);
  return { departs };
}

/** Writes the links a body names (roles, departments, positions, tenants); absent lists stay as they are. */
async function writeLinks(userId: string, body: UserBody | UserEditInput, ctx: TxContext, isNew: boolean) {
  const { trx } = ctx;
  if (body.selectedroles !== undefined) {
    // Roles of other tenants, which the caller cannot see, stay.
    const visible = await visibleRoles(trx, ctx.user.tenantId).select('id').execute();
    const held = await trx.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute();
    const visibleIds = new Set(visible.map((r) => r.id));
    const keep = held.map((h) => h.roleId).filter((id) => !visibleIds.has(id));
    await replaceLinks(trx, 'sysUserRole', userId, splitIds(body.selectedroles), keep);
    // 三员分立: no account ends up with two duties (checked on what this transaction would commit).
    await assertOfficerSeparation(trx, [userId]);
  }
  // Departments and positions of other tenants (outside the caller's reach, not in the form) stay too.
  const tenantId = ctx.user.tenantId;
  if (body.selecteddeparts !== undefined) {
    const keep =
      tenantId === null
        ? []
        : await trx
            .selectFrom('sysUserDepart as ud')
            .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
            .select('ud.depId as id')
            .where('ud.userId', '=', userId)
            .where((eb) => eb.or([eb('d.tenantId', 'is', null), eb('d.tenantId', '<>', tenantId)]))
            .execute();
    await replaceLinks(
      trx,
      'sysUserDepart',
      userId,
      splitIds(body.selecteddeparts),
      keep.map((k) => k.id),
    );
  }
  if (body.selectedPositions !== undefined) {
    const keep =
      tenantId === null
        ? []
        : await trx
            .selectFrom('sysUserPosition as up')
            .innerJoin('sysPosition as p', 'p.id', 'up.positionId')
            .select('up.positionId as id')
            .where('up.userId', '=', userId)
            .where((eb) => eb.or([eb('p.tenantId', 'is', null), eb('p.tenantId', '<>', tenantId)]))
            .execute();
    await replaceLinks(
      trx,
      'sysUserPosition',
      userId,
      splitIds(body.selectedPositions),
      keep.map((k) => k.id),
    );
  }
  if (body.relTenantIds !== undefined || isNew) {
    const reachable = ctx.user.session?.tenants ?? (ctx.user.tenantId !== null ? [ctx.user.tenantId] : []);
    await replaceTenants(trx, userId, chooseTenants(ctx.user, body.relTenantIds), isNew ? [] : reachable);
  }
}

function profile(body: Record<string, unknown>): Row {
  const row: Row = {};
  for (const f of PROFILE_FIELDS) if (body[f] !== undefined) row[f] = body[f];
  return row;
}

/**
 * Users (sys_user): the shared declaration (USER_RESOURCE) plus soft delete, tenancy through sys_user_tenant and the
 * data rules of /system/user. Phone and e-mail are sealed at rest and masked without system:user:viewPhone.
 */
export const userResource = defineResource<UserBody, UserEditInput>(USER_RESOURCE, {
  table: 'sysUser',
  fields: {
    phone: { sealed: { column: SEALED_COLUMNS.userPhone, unmask: PERM.userViewPhone } },
    email: { sealed: { column: SEALED_COLUMNS.userEmail, unmask: PERM.userViewPhone } },
  },
  // add is a custom route (its form's schema differs from the import's, createSchema); the rest are the pattern's.
  skip: ['add'],
  // Once committed: the guard's cache forgets the change, a frozen or deleted user's sessions end.
  async afterCommit({ action, rows }, ctx) {
    const { tokens, authCache } = ctx.request.server.ctx;
    if (action === 'delete') {
      for (const row of rows) await tokens.revokeUser(String(row.id));
      return;
    }
    if (action === 'edit' && rows[0]?.status === USER_STATUS.frozen) await tokens.revokeUser(String(rows[0].id));
    await authCache.invalidate();
  },
  dataRuleMenu: '/system/user',
  softDelete: true,
  tenancy: { kind: 'custom', apply: inTenant },
  extraParams: {
    departId: (q, value, ctx) => inDepartTree(ctx.db, q, value),
    roleId: (q, value) => withRole(q, value),
  },
  createSchema: userImportSchema,
  updateSchema: userEditSchema,

  async toRow(body, ctx) {
    const { departs } = await checkLinks(body, ctx, null);
    const tenants = chooseTenants(ctx.user, body.relTenantIds);
    // An imported user gets the initial password, which must follow the configured rule too.
    if (!body.password) await assertInitialPassword(ctx.request);
    const password = body.password
      ? await hashPassword(body.password)
      : await initialPasswordHash(ctx.request, ctx.request.server.ctx.config.userInitialPassword);
    return {
      username: body.username,
      ...profile(body),
      status: body.status ?? USER_STATUS.normal,
      password,
      // An administrator chose it (or it is the import's initial one): changed by the user before anything else.
      ...newPasswordColumns({ mustChange: true }),
      delFlag: 0,
      orgCode: departs?.[0]?.orgCode ?? null,
      loginDepartId: departs?.[0]?.id ?? null,
      loginTenantId: tenants[0] ?? null,
    };
  },
  async afterCreate(row, body, ctx) {
    await writeLinks(String(row.id), body, ctx, true);
  },
  // An import of 100k users would otherwise insert their tenant links one statement per user.
  async afterCreateBatch(items, ctx) {
    const tenantLinks: { id: string; userId: string; tenantId: number; status: number }[] = [];
    for (const { row, body } of items) {
      const userId = String(row.id);
      if (
        body.selectedroles !== undefined ||
        body.selecteddeparts !== undefined ||
        body.selectedPositions !== undefined
      ) {
        await writeLinks(userId, body, ctx, true);
        continue;
      }
      for (const tenantId of chooseTenants(ctx.user, body.relTenantIds))
        tenantLinks.push({ id: newId(), userId, tenantId, status: 1 });
    }
    for (let i = 0; i < tenantLinks.length; i += 500) {
      await ctx.trx
        .insertInto('sysUserTenant')
        .values(tenantLinks.slice(i, i + 500))
        .execute();
    }
  },
  async toUpdate(body, before, ctx) {
    if (body.username !== undefined && body.username !== before.username) {
      throw new ApiError(400, USER_MESSAGES.usernameFixed);
    }
    // Nobody edits an account that holds more than they do (it could then be signed in as).
    await assertAccountsInReach(ctx.db, ctx.user, [String(before.id)]);
    if (body.status === USER_STATUS.frozen) assertMayDisable([before], ctx, 'freeze');
    const { departs } = await checkLinks(body, ctx, String(before.id));
    const changes = profile(body);
    if (departs) {
      // The current department must stay one of the user's; else the first becomes current.
      const current = departs.find((d) => d.id === before.loginDepartId) ?? departs[0];
      changes.loginDepartId = current?.id ?? null;
      changes.orgCode = current?.orgCode ?? null;
    }
    return changes;
  },
  async afterUpdate(row, body, ctx) {
    await writeLinks(String(row.id), body, ctx, false);
  },
  async beforeWrite(row, existingId, ctx) {
    await assertUnique(ctx.db, row, existingId, fieldCrypto(ctx));
  },
  beforeImportBatch: (rows, ctx, seen) => uniqueInBatch(ctx.db, rows, seen, fieldCrypto(ctx)),
  async beforeDelete(rows, ctx) {
    await assertAccountsInReach(
      ctx.trx,
      ctx.user,
      rows.map((r) => String(r.id)),
    );
    assertMayDisable(rows, ctx, 'delete');
  },
  async afterDelete(rows, ctx) {
    await removeUserLinks(
      ctx.trx,
      rows.map((r) => String(r.id)),
    );
  },
  // decorateUsers reads the id alone.
  exportReads: [],
  async decorate(rows, ctx) {
    await decorateUsers(ctx.db, rows);
  },
  importRow(values) {
    const body: Record<string, unknown> = { username: values.username };
    for (const f of PROFILE_FIELDS) if (values[f] !== undefined) body[f] = values[f];
    return body as UserImportInput;
  },
});

/** Nobody freezes or deletes themselves or the seeded administrator. */
export function assertMayDisable(rows: Row[], ctx: ResourceContext, action: 'freeze' | 'delete'): void {
  if (rows.some((r) => r.id === ctx.user.id)) {
    throw new ApiError(400, action === 'freeze' ? USER_MESSAGES.freezeSelf : USER_MESSAGES.deleteSelf);
  }
  if (rows.some((r) => r.id === SEED_ID.adminUser)) {
    throw new ApiError(400, action === 'freeze' ? USER_MESSAGES.freezeAdmin : USER_MESSAGES.deleteAdmin);
  }
}
