import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA_SOURCE_API, DATA_SOURCE_MESSAGES as M, PERM, type AuthEntry, type DataSource } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DataSourceListPage } from './data-source-list-page';
import type { InternalAxiosRequestConfig } from 'axios';

const ROWS: DataSource[] = [
  {
    id: 'd1',
    code: 'report_pg',
    name: '报表库',
    dbType: 'postgres',
    host: 'db.example.com',
    port: 5432,
    databaseName: 'reports',
    username: 'reader',
    hasPassword: true,
    remark: null,
    createTime: '2026-11-25 10:00:00',
  },
  {
    id: 'd2',
    code: 'local_file',
    name: '本地文件库',
    dbType: 'sqlite',
    host: null,
    port: null,
    databaseName: 'reports.db',
    username: null,
    hasPassword: false,
    remark: null,
    createTime: '2026-11-25 10:00:00',
  },
];
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.dataSourceList, PERM.dataSourceAdd, PERM.dataSourceEdit, PERM.dataSourceDelete, PERM.dataSourceTest];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}) {
  useSessionStore.setState({ auth: ALL.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${DATA_SOURCE_API.base}/list`]: ok({ records: ROWS, total: 2, size: 20, current: 1, pages: 1 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<DataSourceListPage />, { route: '/monitor/dataSource' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定/ });

describe('data source list page', () => {
  it('lists sources with their address, and only whether a password is stored', async () => {
    setup();
    await screen.findByText('报表库');
    expect(within(row('报表库')).getByText('db.example.com:5432')).toBeInTheDocument();
    expect(within(row('报表库')).getByText('已加密保存')).toBeInTheDocument();
    expect(within(row('本地文件库')).getByText('未设置')).toBeInTheDocument();
    expect(within(row('本地文件库')).getByText('—')).toBeInTheDocument();
  }, 60_000);

  it('validates the form before sending, and shows a taken code under its field', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      [`POST ${DATA_SOURCE_API.base}/add`]: (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return fail(400, M.codeTaken);
      },
    });
    await screen.findByText('报表库');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(M.codeRequired)).toBeInTheDocument();
    expect(await within(dialog).findByText(M.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.hostRequired)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText('数据源编码'));
    await userEvent.paste('1bad');
    expect(await within(dialog).findByText(M.codeInvalid)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('数据源编码'));
    await userEvent.click(within(dialog).getByLabelText('数据源编码'));
    await userEvent.paste('report_pg');
    await userEvent.click(within(dialog).getByLabelText('数据源名称'));
    await userEvent.paste('重复的库');
    await userEvent.click(within(dialog).getByLabelText('主机'));
    await userEvent.paste('db.example.com');
    await userEvent.click(within(dialog).getByLabelText('数据库名'));
    await userEvent.paste('reports');
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ code: 'report_pg', dbType: 'postgres', host: 'db.example.com', port: 5432 });
    expect(
      await within(dialog).findByText(M.codeTaken, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
  }, 120_000);
});
