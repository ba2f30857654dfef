import { DEPART_MESSAGES as M, ORG_CODE_SEGMENT, type DepartIdTreeNode, type DepartTreeNode } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import type { Row } from '../../lib/resource/resource.types.js';

type Db = Kysely<Database>;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The n-th segment (0 → A01, 98 → A99, 99 → B01 … 2573 → Z99). */
export function segmentAt(n: number): string {
  const letter = LETTERS[Math.floor(n / 99)];
  const digits = String((n % 99) + 1).padStart(2, '0');
  return `${letter}${digits}`;
}

/** The first free segment after a parent's code, given the codes already taken on that level. */
export function nextFreeCode(parentCode: string, taken: Iterable<string>): string {
  const used = new Set<string>();
  for (const code of taken) {
    if (code.length === parentCode.length + ORG_CODE_SEGMENT && code.startsWith(parentCode)) {
      used.add(code.slice(parentCode.length));
    }
  }
  for (let n = 0; n < LETTERS.length * 99; n++) {
    const seg = segmentAt(n);
    if (!used.has(seg)) return parentCode + seg;
  }
  throw new ApiError(400, M.codesExhausted);
}

/**
 * Codes allotted while one request runs (an import inserts in batches, so rows of the same batch must
 * not get the same code), and the file's own codes mapped to the new records, so a child row can name a
 * parent that comes earlier in the same file.
 */
interface Allotment {
  codes: Set<string>;
  idToCode: Map<string, string>;
  byFileCode: Map<string, string>;
}
const allotments = new WeakMap<FastifyRequest, Allotment>();

export function allotmentOf(request: FastifyRequest): Allotment {
  let a = allotments.get(request);
  if (!a) {
    a = { codes: new Set(), idToCode: new Map(), byFileCode: new Map() };
    allotments.set(request, a);
  }
  return a;
}

/** Allots the next free code under a parent (every department counts, deleted and other tenants' too: codes are unique). */
export async function allotCode(db: Db, request: FastifyRequest, parentCode: string): Promise<string> {
  const a = allotmentOf(request);
  const pattern = `${escapeLike(parentCode)}${'_'.repeat(ORG_CODE_SEGMENT)}`;
  const rows = await db
    .selectFrom('sysDepart')
    .select('orgCode')
    .where(sql<SqlBool>`${sql.ref('orgCode')} like ${pattern} escape '!'`)
    .execute();
  const code = nextFreeCode(parentCode, [...rows.map((r) => r.orgCode), ...a.codes]);
  a.codes.add(code);
  return code;
}

/** Is the error a unique-constraint violation (two adds racing for the same code)? */
export function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : String(error);
  return /unique|duplicate|23505|ER_DUP_ENTRY/i.test(text);
}

const byOrder = (a: Row, b: Row) =>
  Number(a.departOrder ?? 0) - Number(b.departOrder ?? 0) || String(a.orgCode).localeCompare(String(b.orgCode));

export function toNode(r: Row, isLeaf = true): DepartTreeNode {
  const id = String(r.id);
  return {
    id,
    key: id,
    value: id,
    title: String(r.departName),
    departName: String(r.departName),
    orgCode: String(r.orgCode),
    orgCategory: String(r.orgCategory ?? ''),
    parentId: (r.parentId as string | null) ?? null,
    departOrder: Number(r.departOrder ?? 0),
    isLeaf,
  };
}

/** Builds the tree of the given rows; a row whose parent is not among them is a root. */
export function buildTree(rows: Row[]): DepartTreeNode[] {
  const sorted = [...rows].sort(byOrder);
  const nodes = new Map(sorted.map((r) => [String(r.id), toNode(r)]));
  const roots: DepartTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(node);
      parent.isLeaf = false;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

export function idTree(nodes: DepartTreeNode[]): DepartIdTreeNode[] {
  return nodes.map((n) => ({
    id: n.id,
    key: n.key,
    value: n.value,
    title: n.title,
    isLeaf: n.isLeaf,
    ...(n.children ? { children: idTree(n.children) } : {}),
  }));
}

/** Subtrees rooted at the given departments (those nested in another chosen one are not repeated). */
export function subtreesOf(rows: Row[], rootIds: Set<string>): DepartTreeNode[] {
  const chosen = rows.filter((r) => rootIds.has(String(r.id)));
  const codes = chosen.map((r) => String(r.orgCode));
  const tops = chosen.filter((r) => !codes.some((c) => c !== r.orgCode && String(r.orgCode).startsWith(c)));
  const inside = rows.filter((r) => tops.some((t) => String(r.orgCode).startsWith(String(t.orgCode))));
  const topIds = new Set(tops.map((t) => String(t.id)));
  // Cut the tops loose from their parents so they come out as roots.
  return buildTree(inside.map((r) => (topIds.has(String(r.id)) ? { ...r, parentId: null } : r))).map((n) => ({
    ...n,
    parentId: rows.find((r) => String(r.id) === n.id)?.parentId as string | null,
  }));
}

/** Users' links to a department are checked before a delete: departments still holding people stay. */
export async function assertDeletable(trx: Db, ids: string[]): Promise<void> {
  const child = await trx
    .selectFrom('sysDepart')
    .select('id')
    .where('parentId', 'in', ids)
    .where('id', 'not in', ids)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (child) throw new ApiError(400, M.hasChildren);
  const member = await trx
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysUser as u', 'u.id', 'ud.userId')
    .select('ud.id')
    .where('ud.depId', 'in', ids)
    .where('u.delFlag', '=', 0)
    .executeTakeFirst();
  if (member) throw new ApiError(400, M.hasUsers);
}

/** A deleted department takes its grants and department roles with it. */
export async function removeDepartLinks(trx: Db, ids: string[]): Promise<void> {
  const roles = await trx.selectFrom('sysDepartRole').select('id').where('departId', 'in', ids).execute();
  const roleIds = roles.map((r) => r.id);
  if (roleIds.length) {
    await trx.deleteFrom('sysDepartRoleUser').where('droleId', 'in', roleIds).execute();
    await trx.deleteFrom('sysDepartRole').where('id', 'in', roleIds).execute();
  }
  await trx.deleteFrom('sysDepartRolePermission').where('departId', 'in', ids).execute();
  await trx.deleteFrom('sysDepartPermission').where('departId', 'in', ids).execute();
  await trx.deleteFrom('sysUserDepart').where('depId', 'in', ids).execute();
}

/**
 * After a user left departments: their current department must still be one of theirs, else the first
 * remaining one becomes current (and gives the org code data rules use).
 */
export async function refreshCurrentDepart(db: Db, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    const user = await db.selectFrom('sysUser').select(['loginDepartId']).where('id', '=', userId).executeTakeFirst();
    if (!user) continue;
    const departs = await db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['d.id', 'd.orgCode'])
      .where('ud.userId', '=', userId)
      .where('d.delFlag', '=', 0)
      .orderBy('d.departOrder')
      .orderBy('d.orgCode')
      .execute();
    const current = departs.find((d) => d.id === user.loginDepartId) ?? departs[0];
    await db
      .updateTable('sysUser')
      .set({ loginDepartId: current?.id ?? null, orgCode: current?.orgCode ?? null })
      .where('id', '=', userId)
      .execute();
  }
}
