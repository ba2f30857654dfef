import {
  resourceUrls,
  type FieldKey,
  type ListValueType,
  type ResourceDescriptor,
  type ResourceField,
  type SuperQueryFieldDef,
} from '@district/shared';
import type { ListColumn } from './list-columns';
import type { ListPageUrls, QueryField } from './list-query';

/*
 * A list page derived from a resource's shared declaration (issue 23): URLs, columns, query inputs, advanced query
 * fields and button permissions come from the one descriptor the server's routes are built from, so a title or a
 * path is spelled once. Pages pick fields by name and may still give a full column or query field where they show
 * something of their own.
 */

/** A column by field name, or a full column. */
export type ColumnPick<T, D extends ResourceDescriptor> = FieldKey<D> | ListColumn<T>;
/** A query input by field name, or a full query field. */
export type QueryPick<D extends ResourceDescriptor> = FieldKey<D> | QueryField;

function fieldOf(d: ResourceDescriptor, key: string): ResourceField {
  const field = d.fields[key];
  // Keys are checked by the compiler (FieldKey); this guards descriptors built at run time (online forms).
  if (!field) throw new Error(`${d.name} 没有字段 ${key}`);
  return field;
}

function valueTypeOf(field: ResourceField): ListValueType {
  if (typeof field.list === 'string') return field.list;
  if (field.list?.valueType) return field.list.valueType;
  if (field.dict) return 'dict';
  if (field.type === 'date') return 'date';
  if (field.type === 'datetime') return 'datetime';
  if (field.type === 'int' || field.type === 'number' || field.type === 'decimal2') return 'number';
  return 'text';
}

/** A column of a declared field: its title, the sort it allows and the look of its value. */
export function columnOf<T>(d: ResourceDescriptor, key: string): ListColumn<T> {
  const field = fieldOf(d, key);
  const width = typeof field.list === 'object' ? field.list.width : undefined;
  return {
    title: field.title,
    dataIndex: key,
    key,
    sorter: Boolean(field.sort),
    valueType: valueTypeOf(field),
    ...(width ? { width } : {}),
  };
}

export function columnsOf<T, D extends ResourceDescriptor>(d: D, picks: readonly ColumnPick<T, D>[]): ListColumn<T>[] {
  return picks.map((p) => (typeof p === 'string' ? columnOf<T>(d, p) : p));
}

/** The query input of a declared field: its own `query` kind, or one that fits its type. */
export function queryFieldOf(d: ResourceDescriptor, key: string): QueryField {
  const field = fieldOf(d, key);
  const declared = typeof field.query === 'object' ? field.query : field.query ? { kind: field.query } : null;
  const kind =
    declared?.kind ??
    (field.dict
      ? 'dict'
      : field.type === 'date'
        ? 'dateRange'
        : field.type === 'datetime'
          ? 'datetimeRange'
          : field.type === 'string'
            ? 'like'
            : 'number');
  const base = {
    field: key,
    label: field.title,
    placeholder: declared && 'placeholder' in declared ? declared.placeholder : undefined,
  };
  switch (kind) {
    case 'like':
      return { ...base, kind: 'input', op: 'like', trim: true };
    case 'eq':
      return { ...base, kind: 'input', op: 'eq', trim: true };
    case 'dict':
    case 'dictMulti':
      return { ...base, kind: 'dict', dictCode: field.dict ?? '', multiple: kind === 'dictMulti' };
    case 'dateRange':
      return { ...base, kind: 'dateRange' };
    case 'datetimeRange':
      return { ...base, kind: 'dateRange', showTime: true };
    case 'depart':
      return { ...base, kind: 'depart' };
    case 'category':
      return { ...base, kind: 'category', root: declared && 'root' in declared ? declared.root : undefined };
    case 'custom':
      throw new Error(`${d.name}.${key} 的查询输入由页面提供（传入完整的查询字段）`);
    default:
      return { ...base, kind: 'number' };
  }
}

export function queryFieldsOf<D extends ResourceDescriptor>(d: D, picks: readonly QueryPick<D>[]): QueryField[] {
  return picks.map((p) => (typeof p === 'string' ? queryFieldOf(d, p) : p));
}

/** The advanced query offers every field the server lets a list filter by. */
export function superQueryFieldsOf(d: ResourceDescriptor): SuperQueryFieldDef[] {
  return Object.entries(d.fields)
    .filter(([, f]) => f.filter && !f.hidden && !f.computed)
    .map(([field, f]) => ({
      field,
      title: f.title,
      type: f.dict ? 'select' : f.type === 'decimal2' ? 'number' : f.type,
      ...(f.dict ? { dictCode: f.dict } : {}),
    }));
}

/** The URLs whose buttons the descriptor's permissions allow. */
export function urlsOf(d: ResourceDescriptor): ListPageUrls {
  const urls = resourceUrls(d.path);
  const p = d.permissions;
  return {
    list: urls.list,
    ...(p.delete ? { delete: urls.delete, deleteBatch: urls.deleteBatch } : {}),
    ...(p.exportXls ? { exportXls: urls.exportXls } : {}),
    ...(p.importExcel ? { importExcel: urls.importExcel } : {}),
  };
}

/** The list page's button permissions from the descriptor's codes. */
export function permissionsOf(d: ResourceDescriptor) {
  const p = d.permissions;
  return {
    add: p.add,
    edit: p.edit,
    delete: p.delete,
    batchDelete: p.deleteBatch ?? p.delete,
    export: p.exportXls,
    import: p.importExcel,
  };
}
