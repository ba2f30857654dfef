import { CATEGORY_ADMIN_MESSAGES, CATEGORY_MESSAGES, CATEGORY_ROOT, MSG, type CategoryNode } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SysCategory } from '../../db/schema.js';
import { hasNulCharacter } from '../../lib/db-errors.js';
import { ApiError } from '../../lib/http.js';
import { nextChildCode } from '../../lib/code-segment.js';

export type CategoryRow = Selectable<SysCategory>;

const MAX_CHILDREN = 5000;

export function toNode(row: Pick<CategoryRow, 'id' | 'name' | 'code' | 'hasChild' | 'pid'>): CategoryNode {
  return { key: row.id, title: row.name, value: row.id, code: row.code, leaf: row.hasChild !== '1', parentId: row.pid };
}

/**
 * Codes and ids written earlier in the same request (an import inserts in batches, so rows of the file
 * are not in the database yet when the next rows are prepared).
 */
interface Pending {
  codeToId: Map<string, string>;
  idToCode: Map<string, string>;
}
const pendingByRequest = new WeakMap<FastifyRequest, Pending>();

export function pendingOf(request: FastifyRequest): Pending {
  let p = pendingByRequest.get(request);
  if (!p) {
    p = { codeToId: new Map(), idToCode: new Map() };
    pendingByRequest.set(request, p);
  }
  return p;
}

/** The condition of loadTreeData: field names the client may test → columns. */
const CONDITION_FIELDS: Record<string, keyof CategoryRow> = {
  name: 'name',
  code: 'code',
  pid: 'pid',
  has_child: 'hasChild',
  hasChild: 'hasChild',
};

export function parseCondition(condition: string): [keyof CategoryRow, string][] {
  if (condition === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(condition);
  } catch {
    throw new ApiError(400, CATEGORY_MESSAGES.badCondition);
  }
  // JSON can spell a NUL ("\u0000") the query string did not carry; PostgreSQL cannot compare one.
  if (hasNulCharacter(parsed)) throw new ApiError(400, MSG.controlCharacter);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, CATEGORY_MESSAGES.badCondition);
  }
  return Object.entries(parsed).map(([field, value]) => {
    const column = Object.hasOwn(CONDITION_FIELDS, field) ? CONDITION_FIELDS[field] : undefined;
    if (!column) throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.conditionField(field.slice(0, 50)));
    if (!['string', 'number', 'boolean'].includes(typeof value))
      throw new ApiError(400, CATEGORY_MESSAGES.badCondition);
    return [column, String(value)];
  });
}

export class CategoryService {
  constructor(private readonly db: Kysely<Database>) {}

  async children(pid: string, condition: [keyof CategoryRow, string][] = []): Promise<CategoryRow[]> {
    let q = this.db.selectFrom('sysCategory').selectAll().where('pid', '=', pid);
    for (const [column, value] of condition) q = q.where(column, '=', value);
    return q.orderBy('code').limit(MAX_CHILDREN).execute();
  }

  async byCode(code: string): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('sysCategory').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async byId(id: string): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('sysCategory').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The id whose children a pcode names: '0' or empty is the top of the tree. */
  async pidOfCode(pcode: string): Promise<string> {
    if (pcode === '' || pcode === CATEGORY_ROOT) return CATEGORY_ROOT;
    const row = await this.byCode(pcode);
    if (!row) throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.pcodeMissing(pcode.slice(0, 100)));
    return row.id;
  }

  /** Names of ids in their order; an unknown id stands for itself. */
  async names(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('sysCategory')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    return ids.map((id) => byId.get(id) ?? id);
  }

  /** The parent's code ('' for the top) of a pid, looking at rows pending in this request too. */
  async parentCode(pid: string, pending: Pending): Promise<string> {
    if (pid === CATEGORY_ROOT) return '';
    const code = pending.idToCode.get(pid) ?? (await this.byId(pid))?.code;
    if (code === undefined) throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.parentMissing);
    return code;
  }

  /** A parent code → its id ('' → '0'), pending rows included. */
  async idOfParentCode(code: string, pending: Pending): Promise<string> {
    if (code === '') return CATEGORY_ROOT;
    const id = pending.codeToId.get(code) ?? (await this.byCode(code))?.id;
    if (id === undefined) throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.parentCodeMissing(code));
    return id;
  }

  /** The next free child code under a parent: one past the greatest sibling (pending ones included). */
  async nextCode(pid: string, parentCode: string, pending: Pending): Promise<string> {
    const rows = await this.db.selectFrom('sysCategory').select('code').where('pid', '=', pid).execute();
    return nextChildCode(parentCode, [...rows.map((r) => r.code), ...pending.codeToId.keys()]);
  }

  async codeTaken(code: string, pending: Pending): Promise<boolean> {
    return pending.codeToId.has(code) || (await this.byCode(code)) !== undefined;
  }
}
