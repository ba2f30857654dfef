import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { ReportEditorModal } from './report-editor-modal';

let restore = () => undefined as void;
afterEach(() => restore());

describe('report editor', () => {
  it('lets the report run on a chosen data source', async () => {
    const bodies: Record<string, unknown>[] = [];
    const mock = mockHttp({
      'GET /sys/dataSource/list': ok({
        records: [{ id: 'd1', code: 'stock_db', name: '库存库', dbType: 'sqlite' }],
        total: 1,
        size: 100,
        current: 1,
        pages: 1,
      }),
      'POST /online/cgreport/head/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({}, '添加成功！');
      },
    });
    restore = mock.restore;
    const onSaved = vi.fn();
    renderWithApp(<ReportEditorModal open record={null} onClose={() => undefined} onSaved={onSaved} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('报表编码'), 'stock_report');
    await user.type(within(dialog).getByLabelText('报表名称'), '库存');
    await user.type(within(dialog).getByLabelText('查询SQL'), 'select name, qty from stock');
    await user.click(within(dialog).getByRole('combobox', { name: '数据源' }));
    await user.click(await screen.findByText('库存库（stock_db，SQLite 文件）'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({
      code: 'stock_report',
      dbSource: 'stock_db',
      sqlText: 'select name, qty from stock',
    });
  });
});
