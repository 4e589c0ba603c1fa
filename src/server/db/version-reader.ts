import { batcher } from './batcher';

/** Keys read in one statement at most; more wait for the next. */
const MOST = 500;

/**
 * Reads versions the database keeps per key by trigger (a client's order history, a center's
 * dispatch board), the requests that wait together in one statement (batcher.ts): each request's
 * version is read by a statement sent after the request arrived, so never older than it; under
 * load one statement answers many requests. `read` answers the rows of the keys it is given (each
 * once); a key without a row is at version 0.
 */
export function versionReader(read: (keys: string[]) => Promise<readonly { key: string; version: string }[]>) {
  return batcher(
    async (keys: string[]) => {
      const rows = await read([...new Set(keys)]);
      const found = new Map(rows.map((r) => [r.key, BigInt(r.version)]));
      return keys.map((key) => found.get(key) ?? 0n);
    },
    { max: MOST },
  );
}
