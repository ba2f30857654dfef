import { maskIdCard } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isSealedValue } from '../field-crypto.js';
import { newId } from '../ids.js';
import { ALL_SEALED_COLUMNS } from '../personal-data.js';
import { appendLogRows, type DataLogEntry } from '../log-chain.js';
import { formatDateTime } from '../time.js';
import type { Row } from './resource.types.js';

const SECRET = /password|salt|token/i;
// Resident ID numbers: the log shows that one changed, as the lists do, without keeping the number itself.
const ID_NUMBER = /idcard/i;
// The keyed hashes beside sealed personal data (lib/personal-data.ts): nothing a version comparison needs.
const SEALED_HASHES = new Set(ALL_SEALED_COLUMNS.map((c) => c.hashColumn));

/** A record as the data log keeps it: every field except secrets, ID numbers masked. */
export function snapshot(row: Row): string {
  const copy: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET.test(k) || SEALED_HASHES.has(k)) continue;
    // Writers hand in personal data masked (sealed-fields.ts logView); a sealed value that slipped through unopened
    // is kept out rather than logged as ciphertext.
    if (isSealedValue(v)) copy[k] = '******';
    else copy[k] = ID_NUMBER.test(k) && typeof v === 'string' ? maskIdCard(v) : v;
  }
  return JSON.stringify(copy);
}

/** Who wrote: the account and the tenant it acted in (the request's user). */
export interface DataLogActor {
  username: string;
  tenantId: number | null;
}

/**
 * Appends a version of a record to sys_data_log (inside the caller's transaction), so any two
 * versions of a record can be compared later. The row carries the tenant the write was made in:
 * data logs are read per tenant like any other tenant data.
 */
export async function writeDataLog(
  trx: Kysely<Database>,
  table: string,
  dataId: string,
  action: 'add' | 'edit' | 'delete',
  content: Row,
  by: DataLogActor | null,
): Promise<void> {
  const last = await trx
    .selectFrom('sysDataLog')
    .select((eb) => eb.fn.max('dataVersion').as('v'))
    .where('dataTable', '=', table)
    .where('dataId', '=', dataId)
    .executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  await writeDataLogRows(trx, [
    {
      id: newId(),
      dataTable: table,
      dataId,
      dataVersion: version,
      dataContent: snapshot(content),
      action,
      createBy: by?.username ?? null,
      createTime: formatDateTime(),
      tenantId: by?.tenantId ?? null,
    },
  ]);
}

/**
 * Appends ready versions (an import's batch, a bulk edit) to their tenant's chain, inside the caller's
 * transaction: the one way into sys_data_log besides writeDataLog.
 */
export async function writeDataLogRows(trx: Kysely<Database>, rows: DataLogEntry[]): Promise<void> {
  await appendLogRows(trx, 'sysDataLog', rows);
}
