// A staff first view (the counter, the dispatch board, the shift screen: app/first-views) that drew
// its screen found nothing waiting to sync on the tablet. The dashboard's guard waits for the
// shift actions queued on the tablet before it shows a screen (a shift ended offline sends the
// member to the shift page): told this, the app's first drawing is the screen the view drew, not a
// loading frame between the two.

let noneAtStart = false;

/** Says that no shift action was waiting on this tablet as the page started. */
export function handNoPendingShiftActionsToApp(): void {
  noneAtStart = true;
}

/** Whether a first view said so, for the app's first drawing only (see forgetNoPendingShiftActions). */
export const noPendingShiftActionsAtStart = () => noneAtStart;

/** The app has drawn: later readers read the tablet's queue as it is. */
export function forgetNoPendingShiftActions(): void {
  noneAtStart = false;
}
