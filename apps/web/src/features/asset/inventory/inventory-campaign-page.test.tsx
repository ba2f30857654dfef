import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { INVENTORY_API, PERM, type AuthEntry, type InventoryProgress } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { campaign, item } from './fixtures.testing';
import { CAMPAIGN_TEXT as T, InventoryCampaignPage } from './inventory-campaign-page';

// echarts draws on a real canvas; what matters is which figures the charts are given.
vi.mock('./progress-charts', () => ({
  ProgressCharts: ({ progress }: { progress: InventoryProgress }) => (
    <div data-testid="charts">
      {progress.byDepart.map((r) => `${r.name}:${r.checked}/${r.total}`).join(';')}|
      {progress.byChecker.map((r) => `${r.name}:${r.checked}`).join(';')}|
      {progress.byResult.map((r) => `${r.text}:${r.count}`).join(';')}
    </div>
  ),
}));

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

const OPEN = campaign({ status: 'open', status_dictText: '进行中', total: 3, checked: 2, openDifferences: 2 });
const PROGRESS: InventoryProgress = {
  total: 3,
  checked: 2,
  unchecked: 1,
  surplus: 1,
  byDepart: [{ key: 'd1', name: '资产管理科', total: 3, checked: 2, unchecked: 1 }],
  byChecker: [{ key: 'u1', name: '张三', total: 2, checked: 2, unchecked: 0 }],
  byResult: [
    { result: 'normal', text: '正常', count: 1 },
    { result: 'misplaced', text: '位置不符', count: 1 },
    { result: 'unchecked', text: '未盘', count: 1 },
  ],
};
const MISPLACED = item({
  id: 'i2',
  assetCode: 'ZC0002',
  assetName: '会议桌',
  result: 'misplaced',
  difference: 'misplaced',
  address: '行政楼302',
  note: '在隔壁会议室',
});
const SURPLUS = item({
  id: 'i3',
  assetId: null,
  assetCode: null,
  assetName: '投影仪',
  surplus: true,
  result: 'surplus',
  difference: 'surplus',
});

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
  vi.restoreAllMocks();
});

function setup(
  perms: string[],
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${INVENTORY_API.campaignQuery}`]: ok(OPEN),
    [`GET ${INVENTORY_API.progress}`]: ok(PROGRESS),
    [`GET ${INVENTORY_API.differenceList}`]: (c) =>
      ok({ records: (c.params as { settled: string }).settled === '0' ? [MISPLACED, SURPLUS] : [], total: 2 }),
    [`GET ${INVENTORY_API.itemList}`]: ok({ records: [item(), MISPLACED], total: 2 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<InventoryCampaignPage />, { route: '/asset/inventory/detail?id=c1' });
  return mock;
}

const ALL = [PERM.assetInventoryList, PERM.assetInventoryEdit, PERM.assetInventorySettle];

describe('盘点详情', () => {
  it('shows the progress figures, the charts by department, checker and result, and the open differences', async () => {
    setup([PERM.assetInventoryList]);
    expect(await screen.findByText(OPEN.name)).toBeInTheDocument();
    expect(await screen.findByTestId('charts')).toHaveTextContent('资产管理科:2/3|张三:2|正常:1;位置不符:1;未盘:1');
    expect(screen.getByText(T.openDifferences).closest('.ant-statistic')).toHaveTextContent('2');
    const row = (await screen.findByText('会议桌')).closest('tr')!;
    expect(within(row).getByText('位置不符')).toBeInTheDocument();
    expect(screen.getByText('投影仪').closest('tr')).toHaveTextContent('盘盈');
    // A reader neither settles nor closes.
    expect(screen.queryByText(T.settle)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.close })).not.toBeInTheDocument();
  });

  it('settles a 位置不符 by a transfer with a reason; only the settlements that fit are offered', async () => {
    const bodies: unknown[] = [];
    setup(ALL, {
      [`POST ${INVENTORY_API.settle}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(MISPLACED, '处理成功！');
      },
    });
    const row = (await screen.findByText('会议桌')).closest('tr')!;
    await userEvent.click(within(row).getByText(T.settle));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['调整位置/保管人/部门', '核实无需调整']);
    // The reason is required.
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请填写处理原因')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('新存放地点'), '行政楼302');
    await userEvent.type(within(dialog).getByLabelText('处理原因'), '实际存放于302');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          itemId: 'i2',
          action: 'transfer',
          reason: '实际存放于302',
          toDepartId: null,
          toAddress: '行政楼302',
          toCustodian: null,
        },
      ]),
    );
    expect(await screen.findByText('处理成功！')).toBeInTheDocument();
  });

  it('offers 登记入账 for a 盘盈 and asks for its category', async () => {
    setup(ALL);
    const row = (await screen.findByText('投影仪')).closest('tr')!;
    await userEvent.click(within(row).getByText(T.settle));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['登记入账', '核实无需调整']);
    await userEvent.type(within(dialog).getByLabelText('处理原因'), '新购未入账');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请选择资产分类')).toBeInTheDocument();
  });

  it('shows the server refusal when closing with open differences', async () => {
    const closes: unknown[] = [];
    setup(ALL, {
      [`POST ${INVENTORY_API.campaignClose}`]: (c) => {
        closes.push(JSON.parse(String(c.data)));
        return fail(400, '还有 2 项差异未处理，不能结束盘点');
      },
    });
    await screen.findByText(OPEN.name);
    await userEvent.click(screen.getByRole('button', { name: T.close }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(closes).toEqual([{ id: 'c1' }]));
    expect(await screen.findByText('还有 2 项差异未处理，不能结束盘点')).toBeInTheDocument();
  });

  it('exports the campaign as Excel', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const mock = setup([PERM.assetInventoryList], {
      [`GET ${INVENTORY_API.exportXls}`]: { status: 200, data: new Blob(['xlsx']) },
    });
    await screen.findByText(OPEN.name);
    await userEvent.click(screen.getByRole('button', { name: T.export }));
    await waitFor(() =>
      expect(mock.calls.find((c) => c.url === INVENTORY_API.exportXls)?.params).toMatchObject({ id: 'c1' }),
    );
  });

  it('prints the report: the campaign, its figures and every difference with its settlement', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const settled = item({
      id: 'i4',
      assetCode: 'ZC0004',
      assetName: '打印机',
      result: 'damaged',
      difference: 'damaged',
      settleAction: 'repair',
      settleAction_dictText: '登记维修',
      settleReason: '送修',
      settleByName: '管理员',
      settleTime: '2026-11-20 10:00:00',
    });
    setup([PERM.assetInventoryList], {
      [`GET ${INVENTORY_API.report}`]: ok({ campaign: OPEN, progress: PROGRESS, differences: [settled, MISPLACED] }),
    });
    await screen.findByText(OPEN.name);
    await userEvent.click(screen.getByRole('button', { name: T.print }));
    const sheet = await screen.findByTestId('inventory-report');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(sheet).toHaveTextContent(`${OPEN.name} 盘点报告`);
    expect(sheet).toHaveTextContent('清单总数 3，已盘 2，未盘 1，盘盈 1');
    expect(within(sheet).getByText('打印机').closest('tr')).toHaveTextContent('ZC0004打印机损坏登记维修送修管理员');
    expect(within(sheet).getByText('会议桌').closest('tr')).toHaveTextContent('位置不符未处理');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    await waitFor(() => expect(screen.queryByTestId('inventory-report')).not.toBeInTheDocument());
  });
});
