import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { MarkdownEditor } from './markdown-editor';
import { MARKDOWN_TOOLBAR_LABELS } from './markdown-editor-constants';

function Harness({ initial = '', height }: { initial?: string; height?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MarkdownEditor value={value} onChange={setValue} height={height} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const textarea = () => screen.getByLabelText('Markdown 内容') as HTMLTextAreaElement;
/** The editor is loaded on demand: wait until it has replaced its spinner. */
const loaded = () => screen.findByLabelText('Markdown 内容', {}, { timeout: 15_000 });
const current = () => screen.getByTestId('value').textContent;

describe('MarkdownEditor', () => {
  it('loads the editor on demand, showing a spinner of its height meanwhile', async () => {
    renderWithApp(<Harness />);
    const spinner = screen.getByLabelText('编辑器加载中');
    expect(spinner.closest('div[style]')).toHaveStyle({ height: '300px' });
    expect(screen.queryByLabelText('Markdown 内容')).not.toBeInTheDocument();
    expect(await loaded()).toBeInTheDocument();
  });

  it('has the zh-CN toolbar of the spec, in order, with the image upload button', async () => {
    renderWithApp(<Harness />);
    await loaded();
    const L = MARKDOWN_TOOLBAR_LABELS;
    const expected = [
      L.heading,
      L.bold,
      L.italic,
      L.strike,
      L.hr,
      L.quote,
      L.ul,
      L.ol,
      L.task,
      L.indent,
      L.outdent,
      L.table,
      L.link,
      L.code,
      L.codeblock,
      L.image,
    ];
    const labels = [...document.querySelectorAll('.w-md-editor-toolbar button[aria-label]')].map((button) =>
      button.getAttribute('aria-label'),
    );
    expect(labels.slice(0, expected.length)).toEqual(expected);
    expect(labels).toContain('全屏');
  });

  it('is 300px high by default and never lower than 200px', async () => {
    const { unmount } = renderWithApp(<Harness />);
    await loaded();
    expect((document.querySelector('.w-md-editor') as HTMLElement).style.height).toBe('300px');
    unmount();
    renderWithApp(<Harness height={120} />);
    await loaded();
    expect((document.querySelector('.w-md-editor') as HTMLElement).style.height).toBe('200px');
  });

  it('applies bold to the selection', async () => {
    renderWithApp(<Harness initial="资产" />);
    await loaded();
    textarea().setSelectionRange(0, 2);
    fireEvent.click(screen.getByRole('button', { name: '粗体' }));
    expect(current()).toBe('**资产**');
  });

  it('indents and outdents the selected lines by two spaces', async () => {
    renderWithApp(<Harness initial={'a\nb'} />);
    await loaded();
    textarea().setSelectionRange(0, 3);
    fireEvent.click(screen.getByRole('button', { name: '增加缩进' }));
    expect(current()).toBe('  a\n  b');
    textarea().setSelectionRange(0, current()!.length);
    fireEvent.click(screen.getByRole('button', { name: '减少缩进' }));
    expect(current()).toBe('a\nb');
  });

  it('inserts an image picked in the 图片上传 dialog', async () => {
    renderWithApp(<Harness initial="" />);
    await loaded();
    textarea().setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: '上传图片' }));
    expect(await screen.findByText('图片上传')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '网络图片地址' }));
    fireEvent.change(screen.getByLabelText('图片地址'), { target: { value: 'https://example.com/a.png' } });
    fireEvent.change(screen.getAllByLabelText('图片注释')[1] as HTMLElement, { target: { value: '示意图' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(current()).toBe('![示意图](https://example.com/a.png)'));
  });

  it('does not run script in the preview', async () => {
    renderWithApp(<Harness initial={'<img src="x" onerror="alert(1)"><script>alert(2)</script>**好**'} />);
    await waitFor(() => expect(document.querySelector('.wmde-markdown strong')).not.toBeNull());
    const preview = document.querySelector('.wmde-markdown') as HTMLElement;
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });
});
