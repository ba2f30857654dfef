import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type AxiosProgressEvent, type InternalAxiosRequestConfig } from 'axios';
import { IMPORT_MESSAGES } from '@district/shared';
import { http } from '@/lib/request';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { IMPORT_REPORT_LINK, IMPORT_WRONG_TYPE, ImportExcelModal } from './import-excel-modal';

const URL_IMPORT = '/demo/importExcel';
let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

function xlsx(name = '资产.xlsx') {
  return new File(['PK fake'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

function open(props: Partial<Parameters<typeof ImportExcelModal>[0]> = {}) {
  const handlers = { onClose: vi.fn(), onOk: vi.fn() };
  const view = renderWithApp(<ImportExcelModal open url={URL_IMPORT} {...handlers} {...props} />);
  return { ...handlers, ...view };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
const footerButton = (name: string | RegExp) =>
  within(document.querySelector<HTMLElement>('.ant-modal-footer')!).getByRole('button', { name });
const startButton = () => footerButton(new RegExp(IMPORT_MESSAGES.start));

async function choose(file = xlsx()) {
  await userEvent.upload(fileInput(), file);
  expect(await screen.findByText(file.name)).toBeInTheDocument();
}

describe('import excel modal', () => {
  it('shows 导入EXCEL with 选择导入文件, 关闭 and 开始上传, accepting .xls and .xlsx', async () => {
    const { onClose } = open();
    expect(await screen.findByText(IMPORT_MESSAGES.title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IMPORT_MESSAGES.choose })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', '.xls,.xlsx');
    // Nothing to send before a file is chosen.
    expect(startButton()).toBeDisabled();
    await userEvent.click(footerButton(IMPORT_MESSAGES.close));
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a file that is not .xls/.xlsx', async () => {
    open();
    await screen.findByText(IMPORT_MESSAGES.title);
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(IMPORT_WRONG_TYPE)).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
    expect(startButton()).toBeDisabled();
  });

  it('uploads the file as files[] and on success shows the server message, closes and signals ok', async () => {
    const mock = mockHttp({ [`POST ${URL_IMPORT}`]: ok({ total: 3, success: 3, failed: 0 }, '导入成功！共 3 条数据') });
    restore = mock.restore;
    const { onClose, onOk } = open();
    await choose();
    await userEvent.click(startButton());

    expect(await screen.findByText('导入成功！共 3 条数据')).toBeInTheDocument();
    const body = mock.calls[0]!.data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('files[]') as File).name).toBe('资产.xlsx');
    expect(onClose).toHaveBeenCalled();
    expect(onOk).toHaveBeenCalledWith({ total: 3, success: 3, failed: 0 });
  });

  it('says "{file} 文件上传成功" when the server gives no message', async () => {
    restore = mockHttp({ [`POST ${URL_IMPORT}`]: ok(null, '') }).restore;
    open();
    await choose(xlsx('台账.xls'));
    await userEvent.click(startButton());
    expect(await screen.findByText(IMPORT_MESSAGES.uploaded('台账.xls'))).toBeInTheDocument();
  });

  it('code 201: warns with the message and a link that downloads the error report', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const mock = mockHttp({
      [`POST ${URL_IMPORT}`]: {
        status: 200,
        data: {
          success: true,
          code: 201,
          message: '导入完成：成功 2 条，失败 1 条，请下载错误报告查看原因',
          result: { total: 3, success: 2, failed: 1, errorReportUrl: '/sys/common/importReport/abc' },
          timestamp: 0,
        },
      },
      'GET /sys/common/importReport/abc': { status: 200, data: new Blob(['xlsx-bytes']) },
    });
    restore = mock.restore;
    const { onClose, onOk } = open();
    await choose();
    await userEvent.click(startButton());

    expect(await screen.findByText(/导入完成：成功 2 条，失败 1 条/)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(onOk).toHaveBeenCalled();
    await userEvent.click(screen.getByText(IMPORT_REPORT_LINK));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const report = mock.calls.find((c) => c.url === '/sys/common/importReport/abc');
    expect(report?.responseType).toBe('blob');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('a refused import warns with the server message and stays open', async () => {
    restore = mockHttp({ [`POST ${URL_IMPORT}`]: fail(400, '文件中没有可识别的列，请使用导出的模板') }).restore;
    const { onClose, onOk } = open();
    await choose();
    await userEvent.click(startButton());
    expect(await screen.findByText('文件中没有可识别的列，请使用导出的模板')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
    await waitFor(() => expect(startButton()).not.toHaveClass('ant-btn-loading'));
  });

  it('a failure without a server message warns "{file} {message}."', async () => {
    restore = mockHttp({ [`POST ${URL_IMPORT}`]: { status: 502, data: '' } }).restore;
    open();
    await choose();
    await userEvent.click(startButton());
    expect(
      await screen.findByText(IMPORT_MESSAGES.failed('资产.xlsx', 'Request failed with status code 502')),
    ).toBeInTheDocument();
  });

  it('shows 上传中... and the upload percent while sending', async () => {
    const mock = mockHttp({ [`POST ${URL_IMPORT}`]: ok(null, '导入成功') });
    const inner = http.defaults.adapter as AxiosAdapter;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    http.defaults.adapter = async (config) => {
      config.onUploadProgress?.({ loaded: 40, total: 100, bytes: 40, lengthComputable: true } as AxiosProgressEvent);
      await gate;
      return inner(config);
    };
    restore = mock.restore;
    open();
    await choose();
    await userEvent.click(startButton());
    await waitFor(() => expect(footerButton(/上传中\.\.\./)).toHaveClass('ant-btn-loading'));
    expect(await screen.findByText('40%')).toBeInTheDocument();
    release();
    expect(await screen.findByText('导入成功')).toBeInTheDocument();
  });

  it("after the upload, shows the rows the server has processed, asked for with the import's own id", async () => {
    let processed = 0;
    const mock = mockHttp({
      [`POST ${URL_IMPORT}`]: ok({ total: 1000, success: 1000, failed: 0 }, '导入成功！共 1000 条数据'),
    });
    const inner = http.defaults.adapter as AxiosAdapter;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const polled: string[] = [];
    let posted: { importId?: string } = {};
    http.defaults.adapter = async (config) => {
      if (config.method === 'get' && config.url?.startsWith('/sys/common/importProgress/')) {
        polled.push(config.url);
        // The server counts the file first, then reports more rows on every poll.
        const result =
          polled.length === 1
            ? { phase: 'reading', total: 0, processed: 0, success: 0, failed: 0 }
            : { phase: 'importing', total: 1000, processed: (processed += 400), success: processed, failed: 0 };
        const data = { success: true, code: 200, message: '', result, timestamp: 0 };
        return { data, status: 200, statusText: '200', headers: {}, config, request: {} };
      }
      posted = config.params as typeof posted;
      config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 100, lengthComputable: true } as AxiosProgressEvent);
      await gate;
      return inner(config);
    };
    restore = mock.restore;
    open();
    await choose();
    await userEvent.click(startButton());

    expect(await screen.findByText(IMPORT_MESSAGES.reading)).toBeInTheDocument();
    expect(screen.queryByLabelText('上传进度')).not.toBeInTheDocument();
    expect(await screen.findByText(IMPORT_MESSAGES.processing(400, 1000), {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByLabelText('处理进度')).toHaveTextContent('40%');
    expect(await screen.findByText(IMPORT_MESSAGES.processing(800, 1000), {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByLabelText('处理进度')).toHaveTextContent('80%');

    // The POST named the id the polls use.
    expect(posted.importId).toMatch(/^[0-9a-f]{32}$/);
    expect(polled[0]).toBe(`/sys/common/importProgress/${posted.importId}`);

    release();
    expect(await screen.findByText('导入成功！共 1000 条数据')).toBeInTheDocument();
    const polls = polled.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(polled.length).toBe(polls); // no more polling once the import has answered
  });

  describe('when the import stops before it answers', () => {
    const interrupted = { phase: 'failed', total: 1200, processed: 500, success: 500, failed: 0, resumable: true };
    const answer = (config: InternalAxiosRequestConfig, data: unknown, status = 200) => ({
      data,
      status,
      statusText: String(status),
      headers: {},
      config,
      request: {},
    });
    const envelope = (result: unknown, message = '') => ({ success: true, code: 200, message, result, timestamp: 0 });

    /** The network under the request layer: POSTs answered by `post`, progress polls by `progress`. */
    function network(post: (config: InternalAxiosRequestConfig) => unknown, progress: () => unknown) {
      const posts: InternalAxiosRequestConfig[] = [];
      const original = http.defaults.adapter;
      http.defaults.adapter = async (config) => {
        if (config.method === 'get' && config.url?.startsWith('/sys/common/importProgress/')) {
          return answer(config, envelope(progress()));
        }
        posts.push(config);
        config.onUploadProgress?.({ loaded: 10, total: 10, bytes: 10, lengthComputable: true } as AxiosProgressEvent);
        return post(config) as ReturnType<AxiosAdapter>;
      };
      restore = () => {
        http.defaults.adapter = original;
      };
      return posts;
    }
    /** The dialog's own notice (toasts are alerts too). */
    const dialogAlert = () => within(document.querySelector<HTMLElement>('.ant-modal-body')!).findByRole('alert');
    const networkError = (config: InternalAxiosRequestConfig) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    };

    it('after "Network Error" says how many rows are in and offers to continue, skipping them', async () => {
      let finished = false;
      let polls = 0;
      const posts = network(
        (config) => {
          if ((config.params as { resume?: string }).resume !== 'continue') return networkError(config);
          finished = true;
          return answer(
            config,
            envelope({ total: 1200, success: 1200, failed: 0, skipped: 500 }, '导入成功！共 1200 条数据'),
          );
        },
        // The run still looks alive for a few polls (its heartbeat is fresh), then the server calls it stopped.
        () =>
          finished ? null : ++polls < 4 ? { ...interrupted, phase: 'importing', resumable: undefined } : interrupted,
      );
      const { onClose, onOk } = open();
      await choose();
      await userEvent.click(startButton());
      expect(await screen.findByText(IMPORT_MESSAGES.checking)).toBeInTheDocument();

      expect(await dialogAlert()).toHaveTextContent(IMPORT_MESSAGES.interrupted(500));
      expect(screen.queryByText(IMPORT_MESSAGES.checking)).not.toBeInTheDocument();
      expect(screen.queryByText('Network Error', { exact: false })).not.toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
      // The list reloads: the committed rows are there.
      expect(onOk).toHaveBeenCalledWith(null);

      await userEvent.click(footerButton(IMPORT_MESSAGES.resume(500)));
      expect(await screen.findByText('导入成功！共 1200 条数据')).toBeInTheDocument();
      expect(posts).toHaveLength(2);
      const [firstTry, retry] = posts.map((p) => p.params as { importId: string; resume?: string });
      expect(retry).toMatchObject({ resume: 'continue' });
      expect(retry!.importId).not.toBe(firstTry!.importId);
      expect((posts[1]!.data as FormData).get('files[]')).toBeInstanceOf(File);
      expect(onClose).toHaveBeenCalled();
    });

    it('a retry the server refuses for an earlier stopped import of the file offers the same choice', async () => {
      const posts = network(
        (config) => {
          const response = answer(
            config,
            {
              success: false,
              code: 409,
              message: IMPORT_MESSAGES.unfinished(300),
              result: { ...interrupted, success: 300 },
              timestamp: 0,
            },
            409,
          );
          throw new AxiosError('Request failed with status code 409', AxiosError.ERR_BAD_REQUEST, config, {}, response);
        },
        () => null,
      );
      open();
      await choose();
      await userEvent.click(startButton());
      expect(await screen.findByText(IMPORT_MESSAGES.unfinished(300))).toBeInTheDocument();
      expect(await dialogAlert()).toHaveTextContent(IMPORT_MESSAGES.interrupted(300));
      await userEvent.click(footerButton(IMPORT_MESSAGES.restart));
      await waitFor(() => expect(posts).toHaveLength(2));
      expect(posts[1]!.params).toMatchObject({ resume: 'restart' });
    });

    it('a lost answer of an import that finished shows its outcome, not an error', async () => {
      network(networkError, () => ({ phase: 'done', total: 40, processed: 40, success: 40, failed: 0 }));
      const { onClose, onOk } = open();
      await choose();
      await userEvent.click(startButton());
      expect(await screen.findByText(IMPORT_MESSAGES.finished(40, 0))).toBeInTheDocument();
      expect(onClose).toHaveBeenCalled();
      expect(onOk).toHaveBeenCalledWith({ total: 40, success: 40, failed: 0 });
    });

    it('a lost answer of an import the server never received keeps the old warning', async () => {
      network(networkError, () => null);
      open();
      await choose();
      await userEvent.click(startButton());
      expect(await screen.findByText(IMPORT_MESSAGES.failed('资产.xlsx', 'Network Error'))).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: IMPORT_MESSAGES.restart })).not.toBeInTheDocument();
    });
  });

  it('opening again starts with an empty file list', async () => {
    function Harness() {
      const [isOpen, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>切换</button>
          <ImportExcelModal open={isOpen} url={URL_IMPORT} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderWithApp(<Harness />);
    await choose();
    await userEvent.click(footerButton(IMPORT_MESSAGES.close));
    await userEvent.click(screen.getByRole('button', { name: '切换', hidden: true }));
    await waitFor(() => expect(screen.queryByText('资产.xlsx')).not.toBeInTheDocument());
    expect(startButton()).toBeDisabled();
  });
});
