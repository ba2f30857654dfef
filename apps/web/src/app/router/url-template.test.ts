import { describe, expect, it } from 'vitest';
import { evaluateUrlTemplate } from './url-template';

describe('menu url templates', () => {
  it('fills whitelisted configuration references', () => {
    expect(evaluateUrlTemplate("{{ window._CONFIG['domianURL'] }}/report")).toBe('/api/report');
    expect(evaluateUrlTemplate('${staticDomainURL}/a.png')).toBe('/api/sys/common/static/a.png');
  });

  it('never evaluates code: anything else becomes empty', () => {
    expect(evaluateUrlTemplate("{{ alert('x') }}/a")).toBe('/a');
    expect(evaluateUrlTemplate('{{ window.localStorage }}x')).toBe('x');
    expect(evaluateUrlTemplate('https://example.com/plain')).toBe('https://example.com/plain');
  });
});
