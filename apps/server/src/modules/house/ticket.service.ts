import {
  TICKET_DICT,
  TICKET_MESSAGES,
  TICKET_SPENDABLE,
  TICKET_STATUS,
  TICKET_STATUS_ITEMS,
  fromHundredths,
  toChineseCurrency,
  yuanToFen,
  type RoomTicketDetail,
  type TicketStatus,
  type TicketUse,
} from '@district/shared';
import type { TicketCancelInput, TicketUseInput } from '@district/shared/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { BizRoomTicket, BizTicketUse, Database } from '../../db/schema.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { maskedView, SEALED_COLUMNS } from '../../lib/personal-data.js';
import { writeDataLog, type DataLogActor } from '../../lib/resource/data-log.js';
import { fieldCrypto, logView, revealRows } from '../../lib/resource/sealed-fields.js';
import { dataChanged, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import { DictService } from '../../lib/dict.service.js';
import { realnamesBy } from '../../lib/user-names.js';

/** The data-log name of tickets (the resource's name). */
export const TICKET_LOG = 'biz_room_ticket';

/** Today in server local time, as ticket dates are stored (YYYY-MM-DD). */
export const todayDate = () => formatDateTime().slice(0, 10);

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

/** The holder's sealed columns (ID number, phone), for what logs a ticket outside the resource's own writes. */
const TICKET_SEALED = [SEALED_COLUMNS.ticketHolderIdCard, SEALED_COLUMNS.ticketHolderPhone];

/** "20,000.00": an amount in fen as the messages show it in yuan. */
export function yuanText(fen: number): string {
  return (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Project id → name, for a page of tickets (any tenant's names: the rows are already scoped). */
export async function projectNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('bizProject').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The ticket as stored, if the caller may see it (tenant, not deleted, data rules of the list), else a 404. */
export async function visibleTicket(
  def: ResourceDef,
  ctx: ResourceContext,
  id: string,
): Promise<Selectable<BizRoomTicket>> {
  if (!id || id.length > 64) refuse('参数 id 不能为空');
  const q = await scoped(def, ctx);
  const hit = (await q
    .clearSelect()
    .select('bizRoomTicket.id as id')
    .where('bizRoomTicket.id', '=', id)
    .executeTakeFirst()) as { id: string } | undefined;
  if (!hit) throw new ApiError(404, TICKET_MESSAGES.notFound);
  const row = await ctx.db.selectFrom('bizRoomTicket').selectAll().where('id', '=', hit.id).executeTakeFirstOrThrow();
  return normalise(row);
}

/** PostgreSQL and MySQL answer bigint as text: numbers from here on. */
function normalise(row: Selectable<BizRoomTicket>): Selectable<BizRoomTicket> {
  return {
    ...row,
    faceAmount: Number(row.faceAmount),
    usedAmount: Number(row.usedAmount),
    version: Number(row.version),
    delFlag: Number(row.delFlag),
  };
}

async function statusLabels(ctx: ResourceContext): Promise<Map<string, string>> {
  const map = new Map<string, string>(TICKET_STATUS_ITEMS.map((i) => [i.value, i.text]));
  const items = await new DictService(ctx.db, ctx.request.server.ctx.kv).items(TICKET_DICT.status);
  for (const i of items) map.set(String(i.value), i.text);
  return map;
}

function useRecord(u: Selectable<BizTicketUse>): TicketUse {
  return {
    id: u.id,
    ticketId: u.ticketId,
    houseAddress: u.houseAddress,
    area: fromHundredths(u.area),
    amount: fromHundredths(u.amount) ?? 0,
    useDate: u.useDate,
    seller: u.seller,
    remark: u.remark,
    createBy: u.createBy,
    createTime: u.createTime,
  };
}

/** The uses of a ticket, newest first (by use date, then by when they were recorded). */
export async function ticketUses(def: ResourceDef, ctx: ResourceContext, ticketId: string): Promise<TicketUse[]> {
  const ticket = await visibleTicket(def, ctx, ticketId);
  const rows = await ctx.db
    .selectFrom('bizTicketUse')
    .selectAll()
    .where('ticketId', '=', ticket.id)
    .orderBy('useDate', 'desc')
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const names = await realnamesBy(
    ctx.db,
    'username',
    rows.map((r) => r.createBy),
  );
  return rows.map((r) => ({ ...useRecord(r), createByName: (r.createBy && names.get(r.createBy)) ?? null }));
}

/** One ticket with labels, its remaining amount, the three amounts in capital numerals and its uses. */
export async function ticketDetail(def: ResourceDef, ctx: ResourceContext, id: string): Promise<RoomTicketDetail> {
  const t = await visibleTicket(def, ctx, id);
  const [names, labels, uses, people] = await Promise.all([
    projectNames(ctx.db, [t.projectId]),
    statusLabels(ctx),
    ticketUses(def, ctx, t.id),
    realnamesBy(ctx.db, 'username', [t.createBy]),
  ]);
  const remaining = t.faceAmount - t.usedAmount;
  const yuan = (fen: number) => fromHundredths(fen) ?? 0;
  // Opened, and masked unless the caller holds ticket:viewIdCard (whole numbers make the read an audit event).
  const holder: Record<string, unknown> = { holderIdCard: t.holderIdCard, holderPhone: t.holderPhone };
  revealRows(def, [holder], ctx);
  return {
    id: t.id,
    ticketNo: t.ticketNo,
    holderName: t.holderName,
    holderIdCard: String(holder.holderIdCard ?? ''),
    holderPhone: String(holder.holderPhone ?? ''),
    projectId: t.projectId,
    projectName: names.get(t.projectId) ?? null,
    faceAmount: yuan(t.faceAmount),
    usedAmount: yuan(t.usedAmount),
    remainingAmount: yuan(remaining),
    faceAmountText: toChineseCurrency(yuan(t.faceAmount)),
    usedAmountText: toChineseCurrency(yuan(t.usedAmount)),
    remainingAmountText: toChineseCurrency(yuan(remaining)),
    issueDate: t.issueDate,
    expiryDate: t.expiryDate,
    status: t.status as TicketStatus,
    statusText: labels.get(t.status) ?? t.status,
    cancelReason: t.cancelReason,
    remark: t.remark,
    version: t.version,
    uses,
    createBy: t.createBy,
    createByName: (t.createBy && people.get(t.createBy)) ?? null,
    createTime: t.createTime,
  };
}

/** Why a ticket cannot be spent now (null when it can): its status, or its expiry date already passed. */
function closedReason(t: Selectable<BizRoomTicket>, today: string): string | null {
  if (t.status === TICKET_STATUS.cancelled) return TICKET_MESSAGES.cancelled;
  if (t.status === TICKET_STATUS.used || t.usedAmount >= t.faceAmount) return TICKET_MESSAGES.usedUp;
  if (t.status === TICKET_STATUS.expired || t.expiryDate < today) return TICKET_MESSAGES.expired;
  if (!(TICKET_SPENDABLE as readonly string[]).includes(t.status)) return TICKET_MESSAGES.usedUp;
  return null;
}

class LostRace extends Error {}

/**
 * Records one use. The ticket is changed by one conditional update (still spendable, not past its expiry
 * date, enough left) in the same transaction as the use row, so concurrent uses can never spend more than
 * the face amount: a use that finds too little left changes nothing and is refused.
 */
export async function useTicket(
  def: ResourceDef,
  ctx: ResourceContext,
  input: TicketUseInput,
): Promise<{ id: string; remainingAmount: number; status: TicketStatus }> {
  const amount = yuanToFen(input.amount)!;
  const area = input.area === null || input.area === undefined ? null : yuanToFen(input.area, 1e10);
  const ticket = await visibleTicket(def, ctx, input.ticketId);
  const today = todayDate();
  const check = (t: Selectable<BizRoomTicket>) => {
    const closed = closedReason(t, today);
    if (closed) refuse(closed);
    if (input.useDate < t.issueDate) refuse(TICKET_MESSAGES.useBeforeIssue);
    if (input.useDate > t.expiryDate) refuse(TICKET_MESSAGES.useAfterExpiry);
    if (input.useDate > today) refuse(TICKET_MESSAGES.useInFuture);
    if (amount > t.faceAmount - t.usedAmount)
      refuse(TICKET_MESSAGES.overRemaining(yuanText(t.faceAmount - t.usedAmount)));
  };
  check(ticket);

  const now = formatDateTime();
  const useId = newId();
  const result = await ctx.db
    .transaction()
    .execute(async (trx) => {
      // The first statement of the transaction: on MySQL nothing is read from an older snapshot before it.
      const updated = await trx
        .updateTable('bizRoomTicket')
        .set((eb) => ({
          // Before used_amount: MySQL evaluates assignments left to right on the new values.
          status: eb
            .case()
            .when(eb(eb('usedAmount', '+', amount), '>=', eb.ref('faceAmount')))
            .then(TICKET_STATUS.used)
            .else(TICKET_STATUS.partlyUsed)
            .end(),
          usedAmount: eb('usedAmount', '+', amount),
          version: eb('version', '+', 1),
          updateBy: ctx.user.username,
          updateTime: now,
        }))
        .where('id', '=', ticket.id)
        .where('delFlag', '=', 0)
        .where('status', 'in', [...TICKET_SPENDABLE])
        .where('expiryDate', '>=', today)
        .where('expiryDate', '>=', input.useDate)
        .where((eb) => eb(eb('faceAmount', '-', eb.ref('usedAmount')), '>=', amount))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new LostRace();
      await trx
        .insertInto('bizTicketUse')
        .values({
          id: useId,
          ticketId: ticket.id,
          houseAddress: input.houseAddress.trim(),
          area,
          amount,
          useDate: input.useDate,
          seller: input.seller.trim(),
          remark: input.remark?.trim() || null,
          tenantId: ticket.tenantId,
          createBy: ctx.user.username,
          createTime: now,
        })
        .execute();
      const after = normalise(
        await trx.selectFrom('bizRoomTicket').selectAll().where('id', '=', ticket.id).executeTakeFirstOrThrow(),
      );
      await writeDataLog(trx, TICKET_LOG, ticket.id, 'edit', logView(def, after, fieldCrypto(ctx)), ctx.user);
      return after;
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof LostRace)) throw error;
      // Someone else's use (or a cancel, an expiry) came first: say why with the ticket as it is now.
      check(await visibleTicket(def, ctx, ticket.id));
      return refuse(TICKET_MESSAGES.concurrentChange);
    });
  await dataChanged(ctx.request.server.ctx.kv);
  return {
    id: useId,
    remainingAmount: fromHundredths(result.faceAmount - result.usedAmount) ?? 0,
    status: result.status as TicketStatus,
  };
}

/** Cancels an issued or partly used ticket, with the reason and the time. */
export async function cancelTicket(def: ResourceDef, ctx: ResourceContext, input: TicketCancelInput): Promise<void> {
  const ticket = await visibleTicket(def, ctx, input.id);
  if (!(TICKET_SPENDABLE as readonly string[]).includes(ticket.status)) refuse(TICKET_MESSAGES.notCancellable);
  const now = formatDateTime();
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('bizRoomTicket')
      .set((eb) => ({
        status: TICKET_STATUS.cancelled,
        cancelReason: input.reason.trim(),
        cancelTime: now,
        version: eb('version', '+', 1),
        updateBy: ctx.user.username,
        updateTime: now,
      }))
      .where('id', '=', ticket.id)
      .where('delFlag', '=', 0)
      .where('status', 'in', [...TICKET_SPENDABLE])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) refuse(TICKET_MESSAGES.notCancellable);
    const after = await trx
      .selectFrom('bizRoomTicket')
      .selectAll()
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    await writeDataLog(trx, TICKET_LOG, ticket.id, 'edit', logView(def, after, fieldCrypto(ctx)), ctx.user);
  });
  await dataChanged(ctx.request.server.ctx.kv);
}

