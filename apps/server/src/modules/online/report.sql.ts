import type * as SqlParser from 'node-sql-parser';
import { ONLINE_MESSAGES } from '@district/shared';
import type { DialectName } from '../../db/database.js';
import { ApiError } from '../../lib/http.js';
import { lazy, lazyRequire } from '../../lib/lazy-require.js';

const sqlParser = lazyRequire<typeof SqlParser>('node-sql-parser');
const parser = lazy(() => new (sqlParser().Parser)());

const PARSER_DB: Record<DialectName, string> = { postgres: 'PostgresQL', mysql: 'MariaDB', sqlite: 'Sqlite' };

/**
 * Functions a report may call: aggregates, text, numbers, dates, CASE helpers. Everything else is refused, so a
 * function that sleeps, reads files, settings or the catalogue (pg_read_file, current_setting, load_extension,
 * readfile, version…) never runs, whatever the database adds next.
 */
const ALLOWED_FUNCTIONS = new Set(
  (
    'count sum avg min max group_concat string_agg coalesce ifnull nullif isnull iif if concat concat_ws lower upper ' +
    'substr substring trim ltrim rtrim length char_length character_length replace left right lpad rpad instr ' +
    'position locate round abs floor ceil ceiling mod trunc truncate power pow sqrt sign greatest least date year ' +
    'month day hour minute second to_char to_date to_timestamp date_format str_to_date strftime julianday datetime ' +
    'date_trunc datediff date_add date_sub timestampdiff extract now current_date current_timestamp cast exists ' +
    'row_number rank dense_rank'
  ).split(' '),
);

/** Bare words the databases answer with session facts (PostgreSQL's current_user, current_schema…). */
const SESSION_WORDS = new Set([
  'user',
  'current_user',
  'session_user',
  'system_user',
  'current_role',
  'current_catalog',
  'current_schema',
]);

const WRITES = new Set(['insert', 'update', 'delete', 'replace', 'create', 'drop', 'alter', 'truncate', 'rename']);

/** Catalogues and credentials of a data source's database: a report on a data source never reads these. */
function catalogueTable(name: string): boolean {
  return /^(pg_|sqlite_|pragma_|information_schema|performance_schema|mysql|sys$)/.test(name.toLowerCase());
}

type Node = Record<string, unknown>;

function functionName(node: Node): string {
  const name = node.name as unknown;
  if (typeof name === 'string') return name;
  const parts = (name as { name?: { value?: string }[] } | undefined)?.name;
  return Array.isArray(parts) ? parts.map((p) => p.value ?? '').join('.') : '';
}

export interface SqlPart {
  text?: string;
  param?: string;
}

interface Token {
  kind: 'word' | 'quoted' | 'string' | 'param' | 'space' | 'other';
  text: string;
  start: number;
  end: number;
}

/**
 * Splits report SQL into tokens the way all three databases read it, refusing what they read differently (or what
 * could hide text from the checks): comments, backslashes (MySQL string escapes), `$` (PostgreSQL dollar quoting and
 * positional parameters) and `?` placeholders outside strings.
 */
function lex(sqlText: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: Token['kind'], end: number) => {
    tokens.push({ kind, text: sqlText.slice(i, end), start: i, end });
    i = end;
  };
  if (sqlText.includes('\\')) throw new ApiError(400, ONLINE_MESSAGES.sqlChar('\\'));
  while (i < sqlText.length) {
    const c = sqlText[i]!;
    if (c === "'" || c === '"' || c === '`') {
      // A doubled quote is the quote itself in every dialect.
      let j = i + 1;
      for (;;) {
        const k = sqlText.indexOf(c, j);
        if (k < 0) throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
        if (sqlText[k + 1] === c) j = k + 2;
        else {
          j = k + 1;
          break;
        }
      }
      push(c === "'" ? 'string' : 'quoted', j);
      continue;
    }
    if (/\s/.test(c)) {
      let j = i + 1;
      while (j < sqlText.length && /\s/.test(sqlText[j]!)) j++;
      push('space', j);
      continue;
    }
    if ((c === '-' && sqlText[i + 1] === '-') || (c === '/' && sqlText[i + 1] === '*') || c === '#') {
      throw new ApiError(400, ONLINE_MESSAGES.sqlComment);
    }
    if (c === '$') throw new ApiError(400, ONLINE_MESSAGES.sqlChar('$'));
    if (c === '?') throw new ApiError(400, ONLINE_MESSAGES.sqlChar('?'));
    if (c === ':' && sqlText[i + 1] === ':') {
      push('other', i + 2);
      continue;
    }
    const param = c === ':' ? /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(sqlText.slice(i)) : null;
    if (param) {
      push('param', i + param[0].length);
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(sqlText.slice(i));
    if (word) {
      push('word', i + word[0].length);
      continue;
    }
    push('other', i + 1);
  }
  return tokens;
}

/**
 * Splits report SQL into text and `:name` parameters (outside quotes; `::` casts kept), so values are always bound,
 * never spliced into the text.
 */
