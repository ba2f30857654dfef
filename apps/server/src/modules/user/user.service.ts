import {
  REACH_MESSAGES,
  USER_MESSAGES,
  USER_UNIQUE_FIELDS,
  type DepartUserItem,
  type UserUniqueField,
} from '@district/shared';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { splitIds } from '../../lib/id-list.js';
import { newId } from '../../lib/ids.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { normalizePersonal, personalHashes, SEALED_COLUMNS } from '../../lib/personal-data.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import type { AnyQuery, Row } from '../../lib/resource/resource.types.js';
import { foldUsername, foldedUsername } from './username.js';
import { hashPassword } from '../../lib/password.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- conditions on the resource's open query builder */

/** Users who belong (sys_user_tenant) to a tenant. */
export function inTenant(q: AnyQuery, tenantId: number): AnyQuery {
  return q.where((eb: any) =>
    eb.exists(
      eb
        .selectFrom('sysUserTenant as ut')
        .select('ut.id')
        .whereRef('ut.userId', '=', 'sysUser.id')
        .where('ut.tenantId', '=', tenantId),
    ),
  );
}

/** Users of a department and of its sub-departments (organisation codes share the parent's prefix). */
export async function inDepartTree(db: Kysely<Database>, q: AnyQuery, departId: string): Promise<AnyQuery> {
  const depart = await db
    .selectFrom('sysDepart')
    .select('orgCode')
    .where('id', '=', departId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!depart) return q.where(sql<SqlBool>`1 = 0`);
  const prefix = `${escapeLike(depart.orgCode)}%`;
  return q.where((eb: any) =>
    eb.exists(
      eb
        .selectFrom('sysUserDepart as ud')
        .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
        .select('ud.id')
        .whereRef('ud.userId', '=', 'sysUser.id')
        .where('d.delFlag', '=', 0)
        .where(sql<SqlBool>`${sql.ref('d.orgCode')} like ${prefix} escape '!'`),
    ),
  );
}

export function withRole(q: AnyQuery, roleId: string): AnyQuery {
  return q.where((eb: any) =>
    eb.exists(
      eb
        .selectFrom('sysUserRole as ur')
        .select('ur.id')
        .whereRef('ur.userId', '=', 'sysUser.id')
        .where('ur.roleId', '=', roleId),
    ),
  );
}

/** Department ids and names of a page of users, in one query. */
export async function departsOfUsers(
  db: Kysely<Database>,
  userIds: string[],
): Promise<Map<string, { ids: string[]; names: string[] }>> {
  const out = new Map<string, { ids: string[]; names: string[] }>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select(['ud.userId', 'd.id', 'd.departName'])
    .where('ud.userId', 'in', userIds)
    .where('d.delFlag', '=', 0)
    .orderBy('d.departOrder')
    .orderBy('d.orgCode')
    .execute();
  for (const r of rows) {
    const entry = out.get(r.userId) ?? { ids: [], names: [] };
    entry.ids.push(r.id);
    entry.names.push(r.departName);
    out.set(r.userId, entry);
  }
  return out;
}

export async function decorateUsers(db: Kysely<Database>, rows: Row[]): Promise<void> {
  const departs = await departsOfUsers(
    db,
    rows.map((r) => String(r.id)),
  );
  for (const row of rows) {
    const d = departs.get(String(row.id));
    row.departIds = d?.ids.join(',') ?? '';
    row.orgCodeTxt = d?.names.join(',') ?? '';
  }
}

/** Phone and e-mail are sealed at rest: they are compared through their keyed hashes (lib/personal-data.ts). */
const SEALED_UNIQUE = { phone: SEALED_COLUMNS.userPhone, email: SEALED_COLUMNS.userEmail } as const;
const sealedUnique = (field: UserUniqueField) => (field === 'phone' || field === 'email' ? SEALED_UNIQUE[field] : null);

/**
 * Whether a unique field's value is free. Usernames are unique in the table itself, deleted accounts
 * included, and regardless of case; phone, e-mail and work number only among live accounts (phone and e-mail by
 * their keyed hashes under every key of the ring, which is why they need `crypto`).
 */
