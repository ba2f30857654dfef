import { POSITION_RESOURCE, POSITION_USER_API, resourceUrls, type PageResult, type UserRecord } from '@district/shared';
import { deleteAction, getAction, postAction, putAction } from '@/lib/request';

export const POSITION_API = {
  ...resourceUrls(POSITION_RESOURCE.path),
  ...POSITION_USER_API,
} as const;

/** A row of the position list. */
export interface PositionRecord {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  postRank_dictText?: string;
  createTime: string | null;
}

export interface PositionPayload {
  id?: string;
  code: string;
  name: string;
  postRank: string | null;
}

export function savePosition(payload: PositionPayload) {
  return payload.id ? putAction(POSITION_API.edit, payload) : postAction<{ id: string }>(POSITION_API.add, payload);
}

export async function fetchPositionUsers(params: Record<string, string | number>): Promise<PageResult<UserRecord>> {
  return (await getAction<PageResult<UserRecord>>(POSITION_API.users, params)).result;
}

export function addPositionUsers(positionId: string, userIds: string[]) {
  return postAction(POSITION_API.addUsers, { positionId, userIds });
}

export function removePositionUsers(positionId: string, userIds: string[]) {
  return userIds.length === 1
    ? deleteAction(POSITION_API.removeUser, { positionId, userId: userIds[0] })
    : deleteAction(POSITION_API.removeUsers, { positionId, userIds: userIds.join(',') });
}