/**
 * Marks tickets whose expiry date is before today (server local date) and that are still issued or partly
 * used as expired, each with a data-log version. Idempotent: a second run changes nothing. Without a tenant
 * every tenant's tickets (the daily job); with one, that tenant's only (the button).
 */
export async function expireTickets(
  db: Kysely<Database>,
  opts: { tenantId?: number | null; by?: DataLogActor | null; today?: string; crypto?: FieldCrypto } = {},
): Promise<number> {
  const today = opts.today ?? todayDate();
  let q = db
    .selectFrom('bizRoomTicket')
    .select(['id', 'tenantId'])
    .where('delFlag', '=', 0)
    .where('status', 'in', [...TICKET_SPENDABLE])
    .where('expiryDate', '<', today);
  if (opts.tenantId !== undefined) {
    q = opts.tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', opts.tenantId);
  }
  const due = await q.execute();
  if (due.length === 0) return 0;
  const now = formatDateTime();
  let changed = 0;
  for (let i = 0; i < due.length; i += 200) {
    changed += await db.transaction().execute(async (trx) => {
      let n = 0;
      for (const { id, tenantId } of due.slice(i, i + 200)) {
        // Conditional again: another instance or a use may have changed the ticket since it was listed.
        const updated = await trx
          .updateTable('bizRoomTicket')
          .set((eb) => ({
            status: TICKET_STATUS.expired,
            version: eb('version', '+', 1),
            updateBy: opts.by?.username ?? 'system',
            updateTime: now,
          }))
          .where('id', '=', id)
          .where('delFlag', '=', 0)
          .where('status', 'in', [...TICKET_SPENDABLE])
          .where('expiryDate', '<', today)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) continue;
        n++;
        const after = await trx.selectFrom('bizRoomTicket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        // The holder's numbers masked, as every data-log version keeps them.
        await writeDataLog(trx, TICKET_LOG, id, 'edit', maskedView(TICKET_SEALED, after, opts.crypto ?? null), {
          username: opts.by?.username ?? 'system',
          tenantId: tenantId ?? null,
        });
      }
      return n;
    });
  }
  return changed;
}
