import { HOME_PATH, type MenuMeta, type MenuRoute } from '@district/shared';
import { componentKind, isVisualLayout, type ComponentKind } from './component-registry';
import { evaluateUrlTemplate } from './url-template';

/** A menu entry prepared for routing, menus, breadcrumbs and tabs. */
export interface AppRoute {
  id: string;
  path: string;
  name: string;
  title: string;
  icon?: string;
  component: string;
  kind: ComponentKind;
  /** Where a group sends its own path; an always-show entry redirects to itself (it is its own page). */
  redirect?: string;
  hidden: boolean;
  alwaysShow: boolean;
  /** Registered as a route (menu `route` flag is not '0', nor is any ancestor's). */
  registered: boolean;
  /** Rendered at top level, outside the main layout (below a visual layout). */
  topLevel: boolean;
  /** Opens in a new window instead of inside the workspace. */
  external: boolean;
  /** meta.url with its placeholders filled in. */
  url?: string;
  meta: MenuMeta;
  parentPath?: string;
  children: AppRoute[];
}

export interface RouteTable {
  /** The whole menu tree, including entries that are not routes (for the menus). */
  tree: AppRoute[];
  /** Registered routes rendered inside the main layout, flattened. */
  main: AppRoute[];
  /** Registered routes rendered at top level (visual layouts). */
  top: AppRoute[];
  /** Every entry by path, registered or not (breadcrumb ancestry). */
  byPath: Map<string, AppRoute>;
}

export const isHttpUrl = (value: string | undefined): boolean => !!value && /^https?:\/\//i.test(value);

function joinPath(parent: string | undefined, path: string): string {
  if (isHttpUrl(path) || path.startsWith('/')) return path;
  return `${(parent ?? '').replace(/\/+$/, '')}/${path}`;
}

function prepare(item: MenuRoute, parent: AppRoute | undefined): AppRoute {
  const path = joinPath(parent?.path, item.path);
  const meta = item.meta ?? { title: item.name };
  const kind = componentKind(item.component);
  const route: AppRoute = {
    id: item.id,
    path,
    name: item.name,
    title: meta.title || item.name,
    icon: meta.icon,
    component: item.component,
    kind,
    hidden: item.hidden === true,
    alwaysShow: item.alwaysShow === true,
    registered: item.route !== '0' && (parent?.registered ?? true) && !isHttpUrl(path),
    topLevel: (parent?.topLevel ?? false) || isVisualLayout(item.component),
    external: meta.internalOrExternal === true || isHttpUrl(path),
    url: meta.url ? evaluateUrlTemplate(meta.url) : undefined,
    meta,
    parentPath: parent?.path,
    children: [],
  };
  route.children = (item.children ?? []).map((child) => prepare(child, route));
  if (route.alwaysShow) route.redirect = route.path;
  else if (item.redirect) route.redirect = joinPath(parent?.path, item.redirect);
  else if (kind === 'container') {
    const candidates = route.children.filter((c) => c.registered);
    route.redirect = (candidates.find((c) => !c.hidden) ?? candidates[0])?.path;
  }
  return route;
}

/** Builds the route table from the server's menu (already filtered by permission). */
export function buildRouteTable(menu: readonly MenuRoute[] | null | undefined): RouteTable {
  const tree = (menu ?? []).map((item) => prepare(item, undefined));
  const table: RouteTable = { tree, main: [], top: [], byPath: new Map() };
  const visit = (routes: AppRoute[]) => {
    for (const route of routes) {
      if (!table.byPath.has(route.path)) table.byPath.set(route.path, route);
      if (route.registered) (route.topLevel ? table.top : table.main).push(route);
      visit(route.children);
    }
  };
  visit(tree);
  return table;
}

/** The entry and its ancestors, outermost first. */
export function routeChain(table: RouteTable, route: AppRoute | undefined): AppRoute[] {
  const chain: AppRoute[] = [];
  let current = route;
  while (current) {
    chain.unshift(current);
    current = current.parentPath ? table.byPath.get(current.parentPath) : undefined;
  }
  return chain;
}

/** Entries a user may pick in the menus: visible, and not a group (the searchable menu list). */
export function searchableEntries(table: RouteTable): AppRoute[] {
  const out: AppRoute[] = [];
  const visit = (routes: AppRoute[]) => {
    for (const route of routes) {
      if (route.hidden) continue;
      if (route.kind !== 'container' || route.alwaysShow) out.push(route);
      if (!route.alwaysShow) visit(route.children);
    }
  };
  visit(table.tree);
  return out;
}

/**
 * Where a signed-in user lands: 首页 when their menu has it, else the first page of their menu they may open (in
 * menu order, inside the workspace). A role without 首页 then starts on a page of its own instead of a 403 whose
 * 返回首页 leads back to it. Null: the menu has no page at all.
 */
export function landingPath(table: RouteTable): string | null {
  if (table.main.some((r) => r.path === HOME_PATH)) return HOME_PATH;
  const first = searchableEntries(table).find(
    (r) => r.registered && !r.external && !r.topLevel && (r.kind === 'page' || r.kind === 'iframe'),
  );
  return first?.path ?? null;
}
