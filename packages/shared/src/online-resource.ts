import { ONLINE_API, fieldKey, onlineFormPerm, type OnlineField, type OnlineFormDef } from './online.js';
import type { PermissionCode } from './permissions.js';
import type {
  ListValueType,
  QueryKind,
  ResourceDescriptor,
  ResourceField,
  ResourceFieldType,
  ResourceUnique,
} from './resource.js';
import { RULES, type FieldRule, type RuleName } from './validation.js';

/*
 * A synchronised online form as a resource descriptor (issue 23: one shape for hand-written and designed screens).
 * The server's engine serves the form's table from it (`formResource`) and the auto list page derives its columns,
 * query form and form rules from it, as every hand-written page does from its own descriptor.
 */

/** The base path of a synchronised form's standard routes (`{path}/list`, `{path}/add`, …). */
export function onlineDataPath(table: string): string {
  return `${ONLINE_API.data}/${table}`;
}

/** Columns every generated table has, answered and filtered like the form's own fields (never written). */
const SYSTEM_FIELDS = {
  id: { type: 'string', title: 'ID', excel: false, filter: true },
  createBy: { type: 'string', title: '创建人', filter: true, sort: true, excel: false },
  createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  updateTime: { type: 'datetime', title: '更新时间', sort: true, excel: false },
  sysOrgCode: { type: 'string', title: '所属部门', filter: true, excel: false },
} as const satisfies Record<string, ResourceField>;

