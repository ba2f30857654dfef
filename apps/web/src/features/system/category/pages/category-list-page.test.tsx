import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, type AuthEntry, type CategoryRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { CategoryListPage } from './category-list-page';

const cat = (id: string, pid: string, name: string, code: string, hasChildren: boolean): CategoryRecord => ({
  id,
  pid,
  name,
  code,
  hasChild: hasChildren ? '1' : '0',
  hasChildren,
  createTime: '2026-11-22 10:00:00',
});
const ROOT = cat('r1', '0', '资产分类', 'A01', true);
const KIDS = [
  { ...cat('k1', 'r1', '土地', 'A01A01', false), depreciationYears: 0 },
  { ...cat('k2', 'r1', '房屋🏠', 'A01A02', false), depreciationYears: 50, residualRate: 5 },
  cat('k4', 'r1', '其他', 'A01A09', false),
];
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.categoryList, PERM.categoryAdd, PERM.categoryEdit, PERM.categoryDelete, PERM.categoryExport];
const row = (text: string) => screen.getByText(text).closest('tr')!;

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = ALL) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/category/list': (c) =>
      (c.params as Record<string, string>).pid === '0' ? page([ROOT]) : page([KIDS[1]!]),
    'GET /sys/category/childList': ok(KIDS),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<CategoryListPage />, { route: '/system/category' });
  return mock;
}

describe('category page', () => {
  it('shows the top level and loads children when a row is expanded', async () => {
    const mock = setup();
    expect(await screen.findByText('资产分类')).toBeInTheDocument();
    expect(screen.queryByText('土地')).not.toBeInTheDocument();
    await userEvent.click(within(row('资产分类')).getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('土地')).toBeInTheDocument();
    expect(screen.getByText('A01A02')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/sys/category/childList')!.params).toMatchObject({ pid: 'r1' });
  });

  it("shows each category's depreciation life as the asset office set it", async () => {
    setup();
    await screen.findByText('资产分类');
    expect(within(row('资产分类')).getByText('—')).toBeInTheDocument();
    await userEvent.click(within(row('资产分类')).getByRole('button', { name: /展开|expand/i }));
    expect(within(await screen.findByText('土地').then(() => row('土地'))).getByText('不计提')).toBeInTheDocument();
    expect(within(row('房屋🏠')).getByText('50 年 · 残值 5%')).toBeInTheDocument();
    expect(within(row('其他')).getByText('沿用上级')).toBeInTheDocument();
  });

  it('searches by name without the parent filter', async () => {
    const mock = setup();
    await screen.findByText('资产分类');
    await userEvent.type(screen.getAllByLabelText('分类名称')[0]!, '房屋');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('房屋🏠')).toBeInTheDocument();
    const last = mock.calls.filter((c) => c.url === '/sys/category/list').at(-1)!.params as Record<string, unknown>;
    expect(last).toMatchObject({ name: '*房屋*' });
    expect(last).not.toHaveProperty('pid');
  });

  it('adds a child under a row: only the name is sent, with the parent id', async () => {
    const added: unknown[] = [];
    setup({
      'POST /sys/category/add': (c) => {
        added.push(JSON.parse(String(c.data)));
        return ok({ id: 'k3', code: 'A01A03' }, '添加成功！');
      },
    });
    await screen.findByText('资产分类');
    await userEvent.click(within(row('资产分类')).getByText('添加下级'));
    const dialog = (await screen.findByText('添加下级', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText('资产分类（A01）')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入分类名称')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('分类名称'), '商铺');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(added).toEqual([{ pid: 'r1', name: '商铺' }]));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    // The parent opens to show its children.
    expect(await screen.findByText('土地')).toBeInTheDocument();
  });

  it('shows the server refusal when deleting a category with children', async () => {
    setup({ 'DELETE /sys/category/delete': fail(400, '分类“资产分类”下还有子分类，请先删除子分类') });
    await screen.findByText('资产分类');
    await userEvent.click(within(row('资产分类')).getByText('删除'));
    await userEvent.click((await screen.findAllByRole('button', { name: /确\s*定|OK/ })).at(-1)!);
    expect(await screen.findByText('分类“资产分类”下还有子分类，请先删除子分类')).toBeInTheDocument();
  });

  it('hides the actions the user may not perform', async () => {
    setup({}, [PERM.categoryList]);
    await screen.findByText('资产分类');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    expect(within(row('资产分类')).queryByText('添加下级')).not.toBeInTheDocument();
    expect(within(row('资产分类')).queryByText('删除')).not.toBeInTheDocument();
  });
});
