import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { FilePopup } from './file-popup';

let restore = () => undefined as void;
afterEach(() => restore());

const confirm = () => screen.getByRole('button', { name: /确\s*定/ });

describe('file pop-up', () => {
  it('is 520 wide with a 200 high body', () => {
    renderWithApp(<FilePopup open onOk={vi.fn()} onCancel={vi.fn()} />);
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('520px');
    expect((document.querySelector('.ant-modal-body') as HTMLElement).style.height).toBe('200px');
  });

  it('says 未上传任何文件 and stays open when confirmed with no file', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(<FilePopup open onOk={onOk} onCancel={onCancel} />);
    await userEvent.click(confirm());
    expect(await screen.findByText('未上传任何文件')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('answers name, url, path, status done and id of the uploaded files', async () => {
    restore = mockHttp({
      'POST /file/upload': ok([
        {
          file_id: 'a'.repeat(32),
          url: 'temp/20261122/x.pdf',
          filePath: 'temp/20261122/x.pdf',
          fileName: 'x.pdf',
          srcFileName: '合同.pdf',
          type: 'application/pdf',
          fileSize: 1,
        },
      ]),
    }).restore;
    const onOk = vi.fn();
    renderWithApp(<FilePopup open onOk={onOk} onCancel={vi.fn()} />);
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], '合同.pdf', { type: 'application/pdf' }));
    await screen.findByText('合同.pdf上传成功!');
    await userEvent.click(confirm());
    await waitFor(() =>
      expect(onOk).toHaveBeenCalledWith({
        name: '合同.pdf',
        url: '/api/sys/common/static/temp/20261122/x.pdf',
        path: 'temp/20261122/x.pdf',
        status: 'done',
        id: 'a'.repeat(32),
      }),
    );
  });
});
