import { z } from 'zod';
import { ASSET_MESSAGES } from '../asset.js';
import { PROJECT_MESSAGES, PROJECT_STATUS_ITEMS, PROJECT_TYPE_ITEMS } from '../project.js';
import { PROJECT_RESOURCE } from '../resources/project.js';
import { zodString } from '../zod-string.js';
import { coordinateField, dateField, idField, moneyField, optionalRules, pathsField } from './fields.js';

const F = PROJECT_RESOURCE.fields;

const progress = z
  .union([z.number(), z.string()], { error: PROJECT_MESSAGES.progress })
  .transform((v) => (v === '' ? 0 : Number(v)))
  .refine((v) => Number.isInteger(v) && v >= 0 && v <= 100, PROJECT_MESSAGES.progress);

const projectFields = {
  name: zodString(F.name.rules),
  type: z.enum(PROJECT_TYPE_ITEMS.map((i) => i.value) as [string, ...string[]], {
    error: PROJECT_MESSAGES.typeRequired,
  }),
  leaderId: idField.optional().nullable(),
  departId: idField.optional().nullable(),
  budget: moneyField(PROJECT_MESSAGES.money('预算')).optional().nullable(),
  actualCost: moneyField(PROJECT_MESSAGES.money('实际成本')).optional().nullable(),
  startDate: dateField('开始日期'),
  endDate: dateField('结束日期'),
  progress: progress.optional(),
  address: optionalRules(F.address.rules),
  longitude: coordinateField(-180, 180, ASSET_MESSAGES.longitude),
  latitude: coordinateField(-90, 90, ASSET_MESSAGES.latitude),
  description: z.string().max(200_000, '项目描述过长').optional().nullable(),
  attachments: pathsField(20),
  remark: optionalRules(F.remark.rules),
};

function checked<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((raw, ctx) => {
    const v = raw as Record<string, unknown>;
    if (typeof v.startDate === 'string' && typeof v.endDate === 'string' && v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.endBeforeStart, path: ['endDate'] });
    }
    const hasLng = v.longitude !== undefined && v.longitude !== null;
    const hasLat = v.latitude !== undefined && v.latitude !== null;
    if (hasLng !== hasLat) {
      ctx.addIssue({
        code: 'custom',
        message: ASSET_MESSAGES.coordinatePair,
        path: [hasLng ? 'latitude' : 'longitude'],
      });
    }
  }) as unknown as T;
}

/** Creating a project: the code comes from the fill rule `project_code` unless an import brings one. */
export const projectCreateSchema = checked(
  z.strictObject({ ...projectFields, code: z.string().max(32).optional().nullable() }),
);
export type ProjectCreateInput = z.infer<typeof projectCreateSchema>;

/** Editing: the status changes only through PROJECT_API.status. */
export const projectUpdateSchema = checked(
  z.strictObject({
    id: idField,
    ...Object.fromEntries(Object.entries(projectFields).map(([k, s]) => [k, (s as z.ZodType).optional()])),
    code: z.string().max(32).optional().nullable(),
    status: z.string().max(20).optional(),
    version: z.number().int().optional(),
  }),
);
export type ProjectUpdateInput = { id: string } & Partial<ProjectCreateInput> & { status?: string; version?: number };

export const projectStatusSchema = z.strictObject({
  id: idField,
  status: z.enum(PROJECT_STATUS_ITEMS.map((i) => i.value) as [string, ...string[]], {
    error: PROJECT_MESSAGES.statusRequired,
  }),
  version: z.number().int().optional(),
});
export type ProjectStatusInput = z.infer<typeof projectStatusSchema>;
