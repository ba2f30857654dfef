import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { ImageUpload, type ImageUploadProps } from './image-upload';

let restore = () => undefined as void;
afterEach(() => restore());

const png = (name = 'avatar.png') => new File(['x'], name, { type: 'image/png' });

function setup(props: Partial<ImageUploadProps> = {}) {
  const onChange = vi.fn();
  const view = renderWithApp(<ImageUpload onChange={onChange} {...props} />);
  const input = () => view.container.querySelector('input[type=file]') as HTMLInputElement;
  return { onChange, input, user: userEvent.setup({ applyAccept: false }), ...view };
}

describe('<ImageUpload>', () => {
  it('uploads to the common upload with isup=1 and the biz path, and keeps the path from message', async () => {
    const http = mockHttp({ 'POST /sys/common/upload': ok('avatar/20261122/a.png', 'avatar/20261122/a.png') });
    restore = http.restore;
    const { user, input, onChange, container } = setup({ bizPath: 'avatar' });
    await user.upload(input(), png());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('avatar/20261122/a.png'));
    const form = http.calls[0].data as FormData;
    expect(form.get('isup')).toBe('1');
    expect(form.get('biz')).toBe('avatar');
    await waitFor(() =>
      expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/sys/common/static/avatar/20261122/a.png'),
    );
  });

  it('reads the path from the field named by responseName', async () => {
    restore = mockHttp({
      'POST /sys/common/upload': {
        status: 200,
        data: { success: true, message: '', result: 'image/x.png', code: 200 },
      },
    }).restore;
    const { user, input, onChange } = setup({ responseName: 'result' });
    await user.upload(input(), png());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('image/x.png'));
  });

  it('refuses a file that is not an image: 请上传图片格式的文件', async () => {
    const http = mockHttp({});
    restore = http.restore;
    const { user, input, onChange } = setup();
    await user.upload(input(), new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请上传图片格式的文件')).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('replaces the single image with a new upload', async () => {
    let n = 0;
    restore = mockHttp({
      'POST /sys/common/upload': () => {
        n += 1;
        return ok(`image/${n}.png`, `image/${n}.png`);
      },
    }).restore;
    const { user, input, onChange } = setup({ value: 'image/0.png' });
    await user.upload(input(), png());
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('image/1.png'));
  });

  it('removing a stored image (an avatar being edited) only empties the value: nothing is deleted on the server', async () => {
    const http = mockHttp({});
    restore = http.restore;
    const { user, onChange, container } = setup({ bizPath: 'avatar', value: 'avatar/20261122/a.png' });
    const item = container.querySelector('.ant-upload-list-item') as HTMLElement;
    await user.hover(item);
    await user.click(within(item).getByRole('button', { name: /删除|delete/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
    expect(http.calls).toEqual([]);
  });

  it('shows the server message, or 文件上传失败 when there is none', async () => {
    restore = mockHttp({ 'POST /sys/common/upload': fail(413, '文件大小不能超过20MB') }).restore;
    const first = setup();
    await first.user.upload(first.input(), png());
    expect(await screen.findByText('文件大小不能超过20MB')).toBeInTheDocument();
    restore();
    first.unmount();

    restore = mockHttp({ 'POST /sys/common/upload': { status: 502, data: '' } }).restore;
    const second = setup();
    await second.user.upload(second.input(), png());
    expect(await screen.findByText('文件上传失败')).toBeInTheDocument();
  });
});
