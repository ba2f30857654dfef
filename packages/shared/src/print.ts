/**
 * Print design (打印设计, issue 11): templates bound to a printable source that the server registers, the
 * layout model (a pdfme template's pages of elements, positions and sizes in mm) and its binding names.
 */

/** Route paths of the print API, below the API base. */
export const PRINT_API = {
  /** The template resource: list, add, edit, delete, queryById below it. */
  template: '/print/template',
  /** GET: the printable sources with their fields and child tables (what a layout may bind). */
  sources: '/print/sources',
  /** GET ?source=: the templates of one source with their layouts, for the print drawer. */
  options: '/print/options',
  /** POST { templateId, ids }: the records' formatted values, one input per record, in the order asked. */
  data: '/print/data',
} as const;

/** Web routes (menu urls) of the print screens. */
export const PRINT_ROUTES = {
  list: '/print/template',
  /** The designer of one template, opened with ?id. */
  designer: '/print/designer',
} as const;

export const PRINT_PERM = {
  printTemplateList: 'print:template:list',
  printTemplateAdd: 'print:template:add',
  printTemplateEdit: 'print:template:edit',
  printTemplateDelete: 'print:template:delete',
  /** The right to print at all; each record also needs the read right of its own resource. */
  printPrint: 'print:print',
} as const;

/** Paper sizes in mm (portrait: width × height). */
export const PAPER_SIZES = {
  A3: { width: 297, height: 420 },
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
} as const;
export type PaperName = keyof typeof PAPER_SIZES | 'custom';
export const PAPER_NAMES: readonly PaperName[] = ['A4', 'A5', 'A3', 'custom'];
export const PAPER_ITEMS: readonly { value: PaperName; text: string }[] = [
  { value: 'A4', text: 'A4（210×297mm）' },
  { value: 'A5', text: 'A5（148×210mm）' },
  { value: 'A3', text: 'A3（297×420mm）' },
  { value: 'custom', text: '自定义' },
];
export type Orientation = 'portrait' | 'landscape';
export const ORIENTATION_ITEMS: readonly { value: Orientation; text: string }[] = [
  { value: 'portrait', text: '纵向' },
  { value: 'landscape', text: '横向' },
];

export const PRINT_LIMITS = {
  /** A custom paper's sides in mm (labels up to a large sheet). */
  minMm: 20,
  maxMm: 1000,
  maxPages: 10,
  maxElements: 300,
  /** The layout as JSON, including embedded static images. */
  maxLayoutChars: 2_000_000,
  /** Records printed at once. */
  maxRecords: 1000,
} as const;

/** Element types a layout may hold (pdfme schema types). */
export const PRINT_ELEMENT_TYPES = [
  'text',
  'image',
  'qrcode',
  'code128',
  'line',
  'rectangle',
  'ellipse',
  'table',
] as const;
export type PrintElementType = (typeof PRINT_ELEMENT_TYPES)[number];

/** One element of a layout: pdfme's schema shape (further properties such as fontSize pass through). */
export interface PrintElement {
  name: string;
  type: string;
  position: { x: number; y: number };
  width: number;
  height: number;
  /** A fixed element (text, picture, shape) rather than one filled from the record. */
  readOnly?: boolean;
  content?: string;
  [key: string]: unknown;
}

export interface PrintLayout {
  /** Pages of elements. */
  schemas: PrintElement[][];
}

/** How a bound value is written: a field's kind says which formats it allows. */
export type PrintFieldKind = 'text' | 'dict' | 'date' | 'datetime' | 'money' | 'number' | 'image' | 'url';

/** Formats a binding may name after the field (`faceAmount:capital`). */
export const PRINT_FORMATS: Record<string, { kinds: PrintFieldKind[]; text: string }> = {
  capital: { kinds: ['money'], text: '金额大写' },
  cn: { kinds: ['date', 'datetime'], text: '中文日期' },
  code: { kinds: ['dict'], text: '字典编码' },
};

