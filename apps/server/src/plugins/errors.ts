import { MSG } from '@district/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { hasNulCharacter, uniqueViolationMessage } from '../lib/db-errors.js';
import { ApiError, fail } from '../lib/http.js';
import { isOutage, RETRY_AFTER_SECONDS } from '../lib/outage.js';

const STATUS_MESSAGES: Record<number, string> = {
  400: MSG.badRequest,
  401: MSG.unauthorized,
  403: MSG.forbidden,
  404: MSG.notFound,
  405: '不支持该请求方法',
  406: '不支持的响应格式',
  413: '请求体过大',
  415: '不支持的请求内容类型',
  429: MSG.tooManyRequests,
};

/** Turns every failure into the envelope with a Chinese message; a caller's mistake is never a 500. */
export default fp(async (app: FastifyInstance) => {
  // NUL cannot be stored by PostgreSQL (a 500 there) and no form can type one: refused for every route.
  app.addHook('preValidation', async (request) => {
    if (hasNulCharacter(request.query) || hasNulCharacter(request.params) || hasNulCharacter(request.body))
      throw new ApiError(400, MSG.controlCharacter);
  });
  app.setErrorHandler((error: FastifyError | ApiError | ZodError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(fail(error.status, error.message));
    if (error instanceof ZodError) {
      return reply.status(400).send(fail(400, error.issues[0]?.message ?? MSG.badRequest));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        /JSON/i.test(error.code ?? '') || error instanceof SyntaxError ? MSG.badJson : STATUS_MESSAGES[status];
      return reply.status(status).send(fail(status, message ?? MSG.badRequest));
    }
    // Two writes raced past a check-before-insert: the database's unique index refused the second one.
    const duplicate = uniqueViolationMessage(error);
    if (duplicate) return reply.status(400).send(fail(400, duplicate));
    // The database or Redis is unreachable: the caller may retry shortly, it is not a defect.
    if (isOutage(error)) {
      request.log.warn({ err: error }, 'database or Redis unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(fail(503, MSG.serviceUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, MSG.serverError));
  });
});
