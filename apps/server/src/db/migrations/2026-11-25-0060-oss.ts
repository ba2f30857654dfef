import type { Kysely } from 'kysely';

/*
 * Frozen in time: 对象存储 (issue 13). Each uploaded file names the storage that holds its bytes, so a change of
 * the configured storage leaves earlier files readable; rows from before were all in the upload folder.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_file')
    // local | s3
    .addColumn('storage', 'varchar(16)', (c) => c.notNull().defaultTo('local'))
    .execute();
  // The file list is read newest first.
  await db.schema.createIndex('idx_sys_file_create_time').on('sys_file').column('create_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_sys_file_create_time').on('sys_file').execute();
  await db.schema.alterTable('sys_file').dropColumn('storage').execute();
}
