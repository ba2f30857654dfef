import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { ImageUploadDialog } from './image-upload-dialog';

let restore = () => undefined as void;
afterEach(() => restore());

function setup() {
  const onOk = vi.fn();
  renderWithApp(<ImageUploadDialog open onOk={onOk} onCancel={vi.fn()} />);
  return { onOk, user: userEvent.setup({ applyAccept: false }) };
}

const confirm = () => screen.getByRole('button', { name: /确\s*定/ });

describe('图片上传 dialog', () => {
  it('has the two tabs 本地图片上传 and 网络图片地址', () => {
    setup();
    expect(screen.getByText('图片上传')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '本地图片上传' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '网络图片地址' })).toBeInTheDocument();
  });

  it('confirms a local upload with its note, then resets', async () => {
    const http = mockHttp({ 'POST /sys/common/upload': ok('editor/20261122/p.png', 'editor/20261122/p.png') });
    restore = http.restore;
    const { onOk, user } = setup();
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'p.png', { type: 'image/png' }));
    await waitFor(() => expect(document.querySelector('.ant-modal img')).not.toBeNull());
    expect((http.calls[0].data as FormData).get('biz')).toBe('editor');
    await user.type(screen.getAllByLabelText('图片注释')[0], '大楼外观');
    await user.click(confirm());
    expect(onOk).toHaveBeenCalledWith({
      url: '/api/sys/common/static/editor/20261122/p.png',
      path: 'editor/20261122/p.png',
      note: '大楼外观',
    });
    await waitFor(() => expect(document.querySelector('.ant-modal img')).toBeNull());
    expect(screen.getAllByLabelText('图片注释')[0]).toHaveValue('');
  });

  it('confirms a network address with its note, then resets to the local tab', async () => {
    const { onOk, user } = setup();
    await user.click(screen.getByRole('tab', { name: '网络图片地址' }));
    await user.type(screen.getByLabelText('图片地址'), 'https://example.com/a.png');
    await user.type(screen.getAllByLabelText('图片注释')[1], '示意图');
    await user.click(confirm());
    expect(onOk).toHaveBeenCalledWith({ url: 'https://example.com/a.png', path: '', note: '示意图' });
    expect(screen.getByRole('tab', { name: '本地图片上传' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('图片地址')).toHaveValue('');
  });

  it('asks for an image or an http(s) address before confirming', async () => {
    const { onOk, user } = setup();
    await user.click(confirm());
    expect(await screen.findByText('请先上传图片')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '网络图片地址' }));
    await user.click(confirm());
    expect(await screen.findByText('请输入图片地址')).toBeInTheDocument();
    await user.type(screen.getByLabelText('图片地址'), 'javascript:alert(1)');
    await user.click(confirm());
    expect(await screen.findByText('图片地址必须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
  });
});
