import { maskIdCard, maskPhone } from '@district/shared';
import { FieldCryptoError, type FieldCrypto } from './field-crypto.js';

/**
 * The personal data the product keeps encrypted at rest (lib/field-crypto.ts): users' mobile numbers and e-mail
 * addresses, room-ticket holders' ID numbers and mobile numbers. Each column has a keyed-hash column beside it
 * (`<column>_hash`) for exact searches and uniqueness. Numbers of organisations (a department's or company's
 * telephone, invoice details) and a user's office landline (座机) are work contacts, not personal data, and stay plain.
 */
export type PersonalKind = 'phone' | 'email' | 'idCard';

export interface SealedColumn {
  /** Kysely table (camelCase). */
  table: 'sysUser' | 'bizRoomTicket';
  /** The column (camelCase) and its keyed-hash column. */
  column: string;
  hashColumn: string;
  kind: PersonalKind;
  /** `table.column` in snake_case: bound into each sealed value and each hash, so none is valid elsewhere. */
  purpose: string;
}

const spec = (
  table: SealedColumn['table'],
  snakeTable: string,
  column: string,
  snakeColumn: string,
  kind: PersonalKind,
): SealedColumn => ({ table, column, hashColumn: `${column}Hash`, kind, purpose: `${snakeTable}.${snakeColumn}` });

export const SEALED_COLUMNS = {
  userPhone: spec('sysUser', 'sys_user', 'phone', 'phone', 'phone'),
  userEmail: spec('sysUser', 'sys_user', 'email', 'email', 'email'),
  ticketHolderIdCard: spec('bizRoomTicket', 'biz_room_ticket', 'holderIdCard', 'holder_id_card', 'idCard'),
  ticketHolderPhone: spec('bizRoomTicket', 'biz_room_ticket', 'holderPhone', 'holder_phone', 'phone'),
} as const satisfies Record<string, SealedColumn>;

export const ALL_SEALED_COLUMNS: readonly SealedColumn[] = Object.values(SEALED_COLUMNS);

/** What a value that cannot be opened (a key missing from the ring, an altered value) is shown as. */
export const UNREADABLE = '（无法解密）';

/** The form a value is compared in: ID numbers in upper case (the check character X), all of them trimmed. */
export function normalizePersonal(kind: PersonalKind, value: string): string {
  const v = value.trim();
  return kind === 'idCard' ? v.toUpperCase() : v;
}

/** zhang.san@example.com → z***@example.com. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return '****';
  return `${value[0]}***${value.slice(at)}`;
}

/** A value as lists show it to callers without the unmask right. */
export function maskPersonal(kind: PersonalKind, value: string | null | undefined): string {
  if (!value) return '';
  if (value === UNREADABLE) return value;
  if (kind === 'idCard') return maskIdCard(value);
  if (kind === 'email') return maskEmail(value);
  return maskPhone(value);
}

/** The kind of personal data a request parameter's or log field's name announces (holderIdCard, mobile, email…). */
export function personalKindOf(key: string): PersonalKind | null {
  if (/idcard/i.test(key)) return 'idCard';
  if (/e-?mail/i.test(key)) return 'email';
  if (/phone|mobile/i.test(key)) return 'phone';
  return null;
}

/** A request parameter as the operation log keeps it: masked when its name announces personal data, else null. */
export function maskedParam(key: string, value: unknown): string | null {
  const kind = typeof value === 'string' && value !== '' ? personalKindOf(key) : null;
  return kind ? maskPersonal(kind, value as string) : null;
}

/** A masked value as a form sends it back unchanged ('138****0000'): it means "keep the stored one". */
export const isMaskedPersonal = (value: unknown): boolean => typeof value === 'string' && value.includes('*');

/** The stored pair of a plain value: the sealed value and its keyed hash (both null for an empty value). */
export function sealPersonal(
  crypto: FieldCrypto,
  column: SealedColumn,
  value: unknown,
): { value: string | null; hash: string | null } {
  if (value === null || value === undefined || String(value).trim() === '') return { value: null, hash: null };
  const plain = normalizePersonal(column.kind, String(value));
  return { value: crypto.seal(plain, column.purpose), hash: crypto.hash(plain, column.purpose) };
}

/**
 * The plain value of a stored one (a plain one passes through). One that does not open is shown as UNREADABLE
 * rather than failing the whole page; `onError` hears of it (the server logs it).
 */
export function openPersonal(
  crypto: FieldCrypto,
  column: SealedColumn,
  stored: unknown,
  onError?: (error: FieldCryptoError) => void,
): string | null {
  if (stored === null || stored === undefined) return null;
  try {
    return crypto.open(String(stored), column.purpose);
  } catch (error) {
    if (!(error instanceof FieldCryptoError)) throw error;
    onError?.(error);
    return UNREADABLE;
  }
}

/**
 * A record as logs keep it: its sealed columns masked (opened first; without the keys they are hidden entirely) and
 * their hash columns left out.
 */
export function maskedView<T extends Record<string, unknown>>(
  columns: readonly SealedColumn[],
  row: T,
  crypto: FieldCrypto | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const c of columns) {
    delete out[c.hashColumn];
    const v = out[c.column];
    if (v === null || v === undefined) continue;
    out[c.column] = crypto ? maskPersonal(c.kind, openPersonal(crypto, c, v)) : '******';
  }
  return out;
}

/** The keyed hashes an exact search for a value compares (one per key of the ring). */
export function personalHashes(crypto: FieldCrypto, column: SealedColumn, value: string): string[] {
  return crypto.hashes(normalizePersonal(column.kind, value), column.purpose);
}
