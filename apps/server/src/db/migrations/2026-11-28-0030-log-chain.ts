/* eslint-disable @typescript-eslint/no-explicit-any -- the three log tables are reached by a name chosen at run time, which Kysely's types cannot follow */
import { createHash, getHashes } from 'node:crypto';
import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: this file never imports application code. The operation, login and data logs become tamper
 * evident (issue 24 item 6): each row gets its chain (`<kind>:<tenant>`, one per log kind and tenant), its position
 * in it and a hash (SM3 where OpenSSL has it, else SHA-256) over the row and the previous row's hash; the head of
 * each chain is a row of sys_log_chain. The rows written before are chained here, oldest first, a page at a time.
 * The hash below is the one lib/log-chain.ts computes (a test verifies migrated rows with the product's check).
 *
 * The 数据日志保留 job becomes 日志保留: it now removes old rows of all three logs, never younger than 180 days,
 * and records in the chain's head where it cut, so its removals are not read as tampering.
 */

const ALGORITHM = getHashes().includes('sm3') ? 'sm3' : 'sha256';

const FIELDS = {
  sys_log: [
    'id',
    'log_type',
    'log_content',
    'operate_type',
    'userid',
    'username',
    'ip',
    'method',
    'request_url',
    'request_param',
    'request_type',
    'cost_time',
    'tenant_id',
    'create_time',
    'result',
  ],
  sys_data_log: [
    'id',
    'data_table',
    'data_id',
    'data_version',
    'data_content',
    'action',
    'create_by',
    'create_time',
    'tenant_id',
  ],
} as const;
type Table = keyof typeof FIELDS;

function hash(previous: string, key: string, seq: number, table: Table, row: Record<string, unknown>): string {
  const values = FIELDS[table].map((f) => (row[f] === null || row[f] === undefined ? null : String(row[f])));
  return createHash(ALGORITHM)
    .update(`${previous}\n${JSON.stringify([key, seq, ...values])}`, 'utf8')
    .digest('hex');
}

function keyOf(table: Table, row: Record<string, unknown>): { key: string; kind: string; tenant: number | null } {
  const kind = table === 'sys_data_log' ? 'data' : Number(row.log_type) === 1 ? 'login' : 'operation';
  const tenant = row.tenant_id === null || row.tenant_id === undefined ? null : Number(row.tenant_id);
  return { key: `${kind}:${tenant === null ? '-' : String(tenant)}`, kind, tenant };
}

const PAGE = 1000;

async function chainExisting(db: Kysely<any>, table: Table, now: string): Promise<void> {
  const heads = new Map<string, { kind: string; tenant: number | null; seq: number; hash: string }>();
  let after: { time: string; id: string } | null = null;
  for (;;) {
    // Oldest first; ties by id. Keyset paging: the next page starts after the last row read.
    const cursor: { time: string; id: string } | null = after;
    const page: Record<string, unknown>[] = await db
      .selectFrom(table)
      .selectAll()
      .$if(cursor !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('create_time', '>', cursor!.time),
            eb.and([eb('create_time', '=', cursor!.time), eb('id', '>', cursor!.id)]),
          ]),
        ),
      )
      .orderBy('create_time')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    for (const row of page) {
      const { key, kind, tenant } = keyOf(table, row);
      const head = heads.get(key) ?? { kind, tenant, seq: 0, hash: '' };
      head.seq += 1;
      head.hash = hash(head.hash, key, head.seq, table, row);
      heads.set(key, head);
      await db
        .updateTable(table)
        .set({ chain_key: key, chain_seq: head.seq, chain_hash: head.hash })
        .where('id', '=', row.id)
        .execute();
    }
    const last = page[page.length - 1]!;
    after = { time: String(last.create_time), id: String(last.id) };
    if (page.length < PAGE) break;
  }
  for (const [key, h] of heads) {
    await db
      .insertInto('sys_log_chain')
      .values({
        chain_key: key,
        log_kind: h.kind,
        tenant_id: h.tenant,
        algorithm: ALGORITHM,
        last_seq: h.seq,
        last_hash: h.hash,
        cut_seq: 1,
        cut_hash: '',
        cut_time: null,
        update_time: now,
      })
      .execute();
  }
}

/**
 * Recomputes the hashes of every chain of a table from where each was last cut (positions stay), and each head's
 * newest hash. For a later migration that rewrites log rows on upgrade (masking personal data that older releases
 * logged): called right after, so the rows it rewrote lawfully are not reported as changed.
 */
