import {
  TENANT_RESOURCE,
  TENANT_USER_API,
  resourceUrls,
  type PageResult,
  type TenantRecord,
  type UserRecord,
} from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

export const TENANT_API = { ...resourceUrls(TENANT_RESOURCE.path), ...TENANT_USER_API } as const;

export interface TenantPayload {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
}

export function saveTenant(payload: TenantPayload, isNew: boolean) {
  return isNew ? postAction<{ id: number }>(TENANT_API.add, payload) : putAction(TENANT_API.edit, payload);
}

export async function fetchTenantUsers(params: Record<string, string | number>): Promise<PageResult<UserRecord>> {
  return (await getAction<PageResult<UserRecord>>(TENANT_API.users, params)).result;
}

export function addTenantUsers(tenantId: number, userIds: string[]) {
  return postAction(TENANT_API.addUsers, { tenantId, userIds });
}

export function removeTenantUsers(tenantId: number, userIds: string[]) {
  return userIds.length === 1
    ? deleteAction(TENANT_API.removeUser, { tenantId, userId: userIds[0] })
    : deleteAction(TENANT_API.removeUsers, { tenantId, userIds: userIds.join(',') });
}

export type { TenantRecord };
