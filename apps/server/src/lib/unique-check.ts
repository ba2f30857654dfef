import { MSG, type PermissionCode } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './http.js';
import { currentUser } from './current-user.js';

const WINDOW_MS = 60_000;

/**
 * Who may ask whether a value is taken (`/sys/duplicate/check`, `/sys/user/checkOnlyUser`). Uniqueness is
 * global (database constraints over every tenant), so the answer must cover values other tenants hold, or an
 * add would fail later; that makes the check an oracle for usernames and phones. So: only callers who may add
 * or edit that resource (the form's asynchronous check is theirs), and at most `uniqueCheckPerMinute` calls
 * per user and minute over both routes, counted in the shared kv store so every instance of a cluster agrees.
 */
export async function guardUniqueCheck(request: FastifyRequest, codes: readonly PermissionCode[]): Promise<void> {
  const me = currentUser(request);
  const { kv, config } = request.server.ctx;
  if ((await kv.incr(`unique-check:user:${me.id}`, WINDOW_MS)) > config.uniqueCheckPerMinute) {
    throw new ApiError(429, MSG.tooManyRequests);
  }
  if (!codes.some((code) => me.session?.perms.has(code))) {
    throw new ApiError(403, `${MSG.forbidden}：缺少权限 ${codes.join(' 或 ')}`);
  }
}
