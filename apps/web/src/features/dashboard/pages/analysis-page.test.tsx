import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, DASHBOARD_API, type CurrentUserCard, type DashboardAnalysis } from '@district/shared';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AnalysisPage } from './analysis-page';

// echarts draws on a real canvas; which charts get which data is what matters here.
vi.mock('../components/dashboard-charts', () => ({
  default: ({ data }: { data: DashboardAnalysis }) => (
    <div data-testid="charts">
      {data.assets && <div aria-label="资产分类分布">{data.assets.byCategory.map((c) => c.name).join(',')}</div>}
      {data.assets && <div aria-label="各部门资产价值">{data.assets.byDepart.length}</div>}
      {data.assets && <div aria-label="近12个月台账事件">{data.assets.ledgerByMonth.length}</div>}
      {data.projects && <div aria-label="项目进度">{data.projects.byStatus.length}</div>}
    </div>
  ),
}));

const USER: CurrentUserCard = {
  username: 'admin',
  realname: '管理员',
  departName: '资产管理科',
  positionName: '',
  tenantName: '示范区',
  lastLoginTime: '',
  lastLoginIp: '',
};

const FULL: DashboardAnalysis = {
  assets: {
    cards: { assetCount: 10234, originalValue: 123456789.12, netValue: 98765.4, idleRate: 12.5, leasedRate: 30 },
    byCategory: [
      { categoryId: 'c1', name: '土地', count: 3 },
      { categoryId: 'c2', name: '房屋', count: 7 },
    ],
    byDepart: [{ departId: 'd1', name: '资产管理科', originalValue: 1000, netValue: 800 }],
    ledgerByMonth: Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      count: i,
    })),
  },
  tickets: { outstandingCount: 42, outstandingAmount: 1234567.5 },
  projects: {
    byStatus: [
      { status: 'planned', text: '计划', count: 1, avgProgress: 0 },
      { status: 'in_progress', text: '在建', count: 2, avgProgress: 55.5 },
    ],
    latest: [
      {
        id: 'p1',
        code: 'XM2026001',
        name: '锦江老城改造',
        type: 'renovation',
        typeText: '改造项目',
        status: 'in_progress',
        statusText: '在建',
        progress: 65,
        departName: '资产管理科',
        endDate: '2027-06-30',
      },
    ],
  },
  generatedAt: '2026-11-25 10:00:00',
};

let restore = () => undefined as void;
afterEach(() => restore());

function setup(analysis: MockReply | (() => MockReply)) {
  const mock = mockHttp({
    [`GET ${API.currentUser}`]: ok(USER),
    [`GET ${DASHBOARD_API.analysis}`]: analysis,
  });
  restore = mock.restore;
  renderWithApp(<AnalysisPage />, { route: '/dashboard/analysis' });
  return mock;
}

const figure = (title: string) => screen.getByLabelText(title, { selector: '.dashboard-figure' });

describe('AnalysisPage', () => {
  it('shows the answered figures on the cards, money in 万元 with the full yuan at hand', async () => {
    setup(ok(FULL));
    await screen.findByLabelText('资产总数', { selector: '.dashboard-figure' });
    expect(figure('资产总数')).toHaveTextContent('10,234');
    expect(figure('资产原值')).toHaveTextContent('12,345.68万元');
    expect(figure('资产净值')).toHaveTextContent('9.88万元');
    expect(figure('闲置率')).toHaveTextContent('12.5%');
    expect(figure('出租率')).toHaveTextContent('30.0%');
    expect(figure('在途房票')).toHaveTextContent('42张');
    expect(figure('剩余金额')).toHaveTextContent('123.46万元');

    await userEvent.hover(within(figure('资产原值')).getByText('12,345.68'));
    expect(await screen.findByText('123,456,789.12 元')).toBeInTheDocument();

    // The user's own card stays at the top.
    expect(await screen.findByText('admin')).toBeInTheDocument();

    // Every chart gets its data once the charts' chunk is in.
    expect(await screen.findByLabelText('资产分类分布')).toHaveTextContent('土地,房屋');
    expect(screen.getByLabelText('近12个月台账事件')).toHaveTextContent('12');
    expect(screen.getByLabelText('项目进度')).toHaveTextContent('2');
    expect(screen.getByText('数据更新于 2026-11-25 10:00:00')).toBeInTheDocument();
  });

  it('links each latest project to its detail page, with its progress bar', async () => {
    setup(ok(FULL));
    const link = await screen.findByRole('link', { name: '锦江老城改造' });
    expect(link).toHaveAttribute('href', '/project/form?id=p1&mode=detail');
    const row = link.closest('tr')!;
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '65');
    expect(row).toHaveTextContent('改造项目');
    expect(row).toHaveTextContent('在建');
  });

  it('hides what the server answered null', async () => {
    setup(ok({ ...FULL, assets: null, projects: null }));
    await screen.findByLabelText('在途房票', { selector: '.dashboard-figure' });
    expect(screen.queryByLabelText('资产总数', { selector: '.dashboard-figure' })).toBeNull();
    expect(screen.queryByLabelText('资产原值', { selector: '.dashboard-figure' })).toBeNull();
    expect(screen.queryByTestId('charts')).toBeNull();
    expect(screen.queryByText('最新项目')).toBeNull();

    cleanup();
    restore();
    setup(ok({ ...FULL, tickets: null, projects: null }));
    await screen.findByLabelText('资产总数', { selector: '.dashboard-figure' });
    expect(screen.queryByLabelText('在途房票', { selector: '.dashboard-figure' })).toBeNull();
    expect(await screen.findByLabelText('资产分类分布')).toBeInTheDocument();
    expect(screen.queryByLabelText('项目进度')).toBeNull();
  });

  it('says when the figures cannot be read, and reads them again on 重试', async () => {
    let calls = 0;
    setup(() => (++calls === 1 ? fail(500, '数据库繁忙') : ok(FULL)));
    const failed = (await screen.findByText('统计数据读取失败')).closest('.ant-result') as HTMLElement;
    expect(within(failed).getByText('数据库繁忙')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(figure('资产总数')).toHaveTextContent('10,234'));
    expect(calls).toBe(2);
  });
});
