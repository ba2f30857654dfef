import type { Kysely } from 'kysely';
import { ApiError } from '../http.js';
import type { Database } from '../../db/schema.js';
import type { ResourceDef } from './resource.types.js';

/**
 * The hooks of a record number that must be unique (an asset's code, a project's code, a ticket's number),
 * so a clash is a 400 naming the number: looked up before one insert, and on import for a whole batch in one
 * query plus the numbers seen earlier in the same file. The unique index stays the backstop for races.
 */
export function uniqueNumber(
  table: keyof Database & string,
  field: string,
  taken: (value: string) => string,
): Required<Pick<ResourceDef, 'beforeWrite' | 'beforeImportBatch'>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is one of the resource tables
  const from = (db: Kysely<Database>) => (db as Kysely<any>).selectFrom(table);
  return {
    async beforeWrite(row, existingId, ctx) {
      if (existingId !== null) return;
      const value = String(row[field]);
      const clash = await from(ctx.db).select('id').where(field, '=', value).executeTakeFirst();
      if (clash) throw new ApiError(400, taken(value));
    },
    async beforeImportBatch(rows, ctx, seen) {
      const refused = new Map<number, string>();
      const values = rows.map((r) => String(r[field]));
      const stored = new Set(
        ((await from(ctx.db).select(field).where(field, 'in', values).execute()) as Record<string, unknown>[]).map(
          (r) => String(r[field]),
        ),
      );
      const inFile = seen.get(field) ?? new Set<string>();
      seen.set(field, inFile);
      values.forEach((value, i) => {
        if (stored.has(value) || inFile.has(value)) refused.set(i, taken(value));
        else inFile.add(value);
      });
      return refused;
    },
  };
}
