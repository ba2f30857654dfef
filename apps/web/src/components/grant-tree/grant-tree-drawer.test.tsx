import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionTreeNode } from '@district/shared';
import { renderWithApp } from '@/test/render';
import { GRANT_TREE_TEXT, GrantTreeDrawer, type GrantTreeSource } from './grant-tree-drawer';

const node = (key: string, title: string, children?: PermissionTreeNode[]): PermissionTreeNode =>
  ({ key, title, children }) as PermissionTreeNode;

function source(tree: PermissionTreeNode[], granted: string[]): GrantTreeSource {
  return {
    loadTree: vi.fn(async () => ({ treeList: tree, ids: tree.map((n) => n.key) })),
    loadGranted: vi.fn(async () => granted),
    save: vi.fn(async () => ({ success: true, message: '保存成功！', code: 200, result: null, timestamp: 0 })),
    loadRules: vi.fn(async () => ({ datarule: [], drChecked: '' })),
    saveRules: vi.fn(async () => ({ success: true, message: '', code: 200, result: null, timestamp: 0 })),
  };
}

afterEach(cleanup);

describe('grant-tree drawer', () => {
  it('saves through the subject’s own saver, with what was granted before', async () => {
    const src = source([node('m1', '用户管理', [node('b1', '用户查询')])], ['m1']);
    renderWithApp(<GrantTreeDrawer source={src} title="授权：甲" size={800} rulesHint="提示" onClose={() => {}} />);
    await userEvent.click(await screen.findByText('用户查询'));
    const checkbox = screen.getByText('用户查询').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await userEvent.click(checkbox);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(src.save).toHaveBeenCalledWith(['m1', 'b1'], ['m1']));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    // 父子联动 only where the caller offers it.
    expect(screen.queryByRole('switch', { name: GRANT_TREE_TEXT.linked })).not.toBeInTheDocument();
  });

  it('ticks a menu’s list right with the menu and says what else to tick', async () => {
    const button = (key: string, title: string, perms: string) =>
      ({ key, title, perms, menuType: 2, children: undefined }) as PermissionTreeNode;
    const menu = {
      key: 'm9',
      title: '报名表',
      menuType: 1,
      children: [
        button('b-add', '新增', 'online:signup:add'),
        button('b-list', '查询', 'online:signup:list'),
        button('b-del', '删除', 'online:signup:delete'),
      ],
    } as PermissionTreeNode;
    const src = source([menu], []);
    renderWithApp(<GrantTreeDrawer source={src} title="授权：丙" size={800} rulesHint="提示" onClose={() => {}} />);
    expect(await screen.findByText(GRANT_TREE_TEXT.menuHint)).toBeInTheDocument();
    await screen.findByText('报名表');
    const box = (title: string) =>
      screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await userEvent.click(box('报名表'));
    expect(await screen.findByText(/已同时勾选“报名表 · 查询”（online:signup:list）/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(src.save).toHaveBeenCalledWith(['m9', 'b-list'], []));
  });

  it('shows the empty state and disables saving when nothing can be granted', async () => {
    const src = source([], []);
    renderWithApp(
      <GrantTreeDrawer
        source={src}
        title="授权：乙"
        size={800}
        rulesHint="提示"
        emptyText="无可授权限"
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('无可授权限')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  });
});
