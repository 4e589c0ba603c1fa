import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_SCROLL_STEP_PX } from '../../../../domain/constants';
import { serviceCards } from '../content/services';
import { renderWithApp, stubMatchMedia } from '../test/render';
import { ServiceScroller } from './service-scroller';

/** jsdom lays nothing out: give the list a size, and let scrollBy / scrollTo move it. */
function layOut(track: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  let left = 0;
  Object.defineProperties(track, {
    scrollWidth: { configurable: true, get: () => scrollWidth },
    clientWidth: { configurable: true, get: () => clientWidth },
    scrollLeft: { configurable: true, get: () => left },
  });
  const moveTo = (next: number) => {
    left = Math.max(0, Math.min(scrollWidth - clientWidth, next));
    fireEvent.scroll(track);
  };
  const scrollBy = vi.fn((options: ScrollToOptions) => moveTo(left + (options.left ?? 0)));
  const scrollTo = vi.fn((options: ScrollToOptions) => moveTo(options.left ?? 0));
  Object.assign(track, { scrollBy, scrollTo });
  act(() => moveTo(0));
  return { scrollBy, scrollTo };
}

describe('ServiceScroller', () => {
  beforeEach(() => stubMatchMedia(false));
  afterEach(() => vi.restoreAllMocks());

  it('shows the six services with title, description, image and Go to Service', () => {
    renderWithApp(<ServiceScroller />);
    const items = within(screen.getByRole('region', { name: 'Services (scrolls sideways)' })).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    serviceCards.forEach((card, i) => {
      const item = items[i] as HTMLElement;
      expect(within(item).getByRole('heading', { name: card.title })).toBeInTheDocument();
      expect(within(item).getByText(card.description)).toBeInTheDocument();
      expect(item.querySelector('img')).toHaveAttribute('src', card.image);
      expect(within(item).getByRole('link', { name: `Go to Service: ${card.title}` })).toHaveAttribute('href', card.to);
    });
  });

  it('scrolls 200 px per arrow press and disables the arrow at each edge', () => {
    renderWithApp(<ServiceScroller />);
    const track = screen.getByRole('region', { name: 'Services (scrolls sideways)' });
    const { scrollBy } = layOut(track, { scrollWidth: 1000, clientWidth: 500 });
    const left = screen.getByRole('button', { name: 'Scroll services left' });
    const right = screen.getByRole('button', { name: 'Scroll services right' });
    expect(left).toBeDisabled();
    expect(right).toBeEnabled();

    act(() => fireEvent.click(right));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: SERVICE_SCROLL_STEP_PX, behavior: 'smooth' });
    expect(track.scrollLeft).toBe(200);
    expect(left).toBeEnabled();

    act(() => fireEvent.click(right));
    act(() => fireEvent.click(right));
    expect(track.scrollLeft).toBe(500);
    expect(right).toBeDisabled();

    act(() => fireEvent.click(left));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -SERVICE_SCROLL_STEP_PX, behavior: 'smooth' });
    expect(track.scrollLeft).toBe(300);
    expect(right).toBeEnabled();
  });

  it('scrolls with the arrow, Home and End keys when the list has focus', () => {
    renderWithApp(<ServiceScroller />);
    const track = screen.getByRole('region', { name: 'Services (scrolls sideways)' });
    const { scrollBy } = layOut(track, { scrollWidth: 1400, clientWidth: 400 });
    act(() => fireEvent.keyDown(track, { key: 'ArrowRight' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });
    act(() => fireEvent.keyDown(track, { key: 'End' }));
    expect(track.scrollLeft).toBe(1000);
    act(() => fireEvent.keyDown(track, { key: 'ArrowLeft' }));
    expect(track.scrollLeft).toBe(800);
    act(() => fireEvent.keyDown(track, { key: 'Home' }));
    expect(track.scrollLeft).toBe(0);
  });

  it('leaves the keys of a focused card link alone', () => {
    renderWithApp(<ServiceScroller />);
    const track = screen.getByRole('region', { name: 'Services (scrolls sideways)' });
    const { scrollBy } = layOut(track, { scrollWidth: 1400, clientWidth: 400 });
    fireEvent.keyDown(screen.getByRole('link', { name: 'Go to Service: Ride' }), { key: 'ArrowRight' });
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('jumps instead of gliding when the user prefers reduced motion', () => {
    stubMatchMedia(true);
    renderWithApp(<ServiceScroller />);
    const track = screen.getByRole('region', { name: 'Services (scrolls sideways)' });
    const { scrollBy } = layOut(track, { scrollWidth: 1000, clientWidth: 500 });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Scroll services right' })));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'auto' });
  });
});
