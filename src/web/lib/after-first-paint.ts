/**
 * How long a visible page waits for its first paint before running anyway, should the paint never
 * be reported; a hidden one (a tab opened in the background) paints nothing and runs at once. The
 * pages that wait have a shell to paint, and on a busy phone that paint can take more than a few
 * frames: code run before it would hold the paint back, so the wait is generous.
 */
const FALLBACK_MS = 1000;

const paintTimed = () =>
  typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');

/**
 * Runs `run` once the browser has painted the page's content as it is (its first contentful paint,
 * as the browser reports it), or at once if that has already happened. Where the browser does not
 * report paints, in the frame after the next one.
 */
export function afterFirstPaint(run: () => void): void {
  let done = false;
  let observer: PerformanceObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    run();
  };
  if (document.visibilityState === 'hidden') {
    once();
    return;
  }
  if (paintTimed()) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => requestAnimationFrame(once));
  }
  if (!done) timer = setTimeout(once, FALLBACK_MS);
}
