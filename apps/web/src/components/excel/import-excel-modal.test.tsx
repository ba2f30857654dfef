import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosProgressEvent } from 'axios';
import { IMPORT_MESSAGES } from '@district/shared';
import { http } from '../../lib/request';
import { fail, mockHttp, ok } from '../../test/mock-http';
import { renderWithApp } from '../../test/render';
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
