import { type RefObject, useEffect } from 'react';
import { enhance } from './enhancer';

/**
 * Runs the enhancers of the markup under `ref` once React has rendered it (a public page rendered
 * inside the app), and detaches them when it unmounts.
 */
export function useEnhance(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cleanup: (() => void) | undefined;
    let unmounted = false;
    void enhance(element).then((detach) => {
      if (unmounted) detach();
      else cleanup = detach;
    });
    return () => {
      unmounted = true;
      cleanup?.();
    };
  }, [ref]);
}
