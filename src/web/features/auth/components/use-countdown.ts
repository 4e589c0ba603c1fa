import { useCallback, useEffect, useState } from 'react';

/** Seconds left from `from`, down by one each second, stopping at zero; restart() starts again. */
export function useCountdown(from: number) {
  const [left, setLeft] = useState(from);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round restarts the timer
  useEffect(() => {
    const timer = window.setInterval(() => {
      setLeft((s) => {
        if (s <= 1) window.clearInterval(timer);
        return Math.max(0, s - 1);
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [round]);
  const restart = useCallback(() => {
    setLeft(from);
    setRound((r) => r + 1);
  }, [from]);
  return { left, restart };
}

export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
