import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { YnSwitch } from './yn-switch';

describe('YnSwitch', () => {
  it('shows Y as on and emits Y / N', () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<string>('Y');
      return (
        <YnSwitch
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    renderWithApp(<Harness />);
    const control = screen.getByRole('switch');
    expect(control).toBeChecked();
    fireEvent.click(control);
    expect(onChange).toHaveBeenLastCalledWith('N');
    expect(control).not.toBeChecked();
    fireEvent.click(control);
    expect(onChange).toHaveBeenLastCalledWith('Y');
  });

  it('treats anything but Y as off', () => {
    renderWithApp(<YnSwitch value={null} />);
    expect(screen.getByRole('switch')).not.toBeChecked();
  });
});
