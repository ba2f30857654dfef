import type { Font, Plugin, Template } from '@pdfme/common';
import { barcodes, ellipse, image, line, rectangle, table, text } from '@pdfme/schemas';
import type { PrintElement, PrintLayout, PrintTemplate } from '@district/shared';

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

/** pdfme's template of a stored print template. */
export function toPdfmeTemplate(t: Pick<PrintTemplate, 'widthMm' | 'heightMm' | 'layout'>): Template {
  return {
    basePdf: { width: Number(t.widthMm), height: Number(t.heightMm), padding: [0, 0, 0, 0] },
    schemas: completeLayout(parseLayout(t.layout)).schemas,
  } as unknown as Template;
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
