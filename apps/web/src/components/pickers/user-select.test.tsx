import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { UserSelect } from './user-select';
import { UserSelectModal } from './user-select-modal';

const node = (id: string, title: string, children: unknown[] = []) => ({
  id,
  key: id,
  title,
  departName: title,
  children,
});
const TREE = [node('gzb', '示范区国资办', [node('zcgl', '资产管理科')])];
const user = (i: number) => ({
  id: `u${i}`,
  username: `user${i}`,
  realname: `用户${i}`,
  sex: i % 2 === 0 ? 2 : 1,
  phone: `1380000${String(i).padStart(4, '0')}`,
  orgCodeTxt: '资产管理科',
});
const ALL = Array.from({ length: 25 }, (_, i) => user(i + 1));

let restore = () => undefined as void;
function serve() {
  const http = mockHttp({
    'GET /sys/sysDepart/queryTreeList': ok(TREE),
    'GET /sys/user/list': (config: InternalAxiosRequestConfig) => {
      const { pageNo, pageSize, username } = config.params as { pageNo: number; pageSize: number; username?: string };
      const needle = username?.replace(/^\*|\*$/g, '') ?? '';
      const list = ALL.filter((u) => u.username.includes(needle));
      const records = list.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return ok({
        records,
        total: list.length,
        size: pageSize,
        current: pageNo,
        pages: Math.ceil(list.length / pageSize),
      });
    },
    'GET /sys/user/queryUserByDepId': ok([user(3), user(4)]),
    'GET /sys/dict/loadDictItem/sys_user%2Crealname%2Cusername': (config: InternalAxiosRequestConfig) =>
      ok(
        String((config.params as { key: string }).key)
          .split(',')
          .map((k) => ALL.find((u) => u.username === k)?.realname ?? k)
          .join(','),
      ),
  });
  restore = http.restore;
  return http;
}
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const listCalls = (calls: InternalAxiosRequestConfig[]) => calls.filter((c) => c.url === '/sys/user/list');
const rowOf = (username: string) => screen.getByText(username).closest('tr')!;

describe('<UserSelectModal>', () => {
  it('is 1250 wide and lists users 10 a page with username, name, sex, phone and department', async () => {
    const http = serve();
    renderWithApp(<UserSelectModal open onOk={vi.fn()} onCancel={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.closest<HTMLElement>('.ant-modal')?.style.width).toBe('1250px');
    for (const title of ['用户账号', '用户姓名', '性别', '手机号码', '部门']) {
      expect(within(dialog).getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const row = within(await screen.findByText('user1').then((c) => c.closest('tr')!));
    expect(row.getByText('用户1')).toBeInTheDocument();
    expect(row.getByText('男')).toBeInTheDocument();
    expect(row.getByText('13800000001')).toBeInTheDocument();
    expect(within(rowOf('user2')).getByText('女')).toBeInTheDocument();
    expect(listCalls(http.calls)[0]?.params).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(screen.getByText('1-10 共25条')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('3'));
    await screen.findByText('user21');
    expect(listCalls(http.calls).at(-1)?.params).toMatchObject({ pageNo: 3, pageSize: 10 });
  });

  it('offers page sizes 10, 20 and 30', async () => {
    serve();
    renderWithApp(<UserSelectModal open onOk={vi.fn()} onCancel={vi.fn()} />);
    await screen.findByText('user1');
    const sizer = document.querySelector('.ant-pagination-options .ant-select')!;
    await userEvent.click(within(sizer as HTMLElement).getByRole('combobox'));
    for (const size of ['10 条/页', '20 条/页', '30 条/页'])
      expect(await screen.findAllByTitle(size)).not.toHaveLength(0);
    expect(screen.queryByTitle('50 条/页')).not.toBeInTheDocument();
  });

  it('shows the users of the department picked on the left', async () => {
    const http = serve();
    renderWithApp(<UserSelectModal open onOk={vi.fn()} onCancel={vi.fn()} />);
    await userEvent.click(await screen.findByTitle('资产管理科'));
    await waitFor(() => expect(screen.queryByText('user1')).not.toBeInTheDocument());
    expect(screen.getByText('user3')).toBeInTheDocument();
    expect(screen.getByText('user4')).toBeInTheDocument();
    expect(http.calls.find((c) => c.url === '/sys/user/queryUserByDepId')?.params).toMatchObject({ id: 'zcgl' });
  });

  it('searches by username', async () => {
    const http = serve();
    renderWithApp(<UserSelectModal open onOk={vi.fn()} onCancel={vi.fn()} />);
    await screen.findByText('user1');
    await userEvent.type(screen.getByPlaceholderText('请输入用户账号'), 'user2');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.queryByText('user1')).not.toBeInTheDocument());
    expect(listCalls(http.calls).at(-1)?.params).toMatchObject({ username: '*user2*', pageNo: 1 });
  });

  it('returns the picked users across pages in multiple mode, with names of earlier picks', async () => {
    serve();
    const onOk = vi.fn();
    renderWithApp(<UserSelectModal open value={['user25']} onOk={onOk} onCancel={vi.fn()} />);
    await screen.findByText('user1');
    await userEvent.click(within(rowOf('user2')).getByRole('checkbox'));
    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('user11');
    await userEvent.click(within(rowOf('user11')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledWith(
      expect.objectContaining({ usernames: ['user25', 'user2', 'user11'], realnames: ['用户25', '用户2', '用户11'] }),
    );
  });

  it('picks one user with radios in single mode', async () => {
    serve();
    const onOk = vi.fn();
    renderWithApp(<UserSelectModal open multiple={false} onOk={onOk} onCancel={vi.fn()} />);
    await screen.findByText('user1');
    await userEvent.click(within(rowOf('user1')).getByRole('radio'));
    await userEvent.click(within(rowOf('user3')).getByRole('radio'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledWith(expect.objectContaining({ usernames: ['user3'], realnames: ['用户3'] }));
  });
});

describe('<UserSelect>', () => {
  it('shows the real names of the value and emits the picked usernames comma-joined', async () => {
    serve();
    const onChange = vi.fn();
    renderWithApp(<UserSelect value="user1" onChange={onChange} />);
    expect(await screen.findByDisplayValue('用户1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /选择/ }));
    await screen.findByText('user3');
    await userEvent.click(within(rowOf('user3')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onChange).toHaveBeenCalledWith('user1,user3', ['用户1', '用户3']);
  });
});
