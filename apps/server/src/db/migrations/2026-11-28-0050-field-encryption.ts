import { MysqlAdapter, PostgresAdapter, sql, type Kysely } from 'kysely';
import { rechainTable } from './2026-11-28-0030-log-chain.js';

/*
 * Frozen in time: personal data encrypted at rest (issue 24 item 8). Users' phone and e-mail, room-ticket holders'
 * ID number and phone are stored sealed (`fe1:…`, lib/field-crypto.ts) with a keyed hash beside each
 * (`<column>_hash`), which carries exact searches and uniqueness from now on:
 *
 * - the sealed columns widen to varchar(512) (a sealed 100-character e-mail is about 230);
 * - the hash columns are added; the live-only unique indexes of phone and e-mail move from the values (which no
 *   longer repeat: every sealing is randomised) to the hashes, under the names uq_sys_user_phone_hash and
 *   uq_sys_user_email_hash (MySQL/MariaDB: an invisible generated column of live rows' hashes, as migration
 *   2026-11-25-0001 did for the values); the plain indexes on phone and e-mail go;
 * - sys_field_key remembers each key id's fingerprint, so that a server started with another key under the same id,
 *   or without a key some rows still need, refuses to start instead of writing what nobody can read.
 *
 * The values themselves are sealed by the server at its next start (it holds the key; a migration does not), in
 * batches, before it serves (lib/field-reseal.ts). What this migration does to the data is key-free: log rows
 * written before it carried plain phone numbers and e-mail addresses (the data log's snapshots of users and tickets,
 * the operation log's request parameters; ID numbers were already masked in snapshots, not in parameters): they are
 * masked here, as the log writers mask them from now on.
 */

const SEALED: { table: string; column: string; notNull: boolean; oldType: string }[] = [
  { table: 'sys_user', column: 'phone', notNull: false, oldType: 'varchar(45)' },
  { table: 'sys_user', column: 'email', notNull: false, oldType: 'varchar(100)' },
  { table: 'biz_room_ticket', column: 'holder_id_card', notNull: true, oldType: 'varchar(18)' },
  { table: 'biz_room_ticket', column: 'holder_phone', notNull: true, oldType: 'varchar(20)' },
];
/** Live-only unique (users); the ticket holders' hashes get a plain index (searches within a tenant). */
const UNIQUE_LIVE = ['phone', 'email'];

const SEALED_TYPE = 'varchar(512)';
const HASH_TYPE = 'varchar(64)';

type Dialect = 'mysql' | 'postgres' | 'sqlite';

function dialectOf(db: Kysely<unknown>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof MysqlAdapter) return 'mysql';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  return 'sqlite';
}

