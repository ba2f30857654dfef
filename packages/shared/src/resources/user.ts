import { PERM } from '../permissions.js';
import { describeResource, type ResourceField } from '../resource.js';
import { USER_LIMITS, USER_MESSAGES } from '../system-user.js';
import { MASKED_PATTERNS, PATTERNS, RULES, lengthRules, orMasked } from '../validation.js';

/** A user's uniqueness answer names the field (checkOnlyUser, the add/edit checks, the database's refusal). */
const taken = (title: string) => () => USER_MESSAGES.taken(title);

/** The fields apart from the descriptor, so that the uniqueness messages read their titles. */
const FIELDS = {
  username: {
    title: '用户账号',
    type: 'string',
    filter: true,
    sort: true,
    list: { width: 120 },
    query: 'like',
    rules: RULES.username,
  },
  realname: {
    title: '用户姓名',
    type: 'string',
    filter: true,
    sort: true,
    list: { width: 100 },
    query: 'like',
    rules: [{ required: true, message: USER_MESSAGES.realnameRequired }, ...lengthRules({ max: USER_LIMITS.realname })],
  },
  sex: { title: '性别', type: 'int', filter: true, sort: true, dict: 'sex', list: { width: 70 }, query: 'dict' },
  birthday: { title: '生日', type: 'date', filter: true, sort: true, list: { width: 110 } },
  /**
   * Phone and e-mail are encrypted at rest (issue 24): found by the whole value only (no partial match, no sorting),
   * answered masked unless the caller holds system:user:viewPhone; a masked value sent back means "unchanged".
   */
  phone: {
    title: '手机号码',
    type: 'string',
    filter: true,
    list: { width: 120 },
    query: { kind: 'eq', placeholder: '完整手机号码' },
    rules: [{ pattern: orMasked(PATTERNS.mobile, MASKED_PATTERNS.mobile), message: RULES.mobile[1].message }],
  },
  email: {
    title: '邮箱',
    type: 'string',
    filter: true,
    rules: [
      { pattern: orMasked(PATTERNS.email, MASKED_PATTERNS.email), message: RULES.email[0].message },
      ...lengthRules({ max: USER_LIMITS.email }),
    ],
  },
  workNo: { title: '工号', type: 'string', filter: true, sort: true, rules: lengthRules({ max: USER_LIMITS.workNo }) },
  telephone: {
    title: '座机',
    type: 'string',
    filter: true,
    rules: [{ pattern: PATTERNS.landline, message: RULES.landline[0].message }],
  },
  orgCode: { title: '部门编码', type: 'string', filter: true, sort: true, excel: false },
  status: {
    title: '状态',
    type: 'int',
    filter: true,
    sort: true,
    dict: 'user_status',
    list: { width: 70 },
    query: 'dict',
  },
  createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false, list: { width: 170 } },
  avatar: { title: '头像', type: 'string', excel: false, rules: lengthRules({ max: USER_LIMITS.avatar }) },
  // Filled by the server (department names); exported, ignored on import.
  orgCodeTxt: { title: '所属部门', type: 'string', computed: true },
  password: { title: '密码', type: 'string', hidden: true },
} as const satisfies Record<string, ResourceField>;

/**
 * 用户 (sys_user). The account name is unique regardless of case (the `_fold` index); phone, e-mail and work number
 * among live accounts only (partial indexes), since a deleted account keeps its values.
 */
export const USER_RESOURCE = describeResource({
  name: 'sys_user',
  title: '用户',
  path: '/sys/user',
  exportName: '用户信息',
  fields: FIELDS,
  permissions: {
    list: PERM.userList,
    add: PERM.userAdd,
    edit: PERM.userEdit,
    delete: PERM.userDelete,
    exportXls: PERM.userExport,
    importExcel: PERM.userImport,
  },
  unique: [
    { index: 'uq_sys_user_username', fields: ['username'], message: taken(FIELDS.username.title) },
    // Migration 2026-11-27-0070: user names regardless of case (an expression index; SQLite names it alone).
    { index: 'uq_sys_user_username_fold', fields: ['username'], message: taken(FIELDS.username.title) },
    // Migration 2026-11-28-0050: phone and e-mail are unique through their keyed hashes (the values are sealed).
    { index: 'uq_sys_user_phone_hash', fields: ['phoneHash'], live: true, message: taken(FIELDS.phone.title) },
    { index: 'uq_sys_user_email_hash', fields: ['emailHash'], live: true, message: taken(FIELDS.email.title) },
    { index: 'uq_sys_user_work_no', fields: ['workNo'], live: true, message: taken(FIELDS.workNo.title) },
  ],
});

/** The unique user fields and the label checkOnlyUser names in its answer: their titles. */
export const USER_UNIQUE_FIELDS = {
  username: USER_RESOURCE.fields.username.title,
  phone: USER_RESOURCE.fields.phone.title,
  email: USER_RESOURCE.fields.email.title,
  workNo: USER_RESOURCE.fields.workNo.title,
} as const;
export type UserUniqueField = keyof typeof USER_UNIQUE_FIELDS;
