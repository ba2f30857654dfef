import { CATEGORY_ADMIN_MESSAGES, CODE_SEGMENT_PATTERN } from '@district/shared';
import { ApiError } from './http.js';

/**
 * The next child code under a parent in the three-character segment scheme (A01 … A99, B01 … Z99 per
 * level), shared by categories and organisation codes: one past the greatest existing sibling segment.
 */
export function nextChildCode(parentCode: string, existing: Iterable<string>): string {
  const length = parentCode.length + 3;
  let max: string | null = null;
  for (const code of existing) {
    if (code.length !== length || !code.startsWith(parentCode)) continue;
    const segment = code.slice(parentCode.length);
    if (CODE_SEGMENT_PATTERN.test(segment) && (max === null || segment > max)) max = segment;
  }
  if (max === null) return `${parentCode}A01`;
  const letter = max.charCodeAt(0);
  const number = Number(max.slice(1));
  if (number < 99) return `${parentCode}${max[0]}${String(number + 1).padStart(2, '0')}`;
  if (max[0] === 'Z') throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.codeExhausted);
  return `${parentCode}${String.fromCharCode(letter + 1)}01`;
}

/** Whether a database error is a unique-key clash or a deadlock: worth one more try. */
export function isRetryableWriteError(error: unknown): boolean {
  // A unique violation already answered as the field's 400 keeps the driver's error as its cause.
  if (error instanceof Error && error.cause !== undefined && !('code' in error)) {
    return isRetryableWriteError(error.cause);
  }
  const e = error as { code?: unknown; errno?: unknown; message?: unknown };
  const code = String(e?.code ?? '');
  if (['23505', '40001', '40P01', 'ER_DUP_ENTRY', 'ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT'].includes(code))
    return true;
  if (code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_BUSY') return true;
  return /unique|duplicate|deadlock/i.test(String(e?.message ?? ''));
}
