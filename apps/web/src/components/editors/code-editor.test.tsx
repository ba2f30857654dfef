import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { CodeEditor } from './code-editor';
import { CODE_EDITOR_TAB_SIZE, CODE_LANGUAGES } from './code-language-list';
import { languageExtension } from './code-languages';

// jsdom has no layout; CodeMirror measures text ranges after rendering.
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

describe('code editor languages', () => {
  it('offers the languages of the spec with tab size 2', () => {
    expect(CODE_LANGUAGES.map((language) => language.label)).toEqual([
      'CSS',
      'JavaScript',
      'HTML',
      'Java',
      'Objective-C',
      'Python',
      'R',
      'Shell',
      'SQL',
      'Swift',
      'Vue',
      'Markdown',
    ]);
    expect(CODE_EDITOR_TAB_SIZE).toBe(2);
    for (const { value } of CODE_LANGUAGES) expect(languageExtension(value)).toBeTruthy();
  });
});

describe('CodeEditor', () => {
  it('loads lazily and shows the code', async () => {
    renderWithApp(<CodeEditor value={'select 1\nfrom dual'} language="sql" />);
    await waitFor(() => expect(document.querySelector('.cm-content')).not.toBeNull());
    expect(screen.getByText('select')).toBeInTheDocument();
    // Tab size 2 reaches the editor's content style.
    expect((document.querySelector('.cm-content') as HTMLElement).style.tabSize).toBe('2');
  });
});
