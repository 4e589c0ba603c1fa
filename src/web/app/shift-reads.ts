// What the shift screen's first view read from the network (a tablet holding no copy of it: its
// first opening there, or after a sign-out), and the gas centers it read in any case, handed to
// the app's shift screen: the app draws the same screen in the view's place from these answers
// instead of a loader while it asks again.
import type { Center } from '../../domain/schemas/center';
import type { Shift } from '../../domain/schemas/shift';
import type { Cached } from '../lib/offline-copy';
import { handoff } from './handoff';

export type ShiftReads = { shift?: Cached<Shift | null>; today?: Cached<Shift[]>; centers?: Center[] };

const reads = handoff<ShiftReads>();

/** Keeps the first view's answers for the app's shift screen (routes/dashboard/shift.tsx). */
export const handShiftReadsToApp = reads.hand;

/** The answers the first view handed over, once; null when there are none. */
export const takeShiftReadsFromFirstView = reads.take;
