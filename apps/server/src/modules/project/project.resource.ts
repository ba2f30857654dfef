import {
  PROJECT_CODE_RULE,
  PROJECT_MESSAGES,
  PROJECT_RESOURCE,
  PROJECT_ROUTES,
  PROJECT_STATUS,
  PROJECT_TYPE,
} from '@district/shared';
import {
  projectCreateSchema,
  projectUpdateSchema,
  type ProjectCreateInput,
  type ProjectUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import { uniqueNumber } from '../../lib/resource/unique-number.js';
import { defineResource, type ResourceContext, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { FillRuleService } from '../rule/fill-rule.service.js';
import {
  checkCeiling,
  checkReferences,
  costRate,
  departIdFor,
  hasTickets,
  leaderIdFor,
  overBudgetWarning,
  projectDepart,
} from './project.service.js';

/** Columns a person never writes through add or edit: the status action and the pattern own them. */
const SERVER_OWNED = ['status', 'code', 'version', 'sysOrgCode'];

const joinPaths = (v: unknown) => (Array.isArray(v) && v.length ? v.join(',') : null);

/** Body values that need more than the pattern's declared-field copy (paths, rich text). */
function normalise(row: Row, body: Record<string, unknown>): Row {
  if ('attachments' in body) row.attachments = joinPaths(body.attachments);
  if ('description' in body) row.description = sanitizeHtml(body.description) || null;
  return row;
}

/**
 * A completed project is part of the office's record (audit trail): it is kept, never deleted. Only the server needs
 * the words (the list does not offer 删除 for it).
 */
export const completedKept = (name: string) => `项目“${name}”已完工，属于档案记录，不能删除`;

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

/** The owning department's org code: the project's department's, else the creator's. */
async function orgCodeOf(row: Row, ctx: ResourceContext): Promise<string | null> {
  return row.departId ? (await projectDepart(ctx, String(row.departId))).orgCode : ctx.user.orgCode;
}

/**
 * District projects (项目列表) on the resource pattern: the shared declaration (`PROJECT_RESOURCE`) with tenancy, soft
 * delete, the data rules of /project/list (the owning department's org code in sys_org_code), money as decimal2 (fen
 * stored, yuan answered); leaders and departments labelled here.
 */
export const projectResource: ResourceDef<ProjectCreateInput, ProjectUpdateInput> = defineResource<
  ProjectCreateInput,
  ProjectUpdateInput
>(PROJECT_RESOURCE, {
  table: 'bizProject',
  fields: {
    leaderId: {
      dictTable: async (db, values) =>
        new Map(
          (await db.selectFrom('sysUser').select(['id', 'realname']).where('id', 'in', values).execute()).map((u) => [
            u.id,
            u.realname,
          ]),
        ),
    },
    departId: {
      dictTable: async (db, values) =>
        new Map(
          (await db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', values).execute()).map(
            (d) => [d.id, d.departName],
          ),
        ),
    },
  },
  dataRuleMenu: PROJECT_ROUTES.list,
  tenancy: { kind: 'column' },
  softDelete: true,
  defaultSort: { field: 'code', order: 'desc' },
  orgCodeColumn: 'sysOrgCode',
  createSchema: projectCreateSchema,
  updateSchema: projectUpdateSchema as ResourceDef<ProjectCreateInput, ProjectUpdateInput>['updateSchema'],

  async toRow(body, ctx) {
    const row = normalise(declared(projectResource, body), body);
    for (const k of SERVER_OWNED) delete row[k];
    await checkReferences(row, ctx);
    await checkCeiling(row, ctx);
    const sysOrgCode = await orgCodeOf(row, ctx);
    // Numbers are drawn only for rows that passed the checks (a refused row wastes none).
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    return {
      ...row,
      code: code || (await new FillRuleService(ctx.db).execute(PROJECT_CODE_RULE, {})),
      progress: row.progress ?? 0,
      status: PROJECT_STATUS.planned,
      version: 0,
      delFlag: 0,
      sysOrgCode,
    };
  },

  versionColumn: { column: 'version', message: PROJECT_MESSAGES.concurrentChange },

  async toUpdate(body, before, ctx) {
    if (before.status === PROJECT_STATUS.completed) refuse(PROJECT_MESSAGES.completedClosed);
    if (body.version !== undefined && body.version !== Number(before.version)) {
      refuse(PROJECT_MESSAGES.concurrentChange);
    }
    if (body.status !== undefined && body.status !== before.status) refuse(PROJECT_MESSAGES.statusByAction);
    if (body.code !== undefined && body.code !== null && body.code !== before.code) {
      refuse(PROJECT_MESSAGES.codeFixed);
    }
    const changes = normalise(declared(projectResource, body), body);
    for (const k of SERVER_OWNED) delete changes[k];
    await checkReferences(changes, ctx);
    const merged = { ...before, ...changes };
    if (
      typeof merged.startDate === 'string' &&
      typeof merged.endDate === 'string' &&
      merged.endDate < merged.startDate
    ) {
      refuse(PROJECT_MESSAGES.endBeforeStart);
    }
    const hasLng = merged.longitude !== null && merged.longitude !== undefined;
    const hasLat = merged.latitude !== null && merged.latitude !== undefined;
    if (hasLng !== hasLat) refuse('经度和纬度须同时填写');
    if (
      before.type === PROJECT_TYPE.resettlement &&
      changes.type !== undefined &&
      changes.type !== PROJECT_TYPE.resettlement &&
      (await hasTickets(ctx.db, String(before.id)))
    ) {
      refuse(PROJECT_MESSAGES.typeLockedByTickets);
    }
    // Both in fen here: compared exactly.
    await checkCeiling(merged, ctx);
    if ('departId' in changes) changes.sysOrgCode = await orgCodeOf(changes, ctx);
    changes.version = Number(before.version) + 1;
    return changes;
  },

  ...uniqueNumber('bizProject', 'code', PROJECT_MESSAGES.codeTaken),

  async beforeDelete(rows, ctx) {
    for (const row of rows) {
      if (row.status === PROJECT_STATUS.completed) refuse(completedKept(String(row.name)));
      if (await hasTickets(ctx.trx, String(row.id))) refuse(PROJECT_MESSAGES.referencedByTickets(String(row.name)));
    }
  },

  writeWarning: (row) => overBudgetWarning(row),

  decorate(rows) {
    // Rows are answered in yuan here; the rate is the same in fen.
    for (const r of rows) r.costRate = costRate(r.budget, r.actualCost);
    return Promise.resolve();
  },

  async importRow(values, ctx) {
    const body: Record<string, unknown> = {};
    // The status is the state machine's: an imported project starts as planned like any other.
    for (const [k, v] of Object.entries(values)) {
      if (v !== '' && v !== null && v !== undefined && k !== 'status') body[k] = v;
    }
    if (typeof body.leaderId === 'string') body.leaderId = await leaderIdFor(ctx, body.leaderId.trim());
    if (typeof body.departId === 'string') body.departId = await departIdFor(ctx, body.departId.trim());
    return body as ProjectCreateInput;
  },
});
