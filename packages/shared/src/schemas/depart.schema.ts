import { z } from 'zod';
import { DEPART_MESSAGES as M } from '../org.js';
import { DEPART_RESOURCE, DEPART_ROLE_RESOURCE } from '../resources/depart.js';
import type { FieldRule } from '../validation.js';
import { zodString } from '../zod-string.js';
import { idListSchema } from './user.schema.js';

const F = DEPART_RESOURCE.fields;
const R = DEPART_ROLE_RESOURCE.fields;

const id = (message: string) => z.string({ error: message }).min(1, message).max(32, message);

/** An optional text: '' is stored as null. */
const optionalText = (rules: readonly FieldRule[]) =>
  z.preprocess((v) => (v === '' ? null : v), zodString(rules).nullable()).optional();

const departFields = {
  departName: zodString(F.departName.rules),
  departNameEn: optionalText(F.departNameEn.rules),
  departNameAbbr: optionalText(F.departNameAbbr.rules),
  departOrder: z.coerce.number({ error: '排序须为整数' }).int('排序须为整数').min(0).max(999_999).optional(),
  description: optionalText(F.description.rules),
  orgCategory: z.enum(['1', '2', '3'], { error: M.orgCategoryRequired }).optional(),
  orgType: z.string().max(10).optional().nullable(),
  mobile: optionalText(F.mobile.rules),
  fax: optionalText(F.fax.rules),
  address: optionalText(F.address.rules),
  memo: optionalText(F.memo.rules),
  /** Accepted (forms send the record back) and ignored: codes are the server's. */
  orgCode: z.string().max(64).optional().nullable(),
};

export const departCreateSchema = z.strictObject({
  ...departFields,
  parentId: z.preprocess((v) => (v === '' ? null : v), z.string().max(32).nullable()).optional(),
});
export type DepartCreateInput = z.infer<typeof departCreateSchema>;

export const departUpdateSchema = z.strictObject({
  ...departFields,
  departName: departFields.departName.optional(),
  parentId: z.preprocess((v) => (v === '' ? null : v), z.string().max(32).nullable()).optional(),
  id: id('参数 id 不能为空'),
  createTime: z.string().max(19).optional().nullable(),
});
export type DepartUpdateInput = z.infer<typeof departUpdateSchema>;

/** POST /sys/user/editSysDepartWithUser. */
export const departUsersAddSchema = z.strictObject({
  depId: id(M.departRequired),
  userIdList: z.array(id(M.usersRequired), { error: M.usersRequired }).min(1, M.usersRequired).max(1000),
});

const roleFields = {
  roleName: zodString(R.roleName.rules),
  roleCode: zodString(R.roleCode.rules),
  description: optionalText(R.description.rules),
};

export const departRoleCreateSchema = z.strictObject({ ...roleFields, departId: id(M.departRequired) });
export type DepartRoleCreateInput = z.infer<typeof departRoleCreateSchema>;

export const departRoleUpdateSchema = z.strictObject({
  roleName: roleFields.roleName.optional(),
  roleCode: roleFields.roleCode.optional(),
  description: roleFields.description,
  departId: z.string().max(32).optional(),
  id: id('参数 id 不能为空'),
});
export type DepartRoleUpdateInput = z.infer<typeof departRoleUpdateSchema>;

/** POST /sys/sysDepartRole/deptRoleUserAdd: the user's roles now (newRoleId) and as loaded (oldRoleId). */
export const deptRoleUserAddSchema = z.strictObject({
  userId: id(M.usersRequired),
  newRoleId: idListSchema.optional(),
  oldRoleId: idListSchema.optional(),
});

/** POST /sys/sysDepartPermission/saveDeptRolePermission. */
export const saveDeptRolePermissionSchema = z.strictObject({
  roleId: id(M.roleRequired),
  permissionIds: idListSchema,
  lastpermissionIds: idListSchema.optional(),
});

/** POST /sys/sysDepartPermission/datarule. */
export const saveDeptRoleDataRuleSchema = z.strictObject({
  permissionId: id('请选择菜单'),
  departId: id(M.departRequired),
  roleId: id(M.roleRequired),
  dataRuleIds: idListSchema.optional(),
});
