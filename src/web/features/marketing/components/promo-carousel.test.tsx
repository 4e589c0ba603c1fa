import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_ROTATION_MS } from '../../../../domain/constants';
import { renderWithProviders } from '../../../test/render';
import { promoBlocks } from '../content/promos';
import { enhanceCarousel } from '../enhance/carousel';
import { stubMatchMedia } from '../test/match-media';
import { PromoCarousel } from './promo-carousel';

const block = promoBlocks[0] as (typeof promoBlocks)[number];
const visibleSlide = () => screen.getByRole('group', { name: /of 4/ });
const liveRegion = () => visibleSlide().parentElement;
const advance = (ms: number) => vi.advanceTimersByTime(ms);

const cleanups: Array<() => void> = [];
function renderCarousel() {
  renderWithProviders(<PromoCarousel block={block} />);
  const root = screen.getByRole('region', { name: block.heading });
  const enhance = () => {
    const cleanup = enhanceCarousel(root);
    cleanups.push(cleanup);
    return cleanup;
  };
  return { root, enhance };
}

describe('PromoCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubMatchMedia(false);
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.useRealTimers();
  });

  it('renders the first slide, its dot and the controls as static markup for the carousel enhancer', () => {
    const { root } = renderCarousel();
    expect(root).toHaveAttribute('data-enhance', 'carousel');
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    expect(root.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Show slide 1: Car Driver' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 2: Motorbike Driver' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Pause slides' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: block.cta.label })).toHaveAttribute('href', block.cta.to);
    // Nothing moves without the enhancer.
    advance(PROMO_ROTATION_MS * 2);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
  });

  it('advances every 5 s and wraps after the last slide, unannounced while rotating', () => {
    renderCarousel().enhance();
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
    advance(PROMO_ROTATION_MS - 1);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    advance(1);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
    expect(screen.getByRole('button', { name: 'Show slide 2: Motorbike Driver' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('4 of 4: Bike Rider');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    expect(screen.getAllByRole('group', { name: /of 4/ })).toHaveLength(1);
  });

  it('jumps to the slide of a dot, marks that dot, and gives it a full interval', () => {
    renderCarousel().enhance();
    advance(PROMO_ROTATION_MS - 1000);
    const dot = screen.getByRole('button', { name: 'Show slide 3: Scooter Driver' });
    fireEvent.click(dot);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    expect(dot).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1: Car Driver' })).toHaveAttribute('aria-pressed', 'false');
    advance(1000);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    advance(PROMO_ROTATION_MS - 1000);
    expect(visibleSlide()).toHaveAccessibleName('4 of 4: Bike Rider');
  });

  it('pauses while hovered and gives the slide a full interval when the pointer leaves', () => {
    const { root, enhance } = renderCarousel();
    enhance();
    advance(PROMO_ROTATION_MS - 1000);
    fireEvent.mouseEnter(root);
    expect(root).toHaveAttribute('data-paused');
    advance(PROMO_ROTATION_MS * 3);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    fireEvent.mouseLeave(root);
    expect(root).not.toHaveAttribute('data-paused');
    advance(PROMO_ROTATION_MS - 1);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    advance(1);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
  });

  it('pauses while something inside has focus, and announces changes then', () => {
    renderCarousel().enhance();
    const cta = screen.getByRole('link', { name: block.cta.label });
    act(() => cta.focus());
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    advance(PROMO_ROTATION_MS * 2);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    // Focus moving within the carousel keeps it paused.
    act(() => screen.getByRole('button', { name: 'Show slide 2: Motorbike Driver' }).focus());
    advance(PROMO_ROTATION_MS * 2);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    act(() => (document.activeElement as HTMLElement).blur());
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
  });

  it('stops and plays again with its pause button', () => {
    renderCarousel().enhance();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    expect(screen.queryByRole('button', { name: 'Pause slides' })).not.toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    advance(PROMO_ROTATION_MS * 2);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    // A dot still works while stopped, and does not restart the rotation.
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: Scooter Driver' }));
    advance(PROMO_ROTATION_MS * 2);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    expect(screen.getByRole('button', { name: 'Pause slides' })).toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('4 of 4: Bike Rider');
  });

  it('does not rotate when the user prefers reduced motion, offers no pause button, but the dots work', () => {
    stubMatchMedia(true);
    renderCarousel().enhance();
    advance(PROMO_ROTATION_MS * 3);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    expect(screen.queryByRole('button', { name: /slides$/ })).not.toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2: Motorbike Driver' }));
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
    advance(PROMO_ROTATION_MS * 3);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
  });

  it('stops rotating and listening once cleaned up', () => {
    const { root, enhance } = renderCarousel();
    const cleanup = enhance();
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
    cleanup();
    expect(vi.getTimerCount()).toBe(0);
    advance(PROMO_ROTATION_MS * 2);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 4: Bike Rider' }));
    fireEvent.mouseLeave(root);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('carries on from the shown slide when attached again, with one rotation only', () => {
    const { root, enhance } = renderCarousel();
    // React StrictMode: attach, clean up, attach again.
    enhance()();
    enhance();
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    // Attached again without a cleanup in between: the newer one replaces the older, and knows
    // that the pointer which clicked is still over the carousel.
    enhance();
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    expect(screen.getByRole('button', { name: 'Pause slides' })).toBeInTheDocument();
    expect(root).toHaveAttribute('data-paused');
    fireEvent.mouseLeave(root);
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    expect(vi.getTimerCount()).toBe(1);
  });
});
