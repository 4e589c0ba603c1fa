import { startTransition, useEffect, useState } from 'react';

/** How many more are drawn each time the browser is idle. */
const CHUNK = 10;

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 16);
  return () => window.clearTimeout(id);
};

/**
 * How many of `total` items to draw in full: `first` at once, then more each time the browser is
 * idle (as a transition, which a tap interrupts), until all are. A count only grows: items added
 * later wait for the next idle moment.
 */
export function useDrawnCount(total: number, first: number): number {
  const [drawn, setDrawn] = useState(first);
  useEffect(() => {
    if (drawn >= total) return;
    return whenIdle(() => startTransition(() => setDrawn((n) => n + CHUNK)));
  }, [drawn, total]);
  return drawn;
}
