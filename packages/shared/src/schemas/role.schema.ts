import { z } from 'zod';
import { ROLE_RESOURCE } from '../resources/role.js';
import { ROLE_MESSAGES } from '../system-user.js';
import { zodString } from '../zod-string.js';
import { idListSchema } from './user.schema.js';

const F = ROLE_RESOURCE.fields;

export const roleCreateSchema = z.strictObject({
  roleName: zodString(F.roleName.rules),
  roleCode: zodString(F.roleCode.rules),
  description: z.preprocess((v) => (v === '' ? null : v), zodString(F.description.rules).nullable()).optional(),
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
