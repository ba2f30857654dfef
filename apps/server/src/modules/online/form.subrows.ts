import { fieldKey, ONLINE_LIMITS, type OnlineFormDef, type OnlineSubTable } from '@district/shared';
import { uniqueViolationMessage } from '../../lib/db-errors.js';
import { ApiError, parse } from '../../lib/http.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { declared, rowForInsert, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef, Row, TxContext } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- generated tables are outside Database */

/** A sub table whose rows came with the main record: validated, ready to write in the main's transaction. */
export interface SubRowsPlan {
  link: OnlineSubTable;
  title: string;
  def: ResourceDef;
  creates: { body: Record<string, unknown>; index: number }[];
  updates: { id: string; body: Record<string, unknown>; before: Row; index: number }[];
  deletes: Row[];
}

/** `明细第 2 行：请输入物品` — where a sub row's problem is, in the words of the form. */
const rowMessage = (title: string, index: number, message: string) => `${title}第 ${index + 1} 行：${message}`;

function prefixed<T>(title: string, index: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, rowMessage(title, index, error.message));
    throw error;
  }
}

/**
 * Takes the sub tables' rows out of a main form's body: each sub table's name (it always holds an underscore,
 * a field key never does) may carry the complete list of its rows. What is left is the main record's body.
 */
export function splitBody(
  form: OnlineFormDef,
  body: unknown,
): { main: Record<string, unknown>; subs: Map<string, unknown[]> } {
  const main: Record<string, unknown> = { ...(body && typeof body === 'object' ? (body as object) : {}) };
  const subs = new Map<string, unknown[]>();
  if (form.formKind !== 'main') return { main, subs };
  for (const link of form.subTables) {
    if (!(link.table in main)) continue;
    const rows = main[link.table];
    delete main[link.table];
    if (!Array.isArray(rows)) throw new ApiError(400, `附表 ${link.table} 的数据须为列表`);
    subs.set(link.table, rows);
  }
  return { main, subs };
}

/**
 * Validates one sub table's rows before anything is written: each row against the sub form's own checks (its
 * foreign key set to the main record), a one-to-one table holds at most one row, and a row that names an id
 * must be one of this main record's rows. Rows of the main record not sent are deleted.
 */
export async function planSubRows(
  link: OnlineSubTable,
  sub: { form: OnlineFormDef; def: ResourceDef },
  rows: unknown[],
  mainId: string,
  existingMain: boolean,
  ctx: ResourceContext,
): Promise<SubRowsPlan> {
  const title = sub.form.title;
  if (link.relation === 'one' && rows.length > 1) throw new ApiError(400, `${title}只能有一行`);
  if (rows.length > ONLINE_LIMITS.subRowsMax) throw new ApiError(400, `${title}最多 ${ONLINE_LIMITS.subRowsMax} 行`);
  const fk = fieldKey(link.foreignKey);
  const existing = new Map<string, Row>();
  if (existingMain) {
    const q = await scoped(sub.def, ctx);
    for (const r of (await q.where(`${sub.def.table}.${fk}` as any, '=', mainId).execute()) as Row[]) {
      existing.set(String(r.id), r);
    }
  }
  const plan: SubRowsPlan = { link, title, def: sub.def, creates: [], updates: [], deletes: [] };
  const kept = new Set<string>();
  rows.forEach((raw, index) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new ApiError(400, rowMessage(title, index, '数据格式不正确'));
    }
    // The foreign key is the main record's, whatever the row says.
    const input: Record<string, unknown> = { ...(raw as Record<string, unknown>), [fk]: mainId };
    const id = typeof input.id === 'string' && input.id ? input.id : null;
    if (id) {
      const before = existing.get(id);
      if (!before || kept.has(id)) throw new ApiError(400, rowMessage(title, index, '该行不属于本记录'));
      kept.add(id);
      const body = prefixed(title, index, () => parse(sub.def.updateSchema!, input)) as Record<string, unknown>;
      plan.updates.push({ id, body, before, index });
    } else {
      delete input.id;
      const body = prefixed(title, index, () => parse(sub.def.createSchema!, input)) as Record<string, unknown>;
      plan.creates.push({ body, index });
    }
  });
  plan.deletes = [...existing.values()].filter((r) => !kept.has(String(r.id)));
  return plan;
}

/** Writes planned sub rows inside the main record's transaction: deletes, then edits, then new rows. */
export async function writeSubRows(plans: SubRowsPlan[], tx: TxContext): Promise<void> {
  // The sub forms' uniqueness checks read through the transaction (SQLite has one connection).
  const inTx: ResourceContext = { ...tx, db: tx.trx };
  const t = tx.trx as any;
  for (const plan of plans) {
    const { def, title } = plan;
    const guard = async (index: number, row: Row, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        if (error instanceof ApiError) throw new ApiError(error.status, rowMessage(title, index, error.message));
        const duplicate = uniqueViolationMessage(error, row);
        if (duplicate) throw new ApiError(400, rowMessage(title, index, duplicate), { cause: error });
        throw error;
      }
    };
    if (plan.deletes.length) {
      await t
        .deleteFrom(def.table)
        .where(
          'id',
          'in',
          plan.deletes.map((r) => String(r.id)),
        )
        .execute();
      for (const r of plan.deletes) await writeDataLog(tx.trx, def.name, String(r.id), 'delete', r, tx.user);
    }
    for (const u of plan.updates) {
      const changes = declared(def, u.body);
      delete changes.id;
      Object.assign(changes, { updateBy: tx.user.username, updateTime: formatDateTime() });
      const merged = { ...u.before, ...changes };
      await guard(u.index, merged, async () => {
        await def.beforeWrite?.(merged, u.id, inTx);
        await t.updateTable(def.table).set(changes).where('id', '=', u.id).execute();
      });
      const after = (await t.selectFrom(def.table).selectAll().where('id', '=', u.id).executeTakeFirst()) as Row;
      await writeDataLog(tx.trx, def.name, u.id, 'edit', after, tx.user);
    }
    for (const c of plan.creates) {
      const row = await rowForInsert(def, c.body, tx);
      await guard(c.index, row, async () => {
        await def.beforeWrite?.(row, null, inTx);
        await t.insertInto(def.table).values(row).execute();
      });
      await writeDataLog(tx.trx, def.name, String(row.id), 'add', row, tx.user);
    }
  }
}

/**
 * Deleting main records deletes their sub rows in the same transaction (with data logs), leaving no orphans. Only
 * the sub rows of the main records' tenant: a row another tenant pointed at this record is that tenant's.
 */
export function deletingSubRows(def: ResourceDef, subs: { link: OnlineSubTable; def: ResourceDef }[]): ResourceDef {
  if (!subs.length) return def;
  return {
    ...def,
    afterDelete: async (rows, tx) => {
      const ids = rows.map((r) => String(r.id));
      const t = tx.trx as any;
      for (const sub of subs) {
        const fk = fieldKey(sub.link.foreignKey);
        const tenant = tx.user.tenantId;
        const ofMain = (q: any) =>
          (tenant === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', tenant)).where(fk, 'in', ids);
        const gone = (await ofMain(t.selectFrom(sub.def.table).selectAll()).execute()) as Row[];
        if (!gone.length) continue;
        await ofMain(t.deleteFrom(sub.def.table)).execute();
        for (const r of gone) await writeDataLog(tx.trx, sub.def.name, String(r.id), 'delete', r, tx.user);
      }
    },
  };
}
