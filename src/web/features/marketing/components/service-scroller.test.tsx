import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_SCROLL_STEP_PX } from '../../../../domain/constants';
import { renderWithProviders } from '../../../test/render';
import { serviceCards } from '../content/services';
import { enhanceScroller } from '../enhance/scroller';
import { stubMatchMedia } from '../test/match-media';
import { ServiceScroller } from './service-scroller';

/** jsdom lays nothing out: give the list a size, and let scrollBy / scrollTo move it. */
function layOut(track: HTMLElement, size: { scrollWidth: number; clientWidth: number }) {
  let left = 0;
  Object.defineProperties(track, {
    scrollWidth: { configurable: true, get: () => size.scrollWidth },
    clientWidth: { configurable: true, get: () => size.clientWidth },
    scrollLeft: { configurable: true, get: () => left },
  });
  const moveTo = (next: number) => {
    left = Math.max(0, Math.min(size.scrollWidth - size.clientWidth, next));
    fireEvent.scroll(track);
  };
  const scrollBy = vi.fn((options: ScrollToOptions) => moveTo(left + (options.left ?? 0)));
  const scrollTo = vi.fn((options: ScrollToOptions) => moveTo(options.left ?? 0));
  Object.assign(track, { scrollBy, scrollTo });
  return { scrollBy, scrollTo };
}

const cleanups: Array<() => void> = [];
/** Renders the list with a laid-out track, then attaches the enhancer to its `data-enhance` root. */
function renderScroller(size = { scrollWidth: 1000, clientWidth: 500 }) {
  renderWithProviders(<ServiceScroller />);
  const track = screen.getByRole('region', { name: 'Services (scrolls sideways)' });
  const root = track.closest<HTMLElement>('[data-enhance]') as HTMLElement;
  const scroll = layOut(track, size);
  const enhance = () => {
    const cleanup = enhanceScroller(root);
    cleanups.push(cleanup);
    return cleanup;
  };
  return {
    root,
    track,
    enhance,
    ...scroll,
    left: screen.getByRole('button', { name: 'Scroll services left' }),
    right: screen.getByRole('button', { name: 'Scroll services right' }),
  };
}

describe('ServiceScroller', () => {
  beforeEach(() => stubMatchMedia(false));
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the six services with title, description, image and Go to Service', () => {
    const { root, track } = renderScroller();
    expect(root).toHaveAttribute('data-enhance', 'scroller');
    expect(track).toHaveAttribute('tabindex', '0');
    const items = within(track).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    serviceCards.forEach((card, i) => {
      const item = items[i] as HTMLElement;
      expect(within(item).getByRole('heading', { name: card.title })).toBeInTheDocument();
      expect(within(item).getByText(card.description)).toBeInTheDocument();
      expect(item.querySelector('img')).toHaveAttribute('src', card.image);
      expect(within(item).getByRole('link', { name: `Go to Service: ${card.title}` })).toHaveAttribute('href', card.to);
    });
  });

  it('starts at the left edge in the markup, and disables both arrows when nothing overflows', () => {
    const { left, right, enhance } = renderScroller({ scrollWidth: 500, clientWidth: 500 });
    expect(left).toBeDisabled();
    expect(right).toBeEnabled();
    enhance();
    expect(left).toBeDisabled();
    expect(right).toBeDisabled();
  });

  it('scrolls 200 px per arrow press and disables the arrow at each edge', () => {
    const { track, left, right, scrollBy, enhance } = renderScroller();
    enhance();
    expect(left).toBeDisabled();
    expect(right).toBeEnabled();

    fireEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: SERVICE_SCROLL_STEP_PX, behavior: 'smooth' });
    expect(track.scrollLeft).toBe(200);
    expect(left).toBeEnabled();

    fireEvent.click(right);
    fireEvent.click(right);
    expect(track.scrollLeft).toBe(500);
    expect(right).toBeDisabled();

    fireEvent.click(left);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -SERVICE_SCROLL_STEP_PX, behavior: 'smooth' });
    expect(track.scrollLeft).toBe(300);
    expect(right).toBeEnabled();
  });

  it('hands focus to the other arrow when the focused one reaches its edge', () => {
    const { right, left, enhance } = renderScroller({ scrollWidth: 700, clientWidth: 500 });
    enhance();
    right.focus();
    fireEvent.click(right);
    expect(right).toBeDisabled();
    expect(left).toHaveFocus();
  });

  it('scrolls with the arrow, Home and End keys when the list has focus', () => {
    const { track, scrollBy, right, enhance } = renderScroller({ scrollWidth: 1400, clientWidth: 400 });
    enhance();
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });
    expect(fireEvent.keyDown(track, { key: 'End' })).toBe(false); // handled: default prevented
    expect(track.scrollLeft).toBe(1000);
    expect(right).toBeDisabled();
    fireEvent.keyDown(track, { key: 'ArrowLeft' });
    expect(track.scrollLeft).toBe(800);
    fireEvent.keyDown(track, { key: 'Home' });
    expect(track.scrollLeft).toBe(0);
    // Other keys keep their default.
    expect(fireEvent.keyDown(track, { key: 'Tab' })).toBe(true);
  });

  it('leaves the keys of a focused card link alone', () => {
    const { scrollBy, enhance } = renderScroller({ scrollWidth: 1400, clientWidth: 400 });
    enhance();
    fireEvent.keyDown(screen.getByRole('link', { name: 'Go to Service: Ride' }), { key: 'ArrowRight' });
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('jumps instead of gliding when the user prefers reduced motion', () => {
    stubMatchMedia(true);
    const { right, scrollBy, enhance } = renderScroller();
    enhance();
    fireEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'auto' });
  });

  it('measures again when the list is resized', () => {
    let onResize: () => void = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          onResize = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const size = { scrollWidth: 1000, clientWidth: 500 };
    const { right, enhance } = renderScroller(size);
    const cleanup = enhance();
    expect(right).toBeEnabled();
    size.clientWidth = 1000; // a wider screen: everything fits
    onResize();
    expect(right).toBeDisabled();
    cleanup();
    expect(disconnect).toHaveBeenCalled();
  });

  it('stops answering once cleaned up, and works again when attached again', () => {
    const { track, right, scrollBy, enhance } = renderScroller();
    // React StrictMode: attach, clean up, attach again.
    enhance()();
    const cleanup = enhance();
    fireEvent.click(right);
    expect(scrollBy).toHaveBeenCalledTimes(1);
    cleanup();
    fireEvent.click(right);
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});
