import { useInterval } from '@mantine/hooks';
import { useState } from 'react';

/** The time now, moving on every `everyMs` (for "time in state"). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), everyMs, { autoInvoke: true });
  return now;
}
