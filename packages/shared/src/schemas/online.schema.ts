import { z } from 'zod';
import {
  isOnlineIdentifier,
  ONLINE_DB_TYPES,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  ONLINE_WIDGETS,
  onlineColumnProblem,
  type OnlineDbType,
  type OnlineWidget,
} from '../online.js';
import { RULES } from '../validation.js';

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);
const optionalText = (max: number) => z.string().max(max).nullable().optional();

const identifier = (message: string) =>
  z
    .string({ error: message })
    .max(63, message)
    .refine((v) => isOnlineIdentifier(v), message);

export const onlineFieldSchema = z
  .strictObject({
    name: identifier(ONLINE_MESSAGES.fieldName),
    label: text(50, '请输入字段备注'),
    dbType: z
      .string()
      .refine((v) => v !== 'blob', ONLINE_MESSAGES.blobRefused)
      .pipe(z.enum(ONLINE_DB_TYPES as [OnlineDbType, ...OnlineDbType[]], { error: '请选择字段类型' })),
    length: z.number().int().min(1).max(ONLINE_LIMITS.maxStringLength).optional(),
    scale: z.number().int().min(0).max(ONLINE_LIMITS.maxDecimalScale).optional(),
    required: z.boolean().optional(),
    defaultValue: optionalText(255),
    unique: z.boolean().optional(),
    showList: z.boolean().optional(),
    showQuery: z.boolean().optional(),
    showForm: z.boolean().optional(),
    queryMode: z.enum(['exact', 'like', 'range']).optional(),
    widget: z.enum(ONLINE_WIDGETS as unknown as [OnlineWidget, ...OnlineWidget[]]).optional(),
    dictCode: optionalText(200),
    ruleCode: z
      .string()
      .refine((v) => Object.hasOwn(RULES, v), '校验规则不存在')
      .nullable()
      .optional(),
    pattern: optionalText(500),
    patternMessage: optionalText(100),
    linkTable: optionalText(63),
    order: z.number().int().min(0).max(10_000).optional(),
  })
  .superRefine((f, ctx) => {
    const reserved = onlineColumnProblem(f.name);
    if (reserved) ctx.addIssue({ code: 'custom', message: reserved, path: ['name'] });
    // MySQL indexes neither a text column nor a key longer than 3,072 bytes.
    if (f.unique && f.dbType === 'text') {
      ctx.addIssue({ code: 'custom', message: ONLINE_MESSAGES.uniqueText(f.label), path: ['unique'] });
    }
    if (f.unique && f.dbType === 'string' && (f.length ?? 255) > ONLINE_LIMITS.uniqueMaxLength) {
      ctx.addIssue({
        code: 'custom',
        message: ONLINE_MESSAGES.uniqueTooLong(f.label, ONLINE_LIMITS.uniqueMaxLength),
        path: ['length'],
      });
    }
    if (f.dbType === 'decimal' && f.length !== undefined && (f.length > 30 || (f.scale ?? 2) >= f.length)) {
      ctx.addIssue({ code: 'custom', message: `字段 ${f.label} 的长度须大于小数位数且不超过30`, path: ['length'] });
    }
  });

const subTableSchema = z.strictObject({
  table: identifier(ONLINE_MESSAGES.tableName),
  relation: z.enum(['many', 'one']),
  foreignKey: identifier(ONLINE_MESSAGES.fieldName),
});

