import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { cutByWidth, Ellipsis, textWidth } from './ellipsis';

describe('ellipsis width rules', () => {
  it('counts non-ASCII characters as width 2', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('资产abc')).toBe(7);
    expect(cutByWidth('资产资产', 5)).toBe('资产');
    expect(cutByWidth('ab资产', 4)).toBe('ab资');
  });
});

describe('Ellipsis', () => {
  it('leaves text of width 25 or less alone', () => {
    renderWithApp(<Ellipsis text={'a'.repeat(25)} />);
    expect(screen.getByText('a'.repeat(25))).toBeInTheDocument();
  });

  it('cuts at the default width 25 and shows the full text in a tooltip', async () => {
    const text = '区域资产资源管理与发布平台的组件示例页面';
    renderWithApp(<Ellipsis text={text} />);
    const short = screen.getByText('区域资产资源管理与发布平...');
    fireEvent.mouseEnter(short);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
  });

  it('takes another length', () => {
    renderWithApp(<Ellipsis text="abcdefgh" length={5} />);
    expect(screen.getByText('abcde...')).toBeInTheDocument();
  });
});
