import { useState } from 'react';
import { createRequestKeys, type RequestKeys } from './idempotency-key';

/** The component's request keys (see createRequestKeys), kept for its whole life. */
export function useIdempotencyKey(): RequestKeys {
  const [keys] = useState(createRequestKeys);
  return keys;
}
