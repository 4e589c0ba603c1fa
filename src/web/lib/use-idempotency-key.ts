import { useState } from 'react';
import { createRequestKeys, isLastRequest, type RequestKeys } from './idempotency-key';
import { readDraft, writeDraft } from './use-draft';

/**
 * The component's request keys (see createRequestKeys), kept for its whole life; with a `draft`
 * name also in the tab's draft, so the same request sent again after a reload keeps its key.
 */
export function useIdempotencyKey(draft?: string): RequestKeys {
  const [keys] = useState(() =>
    createRequestKeys(
      draft
        ? {
            read: () => readDraft(draft, isLastRequest) ?? null,
            write: (last) => writeDraft(draft, last ?? undefined),
          }
        : undefined,
    ),
  );
  return keys;
}
