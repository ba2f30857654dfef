import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { DEPART_MESSAGES, PERM } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DEPART_FORM_TEXT } from '../components/depart-form';
import { DEPART_PAGE_TEXT } from './depart-list-page';
import { DepartListPage } from './depart-list-page';
import { DEPART_PERMS, ORG_CATEGORY_ITEMS, RECORD, TREE, entry, node } from './depart-test-data';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
  perms = DEPART_PERMS,
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/sysDepart/queryTreeList': ok(TREE),
    'GET /sys/sysDepart/queryById': ok(RECORD),
    'GET /sys/dict/getDictItems/org_category': ok(ORG_CATEGORY_ITEMS),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<DepartListPage />, { route: '/system/depart' });
  return mock;
}

const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data)) as Record<string, unknown>;

describe('department list page', () => {
  it('shows the chosen department in the form and saves edits in place (the code stays the server’s)', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      'PUT /sys/sysDepart/edit': (c) => {
        bodies.push(bodyOf(c));
        return ok(null, '编辑成功！');
      },
    });
    expect(await screen.findByText(DEPART_FORM_TEXT.pick)).toBeInTheDocument();
    await userEvent.click(await screen.findByText('资产管理科'));
    const name = await screen.findByDisplayValue('资产管理科');
    expect(screen.getByDisplayValue('A01A01')).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, '资产科🏠');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: 'd2', departName: '资产科🏠', orgCategory: '2' });
    expect(bodies[0]).not.toHaveProperty('orgCode');
    expect(bodies[0]).not.toHaveProperty('parentId');
    expect(await screen.findByText('编辑成功！')).toBeInTheDocument();
  });

  it('adds a child under the chosen department and a top-level one', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      'POST /sys/sysDepart/add': (c) => {
        bodies.push(bodyOf(c));
        return ok({ id: 'd9', orgCode: 'A01A01A01' }, '添加成功！');
      },
    });
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByDisplayValue('资产管理科');
    await userEvent.click(screen.getByRole('button', { name: DEPART_FORM_TEXT.addChild }));
    expect(await screen.findByText(DEPART_FORM_TEXT.newUnder({ title: '资产管理科' }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(DEPART_MESSAGES.departNameRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('请输入机构名称'), '出纳组');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ departName: '出纳组', parentId: 'd2', orgCategory: '2' });

    await userEvent.click(screen.getByRole('button', { name: DEPART_PAGE_TEXT.addRoot }));
    expect(await screen.findByText(DEPART_FORM_TEXT.newUnder(null))).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('请输入机构名称'), '第二公司');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ departName: '第二公司', parentId: null, orgCategory: '1' });
  });

  it('shows the server’s refusal when a department with children is deleted', async () => {
    setup({ 'DELETE /sys/sysDepart/delete': fail(400, DEPART_MESSAGES.hasChildren) });
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByDisplayValue('资产管理科');
    await userEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(DEPART_MESSAGES.hasChildren)).toBeInTheDocument();
  });

  it('searches departments on the server', async () => {
    const mock = setup({ 'GET /sys/sysDepart/searchBy': ok([node('d2', '资产管理科', 'A01A01')]) });
    await screen.findByText('示范区国资办');
    await userEvent.type(screen.getByPlaceholderText('按部门名称搜索'), '资产{Enter}');
    await waitFor(() =>
      expect(mock.calls.find((c) => c.url === '/sys/sysDepart/searchBy')?.params).toMatchObject({ keyWord: '资产' }),
    );
    await waitFor(() => expect(screen.queryByText('示范区国资办')).not.toBeInTheDocument());
  });

  it('offers only what the user may do', async () => {
    setup({}, [PERM.departList]);
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByDisplayValue('资产管理科');
    expect(screen.queryByRole('button', { name: DEPART_PAGE_TEXT.addRoot })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DEPART_PAGE_TEXT.export })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('资产管理科')).toBeDisabled();
  });
});