export async function isTaken(
  db: Kysely<Database>,
  field: UserUniqueField,
  value: string,
  exceptId: string | null,
  crypto: FieldCrypto | null = null,
): Promise<boolean> {
  const sealed = sealedUnique(field);
  if (sealed && !crypto) throw new Error(`isTaken(${field}) needs the field keys`);
  const row = await db
    .selectFrom('sysUser')
    .select('id')
    .$if(field === 'username', (q) => q.where(foldedUsername(db), '=', foldUsername(value)))
    .$if(sealed !== null, (q) =>
      q
        .where(sealed!.hashColumn as 'phoneHash', 'in', personalHashes(crypto!, sealed!, value))
        .where('delFlag', '=', 0),
    )
    .$if(field === 'workNo', (q) => q.where(field, '=', value).where('delFlag', '=', 0))
    .$if(exceptId !== null && exceptId !== '', (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** Uniqueness of a batch of imported users: one query per unique field, plus duplicates inside the file. */
export async function uniqueInBatch(
  db: Kysely<Database>,
  rows: Row[],
  seen: Map<string, Set<string>>,
  crypto: FieldCrypto,
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  for (const field of Object.keys(USER_UNIQUE_FIELDS) as UserUniqueField[]) {
    const sealed = sealedUnique(field);
    // User names compare folded (Admin is admin), in the database and within the file.
    const key =
      field === 'username'
        ? (v: unknown) => foldUsername(String(v))
        : sealed
          ? (v: unknown) => normalizePersonal(sealed.kind, String(v))
          : (v: unknown) => String(v);
    const values = [...new Set(rows.map((r) => r[field]).filter((v) => v !== null && v !== undefined && v !== ''))].map(
      key,
    );
    if (values.length === 0) continue;
    // Sealed fields: the hashes of every value under every key, each mapped back to its value.
    const byHash = new Map<string, string>();
    if (sealed) for (const v of values) for (const h of personalHashes(crypto, sealed, v)) byHash.set(h, v);
    const taken = await db
      .selectFrom('sysUser')
      .$if(field === 'username', (q) =>
        q.select(foldedUsername(db).as('value')).where(foldedUsername(db), 'in', values),
      )
      .$if(sealed !== null, (q) =>
        q
          .select(`${sealed!.hashColumn as 'phoneHash'} as value`)
          .where(sealed!.hashColumn as 'phoneHash', 'in', [...byHash.keys()])
          .where('delFlag', '=', 0),
      )
      .$if(field === 'workNo', (q) => q.select(`${field} as value`).where(field, 'in', values).where('delFlag', '=', 0))
      .execute();
    const inDb = new Set(
      taken.map((t) => {
        const v = String((t as { value: unknown }).value);
        return sealed ? (byHash.get(v) ?? v) : v;
      }),
    );
    const inFile = seen.get(field) ?? new Set<string>();
    seen.set(field, inFile);
    rows.forEach((row, i) => {
      const value = row[field];
      if (value === null || value === undefined || value === '' || refused.has(i)) return;
      if (inDb.has(key(value)) || inFile.has(key(value)))
        refused.set(i, USER_MESSAGES.taken(USER_UNIQUE_FIELDS[field]));
      else inFile.add(key(value));
    });
  }
  return refused;
}

export async function assertUnique(
  db: Kysely<Database>,
  row: Row,
  existingId: string | null,
  crypto: FieldCrypto,
): Promise<void> {
  for (const field of Object.keys(USER_UNIQUE_FIELDS) as UserUniqueField[]) {
    const value = row[field];
    if (value === null || value === undefined || value === '') continue;
    if (await isTaken(db, field, String(value), existingId, crypto)) {
      throw new ApiError(400, USER_MESSAGES.taken(USER_UNIQUE_FIELDS[field]));
    }
  }
}

/**
 * Tenants a user may be put in: only the caller's own (beyond them is out of reach, 403); none chosen means the
 * caller's current tenant.
 */
export function chooseTenants(caller: AuthUser, raw: string | undefined): number[] {
  const ids = splitIds(raw).map(Number);
  const own = caller.session?.tenants ?? (caller.tenantId !== null ? [caller.tenantId] : []);
  if (ids.some((id) => !own.includes(id))) throw new ApiError(403, REACH_MESSAGES.tenantOutside);
  if (ids.length) return ids;
  return caller.tenantId !== null ? [caller.tenantId] : [];
}

type LinkTable = 'sysUserRole' | 'sysUserDepart' | 'sysUserPosition';

/** Replaces a user's links of one kind; `keep` rows (outside the caller's reach) stay. */
export async function replaceLinks(
  trx: Kysely<Database>,
  table: LinkTable,
  userId: string,
  ids: string[],
  keep: string[] = [],
): Promise<void> {
  const column = table === 'sysUserRole' ? 'roleId' : table === 'sysUserDepart' ? 'depId' : 'positionId';
  await (trx as Kysely<any>)
    .deleteFrom(table)
    .where('userId', '=', userId)
    .$if(keep.length > 0, (q) => q.where(column, 'not in', keep))
    .execute();
  const fresh = ids.filter((id) => !keep.includes(id));
  if (fresh.length === 0) return;
  await (trx as Kysely<any>)
    .insertInto(table)
    .values(
      fresh.map((id) => ({
        id: newId(),
        userId,
        [column]: id,
        ...(table === 'sysUserRole' ? { tenantId: null } : {}),
      })),
    )
    .execute();
}

export async function replaceTenants(
  trx: Kysely<Database>,
  userId: string,
  tenants: number[],
  reachable: number[],
): Promise<void> {
  if (reachable.length) {
    await trx.deleteFrom('sysUserTenant').where('userId', '=', userId).where('tenantId', 'in', reachable).execute();
  }
  if (tenants.length) {
    await trx
      .insertInto('sysUserTenant')
      .values(tenants.map((tenantId) => ({ id: newId(), userId, tenantId, status: 1 })))
      .execute();
  }
}

/** Removes every link row of deleted users. */
export async function removeUserLinks(trx: Kysely<Database>, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx.deleteFrom('sysUserRole').where('userId', 'in', userIds).execute();
  await trx.deleteFrom('sysUserDepart').where('userId', 'in', userIds).execute();
  await trx.deleteFrom('sysUserPosition').where('userId', 'in', userIds).execute();
  await trx.deleteFrom('sysUserTenant').where('userId', 'in', userIds).execute();
  await trx.deleteFrom('sysDepartRoleUser').where('userId', 'in', userIds).execute();
}

/**
 * Imported users without a password all get the configured initial password. Its argon2 hash is computed
 * once per import request and shared by every row (argon2 per row would make a large import take minutes).
 */
const importHashes = new WeakMap<FastifyRequest, Promise<string>>();
export function initialPasswordHash(request: FastifyRequest, initialPassword: string): Promise<string> {
  let hash = importHashes.get(request);
  if (!hash) {
    hash = hashPassword(initialPassword);
    importHashes.set(request, hash);
  }
  return hash;
}

/** Users directly in one department (the user picker), in the caller's tenant. */
export async function usersOfDepart(
  db: Kysely<Database>,
  departId: string,
  tenantId: number | null,
): Promise<DepartUserItem[]> {
  let q = db
    .selectFrom('sysUser')
    .select(['sysUser.id', 'sysUser.username', 'sysUser.realname', 'sysUser.sex', 'sysUser.phone'])
    .where('sysUser.delFlag', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysUserDepart as ud')
          .select('ud.id')
          .whereRef('ud.userId', '=', 'sysUser.id')
          .where('ud.depId', '=', departId),
      ),
    )
    .orderBy('sysUser.username')
    .limit(2000);
  if (tenantId !== null) q = inTenant(q as AnyQuery, tenantId) as typeof q;
  const users = await q.execute();
  const departs = await departsOfUsers(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => ({ ...u, orgCodeTxt: departs.get(u.id)?.names.join(',') ?? '' }));
}
