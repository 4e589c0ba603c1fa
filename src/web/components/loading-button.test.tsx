import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LoadingButton } from './loading-button';

describe('LoadingButton', () => {
  it('calls onClick when idle', () => {
    const onClick = vi.fn();
    renderWithProviders(<LoadingButton onClick={onClick}>Pay</LoadingButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("shows 'Loading...' and ignores clicks while loading", () => {
    const onClick = vi.fn();
    renderWithProviders(
      <LoadingButton loading onClick={onClick}>
        Pay
      </LoadingButton>,
    );
    const button = screen.getByRole('button', { name: 'Loading...' });
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('ignores clicks while disabled', () => {
    const onClick = vi.fn();
    renderWithProviders(
      <LoadingButton disabled onClick={onClick}>
        Pay
      </LoadingButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
