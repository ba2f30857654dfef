import { describe, expect, it } from 'vitest';
import { escapeHtml, isSameSitePath, renderTemplate, TEMPLATE_MESSAGES } from './message.js';

describe('renderTemplate', () => {
  it('replaces placeholders, nested ones too, and nothing else', () => {
    expect(
      renderTemplate('您好 ${name}，资产 ${asset.code} 已到期。', { name: '张三', asset: { code: 'ZC-1' } }),
    ).toEqual({
      ok: true,
      text: '您好 张三，资产 ZC-1 已到期。',
    });
    // No expressions: code-looking text stays text, and a value is never evaluated.
    expect(renderTemplate('${a}', { a: '${b}', b: 'x' })).toEqual({ ok: true, text: '${b}' });
    expect(renderTemplate('<% 1+1 %> {{x}}', {})).toEqual({ ok: true, text: '<% 1+1 %> {{x}}' });
  });

  it('refuses a missing placeholder by name rather than leaving a blank', () => {
    expect(renderTemplate('${name} ${code} ${name}', { code: 1 })).toEqual({
      ok: false,
      message: TEMPLATE_MESSAGES.missingParams(['name']),
    });
    expect(renderTemplate('${toString}', {})).toEqual({
      ok: false,
      message: TEMPLATE_MESSAGES.missingParams(['toString']),
    });
    expect(renderTemplate('${a.b}', { a: { b: { c: 1 } } }).ok).toBe(false);
  });

  it('refuses a placeholder that is an expression', () => {
    expect(renderTemplate('${process.exit()}', {})).toEqual({
      ok: false,
      message: TEMPLATE_MESSAGES.badPlaceholder('process.exit()'),
    });
    expect(renderTemplate('${1+1}', {}).ok).toBe(false);
  });

  it('escapes values for an HTML body', () => {
    expect(renderTemplate('<p>${n}</p>', { n: '<script>x</script>' }, escapeHtml)).toEqual({
      ok: true,
      text: '<p>&#60;script&#62;x&#60;/script&#62;</p>',
    });
  });
});

describe('isSameSitePath (an announcement’s 打开页面)', () => {
  it('accepts paths of this site, with a query and a fragment', () => {
    for (const page of [
      '/',
      '/asset/index',
      '/dashboard/analysis?tab=2#top',
      '/isps/userAnnouncement',
      '/help/%E5%B8%AE%E5%8A%A9',
    ]) {
      expect(isSameSitePath(page), page).toBe(true);
    }
  });

  it('refuses other sites, schemes and spellings that become one once a browser or router reads them', () => {
    for (const page of [
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%2f%2fevil.example',
      '/%2F/evil.example',
      '/%5cevil.example',
      '/%252f%252fevil.example',
      '/%25252f%25252fevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      '/asset/ index',
      '/asset\u200b/index',
      '/asset/%0aindex',
      '/asset/%zz',
      '',
      ' /asset/index',
    ]) {
      expect(isSameSitePath(page), JSON.stringify(page)).toBe(false);
    }
    expect(isSameSitePath(null)).toBe(false);
    expect(isSameSitePath(42)).toBe(false);
  });
});
