import { useInterval } from '@mantine/hooks';
import { useState } from 'react';

/** Seconds from now until `iso` (never below 0), ticking every second. */
export function useSecondsUntil(iso: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  if (!iso) return 0;
  return Math.max(0, Math.round((new Date(iso).getTime() - now) / 1000));
}
