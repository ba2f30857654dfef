import {
  DATE_PATTERN,
  INVENTORY_LIMITS as LIM,
  INVENTORY_MESSAGES as M,
  INVENTORY_RESULT,
  INVENTORY_SETTLE,
} from '@district/shared';
import { z } from 'zod';

/*
 * Input of the inventory routes. Kept beside the module for now (the web of the next session may move them into
 * packages/shared/src/schemas when its forms validate with them).
 */

const id = z.string().min(1).max(32);
const ids = (max: number) => z.array(id).max(max).default([]);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .transform((v) => v.trim() || null)
    .optional()
    .nullable();

export const campaignInputSchema = z.strictObject({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(LIM.nameMax),
  scope: z
    .strictObject({
      departIds: ids(LIM.maxScopeEntries),
      categoryIds: ids(LIM.maxScopeEntries),
      address: z
        .string()
        .max(200)
        .default('')
        .transform((v) => v.trim()),
    })
    .default({ departIds: [], categoryIds: [], address: '' }),
  checkerIds: z.array(id, { error: M.checkersRequired }).min(1, M.checkersRequired).max(LIM.maxCheckers),
  deadline: z.string({ error: M.deadlineRequired }).regex(DATE_PATTERN, M.deadlineFormat),
  remark: optionalText(500, '备注过长'),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;
export const campaignEditSchema = campaignInputSchema.extend({ id });

export const idBodySchema = z.strictObject({ id: z.string({ error: '参数 id 不能为空' }).min(1).max(32) });

const coordinate = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, message).max(max, message).optional().nullable();

export const findingSchema = z
  .strictObject({
    clientId: z.string({ error: M.clientIdRequired }).trim().min(1, M.clientIdRequired).max(LIM.clientIdMax),
    campaignId: id,
    itemId: id.optional().nullable(),
    result: z.enum(Object.values(INVENTORY_RESULT) as [string, ...string[]], { error: M.resultRequired }),
    name: optionalText(200, '名称过长'),
    address: optionalText(500, '地点过长'),
    photos: z.array(z.string().min(1).max(500)).max(LIM.maxPhotos, `照片最多 ${LIM.maxPhotos} 张`).default([]),
    latitude: coordinate(-90, 90, M.latitude),
    longitude: coordinate(-180, 180, M.longitude),
    accuracy: z.number().min(0).max(1e7).optional().nullable(),
    note: optionalText(LIM.noteMax, '备注过长'),
    recordedAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, M.recordedAt)
      .optional()
      .nullable(),
  })
  .superRefine((v, ctx) => {
    const hasLat = v.latitude !== undefined && v.latitude !== null;
    const hasLng = v.longitude !== undefined && v.longitude !== null;
    if (hasLat !== hasLng) ctx.addIssue({ code: 'custom', message: M.coordinatePair });
    if (v.result === INVENTORY_RESULT.surplus && !v.name) ctx.addIssue({ code: 'custom', message: M.surplusName });
    if (v.result !== INVENTORY_RESULT.surplus && !v.itemId) ctx.addIssue({ code: 'custom', message: M.itemRequired });
  });
export type FindingInput = z.infer<typeof findingSchema>;

export const settleSchema = z.strictObject({
  itemId: id,
  action: z.enum(Object.values(INVENTORY_SETTLE) as [string, ...string[]], { error: M.actionRequired }),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(LIM.reasonMax),
  toDepartId: id.optional().nullable(),
  toCustodian: optionalText(100, '保管人过长'),
  toAddress: optionalText(500, '存放地点过长'),
  categoryId: id.optional().nullable(),
  ownerDepartId: id.optional().nullable(),
  originalValue: z.number().min(0).optional().nullable(),
});
export type SettleInput = z.infer<typeof settleSchema>;
