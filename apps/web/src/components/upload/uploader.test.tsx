import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_TTL_MS, STORAGE_KEYS, type UploadedFile } from '@district/shared';
import type { InternalAxiosRequestConfig } from 'axios';
import * as browser from '@/lib/browser';
import { http } from '@/lib/request';
import { localStore } from '@/lib/storage';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { Uploader, type UploaderProps } from './uploader';
import { FILE_TYPE_RULES } from './upload-rules';

let restore = () => undefined as void;
beforeEach(() => localStore.set(STORAGE_KEYS.accessToken, 'tok-123', SESSION_TTL_MS));
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const stored = (name: string, id = 'f'.repeat(32)): UploadedFile => {
  const ext = name.split('.').pop();
  return {
    file_id: id,
    url: `temp/20261122/${id}.${ext}`,
    filePath: `temp/20261122/${id}.${ext}`,
    fileName: `${id}.${ext}`,
    srcFileName: name,
    type: 'application/pdf',
    fileSize: 10,
  };
};

const file = (name: string, type = 'application/octet-stream') => new File(['x'], name, { type });

function setup(props: Partial<UploaderProps> = {}) {
  const onChange = vi.fn();
  const view = renderWithApp(<Uploader onChange={onChange} {...props} />);
  const input = () => view.container.querySelector('input[type=file]') as HTMLInputElement;
  // The tests pick files the `accept` filter would hide, to see the widget's own refusal.
  const user = userEvent.setup({ applyAccept: false });
  return { onChange, input, user, ...view };
}

/** Answers each upload with the next stored file, numbering ids so every file is distinct. */
function serveUploads(extra: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}) {
  let n = 0;
  const http = mockHttp({
    'POST /file/upload': (config) => {
      n += 1;
      const name = ((config.data as FormData).get('file') as File).name;
      return ok([stored(name, String(n).padStart(32, '0'))], '');
    },
    ...extra,
  });
  restore = http.restore;
  return http;
}

