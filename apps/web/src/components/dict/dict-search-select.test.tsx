import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { SEARCH_DEBOUNCE_SLOW_MS } from './dict-api';
import { DictSearchSelect } from './dict-search-select';

const USERS = 'sys_user%2Crealname%2Cusername';
let restore = () => undefined as void;
function serve(routes: Parameters<typeof mockHttp>[0]) {
  const http = mockHttp(routes);
  restore = http.restore;
  return http;
}
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const searches = (calls: InternalAxiosRequestConfig[]) => calls.filter((c) => c.url?.startsWith('/sys/dict/loadDict/'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function answerByKeyword(config: InternalAxiosRequestConfig) {
  const { keyword } = config.params as { keyword: string };
  const all = [
    { value: 'staff', text: '张三' },
    { value: 'zhangsi', text: '张四' },
    { value: 'admin', text: '系统管理员' },
  ];
  return ok(all.filter((u) => u.text.includes(keyword)));
}

describe('<DictSearchSelect>', () => {
  it('shows 字典Code不能为空! for an empty code', () => {
    serve({});
    renderWithApp(<DictSearchSelect dict="" />);
    expect(screen.getByRole('alert')).toHaveTextContent('字典Code不能为空!');
  });

  it('hints 请输入搜索内容 before a search, then searches loadDict once typing pauses for 300 ms', async () => {
    const http = serve({ [`GET /sys/dict/loadDict/${USERS}`]: answerByKeyword });
    const onChange = vi.fn();
    renderWithApp(<DictSearchSelect dict="sys_user,realname,username" onChange={onChange} />);
    const box = screen.getByRole('combobox');
    await userEvent.click(box);
    expect(await screen.findByText('请输入搜索内容')).toBeInTheDocument();
    await userEvent.type(box, '张三');
    expect(searches(http.calls)).toHaveLength(0);
    await waitFor(() => expect(searches(http.calls)).toHaveLength(1));
    expect(searches(http.calls)[0]?.params).toMatchObject({ keyword: '张三', pageSize: 10 });
    await userEvent.click(await screen.findByTitle('张三'));
    expect(onChange).toHaveBeenCalledWith('staff', expect.objectContaining({ text: '张三' }));
  });

  it('waits 800 ms in the slower reading and asks the given page size', async () => {
    const http = serve({ [`GET /sys/dict/loadDict/${USERS}`]: answerByKeyword });
    renderWithApp(
      <DictSearchSelect dict="sys_user,realname,username" debounceMs={SEARCH_DEBOUNCE_SLOW_MS} pageSize={5} />,
    );
    await userEvent.type(screen.getByRole('combobox'), '张');
    await sleep(500);
    expect(searches(http.calls)).toHaveLength(0);
    await waitFor(() => expect(searches(http.calls)).toHaveLength(1));
    expect(searches(http.calls)[0]?.params).toMatchObject({ keyword: '张', pageSize: 5 });
    expect(await screen.findByTitle('张四')).toBeInTheDocument();
  });

  it('says 没有查询到任何数据 when nothing matches', async () => {
    serve({ [`GET /sys/dict/loadDict/${USERS}`]: answerByKeyword });
    renderWithApp(<DictSearchSelect dict="sys_user,realname,username" />);
    await userEvent.type(screen.getByRole('combobox'), '不存在');
    expect(await screen.findByText('没有查询到任何数据')).toBeInTheDocument();
  });

  it('shows the server’s message as a warning when a search fails', async () => {
    serve({
      [`GET /sys/dict/loadDict/${USERS}`]: {
        status: 200,
        data: { success: false, message: '字典表查询失败', code: 500, result: null, timestamp: 0 },
      },
    });
    renderWithApp(<DictSearchSelect dict="sys_user,realname,username" />);
    await userEvent.type(screen.getByRole('combobox'), '张');
    expect(await screen.findByText('字典表查询失败')).toBeInTheDocument();
  });

  it('warns with the server’s message of a refused dictionary (400)', async () => {
    serve({ 'GET /sys/dict/loadDict/sys_user%2Cpassword%2Cid': fail(400, '未注册的表字典：sys_user,password,id') });
    renderWithApp(<DictSearchSelect dict="sys_user,password,id" />);
    await userEvent.type(screen.getByRole('combobox'), 'a');
    expect(await screen.findAllByText('未注册的表字典：sys_user,password,id')).toHaveLength(1);
  });

  it('back-fills the label of the current value through loadDictItem', async () => {
    const http = serve({ [`GET /sys/dict/loadDictItem/${USERS}`]: ok('张三') });
    renderWithApp(<DictSearchSelect dict="sys_user,realname,username" value="staff" />);
    expect(await screen.findByTitle('张三')).toBeInTheDocument();
    expect(http.calls.find((c) => c.url?.startsWith('/sys/dict/loadDictItem/'))?.params).toMatchObject({
      key: 'staff',
    });
  });

  it('filters every option locally when not async', async () => {
    const http = serve({
      'GET /sys/dict/getDictItems/priority': ok([
        { value: 'L', text: '一般消息' },
        { value: 'H', text: '紧急消息' },
      ]),
    });
    renderWithApp(<DictSearchSelect dict="priority" async={false} />);
    const box = screen.getByRole('combobox');
    await userEvent.click(box);
    await userEvent.type(box, '紧急');
    expect(await screen.findByTitle('紧急消息')).toBeInTheDocument();
    expect(screen.queryByTitle('一般消息')).not.toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, '无');
    expect(await screen.findByText('没有查询到任何数据')).toBeInTheDocument();
    expect(searches(http.calls)).toHaveLength(0);
  });

  it('shows the reload effect for 1400 ms after the dictionary changes', async () => {
    serve({});
    function Switcher() {
      const [dict, setDict] = useState('sys_user,realname,username');
      return (
        <>
          <button onClick={() => setDict('sys_position,name,code')}>切换</button>
          <DictSearchSelect dict={dict} />
        </>
      );
    }
    const { container } = renderWithApp(<Switcher />);
    const busy = () => container.querySelector('.anticon-loading');
    expect(busy()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '切换' }));
    expect(busy()).not.toBeNull();
    await sleep(1000);
    expect(busy()).not.toBeNull();
    await waitFor(() => expect(busy()).toBeNull(), { timeout: 2000 });
  });
});