function fieldType(f: OnlineField): ResourceFieldType {
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

/** The longest text a string or long-text field holds (characters). */
export function onlineMaxLength(f: OnlineField): number | null {
  if (f.dbType === 'text') return 65_535;
  if (f.dbType === 'string') return f.length ?? 255;
  return null;
}

/** The rules of one field's validation, in the order they are checked. */
export interface OnlineFieldRules {
  /** 请输入{label}: the designer's 必填. */
  required?: FieldRule;
  /** Text fields: the column's length. */
  max?: FieldRule;
  /**
   * Text fields: the shared rule chosen as 校验规则, checked on a value that is not empty (so its own required rule
   * only refuses a value of spaces; 必填 decides whether the field may be empty).
   */
  rule: readonly FieldRule[];
}

/**
 * A field's validation as shared rule objects: the server's zod check and the generated form read the same
 * messages. The designer's regular expression is not among them: it runs on RE2 on the server (linear time),
 * which the browser's RegExp does not promise.
 */
export function onlineFieldRuleParts(f: OnlineField): OnlineFieldRules {
  const parts: OnlineFieldRules = { rule: [] };
  if (f.required) parts.required = { required: true, message: `请输入${f.label}` };
  const max = onlineMaxLength(f);
  if (max !== null) {
    parts.max = { max, message: `${f.label}最长 ${max} 个字符` };
    if (f.ruleCode && Object.hasOwn(RULES, f.ruleCode)) {
      parts.rule = RULES[f.ruleCode as RuleName];
    }
  }
  return parts;
}

/** The same as one list for a form (a shared rule's own required rule left out: the field may stay empty). */
export function onlineFieldRules(f: OnlineField): FieldRule[] {
  const { required, max, rule } = onlineFieldRuleParts(f);
  return [...(required ? [required] : []), ...(max ? [max] : []), ...rule.filter((r) => !r.required)];
}

/** The query input the designer's 查询模式 gives a field shown in the query form. */
function queryKind(f: OnlineField): QueryKind {
  // A table dictionary (`table,text,code`) has no select of its own: its value is typed.
  if (f.dictCode && !f.dictCode.includes(',')) return 'dict';
  if ((f.dbType === 'date' || f.dbType === 'datetime') && f.queryMode === 'range') {
    return f.dbType === 'date' ? 'dateRange' : 'datetimeRange';
  }
  if (f.dbType === 'int' || f.dbType === 'decimal') return 'number';
  // Text matches partly, as every other list does, unless the designer chose 精确查询 (a table dictionary's
  // typed code is matched exactly).
  if ((f.dbType === 'string' || f.dbType === 'text') && !f.dictCode) return f.queryMode === 'exact' ? 'eq' : 'like';
  return 'eq';
}

/** A long text shows cut; a yes/no field shows its 0/1 as text. */
function listLook(f: OnlineField): ListValueType | undefined {
  if (f.dictCode) return undefined;
  if (f.dbType === 'text') return 'longText';
  if (f.dbType === 'boolean') return 'text';
  return undefined;
}

function descriptorField(f: OnlineField): ResourceField {
  const field: ResourceField = {
    title: f.label,
    type: fieldType(f),
    filter: true,
    sort: f.dbType !== 'text',
    excel: f.dbType !== 'text' || f.showList !== false,
    rules: onlineFieldRules(f),
  };
  if (f.dictCode) {
    // A table dictionary is resolved by the server (a registered triple); a plain code is sys_dict.
    field.dict = f.dictCode;
    if (f.widget === 'checkbox' || f.widget === 'multiSelect') field.multi = true;
  }
  if (f.widget === 'password') field.hidden = true;
  const look = listLook(f);
  if (look) field.list = look;
  if (f.showQuery) field.query = queryKind(f);
  return field;
}

export interface OnlineDescriptorOptions {
  /**
   * The name of a unique field's index (the server's: a hash of table and column). Without it the index is named
   * `table.column`; only the server reads the name.
   */
  indexName?: (table: string, column: string) => string;
}

/**
 * A synchronised form's descriptor: the system columns, a tree's parent and `hasChild`, then the form's fields
 * (titles, types, dictionaries, filter and sort rights, Excel, list look, the query input of 查询模式, the rules of
 * the field's validation); permissions `online:{table}:*`; each unique field unique within a tenant.
 */
export function onlineDescriptor(def: OnlineFormDef, options: OnlineDescriptorOptions = {}): ResourceDescriptor {
  const table = def.tableName;
  const fields: Record<string, ResourceField> = { ...SYSTEM_FIELDS };
  if (def.formKind === 'tree' && def.treeParentField) {
    fields[fieldKey(def.treeParentField)] = { type: 'string', title: '父级', filter: true, excel: false };
    fields.hasChild = { type: 'string', title: '有子节点', computed: true, excel: false };
  }
  for (const f of def.fields) fields[fieldKey(f.name)] = descriptorField(f);
  const perm = (a: Parameters<typeof onlineFormPerm>[1]) => onlineFormPerm(table, a) as PermissionCode;
  const indexName = options.indexName ?? ((t: string, c: string) => `${t}.${c}`);
  const unique: ResourceUnique[] = def.fields
    .filter((f) => f.unique)
    .map((f) => ({
      index: indexName(table, f.name),
      // Rows belong to tenants, and so does uniqueness: two tenants may each hold the same value.
      fields: ['tenantId', fieldKey(f.name)],
      message: (v: string | null) => (v ? `${f.label}“${v}”已存在` : `${f.label}已存在`),
    }));
  return {
    name: table,
    title: def.title,
    path: onlineDataPath(table),
    exportName: def.title,
    fields,
    permissions: {
      list: perm('list'),
      add: perm('add'),
      edit: perm('edit'),
      delete: perm('delete'),
      exportXls: perm('export'),
      importExcel: perm('import'),
    },
    ...(unique.length ? { unique } : {}),
  };
}

/** The list's columns: the fields the designer shows in the list (列表), passwords never. */
export function onlineListFields(def: OnlineFormDef): string[] {
  return def.fields.filter((f) => f.showList !== false && f.widget !== 'password').map((f) => fieldKey(f.name));
}

/** The query form's inputs: the fields the designer marked 查询. */
export function onlineQueryFields(def: OnlineFormDef): string[] {
  return def.fields.filter((f) => f.showQuery).map((f) => fieldKey(f.name));
}
