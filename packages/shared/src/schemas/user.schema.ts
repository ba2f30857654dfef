import { z } from 'zod';
import { USER_RESOURCE } from '../resources/user.js';
import { USER_MESSAGES } from '../system-user.js';
import type { FieldRule } from '../validation.js';
import { LOGIN_MESSAGES } from '../session.js';
import { zodString } from '../zod-string.js';

const F = USER_RESOURCE.fields;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** An optional text field: empty means null, anything else is checked by the shared rules. */
function optionalText(rules: readonly FieldRule[]) {
  return z.preprocess(blankToNull, zodString(rules).nullable()).optional();
}

/** A dictionary-backed integer that may arrive as a number or its text ('1'), e.g. from a spreadsheet. */
function dictInt(values: readonly number[], message: string) {
  return z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === 'string' && /^\d+$/.test(b.trim()) ? Number(b) : b;
    },
    z
      .number({ error: message })
      .refine((n) => values.includes(n), message)
      .nullable(),
  );
}

/** Comma-separated record ids (roles, departments, positions): at most 500 of them. */
export const idListSchema = z
  .string({ error: '参数格式有误' })
  .max(20_000, '选择的数据过多')
  .regex(/^[A-Za-z0-9_,-]*$/, '参数格式有误');

/** Comma-separated tenant ids. */
const tenantListSchema = z
  .string({ error: '参数格式有误' })
  .max(2000)
  .regex(/^[0-9,]*$/, '租户参数格式有误');

const userFields = {
  realname: zodString(F.realname.rules),
  workNo: optionalText(F.workNo.rules),
  sex: dictInt([1, 2], USER_MESSAGES.sexInvalid).optional(),
  birthday: z
    .preprocess(
      blankToNull,
      z
        .string({ error: USER_MESSAGES.birthdayFormat })
        .regex(/^\d{4}-\d{2}-\d{2}$/, USER_MESSAGES.birthdayFormat)
        .nullable(),
    )
    .optional(),
  phone: optionalText(F.phone.rules),
  email: optionalText(F.email.rules),
  telephone: optionalText(F.telephone.rules),
  avatar: optionalText(F.avatar.rules),
  status: dictInt([1, 2], USER_MESSAGES.statusInvalid).optional(),
  /** Role ids, comma-separated. */
  selectedroles: idListSchema.optional(),
  /** Department ids, comma-separated; the first one gives the user's org code. */
  selecteddeparts: idListSchema.optional(),
  /** Position (职务) ids, comma-separated. */
  selectedPositions: idListSchema.optional(),
  /** Tenant ids, comma-separated; empty means the caller's current tenant. */
  relTenantIds: tenantListSchema.optional(),
};

// The rule of 安全设置 is the server's to check (lib/password-policy.ts): here only a bound.
const passwordField = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, USER_MESSAGES.passwordRequired)
  .max(128, LOGIN_MESSAGES.passwordTooLong);

/** POST /sys/user/add: the account, its password (twice) and its links. */
export const userAddSchema = z
  .strictObject({
    username: zodString(F.username.rules),
    password: passwordField,
    confirmpassword: z.string({ error: USER_MESSAGES.confirmRequired }).min(1, USER_MESSAGES.confirmRequired),
    ...userFields,
  })
  .refine((v) => v.password === v.confirmpassword, { message: USER_MESSAGES.mismatch, path: ['confirmpassword'] });
export type UserAddInput = z.infer<typeof userAddSchema>;

/** A user row read from a spreadsheet: no password (every imported user gets the initial password). */
export const userImportSchema = z.object({ username: zodString(F.username.rules), ...userFields });
export type UserImportInput = z.infer<typeof userImportSchema>;

/** PUT /sys/user/edit: the account name stays; the password changes through changPassword. */
export const userEditSchema = z.strictObject({
  id: z.string({ error: '参数 id 不能为空' }).min(1, '参数 id 不能为空').max(32),
  username: z.string().max(100).optional(),
  ...userFields,
  realname: userFields.realname.optional(),
});
export type UserEditInput = z.infer<typeof userEditSchema>;

/** PUT /sys/user/frozenBatch: 1 unfreezes, 2 freezes. */
export const userFreezeSchema = z.strictObject({
  ids: z.string({ error: USER_MESSAGES.idsRequired }).min(1, USER_MESSAGES.idsRequired).pipe(idListSchema),
  status: dictInt([1, 2], USER_MESSAGES.statusInvalid).pipe(z.number({ error: USER_MESSAGES.statusInvalid })),
});

/** PUT /sys/user/changPassword: an administrator sets another user's password. */
export const userChangePasswordSchema = z
  .strictObject({
    username: z.string({ error: '请输入用户名' }).min(1, '请输入用户名').max(100),
    password: passwordField,
    confirmpassword: z.string({ error: USER_MESSAGES.confirmRequired }).min(1, USER_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmpassword, { message: USER_MESSAGES.mismatch, path: ['confirmpassword'] });

/** POST /sys/user/addSysUserRole. */
export const roleUsersAddSchema = z.strictObject({
  roleId: z.string({ error: '请选择角色' }).min(1, '请选择角色').max(32),
  userIdList: z
    .array(z.string().min(1).max(32), { error: USER_MESSAGES.selectUsers })
    .min(1, USER_MESSAGES.selectUsers)
    .max(1000, '一次最多添加 1000 个用户'),
});
