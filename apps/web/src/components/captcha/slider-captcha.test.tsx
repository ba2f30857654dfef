import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { SliderCaptcha } from './slider-captcha';

function drag(to: number) {
  const handle = screen.getByTestId('slider-captcha-handle');
  fireEvent.mouseDown(handle, { clientX: 10 });
  fireEvent.mouseMove(document, { clientX: 10 + to });
  fireEvent.mouseUp(document, { clientX: 10 + to });
}

describe('SliderCaptcha', () => {
  it('asks to drag, and passes once dragged to full width', () => {
    const onSuccess = vi.fn();
    renderWithApp(<SliderCaptcha width={300} height={40} onSuccess={onSuccess} />);
    expect(screen.getByText('拖动滑块验证')).toBeInTheDocument();
    drag(400); // beyond the end is clamped to it
    expect(screen.getByText('验证通过')).toBeInTheDocument();
    expect(screen.queryByText('拖动滑块验证')).not.toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '260');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    // Once verified the handle no longer moves.
    drag(-300);
    expect(screen.getByText('验证通过')).toBeInTheDocument();
  });

  it('resets when released before the end', () => {
    const onSuccess = vi.fn();
    renderWithApp(<SliderCaptcha width={300} height={40} onSuccess={onSuccess} />);
    const handle = screen.getByTestId('slider-captcha-handle');
    fireEvent.mouseDown(handle, { clientX: 10 });
    fireEvent.mouseMove(document, { clientX: 200 });
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '190');
    fireEvent.mouseUp(document);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('拖动滑块验证')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('works with touch', () => {
    renderWithApp(<SliderCaptcha width={200} height={40} />);
    const handle = screen.getByTestId('slider-captcha-handle');
    fireEvent.touchStart(handle, { touches: [{ clientX: 0 }] });
    fireEvent.touchMove(document, { touches: [{ clientX: 160 }] });
    fireEvent.touchEnd(document);
    expect(screen.getByText('验证通过')).toBeInTheDocument();
  });
});
