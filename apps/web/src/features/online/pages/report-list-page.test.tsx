import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ONLINE_MESSAGES, PERM, type AuthEntry, type OnlineReportDef } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { SYSTEM_TABLES_TEXT } from '../components/report-system-tables-modal';
import { ReportView } from './report-auto-list-page';
import { ReportListPage } from './report-list-page';

const REPORT: OnlineReportDef = {
  id: 'r1',
  code: 'departs',
  name: '部门统计',
  sqlText: 'select depart_name from sys_depart',
  columns: [{ field: 'depart_name', label: '部门' }],
  params: [],
  queryFields: [],
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const page = (records: unknown[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], isPlatformAdmin: false });
});

describe('报表配置', () => {
  it('offers 系统表授权 to platform administrators and saves the tables they tick', async () => {
    const bodies: unknown[] = [];
    const mock = mockHttp({
      'GET /online/cgreport/head/list': page([REPORT]),
      'GET /online/cgreport/head/systemTables': ok({ allowed: ['sys_dict'], available: ['sys_depart', 'sys_dict'] }),
      'PUT /online/cgreport/head/systemTables': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ allowed: ['sys_depart', 'sys_dict'], available: ['sys_depart', 'sys_dict'] }, '保存成功！');
      },
    });
    restore = mock.restore;
    useSessionStore.setState({
      auth: [PERM.onlineReportList, PERM.onlineReportSql].map(entry),
      allAuth: [],
      isPlatformAdmin: true,
    });
    renderWithApp(<ReportListPage />, { route: '/online/cgreport' });
    await screen.findByText('部门统计', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: SYSTEM_TABLES_TEXT.title }));
    const dialog = await screen.findByRole('dialog');
    const dict = await within(dialog).findByRole('checkbox', { name: 'sys_dict' });
    await waitFor(() => expect(dict).toBeChecked());
    await user.click(within(dialog).getByRole('checkbox', { name: 'sys_depart' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { tables: string[] }).tables.toSorted()).toEqual(['sys_depart', 'sys_dict']);
  });

  it('offers tenant administrators no writes of the shared definitions', async () => {
    const mock = mockHttp({ 'GET /online/cgreport/head/list': page([REPORT]) });
    restore = mock.restore;
    useSessionStore.setState({
      auth: [PERM.onlineReportList, PERM.onlineReportSql, PERM.permissionAdd].map(entry),
      allAuth: [],
      isPlatformAdmin: false,
    });
    renderWithApp(<ReportListPage />, { route: '/online/cgreport' });
    const row = (await screen.findByText('部门统计', {}, { timeout: 8000 })).closest('tr')!;
    expect(within(row).getByText('功能测试')).toBeInTheDocument();
    expect(within(row).queryByText('生成菜单')).not.toBeInTheDocument();
    expect(within(row).queryByText('编辑')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SYSTEM_TABLES_TEXT.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });

  it('says when a report reads every tenant and is for platform administrators only', async () => {
    const { sqlText: _sql, ...config } = REPORT;
    void _sql;
    const mock = mockHttp({
      'GET /online/cgreport/api/getReportConfig/departs': ok({ ...config, platformOnly: true }),
      'GET /online/cgreport/api/data/departs': page([{ depart_name: '综合部' }]),
    });
    restore = mock.restore;
    renderWithApp(<ReportView code="departs" />, { route: '/online/cgreportList/departs' });
    expect(await screen.findByText(ONLINE_MESSAGES.reportPlatformOnly, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("tells what a parameter takes: its dictionary's labels to choose from, or the hint in the empty field", async () => {
    const { sqlText: _sql, ...config } = REPORT;
    void _sql;
    const mock = mockHttp({
      'GET /online/cgreport/api/getReportConfig/departs': ok({
        ...config,
        params: [
          { name: 'status', label: '状态', dictCode: 'asset_status' },
          { name: 'since', label: '起始日期', hint: '如 2026-01-01' },
        ],
        platformOnly: false,
      }),
      'GET /sys/dict/getDictItems/asset_status': ok([
        { value: 'idle', text: '闲置' },
        { value: 'in_use', text: '在用' },
      ]),
      'GET /online/cgreport/api/data/departs': page([{ depart_name: '综合部' }]),
    });
    restore = mock.restore;
    renderWithApp(<ReportView code="departs" />, { route: '/online/cgreportList/departs' });
    expect(await screen.findByPlaceholderText('如 2026-01-01', {}, { timeout: 8000 })).toBeInTheDocument();
    const select = screen.getByText('请选择状态').closest('.ant-select') as HTMLElement;
    await userEvent.click(select.querySelector('.ant-select-selector') ?? select);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.textContent === '闲置',
      );
      if (!found) throw new Error('no option 闲置');
      return found;
    });
    await userEvent.click(option);
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => {
      const last = mock.calls.filter((c) => c.url === '/online/cgreport/api/data/departs').at(-1);
      expect(last?.params).toMatchObject({ status: 'idle' });
    });
  });
});