export interface PrintField {
  key: string;
  title: string;
  kind: PrintFieldKind;
}

export interface PrintChild {
  key: string;
  title: string;
  fields: PrintField[];
}

export interface PrintSource {
  key: string;
  title: string;
  fields: PrintField[];
  children: PrintChild[];
}

export type PrintSourceKey = 'asset' | 'ledger' | 'ticket' | 'project';
export const PRINT_SOURCE_ITEMS: readonly { value: PrintSourceKey; text: string }[] = [
  { value: 'asset', text: '资产' },
  { value: 'ledger', text: '台账事件' },
  { value: 'ticket', text: '房票' },
  { value: 'project', text: '项目' },
];

export interface PrintTemplate {
  id: string;
  code: string;
  name: string;
  source: PrintSourceKey;
  source_dictText?: string;
  paper: PaperName;
  orientation: Orientation;
  widthMm: number;
  heightMm: number;
  /** JSON of PrintLayout. */
  layout: string;
  remark: string | null;
  /** Shipped with the product for every tenant: copied, not edited. */
  builtIn?: boolean;
  createTime?: string;
  updateTime?: string;
}

export interface PrintDataResult {
  /** One input per record (element name → text; a table's rows as JSON of string[][]). */
  inputs: Record<string, string>[];
}

/**
 * A bound element's name: `field`, `field:format` or, for a table, `child:col1,col2`. A trailing `#suffix` (e.g. `#qr`) lets
 * the same binding appear twice on a page (names are unique per page).
 */
export interface PrintBinding {
  field: string;
  format: string | null;
  columns: string[] | null;
}

