import { z } from 'zod';
import {
  ANNT_CATEGORY_ITEMS,
  ANNT_OPEN_TYPE_ITEMS,
  ANNT_PRIORITY_ITEMS,
  ANNT_TARGET_ITEMS,
  isSameSitePath,
  MAIL_CA_LIMITS,
  MAIL_SECURITY_ITEMS,
  MESSAGE_CHANNEL_ITEMS,
  MESSAGE_MESSAGES,
  TEMPLATE_MESSAGES,
} from '../message.js';
import { ALARM_LEVEL_ITEMS, ALARM_NONCE, IOT_MESSAGES } from '../iot.js';
import { ANNOUNCEMENT_RESOURCE } from '../resources/announcement.js';
import { DEVICE_RESOURCE } from '../resources/device.js';
import { MESSAGE_TEMPLATE_RESOURCE } from '../resources/message-template.js';
import { zodString } from '../zod-string.js';
import { coordinateField, idField, optionalText } from './fields.js';
import { trimmedText } from './trimmed-text.js';

/** An optional text checked by a resource field's rules. */
const optional = (rules: Parameters<typeof zodString>[0]) => zodString(rules).optional().nullable();

const values = <T extends readonly { value: string }[]>(items: T) =>
  items.map((i) => i.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

const DATETIME_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const datetime = (title: string) =>
  z
    .string()
    .refine((v) => v === '' || DATETIME_PATTERN.test(v), `${title}格式须为 YYYY-MM-DD HH:mm:ss`)
    .transform((v) => v || null)
    .optional()
    .nullable();

/** A comma list (or array) of ids: users, departments or roles. */
const idList = z
  .union([z.array(idField).max(10_000), z.string().max(330_000)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .refine((v) => v.every((id) => id.length <= 32), '接收对象编号格式不正确')
  .optional()
  .nullable();

const ANNT = ANNOUNCEMENT_RESOURCE.fields;

const anntFields = {
  titile: zodString(ANNT.titile.rules),
  msgContent: z.string().max(200_000, '内容过长').optional().nullable(),
  msgAbstract: optional(ANNT.msgAbstract.rules),
  startTime: datetime('开始时间'),
  endTime: datetime('结束时间'),
  priority: z.enum(values(ANNT_PRIORITY_ITEMS), { error: MESSAGE_MESSAGES.priorityRequired }),
  msgCategory: z.enum(values(ANNT_CATEGORY_ITEMS), { error: MESSAGE_MESSAGES.categoryRequired }),
  msgType: z.enum(values(ANNT_TARGET_ITEMS), { error: MESSAGE_MESSAGES.targetRequired }),
  userIds: idList,
  departIds: idList,
  roleIds: idList,
  openType: z.enum(values(ANNT_OPEN_TYPE_ITEMS)).optional().nullable(),
  openPage: optional(ANNT.openPage.rules),
  busType: optional(ANNT.busType.rules),
  busId: optional(ANNT.busId.rules),
};

function checked<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((raw, ctx) => {
    const v = raw as Record<string, unknown>;
    if (typeof v.startTime === 'string' && typeof v.endTime === 'string' && v.endTime < v.startTime) {
      ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.endBeforeStart, path: ['endTime'] });
    }
    const page = v.openPage;
    if (v.openType === 'url' && (typeof page !== 'string' || !page)) {
      ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.openPageRequired, path: ['openPage'] });
    } else if (typeof page === 'string' && page && !isSameSitePath(page)) {
      // Checked whatever openType says: an edit may send the page alone, and a later edit may switch to url.
      ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.openPageInvalid, path: ['openPage'] });
    }
  }) as unknown as T;
}

export const anntCreateSchema = checked(z.strictObject(anntFields));
export type AnntCreateInput = z.infer<typeof anntCreateSchema>;

export const anntUpdateSchema = checked(
  z.strictObject({
    id: idField,
    ...Object.fromEntries(Object.entries(anntFields).map(([k, s]) => [k, (s as z.ZodType).optional()])),
  }),
);
export type AnntUpdateInput = { id: string } & Partial<AnntCreateInput>;

export const anntIdSchema = z.strictObject({ anntId: idField });

const TPL = MESSAGE_TEMPLATE_RESOURCE.fields;

const templateFields = {
  templateCode: trimmedText(TPL.templateCode.rules),
  templateName: zodString(TPL.templateName.rules),
  templateType: z.enum(values(MESSAGE_CHANNEL_ITEMS), { error: TEMPLATE_MESSAGES.typeRequired }),
  templateContent: z
    .string({ error: TEMPLATE_MESSAGES.contentRequired })
    .min(1, TEMPLATE_MESSAGES.contentRequired)
    .max(100_000, '模板内容过长'),
  templateTestJson: optional(TPL.templateTestJson.rules),
};

