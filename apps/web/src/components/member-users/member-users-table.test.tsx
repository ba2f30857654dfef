import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIST_MESSAGES, type PageResult, type UserRecord } from '@district/shared';
import { renderWithApp } from '@/test/render';
import { MemberUsersTable, type MemberUsersTableProps } from './member-users-table';

const user = (id: string, username: string, realname: string) => ({ id, username, realname }) as UserRecord;
const PAGE: PageResult<UserRecord> = {
  records: [user('u1', 'zhang', '张三'), user('u2', 'li', '李四')],
  total: 2,
  size: 10,
  current: 1,
  pages: 1,
};

const TEXT = {
  add: '添加用户',
  remove: '移除',
  removeSelected: '批量移除',
  confirmRemove: '确定把该用户移出吗？',
  confirmRemoveSelected: (n: number) => `确定把选中的 ${n} 个用户移出吗？`,
};

function setup(props: Partial<MemberUsersTableProps> = {}) {
  const fetchPage = vi.fn(async () => PAGE);
  const removeUsers = vi.fn(async () => '移除成功');
  const addUsers = vi.fn(async () => '添加成功');
  const view = renderWithApp(
    <MemberUsersTable
      ownerKey="r1"
      columns={[
        { title: '用户账号', dataIndex: 'username' },
        { title: '用户姓名', dataIndex: 'realname' },
      ]}
      text={TEXT}
      fetchPage={fetchPage}
      addUsers={addUsers}
      removeUsers={removeUsers}
      {...props}
    />,
  );
  return { fetchPage, removeUsers, addUsers, view };
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('MemberUsersTable', () => {
  it('lists a page of the members and searches from page 1', async () => {
    const { fetchPage } = setup({ search: { kind: 'box', placeholder: '按用户账号搜索' } });
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, search: {} });
    await userEvent.type(screen.getByPlaceholderText('按用户账号搜索'), 'zh{Enter}');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, search: { keyword: 'zh' } }),
    );
  });

  it('removes one member after confirmation and shows the answer', async () => {
    const { removeUsers, fetchPage } = setup();
    await screen.findByText('张三');
    await userEvent.click(within(row('张三')).getByText('移除'));
    expect(await screen.findByText(TEXT.confirmRemove)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(removeUsers).toHaveBeenCalledWith(['u1']));
    expect(await screen.findByText('移除成功')).toBeInTheDocument();
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it('offers 批量移除 and 已选择 N 项 清空 only with a selection, then confirms with the count', async () => {
    const { removeUsers } = setup();
    await screen.findByText('张三');
    // app-spec §4: no batch removal and no clear-selection while nothing is selected.
    expect(screen.queryByRole('button', { name: TEXT.removeSelected })).not.toBeInTheDocument();
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();
    await userEvent.click(within(row('张三')).getByRole('checkbox'));
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
    await userEvent.click(screen.getByText('清空'));
    expect(screen.queryByRole('button', { name: TEXT.removeSelected })).not.toBeInTheDocument();
    expect(within(row('张三')).getByRole('checkbox')).not.toBeChecked();

    await userEvent.click(within(row('张三')).getByRole('checkbox'));
    await userEvent.click(within(row('李四')).getByRole('checkbox'));
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.removeSelected }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(LIST_MESSAGES.deleteTitle).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(TEXT.confirmRemoveSelected(2))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(removeUsers).toHaveBeenCalledWith(['u1', 'u2']));
  });

  it('searches with several fields, 查询 and 重置', async () => {
    const { fetchPage } = setup({
      search: {
        kind: 'fields',
        fields: [
          { name: 'username', label: '用户账号' },
          { name: 'realname', label: '用户姓名' },
        ],
        searchText: '查询',
        resetText: '重置',
      },
    });
    await screen.findByText('张三');
    await userEvent.type(screen.getByPlaceholderText('用户姓名'), '张');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, search: { realname: '张' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, search: {} }));
    expect(screen.getByPlaceholderText('用户姓名')).toHaveValue('');
  });

  it('only lists when the members may not be managed', async () => {
    setup({ manageable: false });
    await screen.findByText('张三');
    expect(screen.queryByRole('button', { name: TEXT.add })).not.toBeInTheDocument();
    expect(screen.queryByText('移除')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('starts again on page 1 with no search when the owner changes', async () => {
    const fetchPage = vi.fn(async () => PAGE);
    function Switcher() {
      const [owner, setOwner] = useState('r1');
      return (
        <>
          <button onClick={() => setOwner('r2')}>换一个</button>
          <MemberUsersTable
            ownerKey={owner}
            columns={[{ title: '用户姓名', dataIndex: 'realname' }]}
            text={TEXT}
            search={{ kind: 'box', placeholder: '搜索' }}
            fetchPage={fetchPage}
            addUsers={vi.fn()}
            removeUsers={vi.fn()}
          />
        </>
      );
    }
    renderWithApp(<Switcher />);
    await screen.findByText('张三');
    await userEvent.type(screen.getByPlaceholderText('搜索'), 'zh{Enter}');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, search: { keyword: 'zh' } }),
    );
    const before = fetchPage.mock.calls.length;
    await userEvent.click(screen.getByText('换一个'));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, search: {} }));
    expect(fetchPage.mock.calls.length).toBe(before + 1);
    expect(screen.getByPlaceholderText('搜索')).toHaveValue('');
  });
});