export function parseBinding(name: string, table = false): PrintBinding {
  const bare = name.replace(/#\w+$/, '');
  const at = bare.indexOf(':');
  if (at < 0) return { field: bare, format: null, columns: table ? [] : null };
  const field = bare.slice(0, at);
  const rest = bare.slice(at + 1);
  return table
    ? { field, format: null, columns: rest.split(',').filter(Boolean) }
    : { field, format: rest, columns: null };
}

/**
 * What users read for an element (the 字段列表 panel, save errors): the bound field's title with its format
 * (`金额（金额大写）`), a table's `明细：title`, a `#n` suffix kept as ` #n`; a static element keeps its own name.
 */
export function printElementLabel(
  name: string,
  type: string,
  source: { fields: readonly PrintField[]; children: readonly { key: string; title: string }[] } | null | undefined,
): string {
  if (!source) return name;
  const suffix = /#(\w+)$/.exec(name)?.[1];
  const tail = suffix ? ` #${suffix}` : '';
  if (type === 'table') {
    const child = source.children.find((c) => c.key === parseBinding(name, true).field);
    return child ? `明细：${child.title}${tail}` : name;
  }
  const b = parseBinding(name);
  const field = source.fields.find((f) => f.key === b.field);
  if (!field) return name;
  const format = b.format === null ? '' : `（${PRINT_FORMATS[b.format]?.text ?? b.format}）`;
  return `${field.title}${format}${tail}`;
}

/** The page size in mm of a paper, an orientation and (for custom) the given sides. */
export function pageSize(
  paper: PaperName,
  orientation: Orientation,
  custom?: { widthMm?: number; heightMm?: number },
): { width: number; height: number } {
  const base =
    paper === 'custom'
      ? { width: Number(custom?.widthMm ?? 0), height: Number(custom?.heightMm ?? 0) }
      : PAPER_SIZES[paper];
  if (paper === 'custom') return base;
  return orientation === 'landscape' ? { width: base.height, height: base.width } : { ...base };
}

export const PRINT_MESSAGES = {
  codeRequired: '请输入模板编码',
  codeInvalid: '模板编码只能包含字母、数字、下划线和短横线',
  nameRequired: '请输入模板名称',
  sourceRequired: '请选择数据源',
  unknownSource: (s: string) => `未知的数据源“${s}”`,
  sourceFixed: '已保存模板的数据源不能修改',
  paperInvalid: '纸张只能是 A4、A5、A3 或自定义尺寸',
  orientationInvalid: '方向只能是纵向或横向',
  customSize: `自定义纸张的宽和高须在 ${PRINT_LIMITS.minMm}～${PRINT_LIMITS.maxMm} 毫米之间`,
  layoutInvalid: '模板布局格式不正确',
  layoutTooLarge: '模板布局过大（含图片不超过 2MB）',
  tooManyPages: `模板最多 ${PRINT_LIMITS.maxPages} 页`,
  tooManyElements: `模板最多 ${PRINT_LIMITS.maxElements} 个元素`,
  elementType: (name: string, type: string) => `元素“${name}”的类型“${type}”不受支持`,
  elementName: '元素名称不能为空，且同一页内不能重复',
  elementSize: (name: string) => `元素“${name}”的位置或大小不正确`,
  outsidePage: (name: string) => `元素“${name}”超出纸张范围`,
  unknownField: (source: string, field: string) => `数据源“${source}”没有字段“${field}”`,
  /** A non-static element whose name is no field (pdfme names new elements 字段N). */
  notBound: (name: string) =>
    `元素“${name}”没有绑定数据字段：固定文字、图片请取消勾选“可编辑的”，数据请从左侧“数据字段”添加`,
  unknownChild: (source: string, child: string) => `数据源“${source}”没有明细“${child}”`,
  badFormat: (field: string, format: string) => `字段“${field}”不支持格式“${format}”`,
  tableColumns: (name: string) => `表格“${name}”须绑定明细及其列`,
  codeTaken: (code: string) => `模板编码“${code}”已存在`,
  builtInFixed: '系统内置模板不能修改或删除，请复制后再修改',
  templateNotFound: '打印模板不存在或已删除',
  idsRequired: '请选择要打印的记录',
  tooManyRecords: `一次最多打印 ${PRINT_LIMITS.maxRecords} 条记录`,
  noReadRight: (title: string) => `没有查看${title}的权限，不能打印`,
  recordsRefused: '所选记录不存在或无权查看，不能打印',
} as const;

/** Margin (mm) kept from the paper's edge by an element fitted onto it. */
export const PRINT_MARGIN_MM = 4;

/**
 * A layout fitted onto a page (a table dropped on a narrow paper, a copy onto a smaller paper): an element that
 * leaves the page is narrowed (lowered) to the page less its margins and moved back inside; elements inside are
 * left alone. A table's columns are percentages of its width, so they scale with it; `columnKinds` (the kinds of
 * a bound table's columns) lets a narrowed table recompute its columns so numbers and dates still fit.
 */
export function fitLayout(
  layout: PrintLayout,
  page: { width: number; height: number },
  columnKinds?: (el: PrintElement) => readonly PrintFieldKind[] | null,
): PrintLayout {
  const fit = (pos: number, size: number, side: number) => {
    if (pos >= 0 && pos + size <= side) return { pos, size };
    const fitted = Math.min(size, Math.max(0, side - 2 * PRINT_MARGIN_MM));
    return { pos: Math.max(0, Math.min(Math.max(pos, 0), side - PRINT_MARGIN_MM - fitted)), size: fitted };
  };
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    schemas: layout.schemas.map((elements) =>
      elements.map((el) => {
        // Malformed elements are left for the layout check to refuse.
        if (![el.position?.x, el.position?.y, el.width, el.height].every(Number.isFinite)) return el;
        const x = fit(el.position.x, el.width, page.width);
        const y = fit(el.position.y, el.height, page.height);
        if (x.pos === el.position.x && x.size === el.width && y.pos === el.position.y && y.size === el.height) {
          return el;
        }
        const out: PrintElement = {
          ...el,
          position: { x: round(x.pos), y: round(y.pos) },
          width: round(x.size),
          height: round(y.size),
        };
        const kinds = el.type === 'table' && out.width !== el.width ? columnKinds?.(el) : null;
        if (kinds?.length) {
          const body = el.bodyStyles as { fontSize?: unknown; padding?: { left?: unknown } } | undefined;
          // An element stored without body styles prints with pdfme's (13 pt, 5 mm padding).
          const cols = tableColumns(kinds, out.width, {
            fontSize: typeof body?.fontSize === 'number' ? body.fontSize : 13,
            padding: typeof body?.padding?.left === 'number' ? body.padding.left : 5,
          });
          out.headWidthPercentages = cols.percentages;
          if (body && typeof body === 'object') out.bodyStyles = { ...body, fontSize: cols.fontSize };
        }
        return out;
      }),
    ),
  };
}