export function splitParams(sqlText: string): SqlPart[] {
  const parts: SqlPart[] = [];
  let text = '';
  for (const t of lex(sqlText)) {
    if (t.kind === 'param') {
      parts.push({ text }, { param: t.text.slice(1) });
      text = '';
    } else text += t.text;
  }
  parts.push({ text });
  return parts.filter((p) => p.param || p.text);
}

/** The report's own leading WITH, as text: merged into the WITH that shadows its tables. */
export interface LeadingWith {
  recursive: boolean;
  /** The CTE definitions, `a AS (…), b AS (…)`. */
  ctes: string;
  /** The query after them. */
  main: string;
}

/** Finds the end of a leading `WITH [RECURSIVE] name [(cols)] AS [[NOT] MATERIALIZED] (…) [, …]`. */
function leadingWith(sqlText: string): LeadingWith | null {
  const tokens = lex(sqlText).filter((t) => t.kind !== 'space');
  let i = 0;
  const word = (w: string) => tokens[i]?.kind === 'word' && tokens[i]!.text.toLowerCase() === w;
  if (!word('with')) return null;
  i++;
  const recursive = word('recursive');
  if (recursive) i++;
  const skipParens = () => {
    if (tokens[i]?.text !== '(') throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
    let depth = 0;
    for (; i < tokens.length; i++) {
      if (tokens[i]!.text === '(') depth++;
      else if (tokens[i]!.text === ')' && --depth === 0) {
        i++;
        return;
      }
    }
    throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
  };
  const first = tokens[i];
  if (!first) throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
  for (;;) {
    if (tokens[i]?.kind !== 'word' && tokens[i]?.kind !== 'quoted') throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
    i++;
    if (tokens[i]?.text === '(') skipParens();
    if (!word('as')) throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
    i++;
    if (word('not')) i++;
    if (word('materialized')) i++;
    skipParens();
    if (tokens[i]?.text !== ',') break;
    i++;
  }
  const rest = tokens[i];
  if (!rest) throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
  return {
    recursive,
    ctes: sqlText.slice(first.start, tokens[i - 1]!.end),
    main: sqlText.slice(rest.start),
  };
}

/** What a table name is to reports on our own database: a business or form table, an allowed system table, or none. */
export type TableKind = 'business' | 'form' | 'system';

/** Which tables a report may read: our database's allowlist, or (a data source) anything but its catalogue. */
export type TablePolicy = { kind: 'main'; classify: (table: string) => TableKind | null } | { kind: 'source' };

export interface CheckedSql {
  sql: string;
  params: string[];
  columns: string[];
  /** The tables it reads (lower case), each once. */
  tables: string[];
  /** The report's own leading WITH, if any (on our database it joins the tables' shadows). */
  leadingWith: LeadingWith | null;
}

/**
 * Resolves every table reference of the statement: a name defined by the report's own leading WITH and visible
 * where it is used is that CTE; anything else is a table, checked against the policy. Read narrowly so that no
 * database can read a name as a table where this reads a CTE: a CTE body sees only the CTEs before it (itself only
 * under WITH RECURSIVE), a WITH anywhere but at the very start is refused (MariaDB does not show the shadows to a
 * nested WITH's bodies), and a CTE name used where it is not visible is refused.
 */
