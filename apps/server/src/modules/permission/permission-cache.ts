import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { UserPermissionResult } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthCache } from '../../lib/auth-cache.js';
import { getUserPermission } from './permission.service.js';

/** A safety net only: every change that alters an answer bumps the auth epoch, which drops it at once. */
const TTL_MS = 5 * 60_000;
const MAX_USERS = 20_000;
const MAX_ROLE_SETS = 2_000;
/** How long a sent body (envelope, timestamp, compression) is reused: its timestamp is at most this old. */
const BODY_MS = 1_000;

export type BodyEncoding = 'br' | 'gzip' | null;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Entry<T> {
  value: T;
  epoch: string;
  at: number;
}

/**
 * The menu/permission answer (getUserPermissionByToken) kept per role set: users holding the same roles and
 * department roles share one answer, already serialised as JSON, so a guarded call costs no SQL and no
 * serialisation of the menu. Entries belong to the auth epoch of AuthCache, which every permission, role,
 * grant, department-role and data-rule change bumps through the key-value store (Redis across instances):
 * the next call on any instance builds the answer afresh.
 */
export class PermissionAnswerCache {
  private readonly roleSetOf = new Map<string, Entry<string>>();
  private readonly answers = new Map<string, Entry<string>>();
  private readonly bodies = new Map<string, Entry<Promise<Buffer>>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly auth: Pick<AuthCache<unknown>, 'epoch'>,
  ) {}

  /** The answer of `userId` as JSON text. */
  async json(userId: string): Promise<string> {
    return (await this.answer(userId)).json;
  }

  /**
   * The whole body as sent: the usual envelope around the answer, with whether the caller administers the
   * platform (the session's own fact), compressed when the client takes `encoding`. A browser asks for Brotli;
   * compressing 45 KB on every call cost three quarters of the call's throughput, so the bytes are kept per role
   * set, flag and encoding for a second (and dropped with the answer).
   */
  async body(userId: string, platformAdmin: boolean, encoding: BodyEncoding): Promise<Buffer> {
    const { json, roleSet, epoch } = await this.answer(userId);
    const key = `${roleSet}\n${platformAdmin}\n${encoding}`;
    const now = Date.now();
    const hit = this.bodies.get(key);
    if (hit && hit.epoch === epoch && now - hit.at < BODY_MS) return hit.value;
    const text =
      `{"success":true,"message":"查询成功","code":200,` +
      `"result":${json.slice(0, -1)},"isPlatformAdmin":${platformAdmin}},"timestamp":${now}}`;
    const plain = Buffer.from(text);
    const bytes =
      encoding === 'br'
        ? brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzip(plain)
          : Promise.resolve(plain);
    // The promise is kept, so calls arriving while it compresses wait for the same bytes.
    remember(this.bodies, key, { value: bytes, epoch, at: now }, MAX_ROLE_SETS * 3);
    bytes.catch(() => this.bodies.delete(key));
    return bytes;
  }

  private async answer(userId: string) {
    const epoch = await this.auth.epoch();
    const now = Date.now();
    const fresh = <T>(e: Entry<T> | undefined): e is Entry<T> => !!e && e.epoch === epoch && now - e.at < TTL_MS;

    let roleSet = this.roleSetOf.get(userId);
    if (!fresh(roleSet)) {
      roleSet = { value: await this.loadRoleSet(userId), epoch, at: now };
      remember(this.roleSetOf, userId, roleSet, MAX_USERS);
    }
    let hit = this.answers.get(roleSet.value);
    if (!fresh(hit)) {
      const answer: UserPermissionResult = await getUserPermission(this.db, userId);
      hit = { value: JSON.stringify(answer), epoch, at: now };
      remember(this.answers, roleSet.value, hit, MAX_ROLE_SETS);
    }
    return { json: hit.value, roleSet: roleSet.value, epoch };
  }

  /** Roles and department roles of a user, as one key. */
  private async loadRoleSet(userId: string): Promise<string> {
    const [roles, departRoles] = await Promise.all([
      this.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute(),
      this.db.selectFrom('sysDepartRoleUser').select('droleId').where('userId', '=', userId).execute(),
    ]);
    const r = roles.map((x) => x.roleId).sort();
    const d = departRoles.map((x) => x.droleId).sort();
    return JSON.stringify([r, d]);
  }
}

function remember<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, entry);
}
