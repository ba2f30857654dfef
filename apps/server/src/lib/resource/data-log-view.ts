import { fromHundredths } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { KvStore } from '../kv-store.js';
import { isDecimal2 } from './decimal.js';
import { exportLabels } from './excel-export.js';
import type { ResourceDef, Row } from './resource.types.js';

/** One field of a stored version as a person reads it: the declared title and the shown text. */
export interface DataLogField {
  field: string;
  title: string;
  text: string;
}

// Every resource the engine serves, by its data-log name (sys_data_log.data_table), so a version can be shown with
// the titles, labels and yuan of its own declaration.
const BY_NAME = new Map<string, ResourceDef>();

export function rememberResource(def: ResourceDef): void {
  BY_NAME.set(def.name, def);
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const YUAN = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Stored versions (the records as written, in hundredths and codes) as a person reads them: the declared fields in
 * declaration order with their titles, dictionary and table labels (names instead of ids), yuan instead of fen.
 * Keys the declaration lacks (id, tenant, delete flag) are left out; a table without a declaration is shown raw.
 */
export async function dataLogView(
  db: Kysely<Database>,
  kv: KvStore,
  table: string,
  contents: Row[],
): Promise<DataLogField[][]> {
  const def = BY_NAME.get(table);
  if (!def) {
    return contents.map((c) => Object.entries(c).map(([field, v]) => ({ field, title: field, text: plain(v) })));
  }
  const keys = new Set(contents.flatMap((c) => Object.keys(c)));
  const fields = Object.entries(def.fields)
    .filter(([f, fd]) => keys.has(f) && !fd.hidden)
    .map(([f]) => f);
  const labels = exportLabels(db, kv, def, fields);
  await labels.load(contents);
  const text = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    if (isDecimal2(def.fields[field])) {
      const n = fromHundredths(value as number);
      return n === null ? plain(value) : YUAN.format(n);
    }
    return plain(labels.has(field) ? labels.label(field, value) : value);
  };
  return contents.map((c) =>
    fields.map((field) => ({ field, title: def.fields[field]!.title, text: text(field, c[field]) })),
  );
}
