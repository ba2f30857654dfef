import { hasPermission, type AuthEntry, type MenuRoute } from '@district/shared';

/**
 * Keeps the menu entries the user may open: an entry whose meta.permissionList names button/page
 * actions (type 1) needs at least one of them; an entry without such a list is open to everyone.
 */
export function filterMenuByPermission(
  menu: readonly MenuRoute[],
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
): MenuRoute[] {
  const allowed = (item: MenuRoute) => {
    const actions = (item.meta?.permissionList ?? []).filter((e) => e.type !== '2').map((e) => e.action);
    return actions.length === 0 || hasPermission(actions.join(','), auth, allAuth);
  };
  return menu
    .filter(allowed)
    .map((item) =>
      item.children?.length ? { ...item, children: filterMenuByPermission(item.children, auth, allAuth) } : item,
    );
}

/**
 * A parent whose children are all hidden is hidden too (depth first, so it works at every level).
 * An always-show entry is a page of its own whose children are its hidden detail pages, so it stays.
 */
export function hideEmptyParents(menu: readonly MenuRoute[]): MenuRoute[] {
  return menu.map((item) => {
    if (!item.children?.length) return item;
    const children = hideEmptyParents(item.children);
    const allHidden = !item.alwaysShow && children.every((child) => child.hidden === true);
    return { ...item, children, hidden: item.hidden === true || allHidden };
  });
}
