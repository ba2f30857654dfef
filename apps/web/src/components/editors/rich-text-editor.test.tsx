import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { RichTextEditor } from './rich-text-editor';
import { sanitizeRichText } from './sanitize-rich-text';

// TinyMCE itself needs a real browser (Playwright covers it); here a stand-in shows what it is given.
vi.mock('./tinymce-editor', () => ({
  TinymceEditor: ({ height, value, onChange }: { height: number; value?: string; onChange?: (h: string) => void }) => (
    <div data-testid="tinymce" data-height={height} onClick={() => onChange?.('<p>x</p>')}>
      {value}
    </div>
  ),
}));

describe('RichTextEditor', () => {
  it('loads the editor lazily, 300 high by default', async () => {
    renderWithApp(<RichTextEditor value="<p>正文</p>" />);
    const editor = await screen.findByTestId('tinymce');
    expect(editor).toHaveAttribute('data-height', '300');
    expect(editor).toHaveTextContent('<p>正文</p>');
  });
});

describe('sanitizeRichText', () => {
  it('keeps formatting and removes active content', () => {
    expect(sanitizeRichText('<p style="text-align: center;"><strong>粗</strong></p>')).toBe(
      '<p style="text-align: center;"><strong>粗</strong></p>',
    );
    expect(sanitizeRichText('<img src="/a.png" onerror="alert(1)"><script>alert(1)</script>')).toBe(
      '<img src="/a.png">',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)" target="_blank">x</a>')).toBe('<a target="_blank">x</a>');
    expect(sanitizeRichText('<form><input value="1"></form><p>a</p>')).toBe('<p>a</p>');
  });
});
