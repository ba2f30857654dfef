import {
  MENU_TYPE,
  MENU_URL_PATTERN,
  PERM,
  PERMISSION_MESSAGES as M,
  PERMS_PATTERN,
  type MenuType,
  type PermissionLazyRow,
  type PermissionRecord,
  type PermissionTreeNode,
  type PermissionTreeResult,
  type PermissionTreeRow,
} from '@district/shared';
import type { PermissionCreateInput, PermissionUpdateInput } from '@district/shared/schemas';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database, SysPermission } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { formatDateTime } from '../../lib/time.js';

type Db = Kysely<Database>;

const LOG_TABLE = 'sys_permission';
/** Codes the server's routes check: deleting or renaming them would lock everyone out of those calls. */
const BUILTIN_CODES = new Set<string>(Object.values(PERM));

function toRecord(p: SysPermission): PermissionRecord {
  const { delFlag: _deleted, ...rest } = p;
  return { ...rest, menuType: Number(p.menuType) as MenuType, sortNo: Number(p.sortNo) };
}

async function liveRows(db: Db): Promise<SysPermission[]> {
  return db.selectFrom('sysPermission').selectAll().where('delFlag', '=', 0).orderBy('sortNo').orderBy('id').execute();
}

/** Every live entry as a tree; an entry whose parent is gone is shown at the top rather than lost. */
export function buildPermissionTree(rows: SysPermission[]): PermissionTreeRow[] {
  const nodes = new Map<string, PermissionTreeRow>(
    rows.map((p) => [p.id, { ...toRecord(p), key: p.id, title: p.name }]),
  );
  const roots: PermissionTreeRow[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The whole tree (list); with a name, the matching entries and their ancestors. */
export async function permissionTree(db: Db, name?: string): Promise<PermissionTreeRow[]> {
  const rows = await liveRows(db);
  const keyword = name?.replace(/\*/g, '').trim().toLowerCase();
  if (!keyword) return buildPermissionTree(rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const r of rows) {
    if (!r.name.toLowerCase().includes(keyword)) continue;
    for (let cur: SysPermission | undefined = r; cur && !keep.has(cur.id); cur = byId.get(cur.parentId ?? '')) {
      keep.add(cur.id);
    }
  }
  return buildPermissionTree(rows.filter((r) => keep.has(r.id)));
}

/** Tree nodes for tree selects and authorisation trees, plus every id. */
export async function permissionTreeList(db: Db): Promise<PermissionTreeResult> {
  const rows = await liveRows(db);
  const toNode = (row: PermissionTreeRow): PermissionTreeNode => ({
    key: row.id,
    title: row.name,
    ...(row.perms ? { slotTitle: `${row.name}（${row.perms}）`, perms: row.perms } : {}),
    menuType: row.menuType,
    ruleFlag: Number(row.ruleFlag),
    isLeaf: !row.children?.length,
    ...(row.children?.length ? { children: row.children.map(toNode) } : {}),
  });
  return { treeList: buildPermissionTree(rows).map(toNode), ids: rows.map((r) => r.id) };
}

/**
 * One level of the tree for lazy tables: the children of each parent (null = top level), each with
 * hasChildren computed from the live rows rather than trusted from is_leaf.
 */
export async function childrenOf(
  db: Db,
  parentIds: (string | null)[],
): Promise<Map<string | null, PermissionLazyRow[]>> {
  const ids = parentIds.filter((p): p is string => p !== null);
  const wantTop = parentIds.includes(null);
  const rows =
    ids.length || wantTop
      ? await db
          .selectFrom('sysPermission')
          .selectAll()
          .where('delFlag', '=', 0)
          .where((eb) => {
            const parts = [];
            if (ids.length) parts.push(eb('parentId', 'in', ids));
            if (wantTop) parts.push(eb.or([eb('parentId', 'is', null), eb('parentId', '=', '')]));
            return eb.or(parts);
          })
          .orderBy('sortNo')
          .orderBy('id')
          .execute()
      : [];
  const withChildren = new Set<string>();
  if (rows.length) {
    const counted = await db
      .selectFrom('sysPermission')
      .select('parentId')
      .where('delFlag', '=', 0)
      .where(
        'parentId',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('parentId')
      .execute();
    for (const c of counted) if (c.parentId) withChildren.add(c.parentId);
  }
  const result = new Map<string | null, PermissionLazyRow[]>(parentIds.map((p) => [p, []]));
  for (const r of rows) {
    const key = r.parentId ? r.parentId : null;
    result.get(key)?.push({ ...toRecord(r), key: r.id, title: r.name, hasChildren: withChildren.has(r.id) });
  }
  return result;
}

async function findLive(db: Db, id: string): Promise<SysPermission> {
  const row = await db
    .selectFrom('sysPermission')
    .selectAll()
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: unknown): string | null => (blank(v) ? null : String(v).trim());

type Writable = Omit<
  SysPermission,
  'id' | 'delFlag' | 'isLeaf' | 'ruleFlag' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'
>;

/** Fields that make sense for the entry's type; the rest are cleared so a button never carries a route. */
function normalise(input: Partial<PermissionCreateInput>): Writable {
  const menuType = input.menuType ?? MENU_TYPE.subMenu;
  const isButton = menuType === MENU_TYPE.button;
  return {
    parentId: menuType === MENU_TYPE.topMenu ? null : text(input.parentId),
    name: String(input.name ?? '').trim(),
    url: isButton ? null : text(input.url),
    component: isButton ? null : text(input.component),
    componentName: isButton ? null : text(input.componentName),
    redirect: isButton ? null : text(input.redirect),
    menuType,
    perms: text(input.perms),
    permsType: isButton ? (input.permsType ?? '1') : null,
    sortNo: input.sortNo ?? 0,
    alwaysShow: isButton ? 0 : (input.alwaysShow ?? 0),
    icon: isButton ? null : text(input.icon),
    isRoute: isButton ? 0 : (input.isRoute ?? 1),
    keepAlive: isButton ? 0 : (input.keepAlive ?? 0),
    hidden: isButton ? 0 : (input.hidden ?? 0),
    hideTab: isButton ? 0 : (input.hideTab ?? 0),
    description: text(input.description),
    status: input.status ?? '1',
    internalOrExternal: isButton ? 0 : (input.internalOrExternal ?? 0),
  };
}

/** Rules that depend on the type and on other rows; `id` is the edited entry (null when adding). */
async function check(db: Db, row: Writable, id: string | null): Promise<void> {
  if (!row.name) throw new ApiError(400, M.nameRequired);
  if (row.menuType !== MENU_TYPE.topMenu) {
    if (!row.parentId) throw new ApiError(400, M.parentRequired);
    const parent = await db
      .selectFrom('sysPermission')
      .select(['id', 'parentId', 'menuType'])
      .where('id', '=', row.parentId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!parent) throw new ApiError(400, M.parentNotFound);
    if (Number(parent.menuType) === MENU_TYPE.button) throw new ApiError(400, M.parentIsButton);
    if (id !== null) {
      // Walk up from the new parent: meeting the entry itself would make a cycle.
      const all = await db.selectFrom('sysPermission').select(['id', 'parentId']).where('delFlag', '=', 0).execute();
      const up = new Map(all.map((r) => [r.id, r.parentId]));
      const seen = new Set<string>();
      for (let cur: string | null | undefined = parent.id; cur && !seen.has(cur); cur = up.get(cur)) {
        if (cur === id) throw new ApiError(400, M.parentIsSelf);
        seen.add(cur);
      }
    }
  }
  if (row.menuType === MENU_TYPE.button) {
    if (!row.perms) throw new ApiError(400, M.permsRequired);
    if (id !== null) {
      const child = await db
        .selectFrom('sysPermission')
        .select('id')
        .where('parentId', '=', id)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (child) throw new ApiError(400, M.buttonWithChildren);
    }
  } else {
    if (!row.url) throw new ApiError(400, M.urlRequired);
    if (!MENU_URL_PATTERN.test(row.url)) throw new ApiError(400, M.urlInvalid);
    if (!row.component) throw new ApiError(400, M.componentRequired);
  }
  if (row.perms) {
    if (!PERMS_PATTERN.test(row.perms)) throw new ApiError(400, M.permsInvalid);
    const clash = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', row.perms)
      .where('delFlag', '=', 0)
      .$if(id !== null, (q) => q.where('id', '<>', id!))
      .executeTakeFirst();
    if (clash) throw new ApiError(400, M.permsExists(row.perms));
  }
}

/** Sets is_leaf of the given entries from whether they still have live children. */
async function syncLeaf(trx: Db, ids: (string | null)[]): Promise<void> {
  for (const id of new Set(ids)) {
    if (!id) continue;
    const child = await trx
      .selectFrom('sysPermission')
      .select('id')
      .where('parentId', '=', id)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    await trx
      .updateTable('sysPermission')
      .set({ isLeaf: child ? 0 : 1 })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * Adds an entry. It is granted at once to those of the creator's roles that may add menus, so whoever
 * creates a menu can use it and pass it on (nobody can grant what they do not hold).
 */
export async function addPermission(db: Db, user: AuthUser, body: PermissionCreateInput): Promise<SysPermission> {
  const fields = normalise(body);
  await check(db, fields, null);
  const now = formatDateTime();
  const row: SysPermission = {
    ...fields,
    id: newId(),
    isLeaf: 1,
    ruleFlag: 0,
    delFlag: 0,
    createBy: user.username,
    createTime: now,
    updateBy: null,
    updateTime: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sysPermission').values(row).execute();
    await syncLeaf(trx, [row.parentId]);
    const roles = await trx
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
      .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
      .select('ur.roleId')
      .distinct()
      .where('ur.userId', '=', user.id)
      .where('p.perms', '=', PERM.permissionAdd)
      .where('p.delFlag', '=', 0)
      .execute();
    for (const { roleId } of roles) {
      await trx
        .insertInto('sysRolePermission')
        .values({ id: newId(), roleId, permissionId: row.id, dataRuleIds: null, operateDate: now, operateIp: null })
        .execute();
    }
    await writeDataLog(trx, LOG_TABLE, row.id, 'add', { ...row }, user);
  });
  return row;
}

export async function editPermission(db: Db, user: AuthUser, body: PermissionUpdateInput): Promise<SysPermission> {
  const before = await findLive(db, body.id);
  const given = Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'id'));
  const merged = { ...toRecord(before), ...given } as Partial<PermissionCreateInput>;
  const fields = normalise(merged);
  if (before.perms && BUILTIN_CODES.has(before.perms) && fields.perms !== before.perms) {
    throw new ApiError(400, M.builtinPerms);
  }
  if (fields.perms === PERM.permissionEdit && fields.status === '0') throw new ApiError(400, M.lockoutDisable);
  await check(db, fields, before.id);
  const changes = { ...fields, updateBy: user.username, updateTime: formatDateTime() };
  let after = before;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sysPermission').set(changes).where('id', '=', before.id).execute();
    await syncLeaf(trx, [before.parentId, fields.parentId]);
    after = await trx.selectFrom('sysPermission').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    await writeDataLog(trx, LOG_TABLE, before.id, 'edit', { ...after }, user);
  });
  return after;
}

