import {
  PRINT_ELEMENT_TYPES,
  PRINT_LIMITS,
  PRINT_MESSAGES as M,
  parseBinding,
  printElementLabel,
  type PrintElement,
  type PrintLayout,
} from '@district/shared';
import { ApiError } from '../../lib/http.js';
import { formatAllowed, type PrintSourceDef } from './print.registry.js';

/** Slack for elements snapped to the page's edge (the designer rounds to 0.01 mm). */
const EDGE_MM = 0.05;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Element types whose value comes from the record when they are not read-only. */
const BINDABLE = new Set(['text', 'image', 'qrcode', 'code128', 'table']);

/**
 * Checks a layout (JSON of pdfme's `{ schemas }`) against its source and page: known element types, names
 * unique on their page, every element inside the page, and every binding naming a field (with a format its
 * kind allows) or a child table with its columns. Answers the layout as it will be stored; throws a 400
 * with the first problem otherwise.
 */
export function checkLayout(
  json: string,
  source: PrintSourceDef,
  page: { width: number; height: number },
): PrintLayout {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ApiError(400, M.layoutInvalid);
  }
  if (!isObject(parsed) || !Array.isArray(parsed.schemas)) throw new ApiError(400, M.layoutInvalid);
  const pages = parsed.schemas as unknown[];
  if (pages.length === 0 || !pages.every(Array.isArray)) throw new ApiError(400, M.layoutInvalid);
  if (pages.length > PRINT_LIMITS.maxPages) throw new ApiError(400, M.tooManyPages);
  if ((pages as unknown[][]).reduce((n, p) => n + p.length, 0) > PRINT_LIMITS.maxElements) {
    throw new ApiError(400, M.tooManyElements);
  }
  const out: PrintElement[][] = [];
  for (const elements of pages as unknown[][]) {
    const names = new Set<string>();
    const kept: PrintElement[] = [];
    for (const raw of elements) {
      if (!isObject(raw)) throw new ApiError(400, M.layoutInvalid);
      const name = raw.name;
      if (typeof name !== 'string' || !name.trim() || name.length > 200 || names.has(name)) {
        throw new ApiError(400, M.elementName);
      }
      names.add(name);
      const type = String(raw.type);
      // Messages name the field's title (持票人, 票面金额（金额大写）), never the binding key.
      const label = printElementLabel(name, type, source);
      if (!(PRINT_ELEMENT_TYPES as readonly string[]).includes(type))
        throw new ApiError(400, M.elementType(label, type));
      const pos = raw.position;
      if (!isObject(pos) || !finite(pos.x) || !finite(pos.y) || !finite(raw.width) || !finite(raw.height)) {
        throw new ApiError(400, M.elementSize(label));
      }
      // Lines are drawn as thin boxes; nothing may be negative in size.
      if (raw.width < 0 || raw.height < 0 || (raw.width === 0 && raw.height === 0)) {
        throw new ApiError(400, M.elementSize(label));
      }
      if (
        pos.x < -EDGE_MM ||
        pos.y < -EDGE_MM ||
        pos.x + raw.width > page.width + EDGE_MM ||
        pos.y + raw.height > page.height + EDGE_MM
      ) {
        throw new ApiError(400, M.outsidePage(label));
      }
      if (BINDABLE.has(type) && raw.readOnly !== true) checkBinding(name, label, type, source);
      kept.push(raw as PrintElement);
    }
    out.push(kept);
  }
  return { schemas: out };
}

function checkBinding(name: string, label: string, type: string, source: PrintSourceDef): void {
  if (type === 'table') {
    const b = parseBinding(name, true);
    const child = source.children.find((c) => c.key === b.field);
    if (!child) throw new ApiError(400, M.unknownChild(source.title, b.field));
    if (!b.columns?.length) throw new ApiError(400, M.tableColumns(label));
    for (const col of b.columns) {
      if (!child.fields.some((x) => x.key === col)) throw new ApiError(400, M.unknownField(child.title, col));
    }
    return;
  }
  const b = parseBinding(name);
  const field = source.fields.find((x) => x.key === b.field);
  // Typically an element of pdfme's own toolbar (字段6) left editable: say how to make it a fixed one.
  if (!field) throw new ApiError(400, M.notBound(name));
  if (b.format !== null && !formatAllowed(field.kind, b.format))
    throw new ApiError(400, M.badFormat(field.title, b.format));
}
