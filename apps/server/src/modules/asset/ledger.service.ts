import type { Kysely, Selectable } from 'kysely';
import { LEDGER_TYPE } from '@district/shared';
import type { AuthUser } from '../../context.js';
import type { BizAsset, Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';

/** The asset fields an acquire event reads (the row as inserted, camelCase). */
export type AcquiredAsset = Pick<
  Selectable<BizAsset>,
  'id' | 'ownerDepartId' | 'status' | 'originalValue' | 'netValue' | 'acquiredDate' | 'tenantId' | 'sysOrgCode'
>;

/** Today as the ledger stores event dates, in server local time like every time column. */
export function today(): string {
  return formatDateTime().slice(0, 10);
}

/**
 * Writes an asset's first ledger event, `acquire`, inside the caller's transaction (the asset add and the
 * import). It takes asset_version 0, so a second acquire for the same asset fails on the unique key.
 */
export async function recordAcquire(trx: Kysely<Database>, asset: AcquiredAsset, user: AuthUser): Promise<void> {
  await trx
    .insertInto('bizAssetLedger')
    .values({
      id: newId(),
      assetId: asset.id,
      type: LEDGER_TYPE.acquire,
      eventDate: asset.acquiredDate || today(),
      fromDepartId: null,
      toDepartId: asset.ownerDepartId ?? null,
      fromStatus: null,
      toStatus: asset.status,
      counterparty: null,
      amount: asset.originalValue ?? null,
      netValueBefore: null,
      netValueAfter: asset.netValue ?? null,
      documents: null,
      remark: null,
      assetVersion: 0,
      tenantId: asset.tenantId ?? null,
      sysOrgCode: asset.sysOrgCode ?? null,
      createBy: user.username,
      createTime: formatDateTime(),
    })
    .execute();
}
