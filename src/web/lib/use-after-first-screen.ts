import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long the browser may stay busy before the deferred work starts anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** Reached once per page: a component mounted later (another screen) does not wait again. */
let reached = false;

/**
 * True once the page has loaded, the first screen's reads have answered and the browser is idle
 * (stays true for the page): for what must not compete with the first screen on a slow network or
 * a slow phone, such as the live channel's code and connection.
 */
export function useAfterFirstScreen(): boolean {
  const fetching = useIsFetching();
  const [loaded, setLoaded] = useState(() => typeof document !== 'undefined' && document.readyState === 'complete');
  const [ready, setReady] = useState(() => reached);

  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);

  useEffect(() => {
    if (ready || !loaded || fetching > 0) return;
    const reach = () => {
      reached = true;
      setReady(true);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(reach, 0);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(reach, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }, [ready, loaded, fetching]);

  return ready;
}
