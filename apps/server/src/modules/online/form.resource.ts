import {
  fieldKey,
  onlineFormPerm,
  RULES,
  type OnlineField,
  type OnlineFormDef,
  type PermissionCode,
  type RuleName,
  checkRules,
} from '@district/shared';
import { compileCheckPattern } from '@district/shared/schemas';
import { z, type ZodType } from 'zod';
import { ApiError } from '../../lib/http.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import type { FieldDef, FieldType, ResourceDef } from '../../lib/resource/resource.types.js';
import { resolveTableDictLabels } from '../dict/dict-lookup.service.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function fieldType(f: OnlineField): FieldType {
  switch (f.dbType) {
    case 'int':
    case 'boolean':
      return 'int';
    case 'decimal':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'string';
  }
}

/** The zod check of one field's value, built from the definition (required, length, type, rule, pattern). */
function valueSchema(f: OnlineField, partial = false): ZodType {
  const label = f.label;
  let base: ZodType;
  switch (f.dbType) {
    case 'int':
      base = z.coerce
        .number({ error: `${label}须为整数` })
        .int(`${label}须为整数`)
        .min(-2147483648)
        .max(2147483647);
      break;
    case 'boolean':
      base = z.union([z.boolean().transform((b) => (b ? 1 : 0)), z.coerce.number().int().min(0).max(1)], {
        error: `${label}只能是 0 或 1`,
      });
      break;
    case 'decimal': {
      const scale = f.scale ?? 2;
      const digits = (f.length ?? 18) - scale;
      const re = new RegExp(`^-?\\d{1,${digits}}(\\.\\d{1,${scale}})?$`);
      base = z
        .union([z.number(), z.string()])
        .transform((v) => String(v).trim())
        .refine((v) => re.test(v), `${label}最多 ${digits} 位整数、${scale} 位小数`)
        .transform((v) => Number(v));
      break;
    }
    case 'date':
      base = z.string().regex(DATE, `${label}须为日期 YYYY-MM-DD`);
      break;
    case 'datetime':
      base = z.string().regex(DATETIME, `${label}须为 YYYY-MM-DD HH:mm:ss`);
      break;
    default: {
      const max = f.dbType === 'text' ? 65_535 : (f.length ?? 255);
      base = z
        .string({ error: `${label}须为文本` })
        .max(max, `${label}最长 ${max} 个字符`)
        .refine((v) => !v.includes('\u0000'), `${label}含有不允许的字符`)
        .superRefine((v, ctx) => {
          if (v === '') return;
          if (f.ruleCode && Object.hasOwn(RULES, f.ruleCode)) {
            const message = checkRules(v, RULES[f.ruleCode as RuleName]);
            if (message) ctx.addIssue({ code: 'custom', message });
          }
          // RE2: linear in the value whatever the pattern.
          if (f.pattern && !compileCheckPattern(f.pattern).matches(v)) {
            ctx.addIssue({ code: 'custom', message: f.patternMessage || `${label}格式不正确` });
          }
        });
      // Rich text is shown as HTML to other users: stored only after the announcements' sanitiser.
      if (f.widget === 'richText') base = base.transform((v) => sanitizeHtml(v));
    }
  }
  if (f.required) {
    const required = z
      .any()
      .superRefine((v, ctx) => {
        if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: `请输入${label}` });
      })
      .pipe(base);
    // An edit may leave a field out (unchanged), but not empty it.
    return partial ? required.optional() : required;
  }
  // Empty is null; anything else answers the type's own message (a union would only say "Invalid input").
  return z.preprocess((v) => (v === '' ? null : v), base.nullable()).optional();
}

/**
 * A synchronised form as a resource of the standard pattern, built at run time from its definition: the same
 * list/filters/sort/export/import, tenancy, data rules (on its auto list's menu) and data logs as hand-written
 * resources. Only the definition's fields (validated identifiers) reach SQL.
 */
