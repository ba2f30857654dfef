import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { DetailList, detailColumns } from './detail-list';
import { DetailModal } from './detail-modal';

describe('DetailModal', () => {
  it('is titled 详细信息, 1200 wide, with main and sub form slots', () => {
    const onClose = vi.fn();
    renderWithApp(<DetailModal open onClose={onClose} mainForm={<div>主表内容</div>} subForm={<div>子表内容</div>} />);
    expect(screen.getByText('详细信息')).toBeInTheDocument();
    expect(screen.getByText('主表内容')).toBeInTheDocument();
    expect(screen.getByText('子表内容')).toBeInTheDocument();
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('1200px');
    // The footer button and the header's close icon both close.
    const [closeIcon, closeButton] = screen.getAllByRole('button', { name: '关闭' });
    fireEvent.click(closeButton as HTMLElement);
    fireEvent.click(closeIcon as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('toggles full screen', () => {
    renderWithApp(<DetailModal open onClose={() => undefined} mainForm="x" />);
    fireEvent.click(screen.getByRole('button', { name: '全屏' }));
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('100vw');
    expect(document.querySelector('.detail-modal-fullscreen')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
  });
});

describe('DetailList', () => {
  it('uses 3 columns by default and at most 4', () => {
    expect(detailColumns(undefined)).toBe(3);
    expect(detailColumns(2)).toBe(2);
    expect(detailColumns(4)).toBe(4);
    expect(detailColumns(6)).toBe(4);
    expect(detailColumns(0)).toBe(3);
  });

  it('lays out label / value pairs in rows of the column count, "-" for empty', () => {
    const items = ['甲', '乙', '丙', '丁', '戊'].map((label, index) => ({
      label,
      value: index === 4 ? '' : `值${index}`,
    }));
    const { rerender } = renderWithApp(<DetailList title="基本信息" items={items} />);
    expect(screen.getByText('基本信息')).toBeInTheDocument();
    expect(screen.getByText('值0')).toBeInTheDocument();
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-descriptions-row')).toHaveLength(2);
    rerender(<DetailList items={items} col={9} />);
    // 5 items at 4 per row.
    expect(document.querySelectorAll('.ant-descriptions-row')).toHaveLength(2);
    rerender(<DetailList items={items} col={1} />);
    expect(document.querySelectorAll('.ant-descriptions-row')).toHaveLength(5);
  });
});
