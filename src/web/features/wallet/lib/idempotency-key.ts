import { useRef } from 'react';

/**
 * One Idempotency-Key per distinct request: retrying the same payload reuses the key (the server
 * answers the first result again), while a changed payload gets a fresh key instead of the
 * server's "key reused for another request" error.
 */
export function useIdempotencyKey() {
  const last = useRef<{ payload: string; key: string } | null>(null);
  return (payload: unknown): string => {
    const text = JSON.stringify(payload);
    if (last.current?.payload !== text) last.current = { payload: text, key: crypto.randomUUID() };
    return last.current.key;
  };
}
