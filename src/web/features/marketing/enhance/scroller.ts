import { SERVICE_SCROLL_STEP_PX } from '../../../../domain/constants';
import type { Enhancer } from './types';

// One live enhancement per list: attaching again replaces the previous one.
const active = new WeakMap<HTMLElement, () => void>();

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Disables an arrow at its edge; a focused arrow hands focus to the other one instead of losing it. */
function setDisabled(button: HTMLButtonElement | null, disabled: boolean, other: HTMLButtonElement | null) {
  if (!button || button.disabled === disabled) return;
  const hadFocus = document.activeElement === button;
  button.disabled = disabled;
  if (disabled && hadFocus && other && !other.disabled) other.focus();
}

/**
 * The home page's service list, on the markup of service-scroller.tsx: the arrow
 * buttons and ArrowLeft / ArrowRight move it 200 px, Home / End to either end, and each arrow is
 * disabled at its edge. Touch scrolling is the browser's own.
 */
export const enhanceScroller: Enhancer = (root) => {
  active.get(root)?.();

  const track = root.querySelector<HTMLElement>('[data-scroll-track]');
  const back = root.querySelector<HTMLButtonElement>('[data-scroll="back"]');
  const forward = root.querySelector<HTMLButtonElement>('[data-scroll="forward"]');
  if (!track) return () => {};

  const measure = () => {
    const max = track.scrollWidth - track.clientWidth;
    setDisabled(back, track.scrollLeft <= 1, forward);
    setDisabled(forward, track.scrollLeft >= max - 1, back);
  };

  const scrollByStep = (direction: -1 | 1) => {
    track.scrollBy({ left: direction * SERVICE_SCROLL_STEP_PX, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('[data-scroll]') : null;
    if (button === back) scrollByStep(-1);
    else if (button === forward) scrollByStep(1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Only when the list itself has focus: a focused card link keeps its own keys.
    if (event.target !== track) return;
    if (event.key === 'ArrowRight') scrollByStep(1);
    else if (event.key === 'ArrowLeft') scrollByStep(-1);
    else if (event.key === 'Home') track.scrollTo({ left: 0 });
    else if (event.key === 'End') track.scrollTo({ left: track.scrollWidth });
    else return;
    event.preventDefault();
  };

  root.addEventListener('click', onClick);
  track.addEventListener('keydown', onKeyDown);
  track.addEventListener('scroll', measure, { passive: true });
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
  observer?.observe(track);

  const detach = () => {
    root.removeEventListener('click', onClick);
    track.removeEventListener('keydown', onKeyDown);
    track.removeEventListener('scroll', measure);
    observer?.disconnect();
    if (active.get(root) === detach) active.delete(root);
  };
  active.set(root, detach);

  measure();
  return detach;
};
