import { z } from 'zod';
import { TENANT_LIMITS as L, TENANT_MESSAGES as M } from '../org.js';
import { TENANT_RESOURCE } from '../resources/tenant.js';
import { zodString } from '../zod-string.js';
import { idListSchema } from './user.schema.js';

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

const dateField = z
  .preprocess((v) => (v === '' ? null : v), z.string({ error: M.dateFormat }).regex(DATE, M.dateFormat).nullable())
  .optional();

export const tenantIdSchema = z.coerce
  .number({ error: M.idFormat })
  .int(M.idFormat)
  .min(L.idMin, M.idFormat)
  .max(L.idMax, M.idFormat);

const tenantFields = {
  name: zodString(TENANT_RESOURCE.fields.name.rules),
  beginDate: dateField,
  endDate: dateField,
  status: z.coerce.number({ error: M.statusRequired }).int().min(0, M.statusRequired).max(1, M.statusRequired),
};

const datesInOrder = (v: { beginDate?: string | null; endDate?: string | null }) =>
  !v.beginDate || !v.endDate || v.endDate.slice(0, 10) >= v.beginDate.slice(0, 10);

export const tenantCreateSchema = z
  .strictObject({
    id: z.unknown().transform((v, ctx) => {
      if (v === undefined || v === null || v === '') {
        ctx.addIssue({ code: 'custom', message: M.idRequired });
        return z.NEVER;
      }
      const r = tenantIdSchema.safeParse(v);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', message: M.idFormat });
        return z.NEVER;
      }
      return r.data;
    }),
    ...tenantFields,
    status: tenantFields.status.optional(),
  })
  .refine(datesInOrder, { message: M.endBeforeBegin, path: ['endDate'] });
export type TenantCreateInput = z.infer<typeof tenantCreateSchema>;

export const tenantUpdateSchema = z
  .strictObject({
    id: tenantIdSchema,
    name: tenantFields.name.optional(),
    beginDate: dateField,
    endDate: dateField,
    status: tenantFields.status.optional(),
    createTime: z.string().max(19).optional().nullable(),
  })
  .refine(datesInOrder, { message: M.endBeforeBegin, path: ['endDate'] });
export type TenantUpdateInput = z.infer<typeof tenantUpdateSchema>;

/** POST /sys/tenant/addUsers: ids as an array or comma-separated. */
export const tenantUsersAddSchema = z.strictObject({
  tenantId: tenantIdSchema,
  userIds: z.union([z.array(z.string().min(1).max(32)).max(1000), idListSchema], { error: M.usersRequired }),
});
