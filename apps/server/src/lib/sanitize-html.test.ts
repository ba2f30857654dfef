import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps the formatting the rich text editor produces', () => {
    const html =
      '<h2>标题</h2><p style="text-align:center;color:#ff0000;">居中<strong>粗体</strong><em>斜体</em></p>' +
      '<ul><li>一</li></ul><a href="https://example.com/a" target="_blank">链接</a>' +
      '<img src="/api/sys/common/static/editor/a.png" alt="图" width="100">' +
      '<table border="1"><tbody><tr><td colspan="2">格</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html.replace('center;color', 'center; color'));
  });

  it('removes scripts, styles and frames with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>')).toBe(
      '<p>a</p>',
    );
  });

  it('removes event handlers and javascript: URLs', () => {
    expect(sanitizeHtml('<img src="/x.png" onerror="alert(1)">')).toBe('<img src="/x.png">');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a href>x</a>');
    expect(sanitizeHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a href>x</a>');
    expect(sanitizeHtml('<p style="background:url(javascript:alert(1))">x</p>')).toBe('<p style>x</p>');
  });

  it('drops tags outside the whitelist but keeps their text', () => {
    expect(sanitizeHtml('<form action="/x"><input value="1">文字</form>')).toBe('文字');
    expect(sanitizeHtml('<p>a<!-- 注释 -->b</p>')).toBe('<p>ab</p>');
  });

  it('only allows _blank and _self as link targets', () => {
    expect(sanitizeHtml('<a href="/a" target="evil">x</a>')).toBe('<a href="/a" target>x</a>');
  });

  it('turns non-strings into an empty string', () => {
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml(42)).toBe('');
  });
});
