import { ASSET_LIMITS, fromHundredths, yuanToFen } from '@district/shared';
import { ApiError } from '../http.js';
import type { FieldDef, ResourceDef, Row } from './resource.types.js';

/*
 * Fields of type `decimal2` live in the database as integers in hundredths (exact on every dialect) and
 * travel as numbers with at most 2 decimals. These helpers are the only place the two meet.
 */

export function isDecimal2(fd: FieldDef | undefined): boolean {
  return fd?.type === 'decimal2';
}

/** A number or numeric text (≥ 0, ≤ 2 decimals) in hundredths; null when it is not one. */
export function toHundredthsOrNull(value: unknown): number | null {
  return yuanToFen(typeof value === 'string' ? value.trim() : value, ASSET_LIMITS.maxYuan);
}

/** A value to store: empty → null, else exact hundredths, or a 400 naming the field. */
export function storedDecimal2(fd: FieldDef, value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = toHundredthsOrNull(value);
  if (n === null) throw new ApiError(400, `${fd.title}须为不小于0的数值，最多两位小数`);
  return n;
}

/** Rows read from the database, in place: hundredths → numbers, for answers and exports. */
export function showDecimal2(def: ResourceDef, rows: Row[]): void {
  const fields = Object.entries(def.fields).filter(([, fd]) => isDecimal2(fd));
  if (fields.length === 0) return;
  for (const row of rows) {
    for (const [field] of fields) {
      if (field in row) row[field] = fromHundredths(row[field] as number | null | undefined);
    }
  }
}
