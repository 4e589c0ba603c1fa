// What the dispatch board's first view read from the network (the board and the centers, read as
// the page started), handed to the app's board: the app draws the same board in the view's place
// from these answers instead of a loader while it asks again.
import type { Center } from '../../domain/schemas/center';
import type { DispatchBoard } from '../../domain/schemas/delivery';
import { handoff } from './handoff';

export type BoardReads = { board: DispatchBoard; updatedAt: number; centers: Center[] | undefined };

const reads = handoff<BoardReads>();

/** Keeps the first view's answers for the app's board (routes/dashboard/dispatch.tsx). */
export const handBoardReadsToApp = reads.hand;

/** The answers the first view handed over, once; null when there are none. */
export const takeBoardReadsFromFirstView = reads.take;