export function formResource(def: OnlineFormDef): ResourceDef {
  const fields: Record<string, FieldDef> = {
    id: { type: 'string', title: 'ID', excel: false, filter: true },
    createBy: { type: 'string', title: '创建人', filter: true, sort: true, excel: false },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
    updateTime: { type: 'datetime', title: '更新时间', sort: true, excel: false },
    sysOrgCode: { type: 'string', title: '所属部门', filter: true, excel: false },
  };
  if (def.formKind === 'tree' && def.treeParentField) {
    fields[fieldKey(def.treeParentField)] = { type: 'string', title: '父级', filter: true, excel: false };
    fields.hasChild = { type: 'string', title: '有子节点', computed: true, excel: false };
  }
  const shape: Record<string, ZodType> = {};
  const partialShape: Record<string, ZodType> = {};
  for (const f of def.fields) {
    const key = fieldKey(f.name);
    const fd: FieldDef = {
      type: fieldType(f),
      title: f.label,
      filter: true,
      sort: f.dbType !== 'text',
      excel: f.dbType !== 'text' || f.showList !== false,
    };
    if (f.dictCode) {
      if (f.dictCode.includes(',')) {
        const dict = f.dictCode;
        fd.dictTable = (db, values) => resolveTableDictLabels(db, dict, values, null);
      } else fd.dict = f.dictCode;
      if (f.widget === 'checkbox' || f.widget === 'multiSelect') fd.multi = true;
    }
    if (f.widget === 'password') fd.hidden = true;
    fields[key] = fd;
    shape[key] = valueSchema(f);
    partialShape[key] = valueSchema(f, true);
  }
  if (def.formKind === 'tree' && def.treeParentField) {
    shape[fieldKey(def.treeParentField)] = z.string().max(32).nullable().optional();
    partialShape[fieldKey(def.treeParentField)] = shape[fieldKey(def.treeParentField)]!;
  }
  const createSchema = z.strictObject(shape).transform((body) => {
    // Defaults of the definition fill fields the form left empty.
    const out: Record<string, unknown> = { ...body };
    for (const f of def.fields) {
      const key = fieldKey(f.name);
      if ((out[key] === undefined || out[key] === null) && f.defaultValue) out[key] = f.defaultValue;
    }
    return out;
  });
  const updateSchema = z.strictObject({ ...partialShape, id: z.string().min(1).max(32) });
  const table = def.tableName;
  const perm = (a: Parameters<typeof onlineFormPerm>[1]) => onlineFormPerm(table, a) as PermissionCode;
  return {
    name: table,
    title: def.title,
    // Generated tables are outside Database: the name is a validated identifier of the definition.
    table: fieldKey(table) as ResourceDef['table'],
    path: `/online/cgform/data/${table}`,
    fields,
    permissions: {
      list: perm('list'),
      add: perm('add'),
      edit: perm('edit'),
      delete: perm('delete'),
      exportXls: perm('export'),
      importExcel: perm('import'),
    },
    dataRuleMenu: `/online/cgformList/${table}`,
    // Tree tables: `treeRoot=1` lists the top level (no parent); children are asked for by the parent field.
    extraParams:
      def.formKind === 'tree' && def.treeParentField
        ? {
            treeRoot: (q, value) => {
              const col = `${fieldKey(table)}.${fieldKey(def.treeParentField!)}`;
              // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table's column
              return value === '1' ? q.where((eb: any) => eb.or([eb(col, 'is', null), eb(col, '=', '')])) : q;
            },
          }
        : undefined,
    decorate:
      def.formKind === 'tree' && def.treeParentField
        ? async (rows, ctx) => {
            if (!rows.length) return;
            const parent = fieldKey(def.treeParentField!);
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table
            const withChildren = (await (ctx.db as any)
              .selectFrom(fieldKey(table))
              .select(parent)
              .distinct()
              .where(
                parent,
                'in',
                rows.map((r) => String(r.id)),
              )
              .execute()) as Record<string, unknown>[];
            const set = new Set(withChildren.map((r) => String(r[parent])));
            for (const r of rows) r.hasChild = set.has(String(r.id)) ? '1' : '0';
          }
        : undefined,
    tenancy: { kind: 'column' },
    orgCodeColumn: 'sysOrgCode',
    createSchema,
    updateSchema,
    beforeWrite: async (row, existingId, ctx) => {
      for (const f of def.fields.filter((x) => x.unique)) {
        const key = fieldKey(f.name);
        const value = row[key];
        if (value === undefined || value === null || value === '') continue;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table
        let q = (ctx.db as any).selectFrom(fieldKey(table)).select('id').where(key, '=', value);
        if (existingId) q = q.where('id', '<>', existingId);
        if (await q.executeTakeFirst()) {
          throw new ApiError(400, `${f.label}“${String(value)}”已存在`);
        }
      }
    },
  };
}
