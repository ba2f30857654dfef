import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OSS_API, PERM, type AuthEntry, type OssFile } from '@district/shared';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@/lib/request';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { OSS_TEXT, OssFileListPage } from './oss-file-list-page';

const file = (over: Partial<OssFile>): OssFile => ({
  id: 'f1',
  biz: 'file',
  originalName: '门牌照片.png',
  storedPath: 'file/20261125/f1.png',
  fileSize: 2048,
  mime: 'image/png',
  storage: 'local',
  createBy: 'admin',
  createTime: '2026-11-25 10:00:00',
  ...over,
});
const ROWS = [
  file({}),
  file({
    id: 'f2',
    originalName: '会议纪要.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    storage: 's3',
    fileSize: 3 * 1024 * 1024,
  }),
];
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.ossList, PERM.ossUpload, PERM.ossDownload, PERM.ossDelete];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
  perms: string[] = ALL,
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${OSS_API.base}/list`]: ok({ records: ROWS, total: 2, size: 20, current: 1, pages: 1 }),
    [`GET ${OSS_API.download}`]: { status: 200, data: new Blob(['png-bytes']), responseType: 'blob' },
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<OssFileListPage />, { route: '/monitor/oss' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('对象存储 page', () => {
  it('lists files with size, storage and uploader; previews images only, downloads any', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    const mock = setup();
    await screen.findByText('门牌照片.png');
    expect(within(row('门牌照片.png')).getByText('本地目录')).toBeInTheDocument();
    expect(within(row('会议纪要.docx')).getByText('S3 对象存储')).toBeInTheDocument();
    expect(within(row('会议纪要.docx')).getByText('3.0 MB')).toBeInTheDocument();
    expect(within(row('会议纪要.docx')).queryByText(OSS_TEXT.preview)).not.toBeInTheDocument();
    expect(within(row('会议纪要.docx')).getByText(OSS_TEXT.download)).toBeInTheDocument();

    await userEvent.click(within(row('门牌照片.png')).getByText(OSS_TEXT.preview));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: '门牌照片.png' })).toHaveAttribute('src', 'blob:preview');
    const fetched = mock.calls.find((c) => c.url === OSS_API.download);
    expect(fetched?.params).toMatchObject({ id: 'f1' });
  }, 60_000);

  it('shows the byte progress while a file uploads, then reloads the list', async () => {
    let release: () => void = () => undefined;
    const mock = setup();
    await screen.findByText('门牌照片.png');
    const mocked = http.defaults.adapter as AxiosAdapter;
    // Hold the upload half-way so the progress can be seen.
    http.defaults.adapter = async (config) => {
      if (config.url !== OSS_API.upload) return mocked(config);
      config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true } as never);
      await new Promise<void>((resolve) => (release = resolve));
      return { data: ok(file({ id: 'f3' })).data, status: 200, statusText: '200', headers: {}, config };
    };
    const lists = () => mock.calls.filter((c) => c.url === `${OSS_API.base}/list`).length;
    const before = lists();
    const input = screen.getByTestId('oss-file-input');
    fireEvent.change(input, { target: { files: [new File(['x'], '新文件.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(OSS_TEXT.uploading)).toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText(OSS_TEXT.uploading)).not.toBeInTheDocument());
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  }, 60_000);

  it('hides upload, preview, download and delete without their rights', async () => {
    setup({}, [PERM.ossList]);
    await screen.findByText('门牌照片.png');
    expect(screen.queryByRole('button', { name: new RegExp(OSS_TEXT.upload) })).not.toBeInTheDocument();
    expect(screen.queryByText(OSS_TEXT.preview)).not.toBeInTheDocument();
    expect(screen.queryByText(OSS_TEXT.download)).not.toBeInTheDocument();
    expect(screen.queryByText('删除')).not.toBeInTheDocument();
  }, 60_000);
});