/**
 * Deletes entries with their whole subtree (sub-menus and buttons), their data rules and every grant of
 * them (roles, departments, department roles). Soft delete, so the reference seed does not bring a
 * deleted entry back. Entries carrying a code the server checks cannot be deleted.
 */
export async function deletePermissions(db: Db, user: AuthUser, ids: string[]): Promise<number> {
  if (ids.length === 0) throw new ApiError(400, '请选择要删除的数据');
  const rows = await liveRows(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw new ApiError(404, M.notFound);
  const children = new Map<string, string[]>();
  for (const r of rows) if (r.parentId) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const subtree = (root: string): string[] => {
    const found = new Set<string>();
    const stack = [root];
    while (stack.length) {
      const id = stack.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return [...found];
  };
  const doomed = new Set(ids.flatMap(subtree));
  if ([...doomed].some((id) => BUILTIN_CODES.has(byId.get(id)!.perms ?? ''))) {
    // Name what the user chose to delete, not the button deep inside it.
    const chosen = ids.find((id) => subtree(id).some((d) => BUILTIN_CODES.has(byId.get(d)!.perms ?? '')))!;
    throw new ApiError(400, M.builtinDelete(byId.get(chosen)!.name));
  }
  const list = [...doomed];
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < list.length; i += 500) {
      const part = list.slice(i, i + 500);
      await trx
        .updateTable('sysPermission')
        .set({ delFlag: 1, updateBy: user.username, updateTime: now })
        .where('id', 'in', part)
        .execute();
      await trx.deleteFrom('sysRolePermission').where('permissionId', 'in', part).execute();
      await trx.deleteFrom('sysDepartPermission').where('permissionId', 'in', part).execute();
      await trx.deleteFrom('sysDepartRolePermission').where('permissionId', 'in', part).execute();
      await trx.deleteFrom('sysPermissionDataRule').where('permissionId', 'in', part).execute();
    }
    await syncLeaf(
      trx,
      list.map((id) => byId.get(id)!.parentId).filter((p) => p && !doomed.has(p)),
    );
    for (const id of list) {
      await writeDataLog(trx, LOG_TABLE, id, 'delete', { ...byId.get(id)!, delFlag: 1 }, user);
    }
  });
  return list.length;
}

/** Sets rule_flag of a menu from whether it has data rules. */
export async function syncRuleFlag(trx: Db, permissionId: string): Promise<void> {
  const rule = await trx
    .selectFrom('sysPermissionDataRule')
    .select('id')
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
  await trx
    .updateTable('sysPermission')
    .set({ ruleFlag: rule ? 1 : 0 })
    .where('id', '=', permissionId)
    .execute();
}
