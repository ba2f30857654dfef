import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LIST_MESSAGES } from '@district/shared';
import { mockHttp } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { feedback } from '@/lib/feedback';
import { exportXls, exportXlsParams, xlsxFileName } from './export-xls';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

describe('export of xls', () => {
  it('sends the filters without paging, plus selections and field lists', () => {
    expect(
      exportXlsParams({
        params: { pageNo: 2, pageSize: 20, name: '*楼*', column: 'createTime', order: 'asc', empty: '' },
        selections: ['a1', 'b2'],
        fields: ['name', 'status'],
      }),
    ).toEqual({ name: '*楼*', column: 'createTime', order: 'asc', selections: 'a1,b2', field: 'name,status' });
    expect(exportXlsParams({ params: { name: 'x' }, selections: [], fields: [] })).toEqual({ name: 'x' });
  });

  it('names the file .xlsx', () => {
    expect(xlsxFileName('资产台账')).toBe('资产台账.xlsx');
    expect(xlsxFileName('old.xls')).toBe('old.xls');
  });

  it('downloads the blob answer under the file name', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const mock = mockHttp({ 'GET /demo/exportXls': { status: 200, data: new Blob(['bytes']) } });
    restore = mock.restore;
    await expect(exportXls('/demo/exportXls', '资产台账', { params: { name: 'x' } })).resolves.toBe(true);
    expect(downloaded).toBe('资产台账.xlsx');
    expect(mock.calls[0]!.params).toMatchObject({ name: 'x' });
    expect(mock.calls[0]!.responseType).toBe('blob');
  });

  it('shows the rows announced by the server and the bytes received while the export streams', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const open = vi.spyOn(feedback.message, 'open');
    const destroy = vi.spyOn(feedback.message, 'destroy');
    restore = mockHttp({
      'GET /demo/exportXls': (config) => {
        const target = { getResponseHeader: (name: string) => (name === 'X-Total-Count' ? '1000000' : null) };
        config.onDownloadProgress?.({ loaded: 3 * 1024 * 1024, bytes: 0, lengthComputable: false, event: { target } });
        return { status: 200, data: new Blob(['bytes']) };
      },
    }).restore;
    await expect(exportXls('/demo/exportXls', '用户')).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ content: '正在导出 1000000 行，已接收 3.0 MB' }));
    // The toast goes when the file is saved.
    expect(destroy).toHaveBeenCalledWith('export-/demo/exportXls');
  });

  it('warns 文件下载失败 when the answer has no blob', async () => {
    renderWithApp(<div />);
    restore = mockHttp({ 'GET /demo/exportXls': { status: 200, data: new Blob([]) } }).restore;
    await exportXls('/demo/exportXls', '资产台账');
    expect(await screen.findByText(LIST_MESSAGES.exportFailed)).toBeInTheDocument();
  });
});
