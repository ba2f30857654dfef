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
