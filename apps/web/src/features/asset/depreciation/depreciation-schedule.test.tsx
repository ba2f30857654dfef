import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  DEPRECIATION_API,
  DEPRECIATION_MESSAGES,
  PERM,
  type AuthEntry,
  type DepreciationSchedule as Schedule,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DEPRECIATION_SCHEDULE_TEXT as T, DepreciationSchedule } from './depreciation-schedule';

// echarts draws on a real canvas; what matters is which net values the chart is given.
vi.mock('./net-value-chart', () => ({
  NetValueChart: ({ entries }: { entries: { netAfter: number }[] }) => (
    <div data-testid="net-value-chart">{entries.map((e) => e.netAfter).join(',')}</div>
  ),
}));

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

const SCHEDULE: Schedule = {
  assetId: 'a1',
  lifeYears: 1,
  residualRate: 0,
  residual: 0,
  startPeriod: '2026-01',
  originalValue: 100,
  netValue: 91.67,
  note: null,
  entries: [
    { period: '2026-01', amount: 8.33, accumulated: 8.33, netAfter: 91.67, projected: false },
    { period: '2026-02', amount: 8.33, accumulated: 16.66, netAfter: 83.34, projected: true },
    { period: '2026-03', amount: 1083.34, accumulated: 1100, netAfter: 0, projected: true },
  ],
};

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(perms: string[], schedule: Schedule = SCHEDULE) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({ [`GET ${DEPRECIATION_API.schedule}`]: ok(schedule) });
  restore = mock.restore;
  renderWithApp(<DepreciationSchedule assetId="a1" netValue={91.67} />);
  return mock;
}

describe('depreciation schedule on 资产详情', () => {
  it('shows the life, booked and projected months in yuan, and the net value chart', async () => {
    const mock = setup([PERM.assetDepreciationList]);
    expect(await screen.findByRole('cell', { name: '2026-01' })).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === DEPRECIATION_API.schedule)?.params).toMatchObject({ assetId: 'a1' });
    expect(screen.getByText(T.title)).toBeInTheDocument();
    expect(screen.getByText(T.years(1))).toBeInTheDocument();
    for (const title of [T.period, T.amount, T.accumulated, T.netAfter]) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    // The table's row of a month (the 起始月份 above the table shows a month too).
    const row = (period: string) =>
      screen.getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent === period)!;
    expect(
      within(row('2026-01'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-01', '8.33', '8.33', '91.67', T.booked]);
    expect(
      within(row('2026-03'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-03', '1,083.34', '1,100.00', '0.00', T.projected]);
    expect(await screen.findByTestId('net-value-chart')).toHaveTextContent('91.67,83.34,0');
  });

  it('says why an asset is not depreciated', async () => {
    setup([PERM.assetDepreciationList], {
      ...SCHEDULE,
      lifeYears: 0,
      note: DEPRECIATION_MESSAGES.notDepreciated,
      entries: [],
    });
    expect(await screen.findByText(DEPRECIATION_MESSAGES.notDepreciated)).toBeInTheDocument();
    expect(screen.getByText(T.empty)).toBeInTheDocument();
    expect(screen.queryByTestId('net-value-chart')).not.toBeInTheDocument();
  });

  it('shows nothing and asks nothing without 折旧查询', () => {
    const mock = setup([PERM.assetList]);
    expect(screen.queryByText(T.title)).not.toBeInTheDocument();
    expect(mock.calls).toEqual([]);
  });
});
