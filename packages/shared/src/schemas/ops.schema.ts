import { z } from 'zod';
import { validateCron } from '../cron.js';
import {
  DATA_SOURCE_MESSAGES as DS,
  DATA_SOURCE_TYPES,
  GATEWAY_MESSAGES as GW,
  JOB_LIMITS,
  JOB_MESSAGES,
  JOB_STATUS,
  MONITOR_MESSAGES,
  ONLINE_USER_MESSAGES,
  REDIS_TERMINAL_COMMANDS,
} from '../ops.js';
import { DATA_SOURCE_RESOURCE } from '../resources/data-source.js';
import { GATEWAY_ROUTE_RESOURCE } from '../resources/gateway-route.js';
import { JOB_RESOURCE } from '../resources/job.js';
import { zodString } from '../zod-string.js';
import { idField } from './fields.js';
import { trimmedText } from './trimmed-text.js';

/* Scheduled jobs (定时任务), online users, the Redis terminal. */

const JOB = JOB_RESOURCE.fields;

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
  jobName: zodString(JOB.jobName.rules),
  handler: z.string({ error: JOB_MESSAGES.handlerRequired }).trim().min(1, JOB_MESSAGES.handlerRequired).max(64),
  parameter,
  cronExpression,
  status: status.optional(),
  description: zodString(JOB.description.rules).optional().nullable(),
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

/* Data sources (数据源管理): the password travels only inwards (never answered); SQLite only by file name. */

const DSF = DATA_SOURCE_RESOURCE.fields;

const dsFields = {
  code: trimmedText(DSF.code.rules),
  name: zodString(DSF.name.rules),
  dbType: z.enum(DATA_SOURCE_TYPES, { error: DS.typeInvalid }),
  host: z
    .string()
    .trim()
    .max(255, DS.hostInvalid)
    .regex(/^$|^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/, DS.hostInvalid)
    .optional()
    .nullable(),
  port: z.coerce
    .number({ error: DS.portInvalid })
    .int(DS.portInvalid)
    .min(1, DS.portInvalid)
    .max(65535, DS.portInvalid)
    .optional()
    .nullable(),
  databaseName: z.string({ error: DS.databaseRequired }).trim().min(1, DS.databaseRequired).max(255),
  username: trimmedText(DSF.username.rules).optional().nullable(),
  /** Empty or absent on edit: the stored password stays. */
  password: z.string().max(200, '密码最多200个字符').optional().nullable(),
  remark: zodString(DSF.remark.rules).optional().nullable(),
};

type DsShape = {
  dbType?: string;
  host?: string | null;
  databaseName?: string;
};
const SQLITE_FILE = /^[\w\u4e00-\u9fa5-]+(\.[\w-]+)*\.(db|sqlite|sqlite3)$/;
function checkDs(v: DsShape, ctx: z.RefinementCtx) {
  if (v.dbType === 'sqlite') {
    if (v.databaseName !== undefined && !SQLITE_FILE.test(v.databaseName)) {
      ctx.addIssue({ code: 'custom', path: ['databaseName'], message: DS.sqliteFileInvalid });
    }
  } else if (v.dbType !== undefined && !v.host) {
    ctx.addIssue({ code: 'custom', path: ['host'], message: DS.hostRequired });
  }
}

export const dataSourceCreateSchema = z.strictObject(dsFields).superRefine(checkDs);
export type DataSourceCreateInput = z.infer<typeof dataSourceCreateSchema>;

export const dataSourceUpdateSchema = z
  .strictObject({
    id: idField,
    ...dsFields,
    code: dsFields.code.optional(),
    name: dsFields.name.optional(),
    dbType: dsFields.dbType.optional(),
    databaseName: dsFields.databaseName.optional(),
  })
  .superRefine(checkDs);
export type DataSourceUpdateInput = z.infer<typeof dataSourceUpdateSchema>;

/** The connection test: a stored data source by id, or the form's values (with the stored password if id is given). */
export const dataSourceTestSchema = z
  .strictObject({
    id: idField.optional(),
    dbType: dsFields.dbType,
    host: dsFields.host,
    port: dsFields.port,
    databaseName: dsFields.databaseName,
    username: dsFields.username,
    password: dsFields.password,
    code: z.string().optional(),
    name: z.string().optional(),
    remark: z.string().optional().nullable(),
  })
  .superRefine(checkDs);
export type DataSourceTestInput = z.infer<typeof dataSourceTestSchema>;

/* Gateway routes (网关路由): the target host is checked against the allowlist on the server. */

const GWF = GATEWAY_ROUTE_RESOURCE.fields;

const jsonList = (message: string, check: (items: unknown[]) => boolean) =>
  z
    .string()
    .max(2000, message)
    .refine((text) => {
      if (text.trim() === '') return true;
      try {
        const value: unknown = JSON.parse(text);
        return Array.isArray(value) && check(value);
      } catch {
        return false;
      }
    }, message)
    .optional()
    .nullable();

const gatewayFields = {
  routeId: trimmedText(GWF.routeId.rules),
  name: zodString(GWF.name.rules),
  uri: trimmedText(GWF.uri.rules).refine((text) => {
    try {
      const u = new URL(text);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !u.search && !u.hash;
    } catch {
      return false;
    }
  }, GW.uriInvalid),
  predicates: jsonList(GW.predicatesInvalid, (items) =>
    items.every((p) => typeof p === 'string' && /^\/[\w\-./*]*$/.test(p) && p.length <= 200),
  ),
  filters: jsonList(GW.filtersInvalid, (items) =>
    items.every((f) => {
      if (typeof f !== 'object' || f === null) return false;
      const { name, args } = f as { name?: unknown; args?: { parts?: unknown } };
      const parts = args?.parts;
      return name === 'StripPrefix' && Number.isInteger(parts) && (parts as number) >= 0 && (parts as number) <= 10;
    }),
  ),
  sortOrder: z.coerce.number({ error: '排序须为整数' }).int('排序须为整数').min(0).max(100000).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态须为 0 或 1' }).optional(),
};

export const gatewayCreateSchema = z.strictObject(gatewayFields);
export type GatewayCreateInput = z.infer<typeof gatewayCreateSchema>;
export const gatewayUpdateSchema = z.strictObject({
  id: idField,
  ...gatewayFields,
  routeId: gatewayFields.routeId.optional(),
  name: gatewayFields.name.optional(),
  uri: gatewayFields.uri.optional(),
});
export type GatewayUpdateInput = z.infer<typeof gatewayUpdateSchema>;
