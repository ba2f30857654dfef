import {
  PROJECT_TYPE,
  TICKET_MESSAGES,
  TICKET_NO_RULE,
  TICKET_RESOURCE,
  TICKET_ROUTES,
  TICKET_SPENDABLE,
  TICKET_STATUS,
  PERM,
} from '@district/shared';
import {
  ticketCreateSchema,
  ticketUpdateSchema,
  type TicketCreateInput,
  type TicketUpdateInput,
} from '@district/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '../../lib/http.js';
import { SEALED_COLUMNS } from '../../lib/personal-data.js';
import { declared } from '../../lib/resource/resource.service.js';
import { uniqueNumber } from '../../lib/resource/unique-number.js';
import { defineResource, type ResourceContext, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';
import { FillRuleService } from '../rule/fill-rule.service.js';
import { projectNames } from './ticket.service.js';

/** Columns a person never writes through add or edit: uses, cancelling, expiry and the pattern own them. */
const SERVER_OWNED = ['ticketNo', 'status', 'usedAmount', 'version', 'cancelReason', 'cancelTime', 'sysOrgCode'];

/** The fields an import may bring (an exported sheet's used amount, status… are left out). */
const IMPORTABLE = [
  'ticketNo',
  'holderName',
  'holderIdCard',
  'holderPhone',
  'projectId',
  'faceAmount',
  'issueDate',
  'expiryDate',
  'remark',
] as const;

interface ProjectRef {
  id: string;
  code: string;
  name: string;
  type: string;
}

// The caller's tenant's live projects, read once per request (an import checks every row against them).
const projectCache = new WeakMap<FastifyRequest, Promise<ProjectRef[]>>();

function tenantProjects(ctx: ResourceContext): Promise<ProjectRef[]> {
  let hit = projectCache.get(ctx.request);
  if (!hit) {
    hit =
      ctx.user.tenantId === null
        ? Promise.resolve([])
        : ctx.db
            .selectFrom('bizProject')
            .select(['id', 'code', 'name', 'type'])
            .where('tenantId', '=', ctx.user.tenantId)
            .where('delFlag', '=', 0)
            .execute();
    projectCache.set(ctx.request, hit);
  }
  return hit;
}

/** A project a ticket may refer to: alive, in the caller's tenant, of type resettlement. */
async function resettlementProject(ctx: ResourceContext, match: (p: ProjectRef) => boolean): Promise<ProjectRef> {
  const project = (await tenantProjects(ctx)).find(match);
  if (!project) throw new ApiError(400, TICKET_MESSAGES.unknownProject);
  if (project.type !== PROJECT_TYPE.resettlement) throw new ApiError(400, TICKET_MESSAGES.projectNotResettlement);
  return project;
}

const spendable = (status: unknown) => (TICKET_SPENDABLE as readonly string[]).includes(String(status));

/**
 * Room tickets (房票管理) on the resource pattern: the shared declaration (`TICKET_RESOURCE`) with tenancy, soft
 * delete, the data rules of /house/ticket (the creator's department in sys_org_code), money in fen answered in yuan.
 * Holders' ID numbers and phones are sealed at rest (found by the whole value through their keyed hashes) and masked
 * in every answer, export and data-log version unless the caller holds ticket:viewIdCard (the engine does it).
 */
export const ticketResource: ResourceDef<TicketCreateInput, TicketUpdateInput> = defineResource<
  TicketCreateInput,
  TicketUpdateInput
>(TICKET_RESOURCE, {
  table: 'bizRoomTicket',
  fields: {
    projectId: { dictTable: projectNames },
    holderIdCard: { sealed: { column: SEALED_COLUMNS.ticketHolderIdCard, unmask: PERM.ticketViewIdCard } },
    holderPhone: { sealed: { column: SEALED_COLUMNS.ticketHolderPhone, unmask: PERM.ticketViewIdCard } },
  },
  dataRuleMenu: TICKET_ROUTES.list,
  tenancy: { kind: 'column' },
  softDelete: true,
  defaultSort: { field: 'createTime', order: 'desc' },
  orgCodeColumn: 'sysOrgCode',
  createSchema: ticketCreateSchema,
  updateSchema: ticketUpdateSchema as ResourceDef<TicketCreateInput, TicketUpdateInput>['updateSchema'],

  async toRow(body, ctx) {
    const row = declared(ticketResource, body);
    for (const k of SERVER_OWNED) delete row[k];
    await resettlementProject(ctx, (p) => p.id === body.projectId);
    // Numbers are drawn only for rows that passed the checks (a refused row wastes none).
    const own = typeof body.ticketNo === 'string' ? body.ticketNo.trim() : '';
    return {
      ...row,
      ticketNo: own || (await new FillRuleService(ctx.db).execute(TICKET_NO_RULE, {})),
      status: TICKET_STATUS.issued,
      usedAmount: 0,
      cancelReason: null,
      cancelTime: null,
      version: 0,
      delFlag: 0,
    };
  },

  versionColumn: { column: 'version', message: TICKET_MESSAGES.concurrentChange },

  async toUpdate(body, before, ctx) {
    if (body.version !== undefined && body.version !== Number(before.version)) {
      throw new ApiError(400, TICKET_MESSAGES.concurrentChange);
    }
    if (body.status !== undefined && body.status !== before.status) {
      throw new ApiError(400, TICKET_MESSAGES.statusFixed);
    }
    if (body.ticketNo !== undefined && body.ticketNo !== null && body.ticketNo.trim() !== before.ticketNo) {
      throw new ApiError(400, TICKET_MESSAGES.ticketNoFixed);
    }
    if (!spendable(before.status)) throw new ApiError(400, TICKET_MESSAGES.editClosed);
    const changes = declared(ticketResource, body);
    for (const k of SERVER_OWNED) delete changes[k];
    // A masked number sent back unchanged means "keep the stored one": the engine leaves it out (dropMaskedChanges).
    if (changes.projectId !== undefined && changes.projectId !== before.projectId) {
      await resettlementProject(ctx, (p) => p.id === changes.projectId);
    }
    const merged = { ...before, ...changes };
    // Both in fen here: compared exactly.
    if (Number(merged.faceAmount) < Number(before.usedAmount)) throw new ApiError(400, TICKET_MESSAGES.faceBelowUsed);
    if (String(merged.expiryDate) < String(merged.issueDate))
      throw new ApiError(400, TICKET_MESSAGES.expiryBeforeIssue);
    // Recorded uses stay inside the ticket's validity.
    if (changes.issueDate !== undefined || changes.expiryDate !== undefined) {
      const span = await ctx.db
        .selectFrom('bizTicketUse')
        .select((eb) => [eb.fn.min('useDate').as('first'), eb.fn.max('useDate').as('last')])
        .where('ticketId', '=', String(before.id))
        .executeTakeFirst();
      if (span?.first && String(merged.issueDate) > String(span.first))
        throw new ApiError(400, TICKET_MESSAGES.issueAfterUse(String(span.first)));
      if (span?.last && String(merged.expiryDate) < String(span.last))
        throw new ApiError(400, TICKET_MESSAGES.expiryBeforeUse(String(span.last)));
    }
    // A face amount lowered to what has been spent leaves nothing to spend: the ticket is used up.
    if (Number(before.usedAmount) > 0 && Number(merged.faceAmount) === Number(before.usedAmount)) {
      changes.status = TICKET_STATUS.used;
    }
    changes.version = sql`version + 1`;
    return changes;
  },

  // A use or a cancel that slipped in between the checks above and the update: the edit is refused.
  async afterUpdate(_row, body, ctx) {
    const now = await ctx.trx
      .selectFrom('bizRoomTicket')
      .select(['status', 'faceAmount', 'usedAmount'])
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    const usedUp = now.status === TICKET_STATUS.used && Number(now.faceAmount) === Number(now.usedAmount);
    if (!(spendable(now.status) || usedUp) || Number(now.faceAmount) < Number(now.usedAmount)) {
      throw new ApiError(400, TICKET_MESSAGES.concurrentChange);
    }
  },

  ...uniqueNumber('bizRoomTicket', 'ticketNo', TICKET_MESSAGES.ticketNoTaken),

  async beforeDelete(rows, ctx) {
    if (rows.some((r) => Number(r.usedAmount) > 0)) throw new ApiError(400, TICKET_MESSAGES.deleteUsed);
    const used = await ctx.trx
      .selectFrom('bizTicketUse')
      .select('ticketId')
      .where(
        'ticketId',
        'in',
        rows.map((r) => String(r.id)),
      )
      .executeTakeFirst();
    if (used) throw new ApiError(400, TICKET_MESSAGES.deleteUsed);
  },

  // Amounts are in yuan here (after the pattern's conversion): the remaining amount computed exactly in fen.
  async decorate(rows: Row[]) {
    for (const r of rows) {
      const fen = Math.round(Number(r.faceAmount ?? 0) * 100) - Math.round(Number(r.usedAmount ?? 0) * 100);
      r.remainingAmount = fen / 100;
    }
  },

  async importRow(values, ctx) {
    const body: Record<string, unknown> = {};
    for (const k of IMPORTABLE) {
      const v = values[k];
      if (v !== '' && v !== null && v !== undefined) body[k] = typeof v === 'string' ? v.trim() : v;
    }
    // The sheet names the project (or gives its code); the ticket stores its id.
    if (typeof body.projectId === 'string') {
      const name = body.projectId;
      body.projectId = (await resettlementProject(ctx, (p) => p.name === name || p.code === name)).id;
    }
    if (typeof body.holderIdCard === 'number') body.holderIdCard = String(body.holderIdCard);
    if (typeof body.holderPhone === 'number') body.holderPhone = String(body.holderPhone);
    return body as TicketCreateInput;
  },
});
