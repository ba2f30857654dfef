import { PERM, type AuthEntry, type PermissionRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';

/** A stored record as the server answers it. */
export function record(id: string, extra: Partial<PermissionRecord> = {}): PermissionRecord {
  return {
    id,
    parentId: null,
    name: id,
    url: `/${id}`,
    component: 'layouts/RouteView',
    componentName: null,
    redirect: null,
    menuType: 0,
    perms: null,
    permsType: null,
    sortNo: 0,
    alwaysShow: 0,
    icon: null,
    isRoute: 1,
    isLeaf: 1,
    keepAlive: 0,
    hidden: 0,
    hideTab: 0,
    description: null,
    status: '1',
    ruleFlag: 0,
    internalOrExternal: 0,
    ...extra,
  };
}

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

/** Signs in with the given codes (all permission-screen codes by default). */
export function grant(
  codes: string[] = [
    PERM.permissionList,
    PERM.permissionAdd,
    PERM.permissionEdit,
    PERM.permissionDelete,
    PERM.permissionDataRule,
  ],
) {
  useSessionStore.setState({ auth: codes.map(entry), allAuth: Object.values(PERM).map(entry) });
}
