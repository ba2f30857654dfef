import { maskIdCard } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import type { Row } from './resource.types.js';

const SECRET = /password|salt|token/i;
// Resident ID numbers: the log shows that one changed, as the lists do, without keeping the number itself.
const ID_NUMBER = /idcard/i;

/** A record as the data log keeps it: every field except secrets, ID numbers masked. */
export function snapshot(row: Row): string {
  const copy: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET.test(k)) continue;
    copy[k] = ID_NUMBER.test(k) && typeof v === 'string' ? maskIdCard(v) : v;
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
  await trx
    .insertInto('sysDataLog')
    .values({
      id: newId(),
      dataTable: table,
      dataId,
      dataVersion: version,
      dataContent: snapshot(content),
      action,
      createBy: by?.username ?? null,
      createTime: formatDateTime(),
      tenantId: by?.tenantId ?? null,
    })
    .execute();
}
