/**
 * Permission codes, declared once: seeded into sys_permission, checked by the server's guard and
 * used by the web's has-permission component.
 */
export const PERM = {
  platformView: 'system:platform:view',
  platformEdit: 'system:platform:edit',
} as const;
export type PermissionCode = (typeof PERM)[keyof typeof PERM];

/** Permission entry (app-spec §3): type 1 button/page, 2 field-disabled; status 0 disabled, 1 enabled. */
export interface AuthEntry {
  action: string;
  describe: string;
  type: '1' | '2';
  status: '0' | '1';
}

export interface MenuMeta {
  title: string;
  icon?: string;
  url?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  hideHeader?: boolean;
  permissionList?: AuthEntry[];
}

/** A menu entry as getUserPermissionByToken returns it (app-spec §2). */
export interface MenuRoute {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  /** '0' means the entry is not registered as a route. */
  route: '0' | '1';
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuRoute[];
}

export interface UserPermissionResult {
  menu: MenuRoute[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
}

/**
 * The has-permission rule of app-spec §6: an action is allowed when the user holds it (type 1), or when
 * the full list marks it status '0' (the permission is not enforced). Type 2 entries never grant a
 * button; comma-separated action strings are allowed when any of the actions is.
 */
export function hasPermission(actions: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  const wanted = actions
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return wanted.some((action) => {
    if (auth.some((e) => e.type !== '2' && e.action === action)) return true;
    return allAuth.some((e) => e.type !== '2' && e.action === action && e.status === '0');
  });
}

/**
 * Field disabling of app-spec §5/§6: a field is disabled when the flow-node list marks it type 2, or when
 * a stored type-2 entry for it has status '0' (not editable) and the user holds no enabled grant for it.
 */
export function isFieldDisabled(
  code: string,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
  flowNodeList?: readonly AuthEntry[],
): boolean {
  if (flowNodeList?.some((e) => e.type === '2' && e.action === code)) return true;
  const granted = auth.some((e) => e.type === '2' && e.action === code && e.status === '1');
  if (granted) return false;
  return [...auth, ...allAuth].some((e) => e.type === '2' && e.action === code && e.status === '0');
}
