import {
  PRINT_MESSAGES as M,
  parseBinding,
  toChineseCurrency,
  type PrintDataResult,
  type PrintLayout,
  type PrintTemplate,
} from '@district/shared';
import type { PrintDataInput } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { KvStore } from '../../lib/kv-store.js';
import { showDecimal2 } from '../../lib/resource/decimal.js';
import { addDictText, loadDictLabels } from '../../lib/resource/dict-text.js';
import { decorateRows, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext, Row } from '../../lib/resource/resource.types.js';
import { assetResource } from '../asset/asset.resource.js';
import { printTemplateResource } from './print.resource.js';
import { ledgerEventDef, sourceOf, type PrintSourceDef, type SourceField, type ValueEnv } from './print.registry.js';

/** IN lists stay well below every database's parameter limit. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** 1234567.5 → 1,234,567.50 (fixed, not the locale's, so the server and the tests agree). */
export function moneyText(value: number): string {
  const [int = '0', frac = '00'] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** 2026-11-25 → 2026年11月25日. */
export function chineseDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : value;
}

/** One bound value as printed: dictionary label, money, capitals, dates. */
export function formatField(field: SourceField, format: string | null, row: Row, env: ValueEnv): string {
  const raw = field.value ? field.value(row, env) : row[field.key];
  if (raw === null || raw === undefined || raw === '') return '';
  switch (field.kind) {
    case 'dict': {
      if (format === 'code') return String(raw);
      const label = row[`${field.key}_dictText`];
      return label === undefined || label === null || label === '' ? String(raw) : String(label);
    }
    case 'money': {
      const n = Number(raw);
      if (!Number.isFinite(n)) return String(raw);
      return format === 'capital' ? toChineseCurrency(n) : moneyText(n);
    }
    case 'date':
    case 'datetime':
      return format === 'cn' ? chineseDate(String(raw)) : String(raw);
    default:
      return String(raw);
  }
}

/** The template as the drawer needs it (inside the caller's tenant or shipped). */
export async function findTemplate(ctx: ResourceContext, id: string): Promise<PrintTemplate> {
  const q = await scoped(printTemplateResource, ctx);
  const row = (await q.where('bizPrintTemplate.id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw new ApiError(404, M.templateNotFound);
  return row as unknown as PrintTemplate;
}

/** The records to print, decorated, in the order asked; refused (403) when any is not the caller's to read. */
async function loadRecords(source: PrintSourceDef, ctx: ResourceContext, kv: KvStore, ids: string[]): Promise<Row[]> {
  const found = new Map<string, Row>();
  if (source.key === 'ledger') {
    for (const part of chunks(ids)) {
      let q = ctx.db.selectFrom('bizAssetLedger').selectAll().where('id', 'in', part);
      q = ctx.user.tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', ctx.user.tenantId);
      const events = (await q.execute()) as unknown as Row[];
      const assetIds = [...new Set(events.map((e) => String(e.assetId)))];
      const assets = new Map<string, Row>();
      for (const ap of chunks(assetIds)) {
        const aq = await scoped(assetResource, ctx);
        for (const a of (await aq.where('bizAsset.id', 'in', ap).execute()) as Row[]) assets.set(String(a.id), a);
      }
      for (const e of events) {
        const asset = assets.get(String(e.assetId));
        // An event of an asset outside the caller's scope is as unknown as a missing one.
        if (asset) found.set(String(e.id), { ...e, assetCode: asset.code, assetName: asset.name });
      }
    }
    const rows = [...found.values()];
    showDecimal2(ledgerEventDef, rows);
    addDictText(ledgerEventDef, rows, await loadDictLabels(ctx.db, kv, ledgerEventDef, rows));
  } else {
    const def = source.resource;
    for (const part of chunks(ids)) {
      const q = await scoped(def, ctx);
      for (const r of (await q.where(`${def.table}.id`, 'in', part).execute()) as Row[]) {
        found.set(String(r.id), r);
      }
    }
    await decorateRows(def, [...found.values()], ctx, kv);
  }
  if (ids.some((id) => !found.has(id))) throw new ApiError(403, M.recordsRefused);
  return ids.map((id) => found.get(id)!);
}

/**
 * The values each record fills the template with (one pdfme input per record): bound fields formatted, a
 * table's child rows as JSON of string[][]. The caller needs print:print (the route), the read right of the
 * source's resource, and every record inside their tenant and data rules.
 */
export async function printData(
  ctx: ResourceContext,
  kv: KvStore,
  input: PrintDataInput,
  env: ValueEnv,
): Promise<PrintDataResult> {
  const template = await findTemplate(ctx, input.templateId);
  const source = sourceOf(template.source);
  if (!source) throw new ApiError(400, M.unknownSource(template.source));
  if (!ctx.user.session?.perms.has(source.readPermission)) throw new ApiError(403, M.noReadRight(source.title));
  const ids = [...new Set(input.ids)];
  const rows = await loadRecords(source, ctx, kv, ids);

  const layout = JSON.parse(template.layout) as PrintLayout;
  const bound = layout.schemas.flat().filter((e) => e.readOnly !== true);
  // Child rows of the tables the layout shows, for all records at once.
  const childRows = new Map<string, Map<string, Row[]>>();
  for (const el of bound.filter((e) => e.type === 'table')) {
    const key = parseBinding(el.name, true).field;
    const child = source.children.find((c) => c.key === key);
    if (!child || childRows.has(key)) continue;
    const all: Row[] = [];
    for (const part of chunks(ids)) all.push(...((await child.load(ctx.db, part)) as Row[]));
    showDecimal2(child.rowDef, all);
    addDictText(child.rowDef, all, await loadDictLabels(ctx.db, kv, child.rowDef, all));
    const byParent = new Map<string, Row[]>();
    for (const r of all) {
      const p = String(r[child.parentKey]);
      byParent.set(p, [...(byParent.get(p) ?? []), r]);
    }
    childRows.set(key, byParent);
  }

  const inputs = rows.map((row) => {
    const values: Record<string, string> = {};
    for (const el of bound) {
      if (el.type === 'table') {
        const b = parseBinding(el.name, true);
        const child = source.children.find((c) => c.key === b.field);
        if (!child) continue;
        const cols = (b.columns ?? []).map((k) => child.fields.find((x) => x.key === k)).filter((x) => !!x);
        const list = childRows.get(b.field)?.get(String(row.id)) ?? [];
        values[el.name] = JSON.stringify(list.map((r) => cols.map((c) => formatField(c, null, r, env))));
        continue;
      }
      if (!['text', 'image', 'qrcode', 'code128'].includes(el.type)) continue;
      const b = parseBinding(el.name);
      const field = source.fields.find((x) => x.key === b.field);
      if (field) values[el.name] = formatField(field, b.format, row, env);
    }
    return values;
  });
  return { inputs };
}
