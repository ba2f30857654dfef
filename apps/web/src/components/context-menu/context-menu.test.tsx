import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { ContextMenu, TabContextMenu } from './context-menu';

describe('ContextMenu', () => {
  it('opens on right click and reports the chosen item', async () => {
    const onSelect = vi.fn();
    renderWithApp(
      <ContextMenu
        items={[
          { key: 'copy', label: '复制' },
          { key: 'remove', label: '删除', disabled: true },
        ]}
        onSelect={onSelect}
      >
        节点
      </ContextMenu>,
    );
    fireEvent.contextMenu(screen.getByText('节点'));
    fireEvent.click(await screen.findByText('复制'));
    expect(onSelect).toHaveBeenCalledWith('copy');
    fireEvent.click(screen.getByText('删除'));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('TabContextMenu', () => {
  it('offers refresh and the close actions, disabling those with nothing to close', async () => {
    const onAction = vi.fn();
    renderWithApp(
      <TabContextMenu index={0} total={3} onAction={onAction}>
        首页
      </TabContextMenu>,
    );
    fireEvent.contextMenu(screen.getByText('首页'));
    expect(await screen.findByText('刷新')).toBeInTheDocument();
    const item = (label: string) => screen.getByText(label).closest('li') as HTMLElement;
    expect(item('关闭左侧')).toHaveAttribute('aria-disabled', 'true');
    expect(item('关闭右侧')).not.toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByText('关闭其他'));
    expect(onAction).toHaveBeenCalledWith('closeOthers');
  });

  it('disables close right on the last tab and close others when alone', async () => {
    renderWithApp(
      <TabContextMenu index={0} total={1} onAction={() => undefined}>
        唯一
      </TabContextMenu>,
    );
    fireEvent.contextMenu(screen.getByText('唯一'));
    await screen.findByText('刷新');
    const item = (label: string) => screen.getByText(label).closest('li') as HTMLElement;
    expect(item('关闭右侧')).toHaveAttribute('aria-disabled', 'true');
    expect(item('关闭其他')).toHaveAttribute('aria-disabled', 'true');
  });
});
