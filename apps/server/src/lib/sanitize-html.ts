import xssModule from 'xss';
import type * as XssApi from 'xss';

// xss is CommonJS: under Node's ESM loader its helpers hang off the default export, which its
// typings describe as the bare filter function.
const xss = xssModule as unknown as typeof XssApi;

/*
 * Rich text (HTML from the rich text editor) as it may be stored: a whitelist of formatting tags and
 * attributes. Anything else is removed — script and style elements with their content — and
 * attribute values are checked by xss (no javascript: URLs, CSS limited to safe properties).
 * The browser sanitises too (dompurify); this is the copy that protects other readers of the data.
 */

const COMMON = ['style', 'class', 'title'];
const CELL = [...COMMON, 'colspan', 'rowspan', 'align', 'valign', 'width', 'height'];

const WHITELIST: Record<string, string[]> = {
  a: [...COMMON, 'href', 'target', 'rel', 'name'],
  img: [...COMMON, 'src', 'alt', 'width', 'height'],
  video: [...COMMON, 'src', 'controls', 'width', 'height', 'poster'],
  audio: [...COMMON, 'src', 'controls'],
  source: ['src', 'type'],
  table: [...COMMON, 'border', 'cellpadding', 'cellspacing', 'width', 'align'],
  colgroup: ['span', 'width'],
  col: ['span', 'width', 'style'],
  td: CELL,
  th: CELL,
  ol: [...COMMON, 'start', 'type'],
  font: [...COMMON, 'color', 'size', 'face'],
};
for (const tag of [
  'p',
  'div',
  'span',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'ul',
  'li',
  'dl',
  'dt',
  'dd',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'caption',
  'figure',
  'figcaption',
  'section',
  'article',
  'header',
  'footer',
]) {
  WHITELIST[tag] ??= COMMON;
}

const filter = new xss.FilterXSS({
  whiteList: WHITELIST,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript'],
  allowCommentTag: false,
  safeAttrValue(tag, name, value, cssFilter) {
    // target is the only attribute with a fixed vocabulary; links opened elsewhere get no opener.
    if (name === 'target') return ['_blank', '_self'].includes(value) ? value : '';
    return xss.safeAttrValue(tag, name, value, cssFilter);
  },
});

/** Cleans rich text before it is stored. Non-strings become ''. */
export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || !html) return '';
  return filter.process(html);
}
