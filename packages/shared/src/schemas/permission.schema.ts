import { z } from 'zod';
import { DATA_RULE_LIMITS, DATA_RULE_MESSAGES, PERMISSION_LIMITS, PERMISSION_MESSAGES } from '../permission-admin.js';

const M = PERMISSION_MESSAGES;

/*
 * Per-field checks of menu/permission and data-rule writes. Rules that depend on the menu type (a
 * sub-menu needs a parent, a button a code…) are checked on the merged record by the server, since an
 * edit may change only some fields.
 */

const optionalText = (max: number, message: string = PERMISSION_MESSAGES.tooLong(max)) =>
  z.string().trim().max(max, message).optional().nullable();

/** Switches arrive as 0/1 or booleans; stored as 0/1. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => (v === true || v === 1 ? 1 : 0))
  .optional();

export const permissionCreateSchema = z.object({
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: M.menuTypeRequired }),
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(PERMISSION_LIMITS.name, M.nameTooLong),
  parentId: z.string().max(32).optional().nullable(),
  url: optionalText(PERMISSION_LIMITS.url),
  component: optionalText(PERMISSION_LIMITS.component),
  componentName: optionalText(PERMISSION_LIMITS.component),
  redirect: optionalText(PERMISSION_LIMITS.url),
  perms: optionalText(PERMISSION_LIMITS.perms, M.permsTooLong),
  permsType: z.enum(['1', '2']).optional().nullable(),
  sortNo: z
    .number({ error: M.sortNoInvalid })
    .int(M.sortNoInvalid)
    .min(0, M.sortNoInvalid)
    .max(PERMISSION_LIMITS.sortNo, M.sortNoInvalid)
    .optional(),
  icon: optionalText(PERMISSION_LIMITS.icon),
  description: optionalText(PERMISSION_LIMITS.description),
  status: z.enum(['0', '1']).optional(),
  alwaysShow: flag,
  isRoute: flag,
  keepAlive: flag,
  hidden: flag,
  hideTab: flag,
  internalOrExternal: flag,
});
export type PermissionCreateInput = z.infer<typeof permissionCreateSchema>;

export const permissionUpdateSchema = permissionCreateSchema
  .partial()
  .extend({ id: z.string({ error: '参数 id 不能为空' }).min(1, '参数 id 不能为空').max(32) });
export type PermissionUpdateInput = z.infer<typeof permissionUpdateSchema>;

const D = DATA_RULE_MESSAGES;

export const dataRuleCreateSchema = z.object({
  permissionId: z.string({ error: D.permissionRequired }).min(1, D.permissionRequired).max(32),
  ruleName: z.string({ error: D.nameRequired }).trim().min(1, D.nameRequired).max(DATA_RULE_LIMITS.name, D.nameTooLong),
  ruleColumn: z.string({ error: D.columnRequired }).trim(),
  ruleConditions: z.string({ error: D.conditionRequired }),
  ruleValue: z.string({ error: D.valueRequired }),
  status: z.enum(['0', '1']).optional(),
});
export type DataRuleCreateInput = z.infer<typeof dataRuleCreateSchema>;

export const dataRuleUpdateSchema = dataRuleCreateSchema
  .partial()
  .extend({ id: z.string({ error: '参数 id 不能为空' }).min(1, '参数 id 不能为空').max(32) });
export type DataRuleUpdateInput = z.infer<typeof dataRuleUpdateSchema>;

export const saveDepartPermissionSchema = z.object({
  departId: z.string({ error: M.departRequired }).min(1, M.departRequired).max(32),
  permissionIds: z.string().max(100_000, M.tooManyIds).optional().default(''),
  lastpermissionIds: z.string().max(100_000, M.tooManyIds).optional().default(''),
});
