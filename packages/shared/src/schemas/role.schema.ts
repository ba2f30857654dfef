import { z } from 'zod';
import { ROLE_CODE_PATTERN, ROLE_LIMITS, ROLE_MESSAGES } from '../system-user.js';
import { lengthRules } from '../validation.js';
import { zodString } from '../zod-string.js';
import { idListSchema } from './user.schema.js';

export const roleCreateSchema = z.strictObject({
  roleName: zodString([
    { required: true, message: ROLE_MESSAGES.roleNameRequired },
    ...lengthRules({ max: ROLE_LIMITS.roleName }),
  ]),
  roleCode: zodString([
    { required: true, message: ROLE_MESSAGES.roleCodeRequired },
    { pattern: ROLE_CODE_PATTERN, message: ROLE_MESSAGES.roleCodeFormat },
  ]),
  description: z
    .preprocess((v) => (v === '' ? null : v), zodString(lengthRules({ max: ROLE_LIMITS.description })).nullable())
    .optional(),
});
export type RoleCreateInput = z.infer<typeof roleCreateSchema>;

export const roleUpdateSchema = roleCreateSchema.partial().extend({
  id: z.string({ error: '参数 id 不能为空' }).min(1, '参数 id 不能为空').max(32),
});
export type RoleUpdateInput = z.infer<typeof roleUpdateSchema>;

/** POST /sys/permission/saveRolePermission. */
export const saveRolePermissionSchema = z.strictObject({
  roleId: z.string({ error: ROLE_MESSAGES.roleIdRequired }).min(1, ROLE_MESSAGES.roleIdRequired).max(32),
  permissionIds: idListSchema,
  lastpermissionIds: idListSchema.optional(),
});

/** POST /sys/role/datarule. */
export const saveRoleDataRuleSchema = z.strictObject({
  permissionId: z
    .string({ error: ROLE_MESSAGES.permissionIdRequired })
    .min(1, ROLE_MESSAGES.permissionIdRequired)
    .max(32),
  roleId: z.string({ error: ROLE_MESSAGES.roleIdRequired }).min(1, ROLE_MESSAGES.roleIdRequired).max(32),
  dataRuleIds: idListSchema.optional(),
});
