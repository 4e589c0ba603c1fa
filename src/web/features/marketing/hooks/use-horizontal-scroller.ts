import { type KeyboardEvent, type RefObject, useCallback, useEffect, useState } from 'react';
import { SERVICE_SCROLL_STEP_PX } from '../../../../domain/constants';

export type HorizontalScroller = {
  canScrollBack: boolean;
  canScrollForward: boolean;
  scrollByStep: (direction: -1 | 1) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Arrow buttons and keys for a horizontally scrolling list: one step is 200 px (SPEC §9); the
 * buttons know when an edge is reached. Touch scrolling is the browser's own.
 */
export function useHorizontalScroller(
  ref: RefObject<HTMLElement | null>,
  step = SERVICE_SCROLL_STEP_PX,
): HorizontalScroller {
  // Before measuring (and in the prerendered HTML) both directions are offered.
  const [edges, setEdges] = useState({ back: false, forward: true });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setEdges({ back: el.scrollLeft > 1, forward: el.scrollLeft < max - 1 });
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);

  const scrollByStep = useCallback(
    (direction: -1 | 1) => {
      ref.current?.scrollBy({ left: direction * step, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    },
    [ref, step],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // Only when the list itself has focus: a focused card link keeps its own keys.
      if (event.target !== event.currentTarget) return;
      const el = ref.current;
      if (!el) return;
      if (event.key === 'ArrowRight') scrollByStep(1);
      else if (event.key === 'ArrowLeft') scrollByStep(-1);
      else if (event.key === 'Home') el.scrollTo({ left: 0 });
      else if (event.key === 'End') el.scrollTo({ left: el.scrollWidth });
      else return;
      event.preventDefault();
    },
    [ref, scrollByStep],
  );

  return { canScrollBack: edges.back, canScrollForward: edges.forward, scrollByStep, onKeyDown };
}
