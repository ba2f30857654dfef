import { API, type CurrentUserCard } from '@district/shared';
import { getAction } from '../../../lib/request';

export async function fetchCurrentUserCard(): Promise<CurrentUserCard> {
  const res = await getAction<CurrentUserCard>(API.currentUser);
  return res.result;
}
