import { useEffect, useState } from 'react';

/** Seconds left from `from`, down by one each second, stopping at zero. Remount to restart. */
export function useCountdown(from: number) {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setLeft((s) => {
        if (s <= 1) window.clearInterval(timer);
        return Math.max(0, s - 1);
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return { left };
}

export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
