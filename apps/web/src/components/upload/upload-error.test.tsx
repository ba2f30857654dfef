import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { showCellUploadError, uploadSuccessText, uploaderFailureText } from './upload-error';

describe('upload error catalogue', () => {
  it('words the uploader results as the spec does', () => {
    expect(uploadSuccessText('报告.pdf')).toBe('报告.pdf上传成功!');
    expect(uploaderFailureText('报告.pdf')).toBe('报告.pdf 上传失败.');
    expect(uploaderFailureText('报告.pdf', '文件内容与扩展名不符')).toBe('文件内容与扩展名不符!');
  });

  it('shows 上传出错 with 错误信息： and the server message', async () => {
    renderWithApp(<div />);
    act(() => showCellUploadError('文件大小不能超过20MB'));
    expect(await screen.findByText('错误信息：文件大小不能超过20MB')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('上传出错');
  });

  it('falls back to 未知错误 without a server message', async () => {
    renderWithApp(<div />);
    act(() => showCellUploadError());
    expect(await screen.findByText('错误信息：未知错误')).toBeInTheDocument();
  });
});
