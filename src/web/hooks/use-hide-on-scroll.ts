import { useEffect, useState } from 'react';
import { NAVBAR_IDLE_RESTORE_MS } from '../../domain/constants';

/** Hidden while scrolling down; shown again on scroll up or after 1.5 s idle (SPEC §2). */
export function useHideOnScroll(threshold = 8) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let idle: number | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) >= threshold) {
        setHidden(y > last && y > 60);
        last = y;
      }
      window.clearTimeout(idle);
      idle = window.setTimeout(() => setHidden(false), NAVBAR_IDLE_RESTORE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(idle);
    };
  }, [threshold]);
  return hidden;
}
