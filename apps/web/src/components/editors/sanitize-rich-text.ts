import DOMPurify from 'dompurify';

/** Rich text as it may be stored and shown: DOMPurify's HTML profile, links opened safely. */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    ADD_ATTR: ['target'],
  });
}
