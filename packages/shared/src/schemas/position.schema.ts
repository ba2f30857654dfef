import { z } from 'zod';
import { POSITION_RESOURCE } from '../resources/position.js';
import { zodString } from '../zod-string.js';

const F = POSITION_RESOURCE.fields;

export const positionCreateSchema = z.object({
  code: zodString(F.code.rules),
  name: zodString(F.name.rules),
  postRank: z.string().max(2).optional().nullable(),
  companyId: z.string().max(32).optional().nullable(),
});
export type PositionCreateInput = z.infer<typeof positionCreateSchema>;

export const positionUpdateSchema = positionCreateSchema.partial().extend({ id: z.string().min(1).max(32) });
export type PositionUpdateInput = z.infer<typeof positionUpdateSchema>;

/** POST /sys/position/addUsers: ids as an array or comma-separated. */
export const positionUsersAddSchema = z.strictObject({
  positionId: z.string({ error: '请选择职务' }).min(1, '请选择职务').max(32),
  userIds: z.union([z.array(z.string().min(1).max(32)).max(1000), z.string().max(20_000)], { error: '请选择用户' }),
});
