import type { Font, Plugin, Template } from '@pdfme/common';
import { barcodes, ellipse, image, line, rectangle, table, text } from '@pdfme/schemas';
import {
  PRINT_MARGIN_MM,
  TABLE_PADDING_MM,
  fitLayout,
  tableColumns,
  type PrintElement,
  type PrintField,
  type PrintLayout,
  type PrintTemplate,
} from '@district/shared';

/*
 * The layout model as pdfme reads it: a template is a page of `widthMm × heightMm` (no margins) with the
 * layout's pages of elements. Elements are stored with only what differs from each type's defaults; they
 * are completed with pdfme's defaults here, before designing, previewing or generating.
 */

/** Served with the product (public/fonts): a GB2312 subset of Noto Sans SC, OFL; nothing from the internet. */
export const FONT_URL = '/fonts/NotoSansSC-Regular-GB2312.ttf';
export const FONT_NAME = 'NotoSansSC';

/** The element kinds the designer offers, under their Chinese names (the sidebar shows these keys). */
export const PRINT_PLUGINS: Record<string, Plugin<never>> = {
  文本: text as Plugin<never>,
  图片: image as Plugin<never>,
  二维码: barcodes.qrcode as Plugin<never>,
  条形码: barcodes.code128 as Plugin<never>,
  表格: table as Plugin<never>,
  直线: line as Plugin<never>,
  矩形: rectangle as Plugin<never>,
  椭圆: ellipse as Plugin<never>,
};

/**
 * The designer's own toolbar (左侧工具栏) adds elements named 字段N, which no source has: they start as fixed
 * (read-only) elements with Chinese sample content, so a label, picture or code placed from there saves and
 * prints as is. Bound elements come from the 数据字段 panel, which sets `readOnly: false` itself.
 */
const STATIC_START: Record<string, Record<string, unknown>> = {
  text: { content: '文字' },
  image: {},
  qrcode: { content: '二维码内容' },
  code128: { content: '0123456789' },
  table: {
    head: ['列1', '列2', '列3'],
    content: JSON.stringify([
      ['', '', ''],
      ['', '', ''],
    ]),
  },
};

export const DESIGNER_PLUGINS: Record<string, Plugin<never>> = Object.fromEntries(
  Object.entries(PRINT_PLUGINS).map(([label, p]) => {
    const d = (p.propPanel as { defaultSchema: Record<string, unknown> }).defaultSchema;
    const start = STATIC_START[String(d.type)];
    if (!start) return [label, p];
    const defaultSchema = { ...d, ...start, readOnly: true };
    return [label, { ...p, propPanel: { ...p.propPanel, defaultSchema } } as Plugin<never>];
  }),
);

const DEFAULTS = new Map<string, Record<string, unknown>>(
  Object.values(PRINT_PLUGINS).map((p) => {
    const d = (p.propPanel as { defaultSchema: Record<string, unknown> }).defaultSchema;
    return [String(d.type), d];
  }),
);

/** An element completed with its type's defaults (stored values win). */
export function completeElement(el: PrintElement): PrintElement {
  const defaults = DEFAULTS.get(el.type) ?? {};
  return { ...structuredClone(defaults), ...el } as PrintElement;
}

export function completeLayout(layout: PrintLayout): PrintLayout {
  return { schemas: layout.schemas.map((page) => page.map(completeElement)) };
}

export function parseLayout(json: string | null | undefined): PrintLayout {
  try {
    const parsed = JSON.parse(json || '') as PrintLayout;
    if (Array.isArray(parsed.schemas) && parsed.schemas.length) return parsed;
  } catch {
    // An empty or broken layout starts as one empty page.
  }
  return { schemas: [[]] };
}

/** Whether a stored layout has no element on any page (it would print blank pages). */
export function isEmptyLayout(json: string | null | undefined): boolean {
  return parseLayout(json).schemas.every((page) => page.length === 0);
}

/**
 * pdfme's template of a stored print template. Elements that leave the page (stored before tables were fitted)
 * are fitted onto it, so the designer shows, and saves, a layout the server accepts.
 */
export function toPdfmeTemplate(t: Pick<PrintTemplate, 'widthMm' | 'heightMm' | 'layout'>): Template {
  const page = { width: Number(t.widthMm), height: Number(t.heightMm) };
  return {
    basePdf: { ...page, padding: [0, 0, 0, 0] },
    schemas: completeLayout(fitLayout(parseLayout(t.layout), page)).schemas,
  } as unknown as Template;
}

/** A new bound table's width: 150 mm, or the paper's width less its margins when narrower (A5 portrait). */
const TABLE_WIDTH_MM = 150;

