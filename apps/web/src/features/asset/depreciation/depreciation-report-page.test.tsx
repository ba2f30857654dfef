import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  DEPRECIATION_API,
  PERM,
  addMonths,
  currentPeriod,
  type AuthEntry,
  type DepreciationReport,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DEPRECIATION_REPORT_TEXT as T, DepreciationReportPage } from './depreciation-report-page';

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const LAST_MONTH = addMonths(currentPeriod(), -1);

const REPORT: DepreciationReport = {
  period: LAST_MONTH,
  rows: [
    {
      categoryId: 'c1',
      categoryName: '办公设备',
      departId: 'd1',
      departName: '资产管理科',
      count: 3,
      amount: 1250.5,
      netAfter: 30000,
    },
    {
      categoryId: 'c2',
      categoryName: '公务用车',
      departId: 'd2',
      departName: '综合办公室',
      count: 1,
      amount: 2083.33,
      netAfter: 150000,
    },
  ],
  total: { count: 4, amount: 3333.83, netAfter: 180000 },
};

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
  const mock = mockHttp({ [`GET ${DEPRECIATION_API.report}`]: ok(REPORT), ...routes });
  restore = mock.restore;
  renderWithApp(<DepreciationReportPage />);
  return mock;
}

describe('折旧报表', () => {
  it('shows last month by category and department with names, yuan and totals', async () => {
    const mock = setup([PERM.assetDepreciationList]);
    expect(await screen.findByText('办公设备')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === DEPRECIATION_API.report)?.params).toMatchObject({ period: LAST_MONTH });
    const row = screen.getByText('公务用车').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['公务用车', '综合办公室', '1', '2,083.33', '150,000.00']);
    const total = screen.getByText(T.total).closest('tr')!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([T.total, '4', '3,333.83', '180,000.00']);
    // Booking is the administrator's.
    expect(screen.queryByRole('button', { name: T.book })).not.toBeInTheDocument();
  });

  it('exports the chosen month', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const mock = setup([PERM.assetDepreciationList], {
      [`GET ${DEPRECIATION_API.exportXls}`]: { status: 200, data: new Blob(['xlsx']) },
    });
    await screen.findByText('办公设备');
    await userEvent.click(screen.getByRole('button', { name: T.export }));
    await waitFor(() => expect(mock.calls.some((c) => c.url === DEPRECIATION_API.exportXls)).toBe(true));
    expect(mock.calls.find((c) => c.url === DEPRECIATION_API.exportXls)?.params).toMatchObject({ period: LAST_MONTH });
  });

  it('books the month after a confirmation and reloads the report', async () => {
    const bodies: unknown[] = [];
    const mock = setup([PERM.assetDepreciationList, PERM.assetDepreciationBook], {
      [`POST ${DEPRECIATION_API.book}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(
          { period: LAST_MONTH, count: 4, amount: 3333.83 },
          `已计提 ${LAST_MONTH} 折旧：4 项资产，共 3333.83 元`,
        );
      },
    });
    await screen.findByText('办公设备');
    await userEvent.click(screen.getByRole('button', { name: T.book }));
    expect((await screen.findAllByText(T.confirmContent(LAST_MONTH))).length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ period: LAST_MONTH }]));
    expect(await screen.findByText(`已计提 ${LAST_MONTH} 折旧：4 项资产，共 3333.83 元`)).toBeInTheDocument();
    await waitFor(() => expect(mock.calls.filter((c) => c.url === DEPRECIATION_API.report)).toHaveLength(2));
  });
});
