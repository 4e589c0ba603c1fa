import { PROMO_ROTATION_MS } from '../../../../domain/constants';
import type { Enhancer } from './types';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

// One live enhancement per carousel: attaching again replaces the previous one.
const active = new WeakMap<HTMLElement, () => void>();

const isHovered = (element: Element) => {
  try {
    return element.matches(':hover');
  } catch {
    return false;
  }
};

/**
 * A promotional block, on the markup of promo-carousel.tsx: the slides rotate every 5 s
 * and wrap after the last; a dot shows its slide and the wait starts again. Rotation pauses while
 * hovered or focused, when the visitor pressed the pause button, and under reduced motion (which
 * also hides that button); screen readers hear slide changes only while it is paused (WAI pattern).
 */
export const enhanceCarousel: Enhancer = (root) => {
  active.get(root)?.();

  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-slide-dot]')];
  const viewport = root.querySelector<HTMLElement>('[data-slides]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const motion = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  const count = slides.length;

  // Attached again: carry on from what the markup shows.
  let index = Math.max(
    0,
    dots.findIndex((dot) => dot.getAttribute('aria-pressed') === 'true'),
  );
  let stopped = root.hasAttribute('data-stopped');
  let hovered = isHovered(root);
  let focused = root.contains(document.activeElement);
  let reduced = motion?.matches ?? false;
  let timer: number | undefined;

  const paused = () => hovered || focused || stopped || reduced;

  const render = () => {
    slides.forEach((slide, i) => {
      slide.hidden = i !== index;
    });
    dots.forEach((dot, i) => {
      dot.setAttribute('aria-pressed', String(i === index));
    });
    viewport?.setAttribute('aria-live', paused() ? 'polite' : 'off');
    root.toggleAttribute('data-paused', paused());
    root.toggleAttribute('data-stopped', stopped);
    if (toggle) {
      toggle.hidden = reduced;
      for (const label of toggle.querySelectorAll<HTMLElement>('[data-label]')) {
        label.hidden = label.dataset.label !== (stopped ? 'play' : 'pause');
      }
    }
  };

  // One timeout per shown slide: a slide picked with a dot gets the full interval too.
  const schedule = () => {
    window.clearTimeout(timer);
    timer = undefined;
    if (paused() || count < 2) return;
    timer = window.setTimeout(() => show(index + 1), PROMO_ROTATION_MS);
  };

  const show = (next: number) => {
    index = ((next % count) + count) % count;
    render();
    schedule();
  };

  /** Applies a change of hover, focus, stop or motion; the wait restarts when rotation resumes. */
  const change = (apply: () => void) => {
    const before = paused();
    apply();
    render();
    if (paused() !== before) schedule();
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const dot = target?.closest<HTMLButtonElement>('[data-slide-dot]');
    if (dot && root.contains(dot)) show(dots.indexOf(dot));
    else if (toggle && target && toggle.contains(target)) change(() => (stopped = !stopped));
  };
  const onMouseEnter = () => change(() => (hovered = true));
  const onMouseLeave = () => change(() => (hovered = false));
  const onFocusIn = () => change(() => (focused = true));
  const onFocusOut = (event: FocusEvent) => change(() => (focused = root.contains(event.relatedTarget as Node | null)));
  const onMotion = (event: MediaQueryListEvent) => change(() => (reduced = event.matches));

  const listening = new AbortController();
  const { signal } = listening;
  root.addEventListener('click', onClick, { signal });
  root.addEventListener('mouseenter', onMouseEnter, { signal });
  root.addEventListener('mouseleave', onMouseLeave, { signal });
  root.addEventListener('focusin', onFocusIn, { signal });
  root.addEventListener('focusout', onFocusOut, { signal });
  // Not by signal: older Safari's MediaQueryList has no options argument.
  motion?.addEventListener?.('change', onMotion);

  const detach = () => {
    window.clearTimeout(timer);
    listening.abort();
    motion?.removeEventListener?.('change', onMotion);
    if (active.get(root) === detach) active.delete(root);
  };
  active.set(root, detach);

  render();
  schedule();
  return detach;
};