export async function rechainTable(db: Kysely<any>, table: Table): Promise<void> {
  const kinds = table === 'sys_data_log' ? ['data'] : ['login', 'operation'];
  const heads: { chain_key: string; cut_seq: unknown; cut_hash: string; algorithm: string }[] = await db
    .selectFrom('sys_log_chain')
    .select(['chain_key', 'cut_seq', 'cut_hash', 'algorithm'])
    .where('log_kind', 'in', kinds)
    .execute();
  for (const head of heads) {
    const algorithm = head.algorithm;
    let previous = head.cut_hash;
    let next = Number(head.cut_seq);
    for (;;) {
      const page: Record<string, unknown>[] = await db
        .selectFrom(table)
        .selectAll()
        .where('chain_key', '=', head.chain_key)
        .where('chain_seq', '>=', next)
        .orderBy('chain_seq')
        .limit(PAGE)
        .execute();
      for (const row of page) {
        const seq = Number(row.chain_seq);
        const values = FIELDS[table].map((f) => (row[f] === null || row[f] === undefined ? null : String(row[f])));
        const hash = createHash(algorithm)
          .update(`${previous}\n${JSON.stringify([head.chain_key, seq, ...values])}`, 'utf8')
          .digest('hex');
        if (hash !== row.chain_hash) {
          await db.updateTable(table).set({ chain_hash: hash }).where('id', '=', row.id).execute();
        }
        previous = hash;
        next = seq + 1;
      }
      if (page.length < PAGE) break;
    }
    await db
      .updateTable('sys_log_chain')
      .set({ last_hash: previous })
      .where('chain_key', '=', head.chain_key)
      .execute();
  }
}

/** 数据日志保留 (365 days, data log only) becomes 日志保留 of all three logs, at least 180 days. */
async function convertRetentionJob(db: Kysely<any>, now: string): Promise<void> {
  const jobs: { id: string; parameter: string | null; job_name: string }[] = await db
    .selectFrom('sys_quartz_job')
    .select(['id', 'parameter', 'job_name'])
    .where('handler', '=', 'dataLogRetention')
    .execute();
  for (const job of jobs) {
    let days = 180;
    try {
      const old = Number((JSON.parse(job.parameter ?? '{}') as { days?: unknown }).days);
      if (Number.isInteger(old)) days = Math.min(Math.max(old, 180), 3650);
    } catch {
      // An unreadable parameter takes the default.
    }
    const nameTaken = await db
      .selectFrom('sys_quartz_job')
      .select('id')
      .where('job_name', '=', '日志保留')
      .where('id', '<>', job.id)
      .executeTakeFirst();
    await db
      .updateTable('sys_quartz_job')
      .set({
        handler: 'logRetention',
        parameter: JSON.stringify({ days }),
        ...(nameTaken || job.job_name !== '数据日志保留' ? {} : { job_name: '日志保留' }),
        description: `每天删除 ${days} 天前的操作日志、登录日志和数据日志（不少于 180 天）`,
        update_by: 'system',
        update_time: now,
      })
      .where('id', '=', job.id)
      .execute();
  }
}

function nowText(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(
    d.getSeconds(),
  )}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const create = db.schema.createTable('sys_log_chain');
  await (mysql ? create.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : create)
    .addColumn('chain_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('log_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer')
    .addColumn('algorithm', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('last_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('cut_seq', 'bigint', (c) => c.notNull())
    .addColumn('cut_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('cut_time', 'varchar(19)')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();

  for (const table of ['sys_log', 'sys_data_log'] as const) {
    // One column per statement: SQLite adds one at a time.
    await db.schema.alterTable(table).addColumn('chain_key', 'varchar(64)').execute();
    await db.schema.alterTable(table).addColumn('chain_seq', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('chain_hash', 'varchar(128)').execute();
  }
  const now = nowText();
  await chainExisting(db, 'sys_log', now);
  await chainExisting(db, 'sys_data_log', now);
  // A position is taken once: the index both serves the check's walk and refuses a second row at a position.
  await db.schema.createIndex('uq_sys_log_chain').on('sys_log').columns(['chain_key', 'chain_seq']).unique().execute();
  await db.schema
    .createIndex('uq_sys_data_log_chain')
    .on('sys_data_log')
    .columns(['chain_key', 'chain_seq'])
    .unique()
    .execute();
  await convertRetentionJob(db, now);
}

export async function down(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  for (const [index, table] of [
    ['uq_sys_log_chain', 'sys_log'],
    ['uq_sys_data_log_chain', 'sys_data_log'],
  ] as const) {
    const drop = db.schema.dropIndex(index);
    await (mysql ? drop.on(table) : drop).execute();
    for (const column of ['chain_hash', 'chain_seq', 'chain_key']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.dropTable('sys_log_chain').execute();
  await db
    .updateTable('sys_quartz_job')
    .set({ handler: 'dataLogRetention' })
    .where('handler', '=', 'logRetention')
    .execute();
}
