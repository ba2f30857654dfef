import { MSG, type AuthEntry, type MenuRoute, type UserPermissionResult } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database, SysPermission } from '../../db/schema.js';
import { grantedTo } from '../../lib/access/held-permissions.js';
import { officerMenu, roleIdsOf, threeOfficerMode } from '../../lib/access/officers.js';
import { ApiError } from '../../lib/http.js';

const MENU_TYPES = [0, 1];
const BUTTON_TYPE = 2;

/**
 * Whether an entry belongs in the lists the web checks buttons against. A disabled type-1 entry is left
 * out: the web's rule (app-spec §6) would read status '0' in allAuth as "allowed", which the guard no
 * longer grants. Type-2 entries stay, since their status '0' means "field not editable".
 */
function listedForWeb(p: SysPermission): boolean {
  return !!p.perms && (p.permsType === '2' || p.status === '1');
}

function toAuthEntry(p: SysPermission): AuthEntry {
  return {
    action: p.perms ?? '',
    describe: p.name,
    type: p.permsType === '2' ? '2' : '1',
    status: p.status === '0' ? '0' : '1',
  };
}

function isExternal(url: string | null): boolean {
  return !!url && /^https?:\/\//i.test(url);
}

function toMenuRoute(p: SysPermission): MenuRoute {
  const external = isExternal(p.url);
  const path = external ? `/external/${p.id}` : (p.url ?? '');
  return {
    id: p.id,
    path,
    name: path.replace(/^\//, '').replace(/[/:]/g, '-') || p.id,
    component: p.component ?? '',
    redirect: p.redirect,
    hidden: p.hidden === 1,
    route: p.isRoute === 1 ? '1' : '0',
    alwaysShow: p.alwaysShow === 1,
    meta: {
      title: p.name,
      icon: p.icon ?? undefined,
      url: external ? (p.url ?? undefined) : undefined,
      keepAlive: p.keepAlive === 1,
      internalOrExternal: p.internalOrExternal === 1,
      componentName: p.componentName ?? undefined,
    },
  };
}

/**
 * Builds the menu tree. A granted child whose parent is not granted is lifted to the top level, so no
 * page a role was given becomes unreachable; a parent whose children are all hidden is hidden too.
 */
export function buildMenuTree(rows: SysPermission[]): MenuRoute[] {
  const nodes = new Map(rows.map((p) => [p.id, { route: toMenuRoute(p), parentId: p.parentId }]));
  const roots: MenuRoute[] = [];
  for (const { route, parentId } of nodes.values()) {
    const parent = parentId ? nodes.get(parentId) : undefined;
    if (parent) (parent.route.children ??= []).push(route);
    else roots.push(route);
  }
  const hideEmptyParents = (list: MenuRoute[]) => {
    for (const item of list) {
      if (item.children?.length) {
        hideEmptyParents(item.children);
        if (item.children.every((c) => c.hidden)) item.hidden = true;
      }
    }
  };
  hideEmptyParents(roots);
  return roots;
}

export async function getUserPermission(db: Kysely<Database>, userId: string): Promise<UserPermissionResult> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .selectAll('p')
    .where('p.delFlag', '=', 0)
    .where((eb) => grantedTo(eb, userId))
    .orderBy('p.sortNo')
    .orderBy('p.id')
    .execute();
  // Three-officer mode: the log pages are the audit officer's alone, and that officer sees nothing else.
  const granted = officerMenu(rows, await roleIdsOf(db, userId), await threeOfficerMode(db));
  const menu = buildMenuTree(granted.filter((p) => MENU_TYPES.includes(p.menuType)));
  if (menu.length === 0) throw new ApiError(403, MSG.emptyMenu);

  const allButtons = await db
    .selectFrom('sysPermission')
    .selectAll()
    .where('menuType', '=', BUTTON_TYPE)
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .execute();
  return {
    menu,
    auth: granted.filter((p) => p.menuType === BUTTON_TYPE && listedForWeb(p)).map(toAuthEntry),
    allAuth: allButtons.filter(listedForWeb).map(toAuthEntry),
  };
}