async function setType(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: string,
  column: string,
  type: string,
  notNull: boolean,
) {
  // SQLite does not enforce declared lengths: nothing to change there.
  if (dialect === 'postgres') {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type ${sql.raw(type)}`.execute(db);
  } else if (dialect === 'mysql') {
    await sql`alter table ${sql.table(table)} modify column ${sql.ref(column)} ${sql.raw(type)} ${sql.raw(
      notNull ? 'not null' : 'null',
    )}`.execute(db);
  }
}

async function dropIndex(db: Kysely<unknown>, dialect: Dialect, table: string, name: string) {
  if (dialect === 'mysql') await sql`alter table ${sql.table(table)} drop index ${sql.id(name)}`.execute(db);
  else await db.schema.dropIndex(name).execute();
}

async function liveUnique(db: Kysely<unknown>, dialect: Dialect, table: string, column: string, type: string) {
  const name = `uq_${table}_${column}`;
  if (dialect === 'mysql') {
    const live = `${column}_live`;
    await sql`alter table ${sql.table(table)} add column ${sql.id(live)} ${sql.raw(type)}
      as (case when del_flag = 0 then ${sql.ref(column)} end) virtual invisible`.execute(db);
    await db.schema.createIndex(name).on(table).column(live).unique().execute();
  } else {
    await db.schema.createIndex(name).on(table).column(column).unique().where(sql.ref('del_flag'), '=', 0).execute();
  }
}

async function dropLiveUnique(db: Kysely<unknown>, dialect: Dialect, table: string, column: string) {
  await dropIndex(db, dialect, table, `uq_${table}_${column}`);
  if (dialect === 'mysql')
    await sql`alter table ${sql.table(table)} drop column ${sql.id(`${column}_live`)}`.execute(db);
}

/* ---- masking the plain values old log rows carry (the same shapes lib/personal-data.ts shows) ---- */

const maskPhone = (v: string) => (v.length >= 7 ? `${v.slice(0, 3)}****${v.slice(-4)}` : '****');
const maskIdCard = (v: string) =>
  v.length <= 7 ? '*'.repeat(v.length) : v.slice(0, 3) + '*'.repeat(v.length - 7) + v.slice(-4);
const maskEmail = (v: string) => {
  const at = v.lastIndexOf('@');
  return at <= 0 ? '****' : `${v[0]}***${v.slice(at)}`;
};

/** Which parameter or snapshot keys hold personal data, and how each is masked. */
function maskerOf(key: string): ((v: string) => string) | null {
  if (/idcard/i.test(key)) return maskIdCard;
  if (/e-?mail/i.test(key)) return maskEmail;
  if (/phone|mobile/i.test(key)) return maskPhone;
  return null;
}

const masked = (v: string) => v.includes('*') || v === '';

function maskJson(value: unknown, depth = 0): unknown {
  if (depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => maskJson(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const mask = maskerOf(k);
      out[k] = mask && typeof v === 'string' && !masked(v) ? mask(v) : maskJson(v, depth + 1);
    }
    return out;
  }
  return value;
}

/** Text that may be cut JSON (long parameters end in …): every `"key":"value"` pair of a personal key is masked. */
function maskText(text: string): string {
  try {
    return JSON.stringify(maskJson(JSON.parse(text)));
  } catch {
    return text.replace(
      /"([A-Za-z_]*(?:phone|Phone|mobile|Mobile|mail|Mail|idCard|IdCard|idcard)[A-Za-z_]*)"\s*:\s*"([^"]*)"/g,
      (all, key: string, v: string) => {
        const mask = maskerOf(key);
        return mask && !masked(v) ? `"${key}":"${mask(v)}"` : all;
      },
    );
  }
}

const BATCH = 500;

/** Rewrites the rows a filter selects, a batch at a time (keyset on the id), where masking changed the text. */
async function maskRows(
  db: Kysely<unknown>,
  table: 'sys_data_log' | 'sys_log',
  column: string,
  filter: ReturnType<typeof sql>,
) {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; text: string | null }>`
      select id, ${sql.ref(column)} as text from ${sql.table(table)}
      where id > ${after} and ${filter} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    for (const r of rows) {
      if (!r.text) continue;
      const next = maskText(r.text);
      if (next !== r.text) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next} where id = ${r.id}`.execute(db);
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema
    .createTable('sys_field_key')
    .addColumn('key_id', 'varchar(16)', (c) => c.primaryKey())
    // A check value derived from the key (not the key): another key under the same id is told apart.
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    // When no stored value needed the key any more (it may then leave the configuration).
    .addColumn('retire_time', 'varchar(19)')
    .$call((t) =>
      dialect === 'mysql' ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t,
    )
    .execute();

  // The indexes on the values go first: MySQL will not widen a column a generated column depends on.
  for (const column of UNIQUE_LIVE) await dropLiveUnique(db, dialect, 'sys_user', column);
  await dropIndex(db, dialect, 'sys_user', 'idx_sys_user_phone');
  await dropIndex(db, dialect, 'sys_user', 'idx_sys_user_email');

  for (const { table, column, notNull } of SEALED) {
    await setType(db, dialect, table, column, SEALED_TYPE, notNull);
    await db.schema.alterTable(table).addColumn(`${column}_hash`, HASH_TYPE).execute();
  }
  for (const column of UNIQUE_LIVE) await liveUnique(db, dialect, 'sys_user', `${column}_hash`, HASH_TYPE);
  for (const column of ['holder_id_card', 'holder_phone']) {
    await db.schema
      .createIndex(`idx_biz_room_ticket_${column}_hash`)
      .on('biz_room_ticket')
      .columns(['tenant_id', `${column}_hash`])
      .execute();
  }

  await maskRows(db, 'sys_data_log', 'data_content', sql`data_table in ('sys_user', 'biz_room_ticket')`);
  await maskRows(
    db,
    'sys_log',
    'request_param',
    sql`(request_param like '%hone%' or request_param like '%obile%' or request_param like '%ail%' or request_param like '%dCard%' or request_param like '%dcard%')`,
  );
  // The log rows are chained (2026-11-28-0030-log-chain): the hashes of the rows masked above follow their new text,
  // or the integrity check would report this upgrade as tampering.
  await rechainTable(db, 'sys_data_log');
  await rechainTable(db, 'sys_log');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only for a database whose values are plain again (the server's `field-keys decrypt` is not part of this
  // product): sealed values do not fit the old widths.
  const dialect = dialectOf(db);
  for (const column of ['holder_id_card', 'holder_phone']) {
    await dropIndex(db, dialect, 'biz_room_ticket', `idx_biz_room_ticket_${column}_hash`);
  }
  for (const column of UNIQUE_LIVE) await dropLiveUnique(db, dialect, 'sys_user', `${column}_hash`);
  for (const { table, column, notNull, oldType } of SEALED) {
    await db.schema.alterTable(table).dropColumn(`${column}_hash`).execute();
    await setType(db, dialect, table, column, oldType, notNull);
  }
  await db.schema.createIndex('idx_sys_user_phone').on('sys_user').column('phone').execute();
  await db.schema.createIndex('idx_sys_user_email').on('sys_user').column('email').execute();
  for (const column of UNIQUE_LIVE) {
    await liveUnique(db, dialect, 'sys_user', column, column === 'phone' ? 'varchar(45)' : 'varchar(100)');
  }
  await db.schema.dropTable('sys_field_key').execute();
}
