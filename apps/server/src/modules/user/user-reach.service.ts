import { REACH_MESSAGES as R, USER_MESSAGES } from '@district/shared';
import { ApiError } from '../../lib/http.js';
import { scoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext } from '../../lib/resource/resource.types.js';
import { departResource } from '../depart/depart.resource.js';
import { positionResource } from '../position/position.resource.js';

// The reach rules that read another module's resource (its tenancy and data rules); the rest of the reach of a
// delegated administrator is in lib/access/reach.ts.

/**
 * Departments being given to an account, in the caller's order (the first is the account's own): they exist
 * (else 400) and lie in the caller's tenant and data scope of the department screen (else 403).
 */
export async function assertDepartsInReach(
  ctx: ResourceContext,
  ids: string[],
): Promise<{ id: string; orgCode: string }[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode'])
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .execute();
  if (rows.length !== new Set(ids).size) throw new ApiError(400, USER_MESSAGES.departNotFound);
  const inScope = (await (await scoped(departResource, ctx)).where('sysDepart.id', 'in', ids).execute()) as {
    id: string;
  }[];
  if (inScope.length !== rows.length) throw new ApiError(403, R.departOutside);
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/** Positions being given to an account: they exist (else 400) and belong to the caller's tenant (else 403). */
export async function assertPositionsInReach(ctx: ResourceContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await ctx.db.selectFrom('sysPosition').select('id').where('id', 'in', ids).execute();
  if (rows.length !== new Set(ids).size) throw new ApiError(400, USER_MESSAGES.positionNotFound);
  const inScope = await (await scoped(positionResource, ctx)).where('sysPosition.id', 'in', ids).execute();
  if (inScope.length !== rows.length) throw new ApiError(403, R.positionOutside);
}
