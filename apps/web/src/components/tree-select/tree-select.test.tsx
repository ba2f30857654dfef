import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { JTreeSelect } from './tree-select';

const DEPART = 'sys_depart,depart_name,id';
const ROOT = { key: 'gzb', value: 'gzb', title: '示范区国资办', leaf: false, parentId: null };
const CHILDREN = [
  { key: 'zcgl', value: 'zcgl', title: '资产管理科', leaf: true, parentId: 'gzb' },
  { key: 'zhbgs', value: 'zhbgs', title: '综合办公室', leaf: false, parentId: 'gzb' },
];

let restore = () => undefined as void;
function serve(
  tree: (pid: string) => unknown[] | { success: false; message: string },
  labels: Record<string, string> = {},
) {
  const http = mockHttp({
    'GET /sys/dict/loadTreeData': (config: InternalAxiosRequestConfig) => {
      const answer = tree((config.params as { pid: string }).pid);
      if (!Array.isArray(answer)) {
        return { status: 200, data: { ...answer, code: 500, result: null, timestamp: 0 } };
      }
      return ok(answer);
    },
    [`GET /sys/dict/loadDictItem/${encodeURIComponent(DEPART)}`]: (config: InternalAxiosRequestConfig) => {
      const keys = String((config.params as { key: string }).key).split(',');
      return ok(keys.map((k) => labels[k] ?? k).join(','));
    },
  });
  restore = http.restore;
  return http;
}
const departTree = (pid: string) => (pid === '' ? [ROOT] : pid === 'gzb' ? CHILDREN : []);
const treeCalls = (calls: InternalAxiosRequestConfig[]) => calls.filter((c) => c.url === '/sys/dict/loadTreeData');

afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

describe('<JTreeSelect>', () => {
  it('loads the roots, then the children of a node as it is expanded; an empty node becomes a leaf', async () => {
    const http = serve(departTree);
    const onChange = vi.fn();
    renderWithApp(<JTreeSelect dict={DEPART} pidField="parent_id" onChange={onChange} />);
    await waitFor(() => expect(treeCalls(http.calls)).toHaveLength(1));
    expect(treeCalls(http.calls)[0]?.params).toMatchObject({
      pid: '',
      tableName: 'sys_depart',
      text: 'depart_name',
      code: 'id',
      pidField: 'parent_id',
      hasChildField: '',
      condition: '',
    });
    await userEvent.click(screen.getByRole('combobox'));
    const root = await screen.findByTitle('示范区国资办');
    await userEvent.click(root.parentElement!.querySelector('.ant-select-tree-switcher')!);
    expect(await screen.findByTitle('综合办公室')).toBeInTheDocument();
    expect(treeCalls(http.calls)[1]?.params).toMatchObject({ pid: 'gzb' });

    const office = screen.getByTitle('综合办公室').parentElement!;
    await userEvent.click(office.querySelector('.ant-select-tree-switcher')!);
    await waitFor(() => expect(treeCalls(http.calls)).toHaveLength(3));
    await waitFor(() => expect(office.querySelector('.ant-select-tree-switcher-noop')).not.toBeNull());

    await userEvent.click(screen.getByTitle('资产管理科'));
    expect(onChange).toHaveBeenLastCalledWith('zcgl');
  });

  it('starts at the given parent value and sends the condition', async () => {
    const http = serve(() => CHILDREN);
    renderWithApp(<JTreeSelect dict={DEPART} pidField="parent_id" pidValue="gzb" condition='{"org_category":"2"}' />);
    await waitFor(() => expect(treeCalls(http.calls)).toHaveLength(1));
    expect(treeCalls(http.calls)[0]?.params).toMatchObject({ pid: 'gzb', condition: '{"org_category":"2"}' });
  });

  it.each(['abc', '[1,2]', '"text"'])(
    'refuses the condition %s with the message and asks nothing',
    async (condition) => {
      const http = serve(departTree);
      renderWithApp(<JTreeSelect dict={DEPART} pidField="parent_id" condition={condition} />);
      expect(await screen.findByText('组件JTreeSelect-condition传值有误，需要一个json字符串!')).toBeInTheDocument();
      expect(treeCalls(http.calls)).toHaveLength(0);
    },
  );

  it('shows at most 2 tags of a multiple value, with labels back-filled, and emits the values comma-joined', async () => {
    serve(departTree, { zcgl: '资产管理科', zhbgs: '综合办公室', x: '其他科' });
    const onChange = vi.fn();
    renderWithApp(<JTreeSelect dict={DEPART} pidField="parent_id" multiple value="zcgl,zhbgs,x" onChange={onChange} />);
    expect(await screen.findByText('资产管理科')).toBeInTheDocument();
    expect(screen.getByText('综合办公室')).toBeInTheDocument();
    expect(screen.queryByText('其他科')).not.toBeInTheDocument();
    expect(screen.getByText('+ 1 ...')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('示范区国资办'));
    expect(onChange).toHaveBeenLastCalledWith('zcgl,zhbgs,x,gzb');
  });

  it('limits the dropdown to 400px', async () => {
    serve(departTree);
    renderWithApp(<JTreeSelect dict={DEPART} pidField="parent_id" />);
    await userEvent.click(screen.getByRole('combobox'));
    await screen.findByTitle('示范区国资办');
    const popup = document.querySelector<HTMLElement>('.ant-select-dropdown')!;
    expect(popup.style.maxHeight).toBe('400px');
  });

  it('warns with the server’s message when the tree answer is unsuccessful', async () => {
    serve(() => ({ success: false, message: '未注册的树形字典' }));
    renderWithApp(<JTreeSelect dict="sys_user,password,id" pidField="parent_id" />);
    expect(await screen.findByText('未注册的树形字典')).toBeInTheDocument();
  });
});