/**
 * The widest value a column of a kind prints, as the server formats it (money with separators and two places,
 * ISO dates): such a column is never narrower than this, so a number or a date is never split across lines.
 */
const WIDEST_VALUE: Partial<Record<PrintFieldKind, string>> = {
  money: '99,999,999.99',
  number: '999,999.99',
  date: '2026-12-31',
  datetime: '2026-12-31 23:59:59',
};
/** A text column's least width, in characters of CJK (it wraps between characters). */
const TEXT_MIN_CHARS = 3;
/** The smallest body font (pt) a table is shrunk to so its numeric and date columns fit. */
export const TABLE_MIN_FONT_PT = 6;
/** A new table's body font (pt) and cell padding (mm): pdfme's 13 pt and 5 mm leave little room on A5. */
export const TABLE_FONT_PT = 9;
export const TABLE_PADDING_MM = 1.5;

const PT_MM = 25.4 / 72;
/** Width (mm) of a string of digits and separators at a font size: Noto Sans SC's figures are ~0.55 em, 0.6 is safe. */
const figuresWidth = (text: string, fontSize: number) => text.length * 0.6 * fontSize * PT_MM;

/**
 * A table's column widths (percentages) and body font for its columns' kinds on `width` mm: numeric and date
 * columns get at least their widest value's width plus padding, text columns share what is left. When the
 * minimums exceed the table, the font shrinks (not below TABLE_MIN_FONT_PT) rather than splitting a figure.
 */
export function tableColumns(
  kinds: readonly PrintFieldKind[],
  width: number,
  opts: { fontSize?: number; padding?: number } = {},
): { percentages: number[]; fontSize: number } {
  const padding = opts.padding ?? TABLE_PADDING_MM;
  let fontSize = opts.fontSize ?? TABLE_FONT_PT;
  const mins = (size: number) =>
    kinds.map((k) => {
      const widest = WIDEST_VALUE[k];
      return (widest ? figuresWidth(widest, size) : TEXT_MIN_CHARS * size * PT_MM) + 2 * padding;
    });
  let min = mins(fontSize);
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (total(min) > width) {
    const pads = 2 * padding * kinds.length;
    const scaled = (fontSize * (width - pads)) / Math.max(1e-6, total(min) - pads);
    fontSize = Math.max(TABLE_MIN_FONT_PT, Math.floor(scaled * 10) / 10);
    min = mins(fontSize);
  }
  const spare = Math.max(0, width - total(min));
  const text = kinds.filter((k) => !WIDEST_VALUE[k]).length;
  const widths = min.map((m, i) =>
    text ? m + (WIDEST_VALUE[kinds[i]!] ? 0 : spare / text) : m + spare / Math.max(1, kinds.length),
  );
  const sum = total(widths);
  const percentages = widths.map((w) => Math.round((w / sum) * 10000) / 100);
  // Percentages add up to exactly 100 (pdfme spreads the table's width by them).
  percentages[percentages.length - 1] = Math.round((100 - total(percentages.slice(0, -1))) * 100) / 100;
  return { percentages, fontSize };
}
