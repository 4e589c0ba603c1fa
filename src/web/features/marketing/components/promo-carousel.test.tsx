import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_ROTATION_MS } from '../../../../domain/constants';
import { promoBlocks } from '../content/promos';
import { renderWithApp, stubMatchMedia } from '../test/render';
import { PromoCarousel } from './promo-carousel';

const block = promoBlocks[0] as (typeof promoBlocks)[number];
const visibleSlide = () => screen.getByRole('group', { name: /of 4/ });
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('PromoCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubMatchMedia(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the first slide, advances every 5 s and wraps after the last', () => {
    renderWithApp(<PromoCarousel block={block} />);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    advance(PROMO_ROTATION_MS - 1);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    advance(1);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('4 of 4: Bike Rider');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
  });

  it('jumps to the slide of a dot, marks that dot, and gives it a full interval', () => {
    renderWithApp(<PromoCarousel block={block} />);
    advance(PROMO_ROTATION_MS - 1000);
    const dot = screen.getByRole('button', { name: 'Show slide 3: Scooter Driver' });
    fireEvent.click(dot);
    // The click moved focus into the carousel in a browser; here we only check the timer restarted.
    fireEvent.blur(dot);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    expect(dot).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1: Car Driver' })).toHaveAttribute('aria-pressed', 'false');
    advance(1000);
    expect(visibleSlide()).toHaveAccessibleName('3 of 4: Scooter Driver');
    advance(PROMO_ROTATION_MS - 1000);
    expect(visibleSlide()).toHaveAccessibleName('4 of 4: Bike Rider');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    renderWithApp(<PromoCarousel block={block} />);
    const carousel = screen.getByRole('region', { name: block.heading });
    fireEvent.mouseEnter(carousel);
    advance(PROMO_ROTATION_MS * 3);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    fireEvent.mouseLeave(carousel);
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
  });

  it('pauses while something inside has focus, and announces changes then', () => {
    renderWithApp(<PromoCarousel block={block} />);
    const cta = screen.getByRole('link', { name: block.cta.label });
    fireEvent.focus(cta);
    advance(PROMO_ROTATION_MS * 2);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    expect(visibleSlide().parentElement).toHaveAttribute('aria-live', 'polite');
    fireEvent.blur(cta);
    expect(visibleSlide().parentElement).toHaveAttribute('aria-live', 'off');
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
  });

  it('stops and plays again with its pause button', () => {
    renderWithApp(<PromoCarousel block={block} />);
    const toggle = screen.getByRole('button', { name: 'Pause slides' });
    fireEvent.click(toggle);
    fireEvent.blur(toggle);
    advance(PROMO_ROTATION_MS * 2);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause slides' }));
    advance(PROMO_ROTATION_MS);
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
  });

  it('does not rotate when the user prefers reduced motion, but the dots still work', () => {
    stubMatchMedia(true);
    renderWithApp(<PromoCarousel block={block} />);
    advance(PROMO_ROTATION_MS * 3);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4: Car Driver');
    expect(screen.queryByRole('button', { name: 'Pause slides' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2: Motorbike Driver' }));
    expect(visibleSlide()).toHaveAccessibleName('2 of 4: Motorbike Driver');
  });
});
