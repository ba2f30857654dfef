import { z } from 'zod';
import { validateCron } from '../cron.js';
import {
  JOB_LIMITS,
  JOB_MESSAGES,
  JOB_STATUS,
  MONITOR_MESSAGES,
  ONLINE_USER_MESSAGES,
  REDIS_TERMINAL_COMMANDS,
} from '../ops.js';
import { idField, optionalText, requiredText } from './fields.js';

/* Scheduled jobs (定时任务), online users, the Redis terminal. */

const cronExpression = z
  .string({ error: JOB_MESSAGES.cronRequired })
  .trim()
  .min(1, JOB_MESSAGES.cronRequired)
  .max(120)
  .superRefine((value, ctx) => {
    const message = validateCron(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** JSON object text (or empty); the handler's own schema checks its content on the server. */
const parameter = z
  .string()
  .max(JOB_LIMITS.parameter, JOB_MESSAGES.parameterTooLong)
  .refine((text) => {
    if (text.trim() === '') return true;
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  }, JOB_MESSAGES.parameterNotJson)
  .optional()
  .nullable();

const status = z.enum([JOB_STATUS.running, JOB_STATUS.paused], { error: JOB_MESSAGES.statusInvalid });

const jobFields = {
  jobName: requiredText(JOB_LIMITS.name, JOB_MESSAGES.nameRequired, '任务名称'),
  handler: z.string({ error: JOB_MESSAGES.handlerRequired }).trim().min(1, JOB_MESSAGES.handlerRequired).max(64),
  parameter,
  cronExpression,
  status: status.optional(),
  description: optionalText(JOB_LIMITS.description, '描述'),
};

export const jobCreateSchema = z.strictObject(jobFields);
export type JobCreateInput = z.infer<typeof jobCreateSchema>;

export const jobUpdateSchema = z.strictObject({
  id: idField,
  jobName: jobFields.jobName.optional(),
  handler: jobFields.handler.optional(),
  parameter,
  cronExpression: cronExpression.optional(),
  status: status.optional(),
  description: jobFields.description,
});
export type JobUpdateInput = z.infer<typeof jobUpdateSchema>;

export const jobIdSchema = z.strictObject({
  id: z.string({ error: JOB_MESSAGES.notFound }).min(1, JOB_MESSAGES.notFound).max(32),
});

export const onlineLogoutSchema = z.strictObject({
  id: z
    .string({ error: ONLINE_USER_MESSAGES.tokenRequired })
    .regex(/^[0-9a-f]{64}$/, ONLINE_USER_MESSAGES.tokenRequired),
});

/** One line of the Redis terminal: a command of the allowlist and at most a few arguments. */
export const redisCommandSchema = z.strictObject({
  command: z
    .string({ error: MONITOR_MESSAGES.commandRequired })
    .trim()
    .min(1, MONITOR_MESSAGES.commandRequired)
    .max(300)
    .refine(
      (line) => (REDIS_TERMINAL_COMMANDS as readonly string[]).includes((line.split(/\s+/)[0] ?? '').toUpperCase()),
      `${MONITOR_MESSAGES.commandNotAllowed}${REDIS_TERMINAL_COMMANDS.join('、')}`,
    ),
});