function resolveTables(root: Node, topWith: boolean, policy: TablePolicy): { tables: Set<string>; seen: Set<string> } {
  const tables = new Set<string>();
  const seen = new Set<string>();
  const withList = (root.with as { name?: { value?: unknown } | string; stmt?: unknown; recursive?: boolean }[]) ?? [];
  if (withList.length && !topWith) throw new ApiError(400, ONLINE_MESSAGES.sqlNestedWith);
  const cteNames = withList.map((w) => {
    const name = typeof w.name === 'string' ? w.name : w.name?.value;
    if (typeof name !== 'string' || !name) throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
    return name;
  });
  const recursive = withList.some((w) => w.recursive === true);
  const cteSet = new Set(cteNames.map((n) => n.toLowerCase()));
  if (policy.kind === 'main') {
    for (const name of cteNames) {
      if (name !== name.toLowerCase()) throw new ApiError(400, ONLINE_MESSAGES.sqlTableCase(name));
      // A CTE named like a table would take the place of that table's tenant filter.
      if (policy.classify(name)) throw new ApiError(400, ONLINE_MESSAGES.sqlCteName(name));
    }
  }

  const fromItem = (item: Node, visible: Set<string>) => {
    if (typeof item.table === 'string') {
      const name = item.table;
      seen.add(name);
      if (item.db) throw new ApiError(400, ONLINE_MESSAGES.sqlTable(`${String(item.db)}.${name}`));
      if (cteSet.has(name.toLowerCase())) {
        if (!visible.has(name)) throw new ApiError(400, ONLINE_MESSAGES.sqlCteScope(name));
      } else if (policy.kind === 'main') {
        if (name !== name.toLowerCase()) {
          throw new ApiError(
            400,
            ONLINE_MESSAGES[policy.classify(name.toLowerCase()) ? 'sqlTableCase' : 'sqlTable'](name),
          );
        }
        if (!policy.classify(name)) throw new ApiError(400, ONLINE_MESSAGES.sqlTable(name));
        tables.add(name);
      } else {
        if (catalogueTable(name)) throw new ApiError(400, ONLINE_MESSAGES.sqlTable(name));
        tables.add(name.toLowerCase());
      }
      for (const [k, v] of Object.entries(item)) if (k !== 'table' && k !== 'db' && k !== 'as') visit(v, visible);
      return;
    }
    if (item.type === 'dual') return;
    const expr = item.expr as Node | undefined;
    if (expr && (expr.type === 'function' || expr.type === 'aggr_func')) {
      throw new ApiError(400, ONLINE_MESSAGES.sqlTableFunction(functionName(expr) || '?'));
    }
    if (expr && (expr.ast || expr.type === 'select' || expr.type === 'values')) {
      for (const [k, v] of Object.entries(item)) if (k !== 'as') visit(v, visible);
      return;
    }
    throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
  };

  const select = (s: Node, visible: Set<string>) => {
    if (s.with && s !== root) throw new ApiError(400, ONLINE_MESSAGES.sqlNestedWith);
    let inner = visible;
    if (s === root && cteNames.length) {
      withList.forEach((w, i) => {
        const body = new Set([...visible, ...cteNames.slice(0, i), ...(recursive ? [cteNames[i]!] : [])]);
        visit(w.stmt, body);
      });
      inner = new Set([...visible, ...cteNames]);
    }
    for (const [k, v] of Object.entries(s)) {
      if (k === 'with') continue;
      if (k === 'from' && Array.isArray(v)) {
        for (const item of v) fromItem(item as Node, inner);
      } else visit(v, inner);
    }
  };

  const visit = (node: unknown, visible: Set<string>): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, visible);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (typeof n.type === 'string' && WRITES.has(n.type)) throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
    const into = n.into as { expr?: unknown; keyword?: unknown } | undefined;
    if (into && (into.expr || into.keyword)) throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
    if (n.locking_read || n.for_update) throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
    if (n.type === 'function' || n.type === 'aggr_func') {
      const name = functionName(n).toLowerCase();
      if (!ALLOWED_FUNCTIONS.has(name)) throw new ApiError(400, ONLINE_MESSAGES.sqlFunction(name || '?'));
    }
    if (n.type === 'var' || n.type === 'assign') throw new ApiError(400, ONLINE_MESSAGES.sqlVariable);
    if (n.type === 'column_ref' && !n.table) {
      const col = n.column as unknown;
      const name = typeof col === 'string' ? col : (col as { expr?: { value?: unknown } })?.expr?.value;
      if (typeof name === 'string' && SESSION_WORDS.has(name.toLowerCase())) {
        throw new ApiError(400, ONLINE_MESSAGES.sqlFunction(name));
      }
    }
    if (n.type === 'select') {
      select(n, visible);
      return;
    }
    for (const v of Object.values(n)) visit(v, visible);
  };

  visit(root, new Set());
  return { tables, seen };
}

/**
 * The report SQL must parse as exactly one SELECT that writes nothing (no write in a CTE, no INTO), calls only
 * allowlisted functions, and reads only what the policy allows: on our database the allowlisted tables (business,
 * synchronised form and allowed system tables), named in lower case without a schema; on a data source anything
 * but the catalogue. Answers the SQL without a trailing `;`, its parameter names, the column names it selects, the
 * tables it reads and its own leading WITH.
 */
export function checkReportSql(raw: string, dialect: DialectName, policy: TablePolicy): CheckedSql {
  const text = raw.trim().replace(/;\s*$/, '');
  if (/\$\{/.test(text)) throw new ApiError(400, ONLINE_MESSAGES.sqlParamText);
  lex(text);
  let ast: unknown;
  let listed: string[];
  try {
    ast = parser().astify(text, { database: PARSER_DB[dialect] });
    listed = parser().tableList(text, { database: PARSER_DB[dialect] });
  } catch {
    throw new ApiError(400, ONLINE_MESSAGES.sqlParse);
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  const first = statements[0] as Node | undefined;
  if (statements.length !== 1 || first?.type !== 'select') throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
  const lead = leadingWith(text);
  const { tables, seen } = resolveTables(first, lead !== null, policy);
  // The parser's own list of tables must hold nothing the walk above did not see (a reference it missed).
  for (const entry of listed) {
    const [kind, db, table] = entry.split('::');
    if (kind !== 'select') throw new ApiError(400, ONLINE_MESSAGES.sqlNotSelect);
    if (db && db !== 'null') throw new ApiError(400, ONLINE_MESSAGES.sqlTable(`${db}.${table}`));
    if (!seen.has(table ?? '')) throw new ApiError(400, ONLINE_MESSAGES.sqlTable(table ?? ''));
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
  return { sql: text, params, columns, tables: [...tables], leadingWith: lead };
}