describe('<Uploader>', () => {
  it.each([
    ['image', 'a.gif', 'b.PNG'],
    ['document', 'a.txt', 'b.docx'],
    ['video', 'a.avi', 'b.mp4'],
    ['audio', 'a.mp3', 'b.wav'],
  ] as const)('refuses other files than %s with the spec message and accepts its own', async (type, bad, good) => {
    const http = serveUploads();
    const { user, input, onChange } = setup({ fileType: type });
    await user.upload(input(), file(bad));
    expect(await screen.findByText(FILE_TYPE_RULES[type].message)).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
    await user.upload(input(), file(good));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(http.calls).toHaveLength(1);
  });

  it('the four messages are spelt as the spec writes them', () => {
    expect(FILE_TYPE_RULES.image.message).toBe('文件格式有误,仅支持jpg,jpeg,png,格式文件上传');
    expect(FILE_TYPE_RULES.document.message).toBe('文件格式有误,仅支持pdf,doc,docx,xls,xlsx,ppt,pptx,格式文件上传');
    expect(FILE_TYPE_RULES.video.message).toBe('文件格式有误,mp4,格式文件上传');
    expect(FILE_TYPE_RULES.audio.message).toBe('文件格式有误,仅支持wav格式文件上传');
  });

  it('sends the file with the biz path and the token, shows the percent, then the success message and value', async () => {
    // An adapter of its own, holding the answer back so the percent can be seen.
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const calls: InternalAxiosRequestConfig[] = [];
    const original = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      calls.push(config);
      config.onUploadProgress?.({ loaded: 45, total: 100, bytes: 45, lengthComputable: true });
      await gate;
      const reply = ok([stored('资产登记表.pdf')]);
      return { data: reply.data, status: 200, statusText: 'OK', headers: {}, config };
    };
    restore = () => {
      http.defaults.adapter = original;
    };
    const { user, input, onChange } = setup({ bizPath: 'asset' });
    await user.upload(input(), file('资产登记表.pdf'));
    expect(await screen.findByText('45%')).toBeInTheDocument();

    const sent = calls[0];
    expect(sent.headers['X-Access-Token']).toBe('tok-123');
    const form = sent.data as FormData;
    expect(form.get('biz')).toBe('asset');
    expect((form.get('file') as File).name).toBe('资产登记表.pdf');

    finish();
    expect(await screen.findByText('资产登记表.pdf上传成功!')).toBeInTheDocument();
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(`temp/20261122/${'f'.repeat(32)}.pdf`, [
        { srcFileName: '资产登记表.pdf', url: `temp/20261122/${'f'.repeat(32)}.pdf`, file_id: 'f'.repeat(32) },
      ]),
    );
    // The shown name is cut to five characters.
    expect(screen.getByText('资产登记表…')).toBeInTheDocument();
  });

  it('uses temp as the default biz path', async () => {
    const http = serveUploads();
    const { user, input } = setup();
    await user.upload(input(), file('a.pdf'));
    await waitFor(() => expect(http.calls).toHaveLength(1));
    expect((http.calls[0].data as FormData).get('biz')).toBe('temp');
  });

  it('shows the server message followed by ! when the upload is refused', async () => {
    restore = mockHttp({ 'POST /file/upload': fail(400, '文件内容与扩展名不符') }).restore;
    const { user, input, onChange } = setup();
    await user.upload(input(), file('fake.pdf'));
    expect(await screen.findByText('文件内容与扩展名不符!')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the server message of an unsuccessful answer followed by !', async () => {
    restore = mockHttp({
      'POST /file/upload': { status: 200, data: { success: false, message: '存储空间不足', code: 500, result: null } },
    }).restore;
    const { user, input } = setup();
    await user.upload(input(), file('a.pdf'));
    expect(await screen.findByText('存储空间不足!')).toBeInTheDocument();
  });

  it('prefixes 上传失败. with the file name when the server sent no message', async () => {
    restore = mockHttp({ 'POST /file/upload': { status: 502, data: '' } }).restore;
    const { user, input } = setup();
    await user.upload(input(), file('年度报告.pdf'));
    expect(await screen.findByText('年度报告.pdf 上传失败.')).toBeInTheDocument();
  });

  it('offers 登录已过期 with a re-login button when the server says the token expired', async () => {
    const reload = vi.spyOn(browser, 'reloadPage').mockImplementation(() => undefined);
    restore = mockHttp({ 'POST /file/upload': fail(500, 'Token失效，请重新登录') }).restore;
    const { user, input } = setup();
    await user.upload(input(), file('a.pdf'));
    expect(await screen.findByText('很抱歉，登录已过期，请重新登录')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('登录已过期');
    await user.click(screen.getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('keeps only the last N files when a number limit is set', async () => {
    serveUploads();
    const { user, input, onChange } = setup({ number: 2 });
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      await user.upload(input(), file(name));
      await screen.findByText(`${name}上传成功!`);
    }
    await waitFor(() => {
      const [value, list] = onChange.mock.lastCall as [string, { srcFileName: string }[]];
      expect(list.map((f) => f.srcFileName)).toEqual(['b.pdf', 'c.pdf']);
      expect(value.split(',')).toHaveLength(2);
    });
  });

  it('keeps every file when the limit is 0', async () => {
    serveUploads();
    const { user, input, onChange } = setup({ number: 0 });
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      await user.upload(input(), file(name));
      await screen.findByText(`${name}上传成功!`);
    }
    await waitFor(() => expect((onChange.mock.lastCall?.[0] as string).split(',')).toHaveLength(3));
  });

  it('drops a removed upload from the value only: nothing is deleted on the server before the form is saved', async () => {
    const http = serveUploads();
    const { user, input, onChange } = setup();
    await user.upload(input(), file('a.pdf'));
    await screen.findByText('a.pdf上传成功!');
    await user.click(screen.getByRole('button', { name: /删除文件|delete/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('', []));
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['post /file/upload']);
  });

  it('keeps a stored file removed while editing a record (the edit may be cancelled)', async () => {
    const http = serveUploads();
    const { user, onChange } = setup({ value: 'asset/20261122/old.pdf,asset/20261122/kept.png' });
    const row = screen.getByText('old.p…').closest('.ant-upload-list-item') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /删除文件|delete/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('asset/20261122/kept.png', expect.any(Array)));
    expect(http.calls).toEqual([]);
  });

  it('lists the files of a value given from outside', () => {
    setup({ value: 'asset/20261122/abcdefgh.pdf,asset/20261122/x.png' });
    expect(screen.getByText('abcde…')).toBeInTheDocument();
    expect(screen.getByText('x.png')).toBeInTheDocument();
  });
});
