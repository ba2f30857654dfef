import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DepartSelect } from './depart-select';
import { DepartSelectModal } from './depart-select-modal';

const node = (id: string, title: string, children: unknown[] = []) => ({
  id,
  key: id,
  title,
  departName: title,
  children,
});
const TREE = [node('gzb', '示范区国资办', [node('zcgl', '资产管理科'), node('zhbgs', '综合办公室')])];
const NAMES: Record<string, string> = { gzb: '示范区国资办', zcgl: '资产管理科', zhbgs: '综合办公室' };

let restore = () => undefined as void;
function serve(tree: unknown = ok(TREE)) {
  const http = mockHttp({
    'GET /sys/sysDepart/queryTreeList': tree as never,
    'GET /sys/dict/loadDictItem/sys_depart%2Cdepart_name%2Cid': (config: InternalAxiosRequestConfig) =>
      ok(
        String((config.params as { key: string }).key)
          .split(',')
          .map((k) => NAMES[k] ?? k)
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

const checkboxOf = (title: string) =>
  screen.getByTitle(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

describe('<DepartSelectModal>', () => {
  it('is 500 wide and filters the tree by name, keeping the ancestors of matches', async () => {
    serve();
    renderWithApp(<DepartSelectModal open onOk={vi.fn()} onCancel={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.closest<HTMLElement>('.ant-modal')?.style.width).toBe('500px');
    expect(await screen.findByTitle('综合办公室')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('请输入部门名称'), '资产');
    await waitFor(() => expect(screen.queryByTitle('综合办公室')).not.toBeInTheDocument());
    expect(screen.getByTitle('示范区国资办')).toBeInTheDocument();
    expect(screen.getByTitle('资产管理科')).toBeInTheDocument();
  });

  it('returns the checked departments’ ids and names', async () => {
    serve();
    const onOk = vi.fn();
    renderWithApp(<DepartSelectModal open value={['zcgl']} onOk={onOk} onCancel={vi.fn()} />);
    await screen.findByTitle('综合办公室');
    await userEvent.click(checkboxOf('综合办公室'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledWith(
      expect.objectContaining({ ids: ['zcgl', 'zhbgs'], names: ['资产管理科', '综合办公室'] }),
    );
  });

  it('keeps only the last checked department in single mode', async () => {
    serve();
    const onOk = vi.fn();
    renderWithApp(<DepartSelectModal open multiple={false} onOk={onOk} onCancel={vi.fn()} />);
    await screen.findByTitle('综合办公室');
    await userEvent.click(checkboxOf('资产管理科'));
    await userEvent.click(checkboxOf('示范区国资办'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledWith(expect.objectContaining({ ids: ['gzb'], names: ['示范区国资办'] }));
  });

  it('warns with the server’s message when the tree cannot be loaded', async () => {
    serve({
      status: 200,
      data: { success: false, message: '部门数据加载失败', code: 500, result: null, timestamp: 0 },
    });
    renderWithApp(<DepartSelectModal open onOk={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByText('部门数据加载失败')).toBeInTheDocument();
  });
});

describe('<DepartSelect>', () => {
  it('shows the names of the value’s ids and emits the picked ids comma-joined', async () => {
    serve();
    const onChange = vi.fn();
    renderWithApp(<DepartSelect multiple value="zcgl" onChange={onChange} />);
    expect(await screen.findByDisplayValue('资产管理科')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /选择/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTitle('综合办公室');
    await userEvent.click(checkboxOf('综合办公室'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(onChange).toHaveBeenCalledWith('zcgl,zhbgs', ['资产管理科', '综合办公室']);
  });

  it('clears the value', async () => {
    serve();
    const onChange = vi.fn();
    renderWithApp(<DepartSelect value="gzb" onChange={onChange} />);
    await screen.findByDisplayValue('示范区国资办');
    await userEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenCalledWith(undefined, []);
  });
});
