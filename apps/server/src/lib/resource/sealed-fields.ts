import type { SuperQueryRule } from '@district/shared';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { auditUnmasked } from '../audit-event.js';
import type { FieldCrypto } from '../field-crypto.js';
import { ApiError } from '../http.js';
import {
  isMaskedPersonal,
  maskedView,
  maskPersonal,
  openPersonal,
  personalHashes,
  sealPersonal,
  type SealedColumn,
} from '../personal-data.js';
import type { FieldDef, ResourceContext, ResourceDef, Row } from './resource.types.js';

/*
 * The resource engine's side of personal data at rest. Inside the engine (hooks, checks, the data log's view) a
 * record's sealed fields are plain; they are sealed only where a row goes into the table (`storedRow`) and opened
 * where one comes out (`openRows`). Answers and exports show them masked unless the caller holds the field's
 * unmask right; the data log keeps them masked, always.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- column references are checked against the declaration */

export interface SealedField {
  field: string;
  def: FieldDef;
  column: SealedColumn;
}

const cache = new WeakMap<ResourceDef, SealedField[]>();

export function sealedFields(def: ResourceDef): SealedField[] {
  let out = cache.get(def);
  if (!out) {
    out = Object.entries(def.fields)
      .filter(([, fd]) => fd.sealed)
      .map(([field, fd]) => ({ field, def: fd, column: fd.sealed!.column }));
    cache.set(def, out);
  }
  return out;
}

export const fieldCrypto = (ctx: ResourceContext): FieldCrypto => ctx.request.server.ctx.fields;

/**
 * A masked value sent back unchanged by a form means "keep the stored one": it leaves the changes. Called on an
 * edit's changes before any check sees them.
 */
export function dropMaskedChanges(def: ResourceDef, changes: Row): void {
  for (const s of sealedFields(def)) if (isMaskedPersonal(changes[s.column.column])) delete changes[s.column.column];
}

/**
 * The row as the table stores it: each sealed field present sealed, with its hash; a masked value cannot be stored
 * (an add, an import of an exported sheet): 400 naming the field.
 */
export function storedRow(def: ResourceDef, row: Row, crypto: FieldCrypto): Row {
  const fields = sealedFields(def);
  if (fields.length === 0) return row;
  const out: Row = { ...row };
  for (const s of fields) {
    const col = s.column.column;
    if (!(col in row)) continue;
    if (isMaskedPersonal(row[col]))
      throw new ApiError(400, `${s.def.title}不能是脱敏后的值（含 *），请填写完整的${s.def.title}`);
    const sealed = sealPersonal(crypto, s.column, row[col]);
    out[col] = sealed.value;
    out[s.column.hashColumn] = sealed.hash;
  }
  return out;
}

/** Opens the sealed fields of rows read from the table (in place) and drops their hash columns. */
export function openRows(def: ResourceDef, rows: Row[], ctx: ResourceContext): void {
  const fields = sealedFields(def);
  if (fields.length === 0) return;
  const crypto = fieldCrypto(ctx);
  const warn = (error: Error) => ctx.request.log.warn({ err: error, resource: def.name }, '个人信息解密失败');
  for (const row of rows) {
    for (const s of fields) {
      const col = s.column.column;
      if (col in row) row[col] = openPersonal(crypto, s.column, row[col], warn);
      delete row[s.column.hashColumn];
    }
  }
}

/** Whether the caller sees this field whole. */
export const mayUnmask = (s: SealedField, ctx: ResourceContext): boolean =>
  ctx.user.session?.perms.has(s.def.sealed!.unmask) ?? false;

/**
 * Rows as answered: opened, then masked field by field unless the caller holds the unmask right. Values that went
 * out whole make the request an audit event (issue 24 item 7: 查看明文身份证号 …, with how many records).
 */
export function revealRows(def: ResourceDef, rows: Row[], ctx: ResourceContext): void {
  const fields = sealedFields(def);
  if (fields.length === 0) return;
  openRows(def, rows, ctx);
  for (const s of fields) {
    if (mayUnmask(s, ctx)) {
      const shown = rows.filter((r) => typeof r[s.column.column] === 'string' && r[s.column.column] !== '').length;
      auditUnmasked(ctx.request, s.def.title, def.title, shown);
      continue;
    }
    for (const row of rows) {
      const col = s.column.column;
      if (col in row) row[col] = maskPersonal(s.column.kind, row[col] as string | null);
    }
  }
}

/**
 * A record as the data log keeps it: sealed fields masked (whether the row holds them sealed or plain), hash
 * columns left out. The log is read by auditors and compared version by version; it never holds the values.
 */
export function logView(def: ResourceDef, row: Row, crypto: FieldCrypto): Row {
  const fields = sealedFields(def);
  if (fields.length === 0) return row;
  return maskedView(
    fields.map((s) => s.column),
    row,
    crypto,
  );
}

/**
 * A filter on a sealed field: an exact match (one value, a list, or "not this value") through the keyed hash; a
 * partial match or a range cannot be answered from it, and is refused with the field's name.
 */
export function sealedCondition(
  eb: ExpressionBuilder<any, any>,
  s: SealedField,
  op: SuperQueryRule,
  values: string[],
  crypto: FieldCrypto | null,
): Expression<SqlBool> {
  // Without the keys (a data rule on a sealed field): nothing matches, rather than everything.
  if (!crypto) return sql<SqlBool>`1 = 0`;
  const hashes = (list: string[]) =>
    list.filter((v) => v.trim() !== '').flatMap((v) => personalHashes(crypto, s.column, v));
  const col = s.column.hashColumn;
  switch (op) {
    case 'eq':
    case 'in': {
      const h = hashes(values);
      return h.length ? eb(col, 'in', h) : sql<SqlBool>`1 = 0`;
    }
    case 'ne': {
      const h = hashes(values.slice(0, 1));
      return h.length ? eb.or([eb(col, 'not in', h), eb(col, 'is', null)]) : sql<SqlBool>`1 = 1`;
    }
    default:
      throw new ApiError(400, `${s.def.title}加密存储，只能按完整的${s.def.title}精确查询`);
  }
}
