import {
  PROJECT_DICT,
  PROJECT_MESSAGES,
  PROJECT_RESOURCE,
  PROJECT_STATUS,
  PROJECT_STATUS_ITEMS,
  PROJECT_TRANSITIONS,
  PROJECT_TYPE,
  canTransition,
  type ProjectDetail,
  type ProjectStatus,
  type ResettlementProjectOption,
} from '@district/shared';
import type { ProjectStatusInput } from '@district/shared/schemas';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { dataChanged, decorateRows, findScoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { checkStoredFiles, namedFiles, splitPaths } from '../file/stored-files.js';
import { formatDateTime } from '../../lib/time.js';
import { DictService } from '../../lib/dict.service.js';
import { projectCostCeiling } from '../../lib/platform-settings.js';

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

/** Per-request lookups (an import checks many rows against the same people and departments). */
interface Lookups {
  departs?: Promise<{ id: string; orgCode: string; departName: string }[]>;
  users: Map<string, Promise<{ id: string; realname: string } | null>>;
  ceiling?: Promise<number>;
}
const lookups = new WeakMap<FastifyRequest, Lookups>();

function lookupsOf(ctx: ResourceContext): Lookups {
  let l = lookups.get(ctx.request);
  if (!l) {
    l = { users: new Map() };
    lookups.set(ctx.request, l);
  }
  return l;
}

/** The live departments of the caller's tenant (none without a tenant). */
function tenantDeparts(ctx: ResourceContext) {
  const l = lookupsOf(ctx);
  l.departs ??=
    ctx.user.tenantId === null
      ? Promise.resolve([])
      : ctx.db
          .selectFrom('sysDepart')
          .select(['id', 'orgCode', 'departName'])
          .where('tenantId', '=', ctx.user.tenantId)
          .where('delFlag', '=', 0)
          .execute();
  return l.departs;
}

/** A department of the caller's tenant by id, or a 400. */
export async function projectDepart(ctx: ResourceContext, id: string) {
  const depart = (await tenantDeparts(ctx)).find((d) => d.id === id);
  if (!depart) refuse(PROJECT_MESSAGES.unknownDepart);
  return depart!;
}

/** A live, active user of the caller's tenant matched by `where` (id, username or real name). */
function tenantUser(ctx: ResourceContext, key: string, by: 'id' | 'name') {
  const l = lookupsOf(ctx);
  const cacheKey = `${by}:${key}`;
  let p = l.users.get(cacheKey);
  if (!p) {
    const tenantId = ctx.user.tenantId;
    p =
      tenantId === null
        ? Promise.resolve(null)
        : ctx.db
            .selectFrom('sysUser as u')
            .innerJoin('sysUserTenant as ut', 'ut.userId', 'u.id')
            .select(['u.id', 'u.username', 'u.realname'])
            .where('ut.tenantId', '=', tenantId)
            .where('u.delFlag', '=', 0)
            .where((eb) =>
              by === 'id' ? eb('u.id', '=', key) : eb.or([eb('u.username', '=', key), eb('u.realname', '=', key)]),
            )
            .limit(3)
            .execute()
            .then((rows) => {
              const exact = rows.find((r) => r.id === key || r.username === key);
              const hit = exact ?? (rows.length === 1 ? rows[0] : undefined);
              return hit ? { id: hit.id, realname: hit.realname } : null;
            });
    l.users.set(cacheKey, p);
  }
  return p;
}

/** Checks stored paths against sys_file: every one an uploaded file. */

/** The server's checks of the columns about to be written (only those present). */
export async function checkReferences(row: Row, ctx: ResourceContext): Promise<void> {
  if (row.leaderId) {
    if (!(await tenantUser(ctx, String(row.leaderId), 'id'))) refuse(PROJECT_MESSAGES.unknownLeader);
  }
  if (row.departId) await projectDepart(ctx, String(row.departId));
  if (row.attachments !== undefined)
    await checkStoredFiles(ctx.db, splitPaths(row.attachments), { title: PROJECT_RESOURCE.fields.attachments.title });
}

/** Import: a leader named by username or real name (of the caller's tenant) becomes the user's id. */
export async function leaderIdFor(ctx: ResourceContext, text: string): Promise<string> {
  const user = await tenantUser(ctx, text, 'name');
  if (!user) refuse(`${PROJECT_MESSAGES.unknownLeader}：${text}`);
  return user!.id;
}

/** Import: a department of the caller's tenant by its name or org code. */
export async function departIdFor(ctx: ResourceContext, text: string): Promise<string> {
  const all = await tenantDeparts(ctx);
  const byCode = all.find((d) => d.orgCode === text);
  if (byCode) return byCode.id;
  const byName = all.filter((d) => d.departName === text);
  if (byName.length === 1) return byName[0]!.id;
  if (byName.length > 1) refuse(`所属部门“${text}”有重名，请填写机构编码`);
  return refuse(`${PROJECT_MESSAGES.unknownDepart}：${text}`);
}

function costCeiling(ctx: ResourceContext): Promise<number> {
  const l = lookupsOf(ctx);
  l.ceiling ??= projectCostCeiling(ctx.db);
  return l.ceiling;
}

const fen = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** actualCost / budget in percent with one decimal, or null without a (positive) budget. Values in fen. */
export function costRate(budget: unknown, actual: unknown): number | null {
  const b = fen(budget);
  const a = fen(actual);
  if (b === null || b <= 0 || a === null) return null;
  return Math.round((a * 1000) / b) / 10;
}

/** Refuses a cost over the configured ceiling (values in fen, compared exactly in integers). */
export async function checkCeiling(row: Row, ctx: ResourceContext): Promise<void> {
  const b = fen(row.budget);
  const a = fen(row.actualCost);
  if (b === null || a === null) return;
  const ceiling = await costCeiling(ctx);
  if (a * 100 > b * ceiling) refuse(PROJECT_MESSAGES.overCeiling(ceiling));
}

/** The over-budget warning of a stored row (fen), or null. */
export function overBudgetWarning(row: Row): string | null {
  const b = fen(row.budget);
  const a = fen(row.actualCost);
  if (b === null || a === null || a <= b) return null;
  const rate = costRate(b, a);
  return PROJECT_MESSAGES.overBudget(rate === null ? '∞' : rate.toFixed(1));
}

/** Whether live room tickets refer to the project. */
export async function hasTickets(db: Kysely<Database>, projectId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('bizRoomTicket')
    .select('id')
    .where('projectId', '=', projectId)
    .where('delFlag', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

/** Labels of the status dictionary (the shared items stand in for missing ones). */
async function statusLabels(ctx: ResourceContext): Promise<Map<string, string>> {
  const map = new Map<string, string>(PROJECT_STATUS_ITEMS.map((i) => [i.value, i.text]));
  const items = await new DictService(ctx.db, ctx.request.server.ctx.kv).items(PROJECT_DICT.status);
  for (const i of items) map.set(String(i.value), i.text);
  return map;
}

async function findProject(def: ResourceDef, ctx: ResourceContext, id: string): Promise<Row> {
  try {
    return await findScoped(def, ctx, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(404, PROJECT_MESSAGES.notFound);
    throw error;
  }
}

/** One project in the caller's scope with its labels, cost rate, next statuses and attachments. */
export async function projectDetail(ctx: ResourceContext, id: string, def: ResourceDef): Promise<ProjectDetail> {
  const row = await findProject(def, ctx, id);
  await decorateRows(def, [row], ctx, ctx.request.server.ctx.kv);
  const attachments = await namedFiles(ctx.db, splitPaths(row.attachments));
  const text = (v: unknown) => (v === '' || v === undefined || v === null ? null : String(v));
  const detail: Row = {};
  for (const [k, v] of Object.entries(row))
    if (!k.endsWith('_dictText') && !['delFlag', 'tenantId', 'sysOrgCode', 'costRate'].includes(k)) detail[k] = v;
  const status = String(row.status) as ProjectStatus;
  return {
    ...(detail as unknown as ProjectDetail),
    progress: Number(row.progress),
    version: Number(row.version),
    attachments,
    typeText: text(row.type_dictText) ?? String(row.type),
    statusText: text(row.status_dictText) ?? status,
    leaderName: text(row.leaderId_dictText),
    departName: text(row.departId_dictText),
    // Answered in yuan by decorateRows: the rate is the same either way.
    costRate: costRate(row.budget, row.actualCost),
    nextStatuses: [...(PROJECT_TRANSITIONS[status] ?? [])],
  };
}

/**
 * Moves a project to another status in one transaction: only what the state machine allows, completing sets
 * the progress to 100; the row changes only if its version is still the one read (else concurrentChange).
 */
export async function changeStatus(
  def: ResourceDef,
  ctx: ResourceContext,
  input: ProjectStatusInput,
): Promise<{ version: number; status: ProjectStatus; progress: number }> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const tx: ResourceContext = { ...ctx, db: trx };
    const project = await findProject(def, tx, input.id);
    const version = Number(project.version);
    if (input.version !== undefined && input.version !== version) refuse(PROJECT_MESSAGES.concurrentChange);
    const from = String(project.status);
    const to = input.status as ProjectStatus;
    if (!canTransition(from, to)) {
      const labels = await statusLabels(ctx);
      refuse(PROJECT_MESSAGES.transition(labels.get(from) ?? from, labels.get(to) ?? to));
    }
    const progress = to === PROJECT_STATUS.completed ? 100 : Number(project.progress);
    const now = formatDateTime();
    const updated = await trx
      .updateTable('bizProject')
      .set({ status: to, progress, version: version + 1, updateBy: ctx.user.username, updateTime: now })
      .where('id', '=', String(project.id))
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) refuse(PROJECT_MESSAGES.concurrentChange);
    const after = await trx
      .selectFrom('bizProject')
      .selectAll()
      .where('id', '=', String(project.id))
      .executeTakeFirstOrThrow();
    await writeDataLog(trx, def.name, String(project.id), 'edit', after, ctx.user);
    return { version: version + 1, status: to, progress };
  });
  await dataChanged(ctx.request.server.ctx.kv);
  return result;
}

/** The resettlement projects of the caller's tenant (live), by code: what a room ticket may refer to. */
export async function resettlementProjects(ctx: ResourceContext): Promise<ResettlementProjectOption[]> {
  if (ctx.user.tenantId === null) return [];
  return ctx.db
    .selectFrom('bizProject')
    .select(['id', 'code', 'name'])
    .where('tenantId', '=', ctx.user.tenantId)
    .where('type', '=', PROJECT_TYPE.resettlement)
    .where('delFlag', '=', 0)
    .orderBy('code', 'asc')
    .execute();
}
