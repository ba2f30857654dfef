import type * as SqlParser from 'node-sql-parser';
import { ONLINE_MESSAGES } from '@district/shared';
import type { DialectName } from '../../db/database.js';
import { ApiError } from '../../lib/http.js';
import { lazy, lazyRequire } from '../../lib/lazy-require.js';

const sqlParser = lazyRequire<typeof SqlParser>('node-sql-parser');
const parser = lazy(() => new (sqlParser().Parser)());

const PARSER_DB: Record<DialectName, string> = { postgres: 'PostgresQL', mysql: 'MariaDB', sqlite: 'Sqlite' };

/** Functions a report may call: aggregates, text, numbers, dates. Everything else (sleep, file reads) is refused. */
const ALLOWED_FUNCTIONS = new Set(
  (
    'count sum avg min max group_concat string_agg coalesce ifnull nullif isnull concat concat_ws lower upper ' +
    'substr substring trim ltrim rtrim length char_length replace left right lpad rpad instr position round abs ' +
    'floor ceil ceiling mod greatest least date year month day to_char date_format strftime extract cast ' +
    'row_number rank dense_rank'
  ).split(' '),
);

const WRITES = new Set(['insert', 'update', 'delete', 'replace', 'create', 'drop', 'alter', 'truncate', 'rename']);

/** Tables no report may read: credentials, sessions, settings and the databases' own catalogues. */
function forbiddenTable(name: string): boolean {
  const t = name.toLowerCase();
  return (
    /^(pg_|sqlite_|information_schema|performance_schema|mysql)/.test(t) ||
    ['sys_user', 'sys_token', 'sys_platform_setting', 'kysely_migration', 'kysely_migration_lock'].includes(t)
  );
}

function functionName(node: Record<string, unknown>): string {
  const name = node.name as unknown;
  if (typeof name === 'string') return name;
  const parts = (name as { name?: { value?: string }[] } | undefined)?.name;
  return Array.isArray(parts) ? parts.map((p) => p.value ?? '').join('.') : '';
}

function walk(node: unknown, visit: (n: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
  } else if (node && typeof node === 'object') {
    visit(node as Record<string, unknown>);
    for (const v of Object.values(node)) walk(v, visit);
  }
}

export interface SqlPart {
  text?: string;
  param?: string;
}

/**
 * Splits report SQL into text and `:name` parameters (outside quotes and comments; `::` casts kept), so values
 * are always bound, never spliced into the text.
 */
export function splitParams(sqlText: string): SqlPart[] {
  const parts: SqlPart[] = [];
  let text = '';
  let i = 0;
  while (i < sqlText.length) {
    const c = sqlText[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = sqlText.indexOf(c, i + 1);
      const stop = end < 0 ? sqlText.length : end + 1;
      text += sqlText.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === ':' && sqlText[i + 1] === ':') {
      text += '::';
      i += 2;
      continue;
    }
    const m = c === ':' ? /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(sqlText.slice(i)) : null;
    if (m) {
      parts.push({ text }, { param: m[1]! });
      text = '';
      i += m[0].length;
      continue;
    }
    text += c;
    i++;
  }
  parts.push({ text });
  return parts.filter((p) => p.param || p.text);
}

export interface CheckedSql {
  sql: string;
  params: string[];
  columns: string[];
}

/**
 * The report SQL must parse as exactly one SELECT that writes nothing (no write in a CTE, no INTO), reads no
 * catalogue or credential table and calls only allowlisted functions. Answers the SQL without a trailing `;`,
 * its parameter names and the column names it selects.
 */
export function checkReportSql(raw: string, dialect: DialectName): CheckedSql {
  const text = raw.trim().replace(/;\s*$/, '');
  if (/\$\{/.test(text)) throw new ApiError(400, ONLINE_MESSAGES.sqlParamText);
  if (/--|\/\*|#/.test(text.replace(/'[^']*'/g, "''"))) throw new ApiError(400, 'SQL 中不允许注释');
  let ast: unknown;
  try {
    ast = parser().astify(text, { database: PARSER_DB[dialect] });
  } catch {
    throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  const first = statements[0] as Record<string, unknown> | undefined;
  if (statements.length !== 1 || first?.type !== 'select') throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
  walk(first, (n) => {
    if (typeof n.type === 'string' && WRITES.has(n.type)) throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
    const into = n.into as { expr?: unknown; keyword?: unknown } | undefined;
    if (into && (into.expr || into.keyword)) throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
    if (n.type === 'function' || n.type === 'aggr_func') {
      const name = functionName(n).toLowerCase();
      if (!ALLOWED_FUNCTIONS.has(name)) throw new ApiError(400, ONLINE_MESSAGES.sqlFunction(name || '?'));
    }
    if (n.locking_read || n.for_update) throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
  });
  let tables: string[];
  try {
    tables = parser().tableList(text, { database: PARSER_DB[dialect] });
  } catch {
    throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
  }
  for (const entry of tables) {
    const [kind, db, table] = entry.split('::');
    if (kind !== 'select') throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
    if ((db && db !== 'null') || forbiddenTable(table ?? ''))
      throw new ApiError(400, ONLINE_MESSAGES.sqlTable(table ?? ''));
  }
  const columns: string[] = [];
  for (const c of (first.columns as { as?: unknown; expr?: { column?: unknown } }[] | string) ?? []) {
    if (typeof c === 'string') continue;
    const alias = typeof c.as === 'string' ? c.as : null;
    const col = c.expr?.column;
    const name =
      alias ?? (typeof col === 'string' ? col : ((col as { expr?: { value?: string } })?.expr?.value ?? null));
    if (name && name !== '*') columns.push(name);
  }
  const params = [...new Set(splitParams(text).flatMap((p) => (p.param ? [p.param] : [])))];
  return { sql: text, params, columns };
}
