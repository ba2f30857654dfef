import { z } from 'zod';
import {
  ASSET_LIMITS,
  ASSET_MESSAGES,
  ASSET_STATUS,
  DATE_PATTERN,
  MANUAL_LEDGER_TYPES,
  areaToHundredths,
} from '../asset.js';
import { ASSET_RESOURCE, LEDGER_RESOURCE } from '../resources/asset.js';
import { zodString } from '../zod-string.js';
import { coordinateField, dateField, idField, moneyField, optionalRules, pathsField } from './fields.js';

const F = ASSET_RESOURCE.fields;
const L = LEDGER_RESOURCE.fields;

const id = idField;

/** Money in yuan: a number or numeric string, ≥ 0, at most 2 decimals (stored as integer fen). */
const money = (title: string) => moneyField(ASSET_MESSAGES.money(title)).optional().nullable();

const area = z
  .union([z.number(), z.string()])
  .refine((v) => v === '' || areaToHundredths(v) !== null, ASSET_MESSAGES.area)
  .transform((v) => (v === '' ? null : Number(v)))
  .optional()
  .nullable();

const coordinate = coordinateField;
const date = dateField;
const paths = pathsField;

const assetFields = {
  name: zodString(F.name.rules),
  categoryId: z.string({ error: ASSET_MESSAGES.categoryRequired }).min(1, ASSET_MESSAGES.categoryRequired).max(32),
  ownerDepartId: id.optional().nullable(),
  custodian: optionalRules(F.custodian.rules),
  address: optionalRules(F.address.rules),
  regionCode: optionalRules(F.regionCode.rules),
  longitude: coordinate(-180, 180, ASSET_MESSAGES.longitude),
  latitude: coordinate(-90, 90, ASSET_MESSAGES.latitude),
  area,
  originalValue: money('原值'),
  netValue: money('净值'),
  acquiredDate: date('取得日期'),
  status: z.string({ error: ASSET_MESSAGES.statusRequired }).min(1, ASSET_MESSAGES.statusRequired).max(20),
  useNature: z.string().max(20).optional().nullable(),
  certificateNo: optionalRules(F.certificateNo.rules),
  images: paths(ASSET_LIMITS.maxImages),
  attachments: paths(ASSET_LIMITS.maxAttachments),
  description: z.string().max(200_000, '资产描述过长').optional().nullable(),
  remark: optionalRules(F.remark.rules),
};

function pairAndValues<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((raw, ctx) => {
    const v = raw as Record<string, unknown>;
    const hasLng = v.longitude !== undefined && v.longitude !== null;
    const hasLat = v.latitude !== undefined && v.latitude !== null;
    if (hasLng !== hasLat) {
      ctx.addIssue({
        code: 'custom',
        message: ASSET_MESSAGES.coordinatePair,
        path: [hasLng ? 'latitude' : 'longitude'],
      });
    }
    const original = v.originalValue as number | null | undefined;
    const net = v.netValue as number | null | undefined;
    if (typeof original === 'number' && typeof net === 'number' && net > original) {
      ctx.addIssue({ code: 'custom', message: ASSET_MESSAGES.netAboveOriginal, path: ['netValue'] });
    }
  }) as unknown as T;
}

/** Registering an asset: the code comes from the fill rule `asset_code` unless an import brings one. */
export const assetCreateSchema = pairAndValues(
  z.strictObject({
    ...assetFields,
    code: z.string().max(32).optional().nullable(),
    status: assetFields.status.refine(
      (s) => s === ASSET_STATUS.idle || s === ASSET_STATUS.inUse,
      '新登记的资产状态须为闲置或在用',
    ),
  }),
);
export type AssetCreateInput = z.infer<typeof assetCreateSchema>;

/** Editing: everything but the code, the status and the department (those change through the ledger). */
export const assetUpdateSchema = pairAndValues(
  z.strictObject({
    id,
    ...Object.fromEntries(
      Object.entries(assetFields)
        .filter(([k]) => k !== 'status' && k !== 'ownerDepartId')
        .map(([k, s]) => [k, (s as z.ZodType).optional()]),
    ),
    status: z.string().max(20).optional(),
    ownerDepartId: id.optional().nullable(),
    // Accepted so a form may send the record back whole; a different code is refused by the server.
    code: z.string().max(32).optional().nullable(),
    version: z.number().int().optional(),
  }),
);
export type AssetUpdateInput = { id: string } & Partial<AssetCreateInput> & { version?: number };

export const assetPublishSchema = z.strictObject({
  ids: z
    .union([z.array(id).max(10_000), z.string().max(400_000)], { error: ASSET_MESSAGES.publishIdsRequired })
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .refine((v) => v.length > 0, ASSET_MESSAGES.publishIdsRequired),
  published: z.boolean({ error: '请指明发布或撤回' }),
});
export type AssetPublishInput = z.infer<typeof assetPublishSchema>;

/** Recording a ledger event; what each type needs is checked by the server's state machine. */
export const ledgerAddSchema = z.strictObject({
  assetId: id,
  type: z.enum(MANUAL_LEDGER_TYPES as [string, ...string[]], { error: ASSET_MESSAGES.ledgerTypeRequired }),
  eventDate: z
    .string({ error: ASSET_MESSAGES.eventDateRequired })
    .regex(DATE_PATTERN, `${L.eventDate.title}格式须为 YYYY-MM-DD`),
  toDepartId: id.optional().nullable(),
  /** A transfer may also put the asset into use (or back to idle); ending a repair says where it goes. */
  toStatus: z
    .enum([ASSET_STATUS.idle, ASSET_STATUS.inUse], { error: '调拨或维修结束后的状态只能是闲置或在用' })
    .optional()
    .nullable(),
  counterparty: optionalRules(L.counterparty.rules),
  amount: money('金额'),
  documents: paths(ASSET_LIMITS.maxAttachments),
  remark: optionalRules(L.remark.rules),
  /** The asset version the person saw; a stale one is refused rather than applied to a changed asset. */
  version: z.number().int().optional(),
});
export type LedgerAddInput = z.infer<typeof ledgerAddSchema>;
