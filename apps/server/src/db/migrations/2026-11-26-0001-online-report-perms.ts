import type { Kysely } from 'kysely';

/*
 * Frozen in time: a report's view right was `online:{code}:list`, the same shape as a form table's button
 * `online:{table}:list`, so a report and a form could share a code. Report rights move to
 * `online:report:{code}:list`: the buttons under menu entries of the report auto list component are renamed.
 */

const REPORT_AUTO_LIST = 'modules/online/cgreport/auto/OnlCgreportAutoList';
const OLD = /^online:([a-z][a-z0-9_]*):list$/;

interface Button {
  id: string;
  perms: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations do not know the schema type
  const k = db as Kysely<any>;
  const buttons = (await k
    .selectFrom('sys_permission as b')
    .innerJoin('sys_permission as m', 'm.id', 'b.parent_id')
    .select(['b.id as id', 'b.perms as perms'])
    .where('m.component', '=', REPORT_AUTO_LIST)
    .where('b.menu_type', '=', 2)
    .execute()) as Button[];
  for (const b of buttons) {
    const m = OLD.exec(b.perms ?? '');
    if (!m || m[1] === 'report') continue;
    await k
      .updateTable('sys_permission')
      .set({ perms: `online:report:${m[1]}:list` })
      .where('id', '=', b.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations do not know the schema type
  const k = db as Kysely<any>;
  const rows = (await k
    .selectFrom('sys_permission')
    .select(['id', 'perms'])
    .where('perms', 'like', 'online:report:%:list')
    .execute()) as Button[];
  for (const r of rows) {
    const code = /^online:report:(.+):list$/.exec(r.perms ?? '')?.[1];
    if (code)
      await k
        .updateTable('sys_permission')
        .set({ perms: `online:${code}:list` })
        .where('id', '=', r.id)
        .execute();
  }
}
