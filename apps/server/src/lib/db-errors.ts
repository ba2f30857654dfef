import { RESOURCES } from '@district/shared';

/*
 * What the three databases refuse, answered as the caller's mistake (400) rather than a 500: unique
 * violations (two adds racing past a check-before-insert) and NUL characters (PostgreSQL cannot store one).
 */

/** One uniqueness the product promises, as the database enforces it. */
interface UniqueConstraint {
  /** Index/constraint name on PostgreSQL and MySQL (migration 2026-11-25-0001 gives every one this name). */
  name: string;
  /** Table and columns, which is all SQLite names in its error. */
  table: string;
  columns: string[];
  /** The field's message; the value when the error carries it (PostgreSQL, MySQL) or the caller knows it. */
  message: (value: string | null) => string;
}

/** Uniqueness of tables no shared descriptor declares yet. */
const UNDECLARED: UniqueConstraint[] = [];

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every uniqueness the product promises: the shared descriptors' (one declaration per resource) and the rest. */
const UNIQUE_CONSTRAINTS: UniqueConstraint[] = [
  ...RESOURCES.flatMap((r) =>
    (r.unique ?? []).map((u) => ({
      name: u.index,
      table: u.table ?? r.name,
      columns: u.fields.map(snake),
      message: u.message,
    })),
  ),
  ...UNDECLARED,
];

interface DriverError {
  code?: unknown;
  errno?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
}

/** The parts of a unique violation the driver tells: a constraint name, or SQLite's table and columns. */
interface Violation {
  name: string | null;
  table: string | null;
  columns: string[];
  value: string | null;
}

function violationOf(error: unknown): Violation | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as DriverError;
  const message = typeof e.message === 'string' ? e.message : '';
  // PostgreSQL (pg): SQLSTATE 23505, the constraint's name and "Key (col)=(value) already exists."
  if (e.code === '23505') {
    const detail = typeof e.detail === 'string' ? /=\((.*)\) already exists/.exec(e.detail) : null;
    const value = detail?.[1] ?? null;
    return {
      name: typeof e.constraint === 'string' ? e.constraint : null,
      table: null,
      columns: [],
      // A composite key's value reads "a, b": only a single column's value is shown to the user.
      value: value && !value.includes(', ') ? value : null,
    };
  }
  // MySQL/MariaDB (mysql2): errno 1062 "Duplicate entry 'value' for key 'name'" (MySQL 8 says 'table.name').
  if (e.errno === 1062 || e.code === 'ER_DUP_ENTRY') {
    const m = /Duplicate entry '(.*)' for key '(?:[^'.]+\.)?([^']+)'/.exec(message);
    return { name: m?.[2] ?? null, table: null, columns: [], value: m?.[1] ?? null };
  }
  // SQLite (better-sqlite3): "UNIQUE constraint failed: table.col, table.col" (PRIMARY KEY too).
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // An index on an expression is named instead: "UNIQUE constraint failed: index 'name'".
    const index = /constraint failed: index '([^']+)'$/.exec(message);
    if (index) return { name: index[1]!, table: null, columns: [], value: null };
    const m = /constraint failed: (.+)$/.exec(message);
    const parts = (m?.[1] ?? '').split(',').map((p) => p.trim().split('.'));
    return {
      name: null,
      table: parts[0]?.length === 2 ? parts[0][0]! : null,
      columns: parts.map((p) => p[p.length - 1]!).filter(Boolean),
      value: null,
    };
  }
  return null;
}

/** Whether an error (of any of the three drivers) is a unique or primary-key violation. */
export function isUniqueViolation(error: unknown): boolean {
  return violationOf(error) !== null;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The field's message for a unique violation, or null when the error is not one. `row` is what the caller
 * tried to write (camelCase), when it knows it: SQLite's error does not carry the value. A violation of a
 * constraint not in the list still gets a clear (generic) message: it is the caller's conflict, not a fault.
 */
export function uniqueViolationMessage(error: unknown, row?: Record<string, unknown>): string | null {
  const v = violationOf(error);
  if (!v) return null;
  const known = UNIQUE_CONSTRAINTS.find((c) =>
    v.name
      ? c.name === v.name
      : c.table === v.table &&
        c.columns.length === v.columns.length &&
        c.columns.every((col) => v.columns.includes(col)),
  );
  if (!known) return '数据重复：与已有数据冲突';
  // The field the user typed is the key's last column (a dictionary's item value, not the dictionary id).
  const written = row?.[camel(known.columns[known.columns.length - 1]!)];
  const value = typeof written === 'string' || typeof written === 'number' ? String(written) : null;
  // A composite key's value as the driver spells it ('id-value') means nothing to the user.
  return known.message(value ?? (known.columns.length === 1 ? v.value : null));
}

/** Whether a parsed query, route parameters or JSON body holds a NUL character, in a value or a key. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNulCharacter(v, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || hasNulCharacter(v, depth + 1)) return true;
  }
  return false;
}