export const onlineFormSaveSchema = z
  .strictObject({
    id: z.string().max(32).optional(),
    tableName: identifier(ONLINE_MESSAGES.tableName).refine(
      (v) => v.startsWith(ONLINE_LIMITS.tablePrefix) && v.length > ONLINE_LIMITS.tablePrefix.length,
      ONLINE_MESSAGES.tableName,
    ),
    title: text(100, '请输入表描述'),
    formKind: z.enum(['single', 'main', 'sub', 'tree']).default('single'),
    theme: z.enum(['plain', 'erp', 'tab', 'inner']).default('plain'),
    treeParentField: identifier(ONLINE_MESSAGES.fieldName).nullable().optional(),
    treeTextField: identifier(ONLINE_MESSAGES.fieldName).nullable().optional(),
    subTables: z.array(subTableSchema).max(10).default([]),
    fields: z.array(onlineFieldSchema).min(1, '请至少添加一个字段').max(ONLINE_LIMITS.maxFields),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    for (const f of form.fields) {
      if (seen.has(f.name)) ctx.addIssue({ code: 'custom', message: ONLINE_MESSAGES.fieldDuplicate(f.name) });
      seen.add(f.name);
    }
    if (form.formKind === 'tree') {
      const parentProblem = form.treeParentField ? onlineColumnProblem(form.treeParentField) : null;
      if (!form.treeParentField) ctx.addIssue({ code: 'custom', message: '树表请填写父级字段' });
      else if (parentProblem) ctx.addIssue({ code: 'custom', message: parentProblem, path: ['treeParentField'] });
      else if (seen.has(form.treeParentField))
        ctx.addIssue({ code: 'custom', message: '父级字段由系统生成，请勿在字段中重复' });
      if (form.treeTextField && !seen.has(form.treeTextField))
        ctx.addIssue({ code: 'custom', message: '树显示字段须是表单的字段' });
    }
    if (form.formKind !== 'main' && form.subTables.length)
      ctx.addIssue({ code: 'custom', message: '只有主表可以配置附表' });
  });
export type OnlineFormSaveInput = z.infer<typeof onlineFormSaveSchema>;

export const onlineSyncSchema = z.strictObject({
  id: z.string().min(1, '参数 id 不能为空').max(32),
  /** Changes that lose data run only with this confirmation. */
  confirm: z.boolean().optional(),
});

export const onlineCopySchema = z.strictObject({
  id: z.string().min(1, '参数 id 不能为空').max(32),
  tableName: identifier(ONLINE_MESSAGES.tableName).refine(
    (v) => v.startsWith(ONLINE_LIMITS.tablePrefix) && v.length > ONLINE_LIMITS.tablePrefix.length,
    ONLINE_MESSAGES.tableName,
  ),
});

export const onlineEnhanceSchema = z.strictObject({
  tableName: z.string().min(1).max(63),
  script: z.string().max(ONLINE_LIMITS.enhanceMaxChars, `脚本最长 ${ONLINE_LIMITS.enhanceMaxChars} 个字符`),
});

const reportColumnSchema = z.strictObject({
  field: z
    .string()
    .min(1)
    .max(63)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '列字段名只能由字母、数字和下划线组成'),
  label: text(50, '请输入列名称'),
  width: z.number().int().min(40).max(1000).nullable().optional(),
  dictCode: optionalText(200),
  hidden: z.boolean().optional(),
  sortable: z.boolean().optional(),
  link: optionalText(300),
});

export const onlineReportSaveSchema = z.strictObject({
  id: z.string().max(32).optional(),
  code: z
    .string({ error: '请输入报表编码' })
    .min(1, '请输入报表编码')
    .max(50)
    .regex(/^[a-z][a-z0-9_]*$/, '报表编码只能由小写字母、数字和下划线组成，以字母开头'),
  name: text(100, '请输入报表名称'),
  dbSource: optionalText(50),
  sqlText: text(ONLINE_LIMITS.reportSqlMaxChars, '请输入查询SQL'),
  columns: z.array(reportColumnSchema).max(100).default([]),
  params: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, '参数名只能由字母、数字和下划线组成'),
        label: text(50, '请输入参数名称'),
        defaultValue: optionalText(200),
        dictCode: optionalText(200),
        hint: optionalText(50),
      }),
    )
    .max(30)
    .default([]),
  queryFields: z
    .array(
      z.strictObject({
        field: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, '查询字段名只能由字母、数字和下划线组成'),
        label: text(50, '请输入查询字段名称'),
        mode: z.enum(['exact', 'like', 'range']),
        dictCode: optionalText(200),
      }),
    )
    .max(30)
    .default([]),
});
export type OnlineReportSaveInput = z.infer<typeof onlineReportSaveSchema>;

/** 生成菜单: a menu entry for a form's auto list or a report's page, under a chosen parent (none: top level). */
export const onlineCreateMenuSchema = z.strictObject({
  id: z.string().min(1, '参数 id 不能为空').max(32),
  parentId: z.string().max(32).nullable().optional(),
  name: z.string().trim().max(50, '菜单名称最长 50 个字符').optional(),
});
export type OnlineCreateMenuInput = z.infer<typeof onlineCreateMenuSchema>;
