import type { ApiResponse } from '@district/shared';
import { z, type ZodType } from 'zod';

/** An error whose message is meant for the user, answered with the given HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function ok<T>(result: T, message = '操作成功！'): ApiResponse<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

export function fail(status: number, message: string): ApiResponse<null> {
  return { success: false, message, code: status, result: null, timestamp: Date.now() };
}

/** Parses input with a shared schema; the first issue's (Chinese) message becomes a 400. */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') throw new ApiError(400, `不支持的参数：${issue.keys.join(', ')}`);
  throw new ApiError(400, issue?.message ?? '请求参数有误');
}

/** A required text parameter; every failure (missing, empty, too long) answers with `message`. */
export const requiredText = (name: string, message: string) =>
  z.object({ [name]: z.string({ error: message }).min(1, message).max(20_000, message) }).loose();