export const templateCreateSchema = z.strictObject(templateFields);
export type TemplateCreateInput = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.strictObject({
  id: idField,
  ...Object.fromEntries(Object.entries(templateFields).map(([k, s]) => [k, (s as z.ZodType).optional()])),
});
export type TemplateUpdateInput = { id: string } & Partial<TemplateCreateInput>;

/** 发送测试: the template, its values (a JSON object or its text) and one receiver (user, address or phone). */
export const templateTestSchema = z.strictObject({
  templateCode: z
    .string({ error: TEMPLATE_MESSAGES.templateUnknown })
    .min(1, TEMPLATE_MESSAGES.templateUnknown)
    .max(50),
  testData: z
    .union([z.string().max(5_000), z.record(z.string(), z.unknown())])
    .optional()
    .nullable(),
  receiver: z
    .string({ error: TEMPLATE_MESSAGES.receiverRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.receiverRequired)
    .max(255),
});
export type TemplateTestInput = z.infer<typeof templateTestSchema>;

export const mailSettingsSchema = z.strictObject({
  host: z.string().trim().max(255, '服务器地址最多255个字符'),
  port: z.coerce
    .number({ error: '端口须为 1 到 65535 的整数' })
    .int('端口须为 1 到 65535 的整数')
    .min(1, '端口须为 1 到 65535 的整数')
    .max(65535, '端口须为 1 到 65535 的整数'),
  /** Older clients send secure alone: true is tls; otherwise the server picks starttls with an account, else none. */
  secure: z.boolean().optional().default(false),
  security: z.enum(values(MAIL_SECURITY_ITEMS), { error: TEMPLATE_MESSAGES.securityInvalid }).optional(),
  allowInsecureAuth: z.boolean().optional().default(false),
  /** PEM text; absent keeps the stored certificates, empty clears them (checked as X.509 on the server). */
  caCert: z
    .string()
    .max(MAIL_CA_LIMITS.chars, TEMPLATE_MESSAGES.caCertInvalid)
    .refine((v) => !v.trim() || v.includes('-----BEGIN CERTIFICATE-----'), TEMPLATE_MESSAGES.caCertInvalid)
    .optional()
    .nullable(),
  user: z.string().trim().max(255).optional().default(''),
  /** Absent or empty: keep the stored password; a value replaces it. */
  password: z.string().max(255).optional().nullable(),
  /** Clears the stored password. */
  clearPassword: z.boolean().optional(),
  from: z.string().trim().max(255).optional().default(''),
});
export type MailSettingsInput = z.infer<typeof mailSettingsSchema>;

const DEV = DEVICE_RESOURCE.fields;

const deviceFields = {
  deviceId: trimmedText(DEV.deviceId.rules),
  deviceName: zodString(DEV.deviceName.rules),
  parentId: idField.optional().nullable(),
  type: optional(DEV.type.rules),
  assetId: idField.optional().nullable(),
  location: optional(DEV.location.rules),
  longitude: coordinateField(-180, 180, '经度须在 -180 到 180 之间'),
  latitude: coordinateField(-90, 90, '纬度须在 -90 到 90 之间'),
  remark: optional(DEV.remark.rules),
};

export const deviceCreateSchema = z.strictObject(deviceFields);
export type DeviceCreateInput = z.infer<typeof deviceCreateSchema>;
export const deviceUpdateSchema = z.strictObject({
  id: idField,
  ...Object.fromEntries(Object.entries(deviceFields).map(([k, s]) => [k, (s as z.ZodType).optional()])),
});
export type DeviceUpdateInput = { id: string } & Partial<DeviceCreateInput>;

/** What a device posts to IOT_API.alarm. */
export const alarmPostSchema = z.strictObject({
  deviceId: z.string().min(1).max(50),
  /** Epoch milliseconds (a number, or its digits as text). */
  timestamp: z.union(
    [
      z.number().int().nonnegative(),
      z
        .string()
        .regex(/^\d{1,16}$/)
        .transform(Number),
    ],
    { error: IOT_MESSAGES.timestampRequired },
  ),
  nonce: z.string({ error: IOT_MESSAGES.nonceRequired }).regex(ALARM_NONCE, IOT_MESSAGES.nonceRequired),
  /** '1' | '2' | '3'; a JSON number 1–3 is taken as its text (the docs show the level as a number). */
  level: z.preprocess(
    (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v),
    z.enum(values(ALARM_LEVEL_ITEMS), { error: IOT_MESSAGES.levelInvalid }),
  ),
  message: z
    .string({ error: IOT_MESSAGES.messageRequired })
    .trim()
    .min(1, IOT_MESSAGES.messageRequired)
    .max(500, '告警内容最多500个字符'),
});
export type AlarmPostInput = z.infer<typeof alarmPostSchema>;

export const alarmHandleSchema = z.strictObject({ id: idField, note: optionalText(500, '处理说明') });
