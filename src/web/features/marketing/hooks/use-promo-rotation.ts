import { useCallback, useEffect, useState } from 'react';
import { PROMO_ROTATION_MS } from '../../../../domain/constants';

export type PromoRotation = {
  index: number;
  /** Jumps to a slide (a dot button); the wait before the next one starts again. */
  goTo: (index: number) => void;
};

/**
 * The promo slide index: advances every 5 s and wraps after the last slide (SPEC §4), but not
 * while `paused` (hovered, focused, stopped by the user, or reduced motion asked for).
 */
export function usePromoRotation(count: number, paused: boolean, intervalMs = PROMO_ROTATION_MS): PromoRotation {
  const [index, setIndex] = useState(0);

  // One timeout per shown slide: a slide picked with a dot gets the full interval too.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [paused, count, intervalMs, index]);

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  return { index, goTo };
}
