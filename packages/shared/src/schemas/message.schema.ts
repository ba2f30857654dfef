import { z } from 'zod';
import {
  ANNT_CATEGORY_ITEMS,
  ANNT_OPEN_TYPE_ITEMS,
  ANNT_PRIORITY_ITEMS,
  ANNT_TARGET_ITEMS,
  MESSAGE_MESSAGES,
} from '../message.js';
import { idField, optionalText, requiredText } from './fields.js';

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

const anntFields = {
  titile: requiredText(100, MESSAGE_MESSAGES.titleRequired, '标题'),
  msgContent: z.string().max(200_000, '内容过长').optional().nullable(),
  msgAbstract: optionalText(500, '摘要'),
  startTime: datetime('开始时间'),
  endTime: datetime('结束时间'),
  priority: z.enum(values(ANNT_PRIORITY_ITEMS), { error: MESSAGE_MESSAGES.priorityRequired }),
  msgCategory: z.enum(values(ANNT_CATEGORY_ITEMS), { error: MESSAGE_MESSAGES.categoryRequired }),
  msgType: z.enum(values(ANNT_TARGET_ITEMS), { error: MESSAGE_MESSAGES.targetRequired }),
  userIds: idList,
  departIds: idList,
  roleIds: idList,
  openType: z.enum(values(ANNT_OPEN_TYPE_ITEMS)).optional().nullable(),
  openPage: optionalText(255, '页面地址'),
  busType: optionalText(20, '业务类型'),
  busId: optionalText(50, '业务编号'),
};

function checked<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((raw, ctx) => {
    const v = raw as Record<string, unknown>;
    if (typeof v.startTime === 'string' && typeof v.endTime === 'string' && v.endTime < v.startTime) {
      ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.endBeforeStart, path: ['endTime'] });
    }
    if (v.openType === 'url') {
      if (typeof v.openPage !== 'string' || !v.openPage) {
        ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.openPageRequired, path: ['openPage'] });
      } else if (!/^\/(?!\/)[^\s]*$/.test(v.openPage)) {
        // Only paths inside the app: never another site, never javascript:.
        ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.openPageInvalid, path: ['openPage'] });
      }
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
