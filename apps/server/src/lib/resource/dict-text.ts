import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { KvStore } from '../kv-store.js';
import type { ResourceDef, Row } from './resource.types.js';
import { DictService } from '../dict.service.js';

export interface DictLabels {
  /** field → (value → label) */
  byField: Map<string, Map<string, string>>;
  label(field: string, value: unknown): string;
}

/**
 * Labels of every dictionary field of a set of rows: one lookup per dictionary (cached for sys_dict,
 * one query for a table dictionary), never one per row.
 */
export async function loadDictLabels(
  db: Kysely<Database>,
  kv: KvStore,
  def: ResourceDef,
  rows: Row[],
): Promise<DictLabels> {
  const byField = new Map<string, Map<string, string>>();
  const dicts = new DictService(db, kv);
  for (const [field, fd] of Object.entries(def.fields)) {
    if (!fd.dict && !fd.dictTable) continue;
    const values = new Set<string>();
    for (const row of rows) {
      const v = row[field];
      if (v === null || v === undefined || v === '') continue;
      for (const part of fd.multi ? String(v).split(',') : [String(v)]) if (part) values.add(part);
    }
    if (fd.dictTable) {
      byField.set(field, values.size ? await fd.dictTable(db, [...values]) : new Map());
    } else if (fd.dict) {
      const items = await dicts.items(fd.dict);
      byField.set(field, new Map(items.map((i) => [String(i.value), i.text])));
    }
  }
  const label = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    const map = byField.get(field);
    if (!map) return String(value);
    const fd = def.fields[field];
    const parts = fd?.multi ? String(value).split(',') : [String(value)];
    return parts.map((p) => map.get(p) ?? p).join(',');
  };
  return { byField, label };
}

/** Adds `<field>_dictText` to each row. */
export function addDictText(def: ResourceDef, rows: Row[], labels: DictLabels): void {
  for (const row of rows) {
    for (const field of labels.byField.keys()) {
      if (field in row) row[`${field}_dictText`] = labels.label(field, row[field]);
    }
  }
  void def;
}

/** Reverse lookup for imports: a label (or the raw value) → the stored value. */
export async function loadDictValues(
  db: Kysely<Database>,
  kv: KvStore,
  def: ResourceDef,
): Promise<Map<string, Map<string, string>>> {
  const result = new Map<string, Map<string, string>>();
  const dicts = new DictService(db, kv);
  for (const [field, fd] of Object.entries(def.fields)) {
    if (!fd.dict || fd.dictTable) continue;
    const items = await dicts.items(fd.dict);
    const map = new Map<string, string>();
    for (const i of items) {
      map.set(String(i.value), String(i.value));
      map.set(i.text, String(i.value));
    }
    result.set(field, map);
  }
  return result;
}
