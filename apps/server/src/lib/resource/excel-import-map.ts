import type { FieldType } from './resource.types.js';

/*
 * What an import can decide from the file and the declaration alone: which column is which field, dictionary
 * labels back to values, numbers. Plain data in, plain data out, so it runs inside the parse worker (imports
 * nothing), and the event loop only sees rows that are ready for the declaration's own checks.
 */

/** One importable field of a declaration, as the worker needs it (structured-clone safe). */
export interface ImportField {
  name: string;
  title: string;
  type: FieldType;
  multi?: boolean;
  /** Dictionary label or value → value, when the field has a sys_dict dictionary. */
  dict?: [string, string][];
}

/** A data row read and mapped: the fields' values, or why the row cannot go in. */
export interface MappedRow {
  rowNumber: number;
  cells: string[];
  values?: Record<string, unknown>;
  error?: string;
}

export const NO_KNOWN_COLUMNS = '文件中没有可识别的列，请使用导出的模板';

/** The inverse of the export's formula neutralising: our own apostrophe comes off again. */
export function unneutralise(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function coerce(field: ImportField, raw: string): unknown {
  if (raw === '') return undefined;
  // Kept as typed: the schema checks the decimals and the write converts to hundredths exactly.
  if (field.type === 'decimal2') return raw.trim();
  if (field.type === 'int' || field.type === 'number') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : raw;
  }
  return raw;
}

/** Maps the rows after a header onto the declaration's fields (by title, or by field name). */
export class RowMapper {
  private readonly columns: (ImportField | undefined)[];
  private readonly dicts = new Map<string, Map<string, string>>();

  constructor(fields: ImportField[], headers: string[]) {
    const byTitle = new Map<string, ImportField>();
    for (const f of fields) {
      byTitle.set(f.title, f);
      byTitle.set(f.name, f);
      if (f.dict) this.dicts.set(f.name, new Map(f.dict));
    }
    this.columns = headers.map((h) => byTitle.get(h));
  }

  get knowsAnyColumn(): boolean {
    return this.columns.some(Boolean);
  }

  map(rowNumber: number, cells: string[]): MappedRow {
    const values: Record<string, unknown> = {};
    for (let i = 0; i < this.columns.length; i++) {
      const field = this.columns[i];
      if (!field) continue;
      const raw = unneutralise(cells[i] ?? '');
      const dict = this.dicts.get(field.name);
      if (dict && raw !== '') {
        const parts = field.multi ? raw.split(',') : [raw];
        const mapped: string[] = [];
        for (const part of parts) {
          const v = dict.get(part.trim());
          if (v === undefined) return { rowNumber, cells, error: `${field.title}的值“${part}”不在字典中` };
          mapped.push(v);
        }
        values[field.name] = mapped.join(',');
      } else {
        values[field.name] = coerce(field, raw);
      }
    }
    return { rowNumber, cells, values };
  }
}
