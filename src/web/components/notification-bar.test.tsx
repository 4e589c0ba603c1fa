import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { NotificationBar } from './notification-bar';

describe('NotificationBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes itself after 6000 ms by default', () => {
    const onClose = vi.fn();
    renderWithProviders(<NotificationBar open onClose={onClose} message="Saved" />);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays without a timeout when auto-hide is off', () => {
    const onClose = vi.fn();
    renderWithProviders(<NotificationBar open onClose={onClose} message="Kept" autoHideMs={null} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape, on click-away and by its close button', () => {
    const onClose = vi.fn();
    renderWithProviders(<NotificationBar open onClose={onClose} message="Hello" autoHideMs={null} />);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.mouseDown(document.body);
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
