import { MSG } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../context.js';
import { ApiError } from './http.js';

/** The caller of a route that declared 'display', 'user' or a permission code (the guard resolved it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, MSG.unauthorized);
  return request.user;
}
