import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAVBAR_IDLE_RESTORE_MS } from '../../../domain/constants';
import { renderWithProviders } from '../../test/render';
import { SiteHeader } from './site-header';

const toggle = () => screen.getByRole('button', { name: /menu$/ });
const banner = () => screen.getByRole('banner');

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

/** The header as the app draws it; it attaches its own enhancer (useEnhance). */
async function renderHeader() {
  const view = renderWithProviders(<SiteHeader />);
  // The enhancer is attached once the menu button answers.
  await waitFor(() => {
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });
  fireEvent.click(toggle());
  return view;
}

describe('the site header', () => {
  beforeEach(() => {
    scrollTo(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens its menu on the first item, moves with the arrow keys, and closes on Escape', async () => {
    await renderHeader();
    expect(toggle()).toHaveAccessibleName('Open menu');
    fireEvent.click(toggle());
    expect(toggle()).toHaveAccessibleName('Close menu');
    expect(screen.getByRole('menuitem', { name: 'Riders' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'About' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'End' });
    expect(screen.getByRole('menuitem', { name: 'Signup' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Riders' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('opens on the last item with ArrowUp, and closes on a click outside or on an item', async () => {
    await renderHeader();
    fireEvent.keyDown(toggle(), { key: 'ArrowUp' });
    expect(screen.getByRole('menuitem', { name: 'Signup' })).toHaveFocus();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('menuitem', { name: 'About' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('hides while scrolling down and comes back on scroll up or after 1.5 s idle', async () => {
    await renderHeader();
    vi.useFakeTimers();
    scrollTo(40);
    expect(banner()).not.toHaveAttribute('data-hidden');
    scrollTo(300);
    expect(banner()).toHaveAttribute('data-hidden');
    scrollTo(200);
    expect(banner()).not.toHaveAttribute('data-hidden');
    scrollTo(500);
    expect(banner()).toHaveAttribute('data-hidden');
    act(() => {
      vi.advanceTimersByTime(NAVBAR_IDLE_RESTORE_MS);
    });
    expect(banner()).not.toHaveAttribute('data-hidden');
  });

  it('stops listening once unmounted', async () => {
    const view = await renderHeader();
    const header = banner();
    view.unmount();
    scrollTo(300);
    scrollTo(900);
    expect(header).not.toHaveAttribute('data-hidden');
  });
});
