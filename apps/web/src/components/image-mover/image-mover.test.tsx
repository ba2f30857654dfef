import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { ImageMover } from './image-mover';

function Harness() {
  const [value, setValue] = useState(['/a.png', '/b.png', '/c.png']);
  return <ImageMover value={value} onChange={setValue} />;
}

const order = () => screen.getAllByRole('img', { name: /^图片/ }).map((img) => img.getAttribute('src'));
const item = (index: number) => screen.getAllByTestId('image-mover-item')[index] as HTMLElement;

describe('ImageMover', () => {
  it('moves an image left and right', () => {
    renderWithApp(<Harness />);
    expect(order()).toEqual(['/a.png', '/b.png', '/c.png']);
    fireEvent.click(within(item(0)).getByRole('button', { name: '右移' }));
    expect(order()).toEqual(['/b.png', '/a.png', '/c.png']);
    fireEvent.click(within(item(2)).getByRole('button', { name: '左移' }));
    expect(order()).toEqual(['/b.png', '/c.png', '/a.png']);
  });

  it('warns at the ends instead of moving', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(within(item(0)).getByRole('button', { name: '左移' }));
    expect(await screen.findByText('已经是第一张了')).toBeInTheDocument();
    fireEvent.click(within(item(2)).getByRole('button', { name: '右移' }));
    expect(await screen.findByText('已经是最后一张了')).toBeInTheDocument();
    expect(order()).toEqual(['/a.png', '/b.png', '/c.png']);
  });

  it('shows an empty state without images', () => {
    renderWithApp(<ImageMover value={[]} />);
    expect(screen.getByText('暂无图片')).toBeInTheDocument();
  });
});
