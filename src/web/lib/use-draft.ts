import { useCallback, useState } from 'react';
import { readDraft, writeDraft } from './drafts';

export { forgetDrafts, readDraft, writeDraft } from './drafts';

/**
 * useState whose value is also kept as the tab's draft under `key`; `accept` checks what is read
 * back (an older build's draft or a hand-edited one is dropped, not trusted).
 */
export function useDraft<T>(
  key: string,
  initial: T,
  accept: (value: unknown) => value is T,
): [T, (next: T | ((previous: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => readDraft(key, accept) ?? initial);
  const set = useCallback(
    (next: T | ((previous: T) => T)) =>
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
        writeDraft(key, value);
        return value;
      }),
    [key],
  );
  return [value, set];
}
