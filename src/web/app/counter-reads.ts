// What the counter's first view read from the network on a tablet that held no copy of it (its
// first opening there, or after a sign-out), handed to the app's counter: the app draws the same
// counter in the view's place from these answers instead of a loader while it asks again.
import type { ProductList } from '../../domain/schemas/product';
import type { Shift } from '../../domain/schemas/shift';
import type { Cached } from '../lib/offline-copy';
import { handoff } from './handoff';

export type CounterReads = { shift: Cached<Shift | null>; centerId: string | null; catalogue: Cached<ProductList> };

const reads = handoff<CounterReads>();

/** Keeps the first view's answers for the app's counter (routes/dashboard/sell.tsx). */
export const handCounterReadsToApp = reads.hand;

/** The answers the first view handed over, once; null when there are none. */
export const takeCounterReadsFromFirstView = reads.take;
