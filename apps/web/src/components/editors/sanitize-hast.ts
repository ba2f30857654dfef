/*
 * A rehype step for the markdown preview, which renders raw HTML: drops active elements, event
 * handler attributes and script URLs. Written against the plain hast shape to avoid a dependency.
 */

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const BLOCKED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'form',
  'svg',
  'math',
  'template',
]);
const URL_PROPS = ['href', 'src', 'action', 'formAction', 'xlinkHref', 'poster', 'srcSet'];
const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/|\.{0,2}\/|data:image\/(?:png|gif|jpe?g|webp);)/i;

/** Browsers ignore whitespace and control characters inside a scheme ("java\tscript:"). */
function hasScheme(url: string): boolean {
  const compact = [...url].filter((char) => char.charCodeAt(0) > 32).join('');
  return /^[a-z][\w+.-]*:/i.test(compact);
}

function clean(node: HastNode): void {
  if (!node.children) return;
  node.children = node.children.filter((child) => !(child.type === 'element' && BLOCKED_TAGS.has(child.tagName ?? '')));
  for (const child of node.children) {
    if (child.type === 'element' && child.properties) {
      for (const key of Object.keys(child.properties)) {
        if (/^on/i.test(key)) delete child.properties[key];
      }
      for (const key of URL_PROPS) {
        const value = child.properties[key];
        const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : null;
        // Relative paths without a scheme are fine; anything with a scheme must be a known safe one.
        if (text !== null && hasScheme(text) && !SAFE_URL.test(text.trim())) {
          delete child.properties[key];
        }
      }
    }
    clean(child);
  }
}

/** rehype plugin: `rehypePlugins: [[sanitizeHast]]`. */
export function sanitizeHast() {
  return (tree: unknown) => {
    clean(tree as HastNode);
  };
}
