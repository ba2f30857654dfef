import {
  fieldKey,
  onlineDescriptor,
  onlineFieldRuleParts,
  ONLINE_ROUTES,
  type OnlineField,
  type OnlineFormDef,
  checkRules,
} from '@district/shared';
import { compileCheckPattern } from '@district/shared/schemas';
import { z, type ZodType } from 'zod';
import { ApiError } from '../../lib/http.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { defineResource, type FieldDef, type ResourceDef } from '../../lib/resource/resource.types.js';
import { resolveTableDictLabels } from '../dict/dict-lookup.service.js';
import { uniqueIndexName } from './form.sync.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The zod check of one field's value, built from the definition: the type's own check, and the rules of the
 * field's validation the generated form shows too (required, length, shared rule), then its RE2 pattern.
 */
function valueSchema(f: OnlineField, partial = false): ZodType {
  const label = f.label;
  const rules = onlineFieldRuleParts(f);
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
      const max = rules.max!;
      base = z
        .string({ error: `${label}须为文本` })
        .max(max.max!, max.message)
        .refine((v) => !v.includes('\u0000'), `${label}含有不允许的字符`)
        .superRefine((v, ctx) => {
          if (v === '') return;
          const message = checkRules(v, rules.rule);
          if (message) ctx.addIssue({ code: 'custom', message });
          // RE2: linear in the value whatever the pattern.
          if (f.pattern && !compileCheckPattern(f.pattern).matches(v)) {
            ctx.addIssue({ code: 'custom', message: f.patternMessage || `${label}格式不正确` });
          }
        });
      // Rich text is shown as HTML to other users: stored only after the announcements' sanitiser.
      if (f.widget === 'richText') base = base.transform((v) => sanitizeHtml(v));
    }
  }
  if (rules.required) {
    const { message } = rules.required;
    const required = z
      .any()
      .superRefine((v, ctx) => {
        if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message });
      })
      .pipe(base);
    // An edit may leave a field out (unchanged), but not empty it.
    return partial ? required.optional() : required;
  }
  // Empty is null; anything else answers the type's own message (a union would only say "Invalid input").
  return z.preprocess((v) => (v === '' ? null : v), base.nullable()).optional();
}

/** Rows of one tenant (of none, for a caller outside every tenant). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table's query
function sameTenant(q: any, tenantId: number | null): any {
  return tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', tenantId);
}

/**
 * A synchronised form as a resource of the standard pattern, built at run time from its definition: the shared
 * descriptor (`onlineDescriptor`, which the auto list page derives its columns, query form and rules from too) plus
 * the table, tenancy, data rules (on its auto list's menu), the value checks and a tree's hooks. The same
 * list/filters/sort/export/import and data logs as hand-written resources; only the definition's fields
 * (validated identifiers) reach SQL.
 */
export function formResource(def: OnlineFormDef): ResourceDef {
  const descriptor = onlineDescriptor(def, { indexName: uniqueIndexName });
  const table = def.tableName;
  const tree = def.formKind === 'tree' && def.treeParentField ? fieldKey(def.treeParentField) : null;
  // Server-side facts of declared fields: a table dictionary's labels in one query per page.
  const serverFields: Record<string, Partial<FieldDef>> = {};
  const shape: Record<string, ZodType> = {};
  const partialShape: Record<string, ZodType> = {};
  for (const f of def.fields) {
    const key = fieldKey(f.name);
    if (f.dictCode?.includes(',')) {
      const dict = f.dictCode;
      serverFields[key] = { dictTable: (db, values) => resolveTableDictLabels(db, dict, values, null) };
    }
    shape[key] = valueSchema(f);
    partialShape[key] = valueSchema(f, true);
  }
  if (tree) {
    shape[tree] = z.string().max(32).nullable().optional();
    partialShape[tree] = shape[tree];
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
  return defineResource(descriptor, {
    // Generated tables are outside Database: the name is a validated identifier of the definition.
    table: fieldKey(table) as ResourceDef['table'],
    fields: serverFields,
    dataRuleMenu: `${ONLINE_ROUTES.autoList}/${table}`,
    // Tree tables: `treeRoot=1` lists the top level (no parent); children are asked for by the parent field.
    extraParams: tree
      ? {
          treeRoot: (q, value) => {
            const col = `${fieldKey(table)}.${tree}`;
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table's column
            return value === '1' ? q.where((eb: any) => eb.or([eb(col, 'is', null), eb(col, '=', '')])) : q;
          },
        }
      : undefined,
    decorate: tree
      ? async (rows, ctx) => {
          if (!rows.length) return;
          // Only children of the caller's tenant count: another tenant's row naming this one as its parent
          // must neither show nor be shown.
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table
          const withChildren = (await sameTenant((ctx.db as any).selectFrom(fieldKey(table)), ctx.user.tenantId)
            .select(tree)
            .distinct()
            .where(
              tree,
              'in',
              rows.map((r) => String(r.id)),
            )
            .execute()) as Record<string, unknown>[];
          const set = new Set(withChildren.map((r) => String(r[tree])));
          for (const r of rows) r.hasChild = set.has(String(r.id)) ? '1' : '0';
        }
      : undefined,
    tenancy: { kind: 'column' },
    orgCodeColumn: 'sysOrgCode',
    createSchema,
    updateSchema,
    beforeWrite: async (row, existingId, ctx) => {
      for (const unique of descriptor.unique ?? []) {
        // The index is (tenant, field): the field is its last column.
        const key = unique.fields[unique.fields.length - 1]!;
        const value = row[key];
        if (value === undefined || value === null || value === '') continue;
        // Unique within the row's tenant (as the index is): another tenant's values are neither a conflict nor
        // something this answer may reveal.
        const tenant = row.tenantId === undefined ? ctx.user.tenantId : (row.tenantId as number | null);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table
        let q = sameTenant((ctx.db as any).selectFrom(fieldKey(table)), tenant)
          .select('id')
          .where(key, '=', value);
        if (existingId) q = q.where('id', '<>', existingId);
        if (await q.executeTakeFirst()) throw new ApiError(400, unique.message(String(value)));
      }
    },
  });
}
