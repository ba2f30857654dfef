import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: a device's alarm is now matched to its device by the hash of the key it sends, before the body
 * is read (a wrong key answers 401 whatever the body holds), so the hash gets an index.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('idx_iot_device_key_hash').on('iot_device').column('key_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof MysqlAdapter) {
    await sql`alter table iot_device drop index idx_iot_device_key_hash`.execute(db);
  } else {
    await db.schema.dropIndex('idx_iot_device_key_hash').execute();
  }
}
