import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DataLogListPage } from './data-log-list-page';

const v = (id: string, dataId: string, version: number, name: string) => ({
  id,
  dataTable: 'sys_position',
  dataId,
  dataVersion: version,
  action: version === 1 ? 'add' : 'edit',
  action_dictText: version === 1 ? '新增' : '编辑',
  dataContent: JSON.stringify({ id: dataId, code: 'P1', name }),
  createBy: 'admin',
  createTime: `2026-11-22 10:0${version}:00`,
});

const records = [v('l1', 'rec1', 1, '第一版'), v('l2', 'rec1', 2, '第二版'), v('l3', 'rec2', 1, '别的')];

describe('data log page', () => {
  let http: ReturnType<typeof mockHttp>;
  afterEach(() => http.restore());

  function start() {
    http = mockHttp({
      'GET /sys/dataLog/list': ok({ records, total: 3, size: 20, current: 1, pages: 1 }),
      'GET /sys/dataLog/queryCompareList': (config) => {
        const { dataId1, dataId2 } = config.params as { dataId1: string; dataId2: string };
        return ok(records.filter((r) => r.id === dataId1 || r.id === dataId2));
      },
    });
    renderWithApp(<DataLogListPage />);
  }

  const checkRow = (text: string) => {
    const row = screen.getAllByText(text)[0]!.closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
  };

  it('refuses to compare anything but two versions of one record', async () => {
    start();
    await screen.findAllByText('rec1');
    fireEvent.click(screen.getByRole('button', { name: '数据比较' }));
    expect(await screen.findByText('请选择同一条数据的两个版本进行比较')).toBeInTheDocument();
    checkRow('rec2');
    checkRow('rec1');
    fireEvent.click(screen.getByRole('button', { name: '数据比较' }));
    await waitFor(() => expect(screen.getAllByText('请选择同一条数据的两个版本进行比较').length).toBeGreaterThan(0));
    expect(http.calls.some((c) => c.url === '/sys/dataLog/queryCompareList')).toBe(false);
  });

  it("shows the server's readable versions: titles, names, yuan and labels, changed fields marked", async () => {
    const field = (f: string, title: string, text: string) => ({ field: f, title, text });
    const readable = [
      {
        ...v('l1', 'rec1', 1, '第一版'),
        dataTable: 'biz_asset',
        dataFields: [field('name', '资产名称', '综合楼'), field('netValue', '净值(元)', '1,000.00')],
      },
      {
        ...v('l2', 'rec1', 2, '第二版'),
        dataTable: 'biz_asset',
        dataFields: [field('name', '资产名称', '综合楼'), field('netValue', '净值(元)', '900.25')],
      },
    ];
    http = mockHttp({
      'GET /sys/dataLog/list': ok({ records: readable, total: 2, size: 20, current: 1, pages: 1 }),
      'GET /sys/dataLog/queryCompareList': ok(readable),
    });
    renderWithApp(<DataLogListPage />);
    const rows = await screen.findAllByText('rec1');
    // The table by its resource's title, 操作 by its label.
    expect(within(rows[0]!.closest('tr')!).getByText('资产')).toBeInTheDocument();
    expect(within(rows[1]!.closest('tr')!).getByText('编辑')).toBeInTheDocument();
    for (const cell of rows) fireEvent.click(within(cell.closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '数据比较' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('净值(元)')).toBeInTheDocument();
    expect(within(dialog).getByText('1,000.00')).toBeInTheDocument();
    expect(within(dialog).getByText('900.25')).toBeInTheDocument();
    expect(within(dialog).queryByText('netValue')).not.toBeInTheDocument();
    expect(within(dialog).getByText('900.25').closest('tr')).toHaveStyle({ background: 'var(--ant-color-warning-bg)' });
  });

  it('shows two versions side by side', async () => {
    start();
    const rows = await screen.findAllByText('rec1');
    for (const cell of rows) fireEvent.click(within(cell.closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '数据比较' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('第一版')).toBeInTheDocument();
    expect(within(dialog).getByText('第二版')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/版本 1（2026-11-22 10:01:00）/).length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText(/版本 2（2026-11-22 10:02:00）/).length).toBeGreaterThan(0);
  });
});