/**
 * A child table added from the 数据字段 panel: as wide as the paper allows, its columns sized by their kinds
 * (numbers and dates never narrower than their widest value, so none is split across lines) and a body font that
 * fits them; head and body cells get a small padding (pdfme's 5 mm leaves no room on A5).
 */
export function newTable(
  name: string,
  columns: readonly PrintField[],
  paper: { width: number },
  position: { x: number; y: number },
): PrintElement {
  const width = Math.min(TABLE_WIDTH_MM, paper.width - 2 * PRINT_MARGIN_MM);
  const { percentages, fontSize } = tableColumns(
    columns.map((c) => c.kind),
    width,
  );
  const padding = { top: TABLE_PADDING_MM, right: TABLE_PADDING_MM, bottom: TABLE_PADDING_MM, left: TABLE_PADDING_MM };
  const el = completeElement({
    name,
    type: 'table',
    position: { x: Math.min(position.x, Math.max(0, paper.width - PRINT_MARGIN_MM - width)), y: position.y },
    width,
    height: 20,
    head: columns.map((c) => c.title),
    headWidthPercentages: percentages,
    content: JSON.stringify([columns.map(() => '')]),
  });
  // Style objects are replaced whole by a stored value: start from the defaults.
  return {
    ...el,
    headStyles: { ...(el.headStyles as object), fontSize, padding },
    bodyStyles: { ...(el.bodyStyles as object), fontSize, padding },
  };
}

/** The layout of a designed pdfme template as stored (pages of elements). */
export function fromPdfmeTemplate(t: Template): PrintLayout {
  return { schemas: t.schemas as unknown as PrintElement[][] };
}

let fontData: Promise<ArrayBuffer> | null = null;

/** The font's bytes, fetched once (pdfme reads a string as base64, not as a relative url). */
export function loadFont(): Promise<ArrayBuffer> {
  fontData ??= fetch(FONT_URL).then((r) => {
    if (!r.ok) {
      fontData = null;
      throw new Error('字体加载失败');
    }
    return r.arrayBuffer();
  });
  return fontData;
}

export function fontOf(data: string | ArrayBuffer): Font {
  return { [FONT_NAME]: { data, fallback: true } };
}

type Box = { position: { x: number; y: number }; width: number; height: number };

/** Gap kept between a new element, the page's edge and the others (mm). */
const GAP_MM = 4;

/**
 * Where a new element of `size` goes on a page: the first spot, row by row from the top left, where it covers
 * no element (with a small gap) and stays on the page; when the page is full, a step down and right of the
 * last element, kept on the page.
 */
export function freeSpot(
  elements: readonly Box[],
  size: { width: number; height: number },
  paper: { width: number; height: number },
): { x: number; y: number } {
  const hits = (x: number, y: number) =>
    elements.some(
      (e) =>
        x < e.position.x + e.width + GAP_MM &&
        e.position.x < x + size.width + GAP_MM &&
        y < e.position.y + e.height + GAP_MM &&
        e.position.y < y + size.height + GAP_MM,
    );
  const maxX = paper.width - GAP_MM - size.width;
  const maxY = paper.height - GAP_MM - size.height;
  for (let y = GAP_MM; y <= maxY; y += 2) {
    for (let x = GAP_MM; x <= maxX; x += 2) if (!hits(x, y)) return { x, y };
  }
  const last = elements[elements.length - 1];
  const clamp = (v: number, max: number) => Math.max(0, Math.min(v, Math.max(0, max)));
  return {
    x: clamp((last?.position.x ?? 0) + GAP_MM, paper.width - size.width),
    y: clamp((last?.position.y ?? 0) + GAP_MM, paper.height - size.height),
  };
}

/**
 * Whether an element sits where pdfme's toolbar drops a clicked tool: the page's left edge, at its top or
 * half way down (a dragged tool lands where it is dropped, and is left there).
 */
export function atToolbarSpot(el: Box, paper: { width: number; height: number }): boolean {
  return el.position.x === 0 && (el.position.y === 0 || Math.abs(el.position.y - paper.height / 2) < 0.01);
}

/**
 * pdfme's 字段列表 panel and element tooltips show element names, which for bound elements are binding keys
 * (`holderName`, `uses:useDate,…`): this writes the given labels over those texts (names absent from
 * `labels` are left alone). Only text and `title` values change, so pdfme's React keeps its own nodes.
 */
export function relabel(root: Element, labels: ReadonlyMap<string, string>): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const label = n.nodeValue === null ? undefined : labels.get(n.nodeValue);
    if (label !== undefined && label !== n.nodeValue && n.parentElement?.closest('li')) n.nodeValue = label;
  }
  root.querySelectorAll('[title]').forEach((el) => {
    const label = labels.get(el.getAttribute('title') ?? '');
    if (label !== undefined && label !== el.getAttribute('title')) el.setAttribute('title', label);
  });
}
